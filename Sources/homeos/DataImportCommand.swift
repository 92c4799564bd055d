import ArgumentParser
import Foundation
import HomeOS

/// `homeos data import DIR`.
struct DataImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Import the JSON files under DIR (as written by `homeos data export`) in one transaction.")

    @Argument(help: ArgumentHelp("The folder to import from.", valueName: "dir"))
    var directory: String

    @Flag(name: .long, help: "Also delete documents the folder does not have (restore exactly).")
    var replace = false

    @OptionGroup var data: DataDirectoryOptions

    func run() throws {
        // Check every file before the store is even opened: a bad folder changes nothing.
        let documents = try StorageTransfer.readDocuments(from: URL(fileURLWithPath: directory))
        let storage = try data.openStorage()
        try StorageTransfer.write(documents, into: storage, replacing: replace)
        print("Imported \(documents.count) document\(documents.count == 1 ? "" : "s") into \(storage.databasePath).")
    }
}

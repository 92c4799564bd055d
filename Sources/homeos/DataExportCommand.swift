import ArgumentParser
import Foundation
import HomeOS

/// `homeos data export DIR`.
struct DataExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write every document as an indented JSON file under DIR (owner-only permissions).")

    @Argument(help: ArgumentHelp("The folder to export into (created when missing; must be empty unless --force).", valueName: "dir"))
    var directory: String

    @Flag(name: .long, help: "Export into a folder that already holds files, replacing same-named files.")
    var force = false

    @OptionGroup var data: DataDirectoryOptions

    func run() throws {
        let storage = try data.openRequiredStorage()
        let paths = try StorageTransfer.export(from: storage, to: URL(fileURLWithPath: directory), overwrite: force)
        print("Exported \(paths.count) document\(paths.count == 1 ? "" : "s") to \(directory).")
    }
}

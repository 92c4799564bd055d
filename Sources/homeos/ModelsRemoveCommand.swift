import ArgumentParser
import Foundation
import ModelHub

/// `homeos models rm ID`: delete a model's files.
struct ModelsRemoveCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rm",
        abstract: "Delete a model's files (never other models' files or shared folders).",
        aliases: ["remove", "delete"])

    @OptionGroup var location: ModelsLocationOptions

    @Argument(help: ArgumentHelp("A catalog id or alias.", valueName: "id"))
    var model: String

    @Flag(name: .long, help: "Also delete a default model installed by `make setup` (it reinstalls it).")
    var force = false

    func run() async throws {
        let library = location.library()
        let report = try library.remove(model, force: force)
        if report.removedPaths.isEmpty {
            print("\(report.entry.id) had no files in \(library.paths.modelsDirectory.path); nothing to delete.")
        } else {
            print("Deleted \(report.entry.id): \(report.removedPaths.count) path(s), \(ByteCount.format(report.freedBytes)) freed.")
        }
        if let kept = report.keptFolder {
            print("Kept the folder \(kept): it holds files that are not part of the model.")
        }
        if report.clearedSelection {
            print("It was the selected model; commands now use the default, \(library.catalog.defaultEntry.id).")
        }
    }
}

import ArgumentParser
import Foundation
import HomeOS
import ModelHub

/// `--data-dir`: where the family's database lives, shared by every command that reads or writes
/// family data.
///
/// The database is `family.sqlite` in `--data-dir`, else in `$HOMEOS_HOME`, else in `~/.homeos`
/// (the same folder that holds the model selection).
struct DataDirectoryOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp(
        "Folder holding the family database family.sqlite (default: $HOMEOS_HOME, else ~/.homeos).", valueName: "path"))
    var dataDir: String?

    /// The data folder.
    var directory: URL {
        if let dataDir, !dataDir.isEmpty { return URL(fileURLWithPath: dataDir) }
        return ModelHubPaths.standard().dataDirectory
    }

    /// The database file.
    var databaseFile: URL { directory.appendingPathComponent(SQLiteStorage.defaultFileName) }

    /// Opens the store, creating it when there is none.
    func openStorage() throws -> SQLiteStorage { try SQLiteStorage(directory: directory) }

    /// Opens the store, or returns nil when it was never created (so reading creates nothing).
    func openExistingStorage() throws -> SQLiteStorage? {
        FileManager.default.fileExists(atPath: databaseFile.path) ? try openStorage() : nil
    }

    /// Opens the store, or fails with a hint to run `homeos init` when it was never created.
    func openRequiredStorage() throws -> SQLiteStorage {
        guard let storage = try openExistingStorage() else {
            throw CommandFailure("There is no HomeOS data in \(directory.path) yet. Run `homeos init` first "
                + "(or pass --data-dir / set HOMEOS_HOME).")
        }
        return storage
    }
}

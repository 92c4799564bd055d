import ArgumentParser
import Foundation
import HomeOS

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `homeos init`: create the family, from a JSON file or by answering questions.
struct InitCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "init",
        abstract: "Create the family: from a JSON file (--from), or by answering questions on the terminal.",
        discussion: """
            The family (name, time zone, members with roles, ages, allergies, diets and contacts, quiet hours) is \
            saved as data/family.json in the family database. A family file may also list "medications", \
            "appliances" and "schoolSchedules" to start with (see examples/sample-family.json); those documents are \
            replaced, everything else is left alone. An existing family is kept unless --force is given.

            Examples:
              homeos init --from examples/sample-family.json
              homeos init --data-dir /tmp/demo --from examples/sample-family.json
              homeos init                      # asks on the terminal
            """)

    @Option(name: .long, help: ArgumentHelp("A family JSON file (see examples/sample-family.json).", valueName: "file"))
    var from: String?

    @Flag(name: .long, help: "Replace an existing family.")
    var force = false

    @OptionGroup var data: DataDirectoryOptions

    func run() throws {
        // Refuse early, before any question is asked or file read, when a family already exists.
        if !force, let storage = try data.openExistingStorage(), try storage.exists(StoragePaths.family) {
            throw Self.familyExists(storage)
        }
        let seed: FamilySeed
        if let from {
            seed = try Self.seed(fromFile: from)
        } else {
            guard isatty(STDIN_FILENO) == 1 else {
                throw CommandFailure("Standard input is not a terminal, so there is no one to ask. Give the family as a "
                    + "file: homeos init --from FILE (see examples/sample-family.json).")
            }
            seed = FamilySeed(family: try FamilyPrompter().askForFamily())
        }
        try seed.validate()
        let storage = try data.openStorage()
        let replaced = try storage.transaction { transaction in
            let existed = try transaction.exists(StoragePaths.family)
            if existed && !force { throw Self.familyExists(storage) }
            try seed.save(in: transaction)
            return existed
        }
        func counted(_ count: Int, _ noun: String) -> String { "\(count) \(noun)\(count == 1 ? "" : "s")" }
        var parts = [counted(seed.family.members.count, "member")]
        if !seed.medications.isEmpty { parts.append(counted(seed.medications.count, "medication")) }
        if !seed.appliances.isEmpty { parts.append(counted(seed.appliances.count, "appliance")) }
        if !seed.schoolSchedules.isEmpty { parts.append(counted(seed.schoolSchedules.count, "school schedule")) }
        print("\(replaced ? "Replaced" : "Created") the family: " + parts.joined(separator: ", ")
            + ", time zone \(seed.family.timeZoneIdentifier), saved in \(storage.databasePath).")
    }

    private static func familyExists(_ storage: SQLiteStorage) -> CommandFailure {
        CommandFailure("A family already exists in \(storage.databasePath). Pass --force to replace it "
            + "(with the lists the file provides; other data is kept), or use another --data-dir.")
    }

    /// Reads and decodes a family file, with the problem's place when it does not fit.
    static func seed(fromFile path: String) throws -> FamilySeed {
        if let bytes = FamilyLimits.fileSize(of: URL(fileURLWithPath: path)),
           let problem = FamilyLimits.fileProblem(bytes: bytes, path: path) {
            throw CommandFailure("Cannot use \(path): \(problem).")
        }
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw CommandFailure("Cannot read \(path): \(error.localizedDescription).")
        }
        do {
            return try StorageCoding.decoder().decode(FamilySeed.self, from: data)
        } catch {
            throw CommandFailure("\(path) is not a valid family file: \(StorageCoding.describe(error)).")
        }
    }
}

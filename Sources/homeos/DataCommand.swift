import ArgumentParser

/// `homeos data`: the family's data as plain files.
struct DataCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "data",
        abstract: "Export the family's data as plain JSON files, or import it back.",
        discussion: """
            Every document of the store (data/family.json, data/health/medications.json, …) becomes an indented \
            JSON file at DIR/<path>. Import checks every file first (valid JSON; known documents must have the \
            right shape) and writes nothing unless all pass, then writes them in one transaction.

            Examples:
              homeos data export ~/homeos-backup
              homeos data import ~/homeos-backup
              homeos data import --replace ~/homeos-backup     # also drop documents the folder does not have
            """,
        subcommands: [DataExportCommand.self, DataImportCommand.self, DataStressWriterCommand.self]
    )
}

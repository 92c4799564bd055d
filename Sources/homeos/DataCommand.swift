import ArgumentParser

/// `homeos data`: the family's data as plain files.
struct DataCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "data",
        abstract: "Add, change, list and remove records, or export the family's data as JSON files and import it back.",
        discussion: """
            Every document of the store (data/family.json, data/health/medications.json, …) becomes an indented \
            JSON file at DIR/<path>. Import checks every file first (valid JSON; known documents must have the \
            right shape) and writes nothing unless all pass, then writes them in one transaction.

            Examples:
              homeos data export ~/homeos-backup
              homeos data import ~/homeos-backup
              homeos data import --replace ~/homeos-backup     # also drop documents the folder does not have
              homeos data add medication --member rosa --name lisinopril --dose "10 mg" --times 08:00
              homeos data list medication
              homeos data change member leo --allergies peanuts,sesame
              homeos data remove reminder 9C1D…
              homeos data import-steps export.xml --member maria   # steps for the 18:00 low-activity nudge

            add, change and remove check a record as an import would (the member exists, HH:mm times, \
            yyyy-MM-dd dates, names within the limits) and save nothing when a check fails.
            """,
        subcommands: [DataAddCommand.self, DataChangeCommand.self, DataListCommand.self, DataRemoveCommand.self,
                      DataExportCommand.self, DataImportCommand.self, DataImportStepsCommand.self, DataStressWriterCommand.self]
    )
}

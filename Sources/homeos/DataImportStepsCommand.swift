import ArgumentParser
import Foundation
import HealthData
import HomeOS

/// `homeos data import-steps FILE --member ID`: a member's step counts from an Apple Health export,
/// for the 18:00 low-activity nudge.
struct DataImportStepsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import-steps",
        abstract: "Import a member's steps from an Apple Health export.xml, for the low-activity nudge at 18:00.",
        discussion: """
            Reads the steps (and nothing else) of an Apple Health export (Health app → profile → Export All Health \
            Data → export.xml), with the same streaming parser as `sentinel health`, and keeps the member's steps \
            by hour for the most recent 30 days in the family's store (data/health/steps.json). Importing again \
            replaces the days the new export covers.

            With steps imported, `homeos schedule` adds a daily 18:00 check for that member: when the steps \
            before 18:00 that day are below half of their usual count by that time (the median of up to 14 \
            earlier days, once there are 3), or below 3,000 before that, a wellness nudge is sent. A day the \
            export has no steps for sends nothing.

            Example:
              homeos data import-steps ~/Downloads/apple_health_export/export.xml --member maria
            """)

    @Argument(help: ArgumentHelp("The Apple Health export.xml.", valueName: "file"))
    var file: String

    @Option(help: "The member whose steps these are (their id, see `homeos data list member`).")
    var member: String

    @OptionGroup var data: DataDirectoryOptions

    func run() throws {
        let storage = try data.openRequiredStorage()
        guard let family = try storage.loadIfPresent(.family) else {
            throw CommandFailure(HomeOSAssistantError.noFamily(location: storage.databasePath).description)
        }
        guard let person = family.member(id: member) ?? family.member(named: member) else {
            throw CommandFailure("There is no member \"\(member)\". Members: " + family.members.map(\.id).joined(separator: ", ") + ".")
        }
        guard let timeZone = family.timeZone else { throw CommandFailure(HomeOSAssistantError.unknownTimeZone(family.timeZoneIdentifier).description) }
        let imported: (hours: [HourlySteps], skipped: Int)
        do {
            imported = try StepActivity.importing(exportAt: file, memberID: person.id, timeZone: timeZone)
        } catch {
            throw CommandFailure("\(file): \(error)")
        }
        try storage.update(.stepActivity) { hours in
            var activity = StepActivity(hours: hours)
            activity.merge(imported.hours, memberID: person.id)
            hours = activity.hours
        }
        let days = Set(imported.hours.map(\.day)).sorted()
        let total = imported.hours.reduce(0) { $0 + $1.steps }
        Terminal.line("Imported \(total.formatted()) steps for \(person.name) over \(days.count) day\(days.count == 1 ? "" : "s") "
            + "(\(days.first ?? "") to \(days.last ?? ""))" + (imported.skipped > 0 ? "; \(imported.skipped) unreadable records skipped" : "") + ".")
    }
}

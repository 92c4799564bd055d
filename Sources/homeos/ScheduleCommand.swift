import ArgumentParser
import Foundation
import HomeOS
import LLM

/// `homeos schedule`: what the proactive scheduler will send, and why.
struct ScheduleCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "schedule",
        abstract: "Show what HomeOS sends on its own (briefings, medication and other reminders) and when.",
        subcommands: [ScheduleListCommand.self],
        defaultSubcommand: ScheduleListCommand.self)
}

/// `homeos schedule list`: the next occurrences, in the family's time zone, with the reason for each.
struct ScheduleListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List what fires next, when (family time zone) and why.",
        discussion: """
            Each line shows the local delivery time, the kind, the title and why: the rule (for example \
            "every day at 07:00"), where it comes from, and what quiet hours did (deferred, dropped, or sent \
            anyway for medication). Occurrences already fired by `homeos daemon` are marked.

            --json prints {"timeZone", "now", "quietHours", "occurrences": [{"id", "kind", "title", \
            "scheduledAt", "deliverAt", "local", "quietHours", "delivered", "fired", "why"}]} with ISO 8601 UTC times.
            """)

    @OptionGroup var data: DataDirectoryOptions

    @Flag(name: .long, help: "Print one JSON object.")
    var json = false

    @Option(name: .long, help: "How many hours ahead to look.")
    var hours: Int = 24

    @Option(name: .long, help: "At most this many occurrences.")
    var limit: Int = 40

    @Flag(name: .customLong("include-dropped"), help: "Also list occurrences that quiet hours drop.")
    var includeDropped = false

    func validate() throws {
        if !(1...24 * 31).contains(hours) { throw ValidationError("--hours must be between 1 and 744, got \(hours).") }
        if limit < 1 { throw ValidationError("--limit must be at least 1, got \(limit).") }
    }

    func run() throws {
        let storage = try data.openRequiredStorage()
        let scheduler: SkillScheduler
        do {
            scheduler = try SkillScheduler(storage: storage)
        } catch let error as SchedulerError {
            throw CommandFailure(error.description)
        }
        let now = Date()
        let ledger = Set(try FiredJobLedger(storage: storage).records().map(\.id))
        let occurrences = scheduler.occurrences(after: now, through: now.addingTimeInterval(TimeInterval(hours) * 3600))
            .filter { includeDropped || $0.isDelivered }.prefix(limit)
        let calendar = scheduler.calendar
        let quiet = scheduler.family.quietHours.map { "\($0.start)–\($0.end)" }
        if json {
            let iso = ISO8601DateFormatter()
            let items: [JSONValue] = occurrences.map { occurrence in
                .object(JSONObject([
                    ("id", .string(occurrence.id)),
                    ("kind", .string(occurrence.job.kind.rawValue)),
                    ("title", .string(occurrence.job.title)),
                    ("scheduledAt", .string(iso.string(from: occurrence.scheduledAt))),
                    ("deliverAt", .string(iso.string(from: occurrence.deliverAt))),
                    ("local", .string(calendar.describe(occurrence.deliverAt))),
                    ("quietHours", .string(occurrence.quietHours.rawValue)),
                    ("delivered", .bool(occurrence.isDelivered)),
                    ("fired", .bool(ledger.contains(occurrence.id))),
                    ("why", .string(scheduler.explain(occurrence))),
                ]))
            }
            print(JSONValue.object(JSONObject([
                ("timeZone", .string(calendar.timeZone.identifier)),
                ("now", .string(iso.string(from: now))),
                ("quietHours", quiet.map(JSONValue.string) ?? .null),
                ("occurrences", .array(items)),
            ])).jsonText)
            return
        }
        print("\(scheduler.family.name) · \(calendar.timeZone.identifier) · now \(calendar.describe(now))"
            + " · quiet hours \(quiet ?? "none") · \(scheduler.jobs.count) scheduled job\(scheduler.jobs.count == 1 ? "" : "s")")
        guard !occurrences.isEmpty else {
            print("Nothing is scheduled in the next \(hours) hours.")
            return
        }
        let kindWidth = occurrences.map(\.job.kind.rawValue.count).max() ?? 0
        for occurrence in occurrences {
            var when = calendar.describe(occurrence.deliverAt)
            if !occurrence.isDelivered { when += " (dropped)" }
            if ledger.contains(occurrence.id) { when += " (fired)" }
            let kind = occurrence.job.kind.rawValue
            Terminal.line("\(when)  \(kind)\(String(repeating: " ", count: kindWidth - kind.count))  \(occurrence.job.title)")
            Terminal.line("    why: \(scheduler.explain(occurrence))")
        }
    }
}

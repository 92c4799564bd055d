import Foundation
import LLM
import NaturalTime
import Skills

/// hire-helper (pattern D): extracts {job, date, budget} from the message (the model, with a
/// deterministic fallback), resolves the date against the current day, and asks for approval
/// before anything is arranged, because hiring costs money and contacts people.
struct HireHelperSkill: HomeOSSkill {
    static let catalogEntry = HomeOSSkillCatalog.hireHelper

    /// Arguments: what the router extracted, if anything; missing parts are read from the message.
    @SkillArguments
    struct Arguments: Codable, Sendable {
        var job: String?
        var date: String?
        @Minimum(0)
        var budget: Double?
    }

    /// The schema the model fills from the message.
    static let extractionSchema = try! JSONSchema([
        "type": "object",
        "properties": [
            "job": ["type": ["string", "null"]],
            "date": ["type": ["string", "null"]],
            "budget": ["type": ["number", "null"]],
        ],
        "required": ["job", "date", "budget"],
        "additionalProperties": false,
    ])

    /// Worked examples for the extraction; the prompt shows the most relevant few.
    static let examples: [JSONExample] = [
        JSONExample(input: "Find a babysitter for Friday night, up to $80", output: ["job": "babysitter", "date": "Friday", "budget": 80]),
        JSONExample(input: "We need a plumber tomorrow to fix the sink", output: ["job": "plumber", "date": "tomorrow", "budget": nil]),
        JSONExample(input: "Hire a house cleaner for 2026-12-05, budget 120 dollars", output: ["job": "house cleaner", "date": "2026-12-05", "budget": 120]),
        JSONExample(input: "Can you get someone to walk the dog on Saturday for $25?", output: ["job": "dog walker", "date": "Saturday", "budget": 25]),
        JSONExample(input: "I want a tutor for Maya", output: ["job": "tutor", "date": nil, "budget": nil]),
        JSONExample(input: "Book a handyman next Monday to hang shelves, max 150", output: ["job": "handyman", "date": "next Monday", "budget": 150]),
    ]

    let services: HomeOSServices

    /// Jobs recognised without a model, longest first.
    static let knownJobs = ["dog walker", "pet sitter", "house cleaner", "babysitter", "handyman", "gardener", "plumber",
                            "electrician", "cleaner", "painter", "sitter", "nanny", "tutor", "mover", "cook"]

    /// The approved action's name.
    static let actionName = "hire-helper"

    func execute(arguments: Arguments, context: SkillContext) async throws -> SkillResult {
        var job = arguments.job?.dailyNonBlank
        var dateText = arguments.date?.dailyNonBlank
        var budget = arguments.budget
        if job == nil || dateText == nil || budget == nil {
            let messages = services.promptMessages(
                skillID: id,
                instruction: "Extract the help the family wants to hire: job (babysitter, cleaner, handyman…), date as the person said it or yyyy-MM-dd, budget in dollars as a number. Use null for anything not said.",
                context: context)
            if let value = await DailySkillSupport.extractJSON(messages, schema: Self.extractionSchema, services, context: context,
                                                               examples: Self.examples) {
                job = job ?? value["job"]?.stringValue?.dailyNonBlank
                dateText = dateText ?? value["date"]?.stringValue?.dailyNonBlank
                budget = budget ?? value["budget"]?.numberValue
            }
        }
        job = job ?? Self.job(in: context.message)
        budget = budget ?? Self.budget(in: context.message)
        let resolver = RelativeDateResolver(timeZone: context.timeZone, hourAssumption: .general)
        let resolved = dateText.map { resolver.resolve($0, relativeTo: context.now) }
        let fromMessage = resolver.resolve(context.message, relativeTo: context.now)
        let date = resolved?.date ?? fromMessage.date
        let time = resolved?.time ?? fromMessage.time ?? fromMessage.partOfDay?.rawValue

        guard let job else {
            return .response("What kind of help do you need — a babysitter, a cleaner or a handyman?")
        }
        guard let date else {
            return .response("For which day do you need the \(job)?")
        }
        var details = [ApprovalRequest.Detail("Job", job), ApprovalRequest.Detail("Date", date)]
        if let time { details.append(.init("Time", time)) }
        details.append(.init("Budget", budget.map(DailySkillSupport.money) ?? "No limit given"))
        var payload: JSONObject = ["job": .string(job), "date": .string(date)]
        if let time { payload["time"] = .string(time) }
        if let budget { payload["budget"] = .number(budget) }
        return .needsApproval(ApprovalRequest(
            summary: "Hire a \(job) for \(date)" + (budget.map { " (up to \(DailySkillSupport.money($0)))" } ?? ""),
            details: details, risk: .medium,
            onApprove: "HomeOS records the booking request on the calendar and reminds you to confirm it with the \(job).",
            onDeny: "Nothing is arranged and no one is contacted.",
            action: PendingAction(skillID: id, name: Self.actionName, payload: .object(payload))))
    }

    func performApproved(_ action: PendingAction, context: SkillContext) async throws -> SkillResult {
        guard action.name == Self.actionName, let job = action.payload["job"]?.stringValue,
              let date = action.payload["date"]?.stringValue else {
            return .error("This approval is not a hire-helper request HomeOS understands.")
        }
        let budget = action.payload["budget"]?.numberValue
        let time = action.payload["time"]?.stringValue
        let resolver = RelativeDateResolver(timeZone: context.timeZone, hourAssumption: .general)
        let start = resolver.resolve(date + (time.map { " at " + $0 } ?? ""), relativeTo: context.now).resolvedDate
        let title = "\(job.prefix(1).uppercased() + job.dropFirst())" + (budget.map { " (budget \(DailySkillSupport.money($0)))" } ?? "")
        if let start {
            try services.storage.update(.calendarEvents) {
                $0.append(CalendarEvent(title: title, kind: .general, start: start, isAllDay: time == nil, notes: "Hired through HomeOS"))
            }
        }
        try services.storage.update(.reminders) {
            $0.append(Reminder(title: "Confirm the \(job) for \(date)", due: start.map { $0.addingTimeInterval(-86_400) },
                               createdAt: context.now, source: id))
        }
        return .response("Approved. I've put the \(job) on the calendar for \(date) and added a reminder to confirm. "
            + "HomeOS has no hiring service connected, so please contact your \(job) directly.")
    }

    /// The first known job in `text`.
    static func job(in text: String) -> String? {
        let lowered = text.lowercased()
        return knownJobs.first { lowered.contains($0) }
    }

    /// "$100", "100 dollars", "under 80 bucks".
    static func budget(in text: String) -> Double? {
        DailySkillSupport.number(in: text, pattern: #"\$\s?([0-9][0-9,]*(?:\.[0-9]+)?)"#)
            ?? DailySkillSupport.number(in: text, pattern: #"([0-9][0-9,]*(?:\.[0-9]+)?)\s?(?:dollars|bucks|usd)"#)
    }
}

import Foundation
import LLM
import Skills

/// mental-load (pattern C): the morning briefing and the evening wind-down, each written in
/// exactly one model call from data gathered deterministically (calendar, reminders, tonight's
/// dinner, medication refills), plus organising open tasks. With no dinner planned for today the
/// briefing hands off to meal-planning (the seed's handoff table), carrying the briefing along.
struct MentalLoadSkill: HomeOSSkill {
    static let catalogEntry = HomeOSSkillCatalog.mentalLoad

    /// What to produce.
    enum Mode: String, SchemaStringEnum {
        case morning, evening, organize
    }

    /// Arguments: the mode, when the router knows it (else it is read from the message and the hour).
    @SkillArguments
    struct Arguments: Codable, Sendable {
        var mode: Mode?
    }

    let services: HomeOSServices

    /// The facts a briefing is written from.
    struct Digest: Sendable {
        var today: String
        var events: [String] = []
        var tomorrowEvents: [String] = []
        var dueReminders: [String] = []
        var overdueReminders: [String] = []
        var dinner: String?
        var tomorrowDinner: String?
        var refills: [String] = []
        var doses: [String] = []

        /// The facts themselves, without the prompt's labels: what a briefing about them must mention.
        func facts(evening: Bool) -> [String] {
            (evening ? tomorrowEvents + [tomorrowDinner].compactMap { $0 } : events + [dinner].compactMap { $0 })
                + overdueReminders + dueReminders + doses + refills
        }

        /// The facts as prompt lines.
        func lines(evening: Bool) -> [String] {
            var lines: [String] = []
            if evening {
                lines.append("Tomorrow's calendar: " + (tomorrowEvents.isEmpty ? "nothing" : tomorrowEvents.joined(separator: "; ")))
                lines.append("Tomorrow's dinner: " + (tomorrowDinner ?? "not planned"))
            } else {
                lines.append("Today's calendar: " + (events.isEmpty ? "nothing" : events.joined(separator: "; ")))
                lines.append("Tonight's dinner: " + (dinner ?? "not planned"))
            }
            if !overdueReminders.isEmpty { lines.append("Overdue: " + overdueReminders.joined(separator: "; ")) }
            if !dueReminders.isEmpty { lines.append((evening ? "Still open today: " : "Due today: ") + dueReminders.joined(separator: "; ")) }
            if !doses.isEmpty { lines.append("Medications today: " + doses.joined(separator: "; ")) }
            if !refills.isEmpty { lines.append("Refills soon: " + refills.joined(separator: "; ")) }
            return lines
        }
    }

    func execute(arguments: Arguments, context: SkillContext) async throws -> SkillResult {
        let mode = arguments.mode ?? Self.mode(for: context.message, hour: DailySkillSupport.hour(context.now, in: context.timeZone))
        switch mode {
        case .organize: return try await organize(context: context)
        case .morning, .evening: return try await briefing(evening: mode == .evening, context: context)
        }
    }

    /// The mode a message asks for: organising words, else evening words or the late hour, else morning.
    static func mode(for message: String, hour: Int) -> Mode {
        if DailySkillSupport.mentions(message, any: ["organi", "overwhelm", "plan my week", "to-do", "todo", "tasks", "prioriti"]) {
            return .organize
        }
        if DailySkillSupport.mentions(message, any: ["wind down", "wind-down", "evening", "tonight", "tomorrow", "end of the day", "bed"]) {
            return .evening
        }
        if DailySkillSupport.mentions(message, any: ["morning", "today", "briefing", "my day"]) { return .morning }
        return hour >= 17 ? .evening : .morning
    }

    // MARK: Briefing

    private func briefing(evening: Bool, context: SkillContext) async throws -> SkillResult {
        let digest = try gather(context: context)
        let instruction = evening
            ? "Write the evening wind-down: a calm recap of what is still open and what tomorrow holds, in at most 5 short lines, then one kind sentence to end the day. Use only the data given."
            : "Write the morning briefing: today's events in time order, what is due, tonight's dinner and medication notes, in at most 6 short lines. Use only the data given."
        let data = digest.lines(evening: evening).joined(separator: "\n")
        // Exactly one model call; the deterministic text is the fallback, also for an answer that,
        // once the lines echoing the prompt are gone, uses none of the day's facts.
        let messages = services.promptMessages(skillID: id, instruction: instruction, data: data, dataNearMessage: true, context: context)
        let text = await DailySkillSupport.generate(messages, context: context, maxTokens: 200, singleCall: true)
            .map { DailySkillSupport.withoutPromptEcho($0, instruction: instruction) }
            .flatMap { !$0.isEmpty && DailySkillSupport.isGrounded($0, in: digest.facts(evening: evening), instruction: instruction) ? $0 : nil }
            ?? Self.fallbackText(digest, evening: evening)
        if !evening, digest.dinner == nil {
            return .handoff(HandoffRequest(
                targetSkillID: "meal-planning", reason: "No dinner is planned for today.",
                context: ["date": digest.today, "meal": "dinner", "briefing": text,
                          "request": "Suggest a dinner for tonight"],
                arguments: ["request": "dinner"]))
        }
        return .response(text)
    }

    /// The briefing without a model: the facts, one per line.
    static func fallbackText(_ digest: Digest, evening: Bool) -> String {
        var lines = [evening ? "Here's your evening wind-down:" : "Good morning! Here's today:"]
        lines += digest.lines(evening: evening).map { "• " + $0 }
        lines.append(evening ? "That's everything — rest well." : "Have a good day.")
        return lines.joined(separator: "\n")
    }

    /// Reads the day's calendar, reminders, meal plan and medications.
    func gather(context: SkillContext) throws -> Digest {
        let timeZone = context.timeZone
        let today = CoreSkillSupport.day(context.now, in: timeZone)
        let tomorrow = DailySkillSupport.day(today, adding: 1)
        var digest = Digest(today: today)
        let family = CoreSkillSupport.family(services)
        func who(_ ids: [String]) -> String {
            let names = ids.compactMap { family?.member(id: $0)?.name }
            return names.isEmpty ? "" : " (" + names.joined(separator: ", ") + ")"
        }
        func describe(_ event: CalendarEvent) -> String {
            (event.isAllDay ? "all day" : CoreSkillSupport.clock(event.start, in: timeZone)) + " " + event.title + who(event.memberIDs)
        }
        let events = try services.storage.load(.calendarEvents).sorted { $0.start < $1.start }
        digest.events = events.filter { CoreSkillSupport.day($0.start, in: timeZone) == today }.map(describe)
        digest.tomorrowEvents = events.filter { CoreSkillSupport.day($0.start, in: timeZone) == tomorrow }.map(describe)

        for reminder in try services.storage.load(.reminders) where !reminder.isDone {
            guard let due = reminder.due else { continue }
            let dueDay = CoreSkillSupport.day(due, in: timeZone)
            if dueDay < today {
                digest.overdueReminders.append(reminder.title)
            } else if dueDay == today {
                digest.dueReminders.append(CoreSkillSupport.clock(due, in: timeZone) + " " + reminder.title)
            }
        }

        if let plan = try services.storage.loadIfPresent(.mealPlan) {
            digest.dinner = plan.dinner(on: today)?.name
            digest.tomorrowDinner = plan.dinner(on: tomorrow)?.name
        }

        let daysAhead = family?.notificationPreferences.refillReminderDaysAhead ?? NotificationPreferences.defaultRefillReminderDaysAhead
        for medication in try services.storage.load(.medications) {
            let name = family?.member(id: medication.memberID)?.name ?? medication.memberID
            if !medication.times.isEmpty {
                digest.doses.append("\(name): \(medication.name) \(medication.dosage) at " + medication.times.joined(separator: ", "))
            }
            if let days = medication.daysUntilRefill(from: today), days <= daysAhead {
                digest.refills.append(days < 0 ? "\(name)'s \(medication.name) refill is overdue"
                                        : days == 0 ? "\(name)'s \(medication.name) refill is due today"
                                        : "\(name)'s \(medication.name) refill in \(days) day\(days == 1 ? "" : "s")")
            }
        }
        return digest
    }

    // MARK: Organising

    private func organize(context: SkillContext) async throws -> SkillResult {
        let timeZone = context.timeZone
        let today = CoreSkillSupport.day(context.now, in: timeZone)
        let weekEnd = DailySkillSupport.day(today, adding: 6)
        var overdue: [String] = [], todays: [String] = [], week: [String] = [], later: [String] = [], someday: [String] = []
        for reminder in try services.storage.load(.reminders) where !reminder.isDone {
            guard let due = reminder.due else {
                someday.append(reminder.title)
                continue
            }
            let day = CoreSkillSupport.day(due, in: timeZone)
            if day < today { overdue.append(reminder.title) }
            else if day == today { todays.append(reminder.title) }
            else if day <= weekEnd { week.append("\(reminder.title) (\(day))") }
            else { later.append("\(reminder.title) (\(day))") }
        }
        var sections: [String] = []
        func add(_ title: String, _ items: [String]) {
            if !items.isEmpty { sections.append(title + "\n" + items.map { "• " + $0 }.joined(separator: "\n")) }
        }
        add("Overdue — do first:", overdue)
        add("Today:", todays)
        add("This week:", week)
        add("Later:", later)
        add("No date yet:", someday)
        guard !sections.isEmpty else {
            return .response("Your task list is clear — nothing open. Tell me what's on your mind and I'll turn it into reminders.")
        }
        let lists = sections.joined(separator: "\n\n")
        let messages = services.promptMessages(
            skillID: id,
            instruction: "Help the person feel in control: in at most 3 short sentences, say what to tackle first and what can wait. Use only the tasks given.",
            data: lists, context: context)
        let advice = await DailySkillSupport.generate(messages, context: context, maxTokens: 120)
            ?? "Start with what's overdue, then today's items; the rest can wait."
        return .response(advice + "\n\n" + lists)
    }
}

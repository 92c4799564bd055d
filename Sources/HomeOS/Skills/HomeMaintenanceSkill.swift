import Foundation
import LLM
import Skills

/// home-maintenance (B): household emergencies first — ``HomeEmergencyNet`` answers a gas
/// smell, flooding, fire, carbon monoxide or an electrical hazard with fixed leave / shut off /
/// call steps before any model — then the maintenance schedule from the appliances in the
/// store, logging work done, and repair advice (the model classifies and advises, with a
/// deterministic answer when it is absent or fails).
public struct HomeMaintenanceSkill: HomeOSSkill {
    /// The skill's arguments; all optional (read from the message when absent).
    @SkillArguments
    public struct Arguments: Codable, Sendable, Hashable {
        /// The appliance concerned (id or name).
        public var appliance: String?
        /// Whether the person reports work done ("I replaced the furnace filter").
        public var workDone: Bool?
    }

    public static let catalogEntry = HomeOSSkillCatalog.homeMaintenance

    /// The skill's services.
    public let services: HomeOSServices

    /// Creates the skill.
    public init(services: HomeOSServices) { self.services = services }

    /// A problem reported with one of the family's appliances, named by its kind ("The dishwasher
    /// is leaking"), is settled by its words: no extraction call before the answer. (A word of an
    /// appliance's name, such as "basement" in "Basement furnace", is not enough.)
    public func argumentsReadFromWords(of message: String) -> Arguments? {
        guard Self.reportsProblem(message), !Self.reportsWorkDone(message), !Self.asksForSchedule(message),
              let appliances = try? services.storage.load(.appliances) else { return nil }
        let words = Set(CoreSkillSupport.words(message))
        let named = appliances.filter { Self.isNamedByIDOrKind($0, in: words) }
        guard named.count == 1, let appliance = named.first else { return nil }
        return Arguments(appliance: appliance.id, workDone: false)
    }

    public func execute(arguments: Arguments, context: SkillContext) async throws -> SkillResult {
        let emergency = HomeEmergencyNet().assess(context.message)
        if emergency.isEmergency {
            let title = emergency.kinds.map(\.title).joined(separator: ", ")
            return .response("\(title): act now.\n" + emergency.text)
        }
        let appliances: [Appliance]
        do { appliances = try services.storage.load(.appliances) } catch {
            return .error("I could not read the appliances: \(error)")
        }
        let timeZone = CoreSkillSupport.timeZone(services, context)
        let today = CoreSkillSupport.day(context.now, in: timeZone)
        let appliance = Self.appliance(named: arguments.appliance, in: context.message, appliances: appliances)
        if arguments.workDone ?? Self.reportsWorkDone(context.message), let appliance {
            return logWork(on: appliance, message: context.message, today: today)
        }
        if Self.asksForSchedule(context.message) || arguments.appliance != nil && !Self.reportsProblem(context.message) {
            return .response(schedule(appliances: appliance.map { [$0] } ?? appliances, today: today))
        }
        return .response(await repairAdvice(appliance: appliance, context: context))
    }

    static func appliance(named name: String?, in message: String, appliances: [Appliance]) -> Appliance? {
        if let name = name?.lowercased() {
            if let match = appliances.first(where: { $0.id.lowercased() == name || $0.name.lowercased() == name }) { return match }
        }
        let words = Set(CoreSkillSupport.words(message + " " + (name ?? "")))
        return appliances.first { appliance in
            isNamedByIDOrKind(appliance, in: words)
                || appliance.name.lowercased().split(separator: " ").contains { words.contains(String($0)) && $0.count > 3 }
        }
    }

    /// Whether `words` contain the appliance's id or its kind ("dishwasher").
    static func isNamedByIDOrKind(_ appliance: Appliance, in words: Set<String>) -> Bool {
        words.contains(appliance.id.lowercased()) || appliance.kind.map { words.contains($0.lowercased()) } == true
    }

    static func asksForSchedule(_ message: String) -> Bool {
        CoreSkillSupport.mentions(message, ["due", "schedule", "maintenance", "when should", "when is", "when do", "next service",
                                            "overdue", "what needs", "to do list", "upkeep"])
    }

    static func reportsWorkDone(_ message: String) -> Bool {
        CoreSkillSupport.mentions(message, ["i replaced", "i changed", "i cleaned", "we replaced", "we changed", "we cleaned",
                                            "just replaced", "just changed", "just cleaned", "was serviced", "got serviced",
                                            "did the", "done"])
    }

    static func reportsProblem(_ message: String) -> Bool {
        CoreSkillSupport.mentions(message, ["leak", "leaking", "broken", "not working", "won't", "doesn't", "noise", "smell", "stuck"])
    }

    func schedule(appliances: [Appliance], today: String) -> String {
        guard !appliances.isEmpty else {
            return "No appliances are recorded yet. Add them to the family data to get a maintenance schedule."
        }
        let horizon = DayString.adding(30, to: today) ?? today
        var overdue: [String] = []
        var upcoming: [String] = []
        var later: [String] = []
        for appliance in appliances {
            for task in appliance.tasks {
                guard let due = task.nextDue else {
                    overdue.append("- \(appliance.name): \(task.name) (never recorded; do it soon)")
                    continue
                }
                let line = "- \(appliance.name): \(task.name), due \(due)"
                if due < today { overdue.append(line + " (overdue)") } else if due <= horizon { upcoming.append(line) } else { later.append(line) }
            }
        }
        var parts: [String] = []
        if !overdue.isEmpty { parts.append("Overdue:\n" + overdue.joined(separator: "\n")) }
        if !upcoming.isEmpty { parts.append("Due in the next 30 days:\n" + upcoming.joined(separator: "\n")) }
        if !later.isEmpty { parts.append("Later:\n" + later.joined(separator: "\n")) }
        return parts.isEmpty ? "No maintenance tasks are recorded for these appliances." : parts.joined(separator: "\n")
    }

    func logWork(on appliance: Appliance, message: String, today: String) -> SkillResult {
        let words = Set(CoreSkillSupport.words(message))
        let task = appliance.tasks.first { task in
            CoreSkillSupport.words(task.name).contains { $0.count > 3 && words.contains($0) }
        } ?? (appliance.tasks.count == 1 ? appliance.tasks.first : nil)
        let taskName = task?.name ?? "Maintenance"
        do {
            try services.storage.transaction { transaction in
                var appliances = try transaction.load(.appliances)
                if let index = appliances.firstIndex(where: { $0.id == appliance.id }),
                   let taskIndex = appliances[index].tasks.firstIndex(where: { $0.name == taskName }) {
                    appliances[index].tasks[taskIndex].lastDone = today
                }
                try transaction.save(appliances, to: .appliances)
                var log = try transaction.load(.maintenanceLog)
                log.append(MaintenanceLogEntry(applianceID: appliance.id, date: today, task: taskName))
                try transaction.save(log, to: .maintenanceLog)
            }
        } catch {
            return .error("I could not record the work: \(error)")
        }
        let next = task.flatMap { DayString.adding($0.intervalDays, to: today) }
        return .response("Logged: \(appliance.name) — \(taskName) on \(today)." + (next.map { " Next due \($0)." } ?? ""))
    }

    static let urgencyCategories = [
        ClassificationCategory(name: "urgent", description: "Active damage or a safety risk: water leaking now, no heat in winter, sparks.",
                               examples: ["The water heater is leaking all over the floor", "The furnace stopped and it's freezing"]),
        ClassificationCategory(name: "soon", description: "Broken or misbehaving, but no damage is happening now.",
                               examples: ["The dishwasher won't drain", "The garage door is stuck"]),
        ClassificationCategory(name: "routine", description: "A how-to or care question.",
                               examples: ["How do I clean the dishwasher filter?", "How do I jump start the car?"]),
    ]

    func repairAdvice(appliance: Appliance?, context: SkillContext) async -> String {
        let urgency = await CoreSkillSupport.classify(context.message, categories: Self.urgencyCategories, context: context)
            ?? (Self.reportsProblem(context.message) ? "soon" : "routine")
        var lines: [String] = []
        switch urgency {
        case "urgent":
            lines.append("This sounds urgent. Turn the appliance off, shut off its water or power supply if it is safe to do so, "
                + "and call a repair professional today.")
        case "soon":
            lines.append("Turn it off and unplug it (or shut off its water supply) until it is checked.")
        default: break
        }
        let data = appliance.map { "Appliance: \($0.name)" + ($0.model.map { ", model \($0)" } ?? "") } ?? ""
        if let advice = await SkillModelCalls.showingOpening(lines.joined(separator: "\n"), {
            await CoreSkillSupport.generateText(
                services, skillID: Self.catalogEntry.id,
                instruction: "Give 2 or 3 short, safe steps for the home problem and say when to call a professional. No more than 60 words.",
                data: data, context: context, maxTokens: 120)
        }) {
            lines.append(advice)
        } else if lines.isEmpty || urgency != "urgent" {
            lines.append("Check the manual for the model's troubleshooting steps, look for visible blockages or loose connections, "
                + "and call a qualified technician if it is still not right. I can't see the appliance, so when in doubt, call a pro.")
        }
        return lines.joined(separator: "\n")
    }
}

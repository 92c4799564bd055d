import Foundation
import LLM
import Skills

/// wellness (patterns A+B): logs water, steps and sleep in ``StorageDocument/wellnessLog``,
/// summarises the last week, and nudges gently toward daily goals. What the message is about is
/// read from its words, and classified by the model only when the words do not say. Wanting to
/// make it a habit hands off to habits.
struct WellnessSkill: HomeOSSkill {
    static let catalogEntry = HomeOSSkillCatalog.wellness

    /// What the message is about.
    enum Kind: String, SchemaStringEnum {
        case water, steps, sleep
    }

    /// Arguments: the measure and amount, when the router extracted them.
    @SkillArguments
    struct Arguments: Codable, Sendable {
        var kind: Kind?
        @Minimum(0)
        var amount: Double?
    }

    let services: HomeOSServices

    /// What the model chooses between when the words do not say what an entry is about.
    static let kindCategories = WellnessEntry.Kind.allCases.map {
        ClassificationCategory(name: $0.rawValue, description: "about \($0 == .water ? "drinking water" : $0 == .steps ? "walking and steps" : "sleep")")
    }

    func execute(arguments: Arguments, context: SkillContext) async throws -> SkillResult {
        let message = context.message
        var kind = arguments.kind.flatMap { WellnessEntry.Kind(rawValue: $0.rawValue) } ?? Self.kind(in: message)
        if kind == nil {
            kind = await DailySkillSupport.classify(message, categories: Self.kindCategories, context: context)
                .flatMap(WellnessEntry.Kind.init(rawValue:))
        }
        if DailySkillSupport.mentions(message, any: ["habit", "every day", "each day"]) {
            let name: String
            switch kind {
            case .water: name = "Drink \(Int(WellnessEntry.Kind.water.dailyGoal)) glasses of water"
            case .steps: name = "Walk \(Int(WellnessEntry.Kind.steps.dailyGoal)) steps"
            case .sleep: name = "Sleep \(Int(WellnessEntry.Kind.sleep.dailyGoal)) hours"
            case nil: name = "Daily wellness check-in"
            }
            return .handoff(HandoffRequest(targetSkillID: "habits", reason: "The person wants to make it a habit.",
                                           context: ["habit": name, "action": "start"]))
        }
        guard let kind else {
            return .response("I can log water, steps or sleep. For example: \"I drank two glasses of water\" or \"I walked 8000 steps\".")
        }
        let today = CoreSkillSupport.day(context.now, in: context.timeZone)
        let member = DailySkillSupport.member(namedIn: message, family: CoreSkillSupport.family(services))
        let amount = arguments.amount ?? Self.amount(of: kind, in: message)
        let log: [WellnessEntry]
        var opening: String
        if let amount, amount > 0, !Self.isQuestion(message) {
            let entry = WellnessEntry(memberID: member?.id, kind: kind, amount: amount, day: today, loggedAt: context.now)
            log = try services.storage.update(.wellnessLog) { entries -> [WellnessEntry] in
                entries.append(entry)
                return entries
            }
            opening = "Logged \(Self.format(amount)) \(kind.unit)" + (kind == .water ? " of water" : "") + "."
        } else {
            log = try services.storage.load(.wellnessLog)
            opening = ""
        }
        let mine = log.filter { $0.kind == kind && $0.memberID == member?.id }
        let todayTotal = mine.filter { $0.day == today }.map(\.amount).reduce(0, +)
        let weekStart = DailySkillSupport.day(today, adding: -6)
        let week = Dictionary(grouping: mine.filter { $0.day >= weekStart && $0.day <= today }, by: \.day)
            .mapValues { $0.map(\.amount).reduce(0, +) }
        var lines: [String] = opening.isEmpty ? [] : [opening]
        switch kind {
        case .sleep:
            if week.isEmpty {
                lines.append("No sleep logged this week yet. Tell me \"I slept 7 hours\" each morning and I'll keep track.")
            } else {
                let average = week.values.reduce(0, +) / Double(week.count)
                lines.append("This week: \(Self.format(average)) hours a night on average over \(week.count) night\(week.count == 1 ? "" : "s").")
            }
        case .water, .steps:
            lines.append("Today: \(Self.format(todayTotal)) of \(Self.format(kind.dailyGoal)) \(kind.unit).")
            if week.count > 1 {
                lines.append("Daily average this week: \(Self.format(week.values.reduce(0, +) / Double(week.count))) \(kind.unit).")
            }
        }
        lines.append(Self.nudge(kind: kind, today: todayTotal, weekAverage: week.isEmpty ? nil : week.values.reduce(0, +) / Double(week.count)))
        return .response(lines.joined(separator: " "))
    }

    /// A gentle nudge toward the goal (deterministic).
    static func nudge(kind: WellnessEntry.Kind, today: Double, weekAverage: Double?) -> String {
        switch kind {
        case .water:
            let left = kind.dailyGoal - today
            return left > 0 ? "\(format(left)) more glass\(left == 1 ? "" : "es") to reach your goal — keep a bottle nearby." : "You've reached your water goal today — nice!"
        case .steps:
            let left = kind.dailyGoal - today
            return left > 0 ? "About \(format(left)) steps to go — a 15-minute walk covers around 1,500." : "Step goal reached — great work!"
        case .sleep:
            guard let weekAverage else { return "Most adults do best with 7–9 hours." }
            return weekAverage < kind.dailyGoal ? "A slightly earlier bedtime could help you reach 7 hours." : "You're getting good rest — keep the routine."
        }
    }

    static func kind(in message: String) -> WellnessEntry.Kind? {
        if DailySkillSupport.mentions(message, any: ["water", "hydrat", "glass", "drank", "bottle"]) { return .water }
        if DailySkillSupport.mentions(message, any: ["step", "walked", "walk"]) { return .steps }
        if DailySkillSupport.mentions(message, any: ["sleep", "slept", "nap", "bed"]) { return .sleep }
        return nil
    }

    /// The amount said: "two glasses", "8000 steps", "8,500", "7.5 hours".
    static func amount(of kind: WellnessEntry.Kind, in message: String) -> Double? {
        if let number = DailySkillSupport.number(in: message, pattern: #"([0-9][0-9,]*(?:\.[0-9]+)?)"#) { return number }
        let words = message.lowercased().split { !$0.isLetter }.map(String.init)
        for word in words where word != "a" && word != "an" {
            if let value = DailySkillSupport.numberWords[word] { return value }
        }
        if kind == .water, DailySkillSupport.mentions(message, any: ["a glass", "a bottle"]) { return 1 }
        return nil
    }

    static func isQuestion(_ message: String) -> Bool {
        message.contains("?") || DailySkillSupport.mentions(message, any: ["how did", "how much", "how many", "how was", "did i"])
    }

    static func format(_ value: Double) -> String {
        value.rounded() == value ? String(Int(value)) : String(format: "%.1f", value)
    }
}

import Foundation
import LLM
import Skills

/// Character budgets of each prompt part (about 4 characters a token for English): system ~200
/// tokens, family ~150, data ~150, history ~400, message ~300. History goes first when the
/// whole prompt is over budget.
public struct PromptBudget: Sendable, Hashable {
    /// Characters for the system prompt.
    public var system = 800
    /// Characters for the family summary.
    public var family = 600
    /// Characters for the skill's data.
    public var data = 600
    /// Characters for the recent conversation.
    public var history = 1600
    /// Characters for the message.
    public var message = 1200
    /// Extra characters for the system prompt when it is synthesized from the gene pool (its
    /// persona, format, tone and guardrail genes are longer than the fixed rules).
    public var styleExtra = 500
    /// Characters for the whole prompt before history is dropped.
    public var total = 6000

    /// The defaults.
    public init() {}
}

/// Builds the messages of a HomeOS model call (see ``HomeOSServices/promptMessages(skillID:instruction:data:context:)``).
public struct HomeOSPrompt: Sendable {
    /// The seed's rules, first in every system prompt.
    public static let rules = """
        You are HomeOS, a warm and concise family assistant running privately on the family's device. \
        Health answers never diagnose and end with "This is not medical advice." \
        Money, doors, and contacting people or emergency services always need the family's approval. \
        Allergies are hard constraints. Offer at most 3 options. If you are unsure, ask one clarifying question. \
        Be honest about what you cannot do.
        """

    var skillID: String
    var instruction: String
    var data: String
    var family: Family?
    var now: Date
    var timeZone: TimeZone
    var history: [ConversationTurn]
    var message: String
    /// The gene-pool style; replaces ``rules`` when not empty (its guardrail genes carry the same rules).
    var style: String = ""
    var budget = PromptBudget()

    /// The system and user messages.
    public func messages() -> [ChatMessage] {
        let head = style.isEmpty ? Self.rules : style
        let system = Self.clip(head + "\n" + instruction, to: style.isEmpty ? budget.system : budget.system + budget.styleExtra)
        var parts = ["Now: \(Self.describe(now, in: timeZone))."]
        if let family { parts.append(Self.clip("Family: " + Self.summary(of: family), to: budget.family)) }
        if !data.isEmpty { parts.append(Self.clip(data, to: budget.data)) }
        let request = "Message: " + Self.clip(message, to: budget.message)
        var conversation = Self.clip(history.suffix(6).map { "\($0.speaker == .person ? "Person" : "HomeOS"): \($0.text)" }
            .joined(separator: "\n"), to: budget.history, keepEnd: true)
        let fixedLength = system.count + parts.joined().count + request.count
        if fixedLength + conversation.count > budget.total { conversation = "" }
        if !conversation.isEmpty { parts.append("Recent conversation:\n" + conversation) }
        parts.append(request)
        return [.system(system), .user(parts.joined(separator: "\n"))]
    }

    /// One line per member: name, role, age, allergies, diets.
    public static func summary(of family: Family) -> String {
        family.members.map { member in
            var text = "\(member.name) (\(member.role.rawValue)\(member.age.map { ", \($0)" } ?? ""))"
            if !member.allergies.isEmpty { text += ", allergic to " + member.allergies.joined(separator: ", ") }
            if !member.dietaryPreferences.isEmpty { text += ", " + member.dietaryPreferences.joined(separator: ", ") }
            return text
        }.joined(separator: "; ")
    }

    /// "Sunday 22 November 2026, 18:05".
    public static func describe(_ date: Date, in timeZone: TimeZone) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = timeZone
        formatter.dateFormat = "EEEE d MMMM yyyy, HH:mm"
        return formatter.string(from: date)
    }

    static func clip(_ text: String, to limit: Int, keepEnd: Bool = false) -> String {
        guard text.count > limit else { return text }
        return keepEnd ? "…" + String(text.suffix(limit - 1)) : String(text.prefix(limit - 1)) + "…"
    }
}

import Foundation
import LLM
import Skills

/// Token budgets of each prompt part, counted with the model's real tokenizer when one is given
/// (``HomeOSServices/tokenCounter``), else estimated at about four characters a token: system
/// ~200 tokens, few-shot ~300, family ~150, data ~150, history ~400, message ~300, with ~500 left for the answer.
/// History goes first when the whole prompt is over 1,500 tokens.
public struct PromptBudget: Sendable, Hashable {
    /// Tokens for the system prompt.
    public var system = 200
    /// Tokens for worked examples (see ``FewShotSelection``).
    public var fewShot = 300
    /// Worked examples shown at most: the most relevant to the message.
    public var fewShotExamples = 5
    /// Tokens for the family summary.
    public var family = 150
    /// Tokens for the skill's data.
    public var data = 150
    /// Tokens for the recent conversation.
    public var history = 400
    /// Tokens for the message.
    public var message = 300
    /// Extra tokens for the system prompt when it is synthesized from the gene pool (its persona,
    /// format, tone and guardrail genes are longer than the fixed rules).
    public var styleExtra = 125
    /// Tokens for the whole prompt before history is dropped.
    public var total = 1500
    /// Tokens the answer may use (the prompt plus this must fit the context window).
    public var output = 500

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
    /// Counts tokens for the budgets (the model's tokenizer, or an estimate).
    var tokens: any PromptTokenCounting = CharacterTokenEstimate()

    /// Exchanges (a message and its answer) of recent conversation in a prompt: the seed's five.
    public static let historyExchanges = 5
    /// Exchanges kept when five would make the prompt too long.
    public static let shortHistoryExchanges = 3

    /// The system and user messages.
    public func messages() -> [ChatMessage] {
        let head = style.isEmpty ? Self.rules : style
        let system = tokens.clip(head + "\n" + instruction, toTokens: style.isEmpty ? budget.system : budget.system + budget.styleExtra)
        var parts = ["Now: \(Self.describe(now, in: timeZone))."]
        // A style whose context gene already lays out the family does not get it twice.
        if let family, case let summary = Self.summary(of: family), !style.contains(summary) {
            parts.append(tokens.clip("Family: " + summary, toTokens: budget.family))
        }
        if !data.isEmpty { parts.append(tokens.clip(data, toTokens: budget.data)) }
        let request = "Message: " + tokens.clip(message, toTokens: budget.message)
        // The last five exchanges within the history budget; three when the whole prompt would be
        // too long; none when even that does not fit (the seed's order: history goes first).
        let fixedTokens = tokens.tokenCount(system) + tokens.tokenCount(parts.joined(separator: "\n")) + tokens.tokenCount(request)
        var conversation = ""
        for exchanges in [Self.historyExchanges, Self.shortHistoryExchanges] {
            let text = tokens.clip(history.suffix(exchanges * 2).map { "\($0.speaker == .person ? "Person" : "HomeOS"): \($0.text)" }
                .joined(separator: "\n"), toTokens: budget.history, keepEnd: true)
            if text.isEmpty || fixedTokens + tokens.tokenCount(text) <= budget.total {
                conversation = text
                break
            }
        }
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
        format(date, "EEEE d MMMM yyyy, HH:mm", in: timeZone)
    }

    /// "Sunday 22 November 2026".
    public static func describeDay(_ date: Date, in timeZone: TimeZone) -> String {
        format(date, "EEEE d MMMM yyyy", in: timeZone)
    }

    private static func format(_ date: Date, _ pattern: String, in timeZone: TimeZone) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = timeZone
        formatter.dateFormat = pattern
        return formatter.string(from: date)
    }
}

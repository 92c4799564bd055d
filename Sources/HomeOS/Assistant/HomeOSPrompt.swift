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
    /// Whether the family summary and the skill's data go in the user message, before the message,
    /// instead of the stable system message: for an answer that must restate the data (the
    /// briefing), which the small default model does reliably only with the data close to the request.
    var dataNearMessage = false
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
    ///
    /// What stays the same from one call of a skill to the next (the style, the instruction, the
    /// family and the skill's data) is the system message, so the engine keeps its evaluated state
    /// and a warm call evaluates only the user message: the time, the skill's own recent exchanges
    /// and the message.
    public func messages() -> [ChatMessage] {
        let head = style.isEmpty ? Self.rules : style
        var system = [tokens.clip(head + "\n" + instruction, toTokens: style.isEmpty ? budget.system : budget.system + budget.styleExtra)]
        // A style whose context gene already lays out the family does not get it twice.
        var stable: [String] = []
        if let family, case let summary = Self.summary(of: family), !style.contains(summary) {
            stable.append(tokens.clip("Family: " + summary, toTokens: budget.family))
        }
        if !data.isEmpty { stable.append(tokens.clip(data, toTokens: budget.data)) }
        if !dataNearMessage { system += stable }
        let systemText = system.joined(separator: "\n")
        let now = "Now: \(Self.describe(now, in: timeZone))."
        let request = "Message: " + tokens.clip(message, toTokens: budget.message)
        // The last five exchanges with this skill within the history budget; three when the whole
        // prompt would be too long; none when even that does not fit (the seed's order: history goes
        // first). Another skill's exchanges are left out: they rarely help the answer, and they would
        // be evaluated anew in every call.
        let near = dataNearMessage ? stable.joined(separator: "\n") : ""
        let fixedTokens = tokens.tokenCount(systemText) + tokens.tokenCount(now) + tokens.tokenCount(near) + tokens.tokenCount(request)
        let exchanges = Self.exchanges(in: history, answeredBy: skillID)
        var conversation = ""
        for count in [Self.historyExchanges, Self.shortHistoryExchanges] {
            let text = tokens.clip(exchanges.suffix(count).flatMap { $0 }
                .map { "\($0.speaker == .person ? "Person" : "HomeOS"): \($0.text)" }
                .joined(separator: "\n"), toTokens: budget.history, keepEnd: true)
            if text.isEmpty || fixedTokens + tokens.tokenCount(text) <= budget.total {
                conversation = text
                break
            }
        }
        var parts = [now]
        if !near.isEmpty { parts.append(near) }
        if !conversation.isEmpty { parts.append("Recent conversation:\n" + conversation) }
        parts.append(request)
        return [.system(systemText), .user(parts.joined(separator: "\n"))]
    }

    /// The exchanges of `history` (a message and the answer that followed it) whose answer came
    /// from `skillID`, oldest first.
    static func exchanges(in history: [ConversationTurn], answeredBy skillID: String) -> [[ConversationTurn]] {
        history.indices.dropFirst().compactMap { index -> [ConversationTurn]? in
            let answer = history[index], message = history[index - 1]
            guard answer.speaker == .assistant, answer.skillID == skillID, message.speaker == .person else { return nil }
            return [message, answer]
        }
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

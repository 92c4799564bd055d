import Foundation

/// One turn of a conversation.
public struct ConversationTurn: Sendable, Hashable, Codable {
    /// Who spoke.
    public enum Speaker: String, Sendable, Hashable, Codable { case person, assistant }
    /// Who spoke.
    public var speaker: Speaker
    /// What was said.
    public var text: String
    /// The skill that handled the turn, if any.
    public var skillID: String?
    /// When.
    public var date: Date

    /// Creates a turn.
    public init(speaker: Speaker, text: String, skillID: String? = nil, date: Date = Date()) {
        self.speaker = speaker
        self.text = text
        self.skillID = skillID
        self.date = date
    }
}

/// The recent turns of a conversation, kept within a token budget (oldest dropped first).
public struct ConversationHistory: Sendable, Hashable {
    /// All kept turns, oldest first.
    public private(set) var turns: [ConversationTurn] = []
    /// At most this many turns are kept at all.
    public let capacity: Int

    /// Creates an empty history.
    public init(capacity: Int = 20) { self.capacity = capacity }

    /// Creates a history holding the last `capacity` of `turns`.
    public init(turns: [ConversationTurn], capacity: Int = 20) {
        self.capacity = capacity
        for turn in turns { append(turn) }
    }

    /// Adds a turn, dropping the oldest beyond `capacity`.
    public mutating func append(_ turn: ConversationTurn) {
        turns.append(turn)
        if turns.count > capacity { turns.removeFirst(turns.count - capacity) }
    }

    /// The most recent turns whose text fits `tokenBudget`, oldest first.
    public func recent(tokenBudget: Int, countTokens: (String) async throws -> Int) async rethrows -> [ConversationTurn] {
        var kept: [ConversationTurn] = []
        var used = 0
        for turn in turns.reversed() {
            let cost = try await countTokens(turn.text) + 4
            if used + cost > tokenBudget { break }
            used += cost
            kept.insert(turn, at: 0)
        }
        return kept
    }
}

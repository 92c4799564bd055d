import Foundation
import Skills

/// The family's kept conversation with the assistant, in their store (`data/conversation/log.json`):
/// what `homeos ask`, `homeos chat` and the web app said, so that a follow-up ("and on Sunday?")
/// can be understood across commands and restarts.
///
/// Retention: at most ``ConversationLogEntry/keptEntries`` entries, and none older than
/// ``retention`` (30 days); older ones are dropped on every write. `homeos conversation clear` (or the
/// web app's Clear) forgets it all. The model sees only the last turns that fit its prompt budget
/// (``HomeOSPrompt``: five exchanges, three when the prompt is long, none when it is too long).
public struct ConversationLog: Sendable {
    /// How long entries are kept.
    public static let retention: TimeInterval = 30 * 24 * 3600

    /// The family's store.
    public let storage: any StorageProvider

    /// The log of `storage`.
    public init(storage: any StorageProvider) {
        self.storage = storage
    }

    /// Every kept entry within the retention period at `now`, oldest first.
    public func entries(now: Date = Date()) throws -> [ConversationLogEntry] {
        try storage.load(.conversationLog).filter { now.timeIntervalSince($0.date) <= Self.retention }
    }

    /// The kept entries as turns for the assistant's history.
    public func history(now: Date = Date()) throws -> [ConversationTurn] {
        ConversationLogEntry.history(of: try entries(now: now))
    }

    /// Appends `entries` in one transaction, dropping what is past the retention period and the
    /// oldest beyond the limit.
    public func append(_ entries: [ConversationLogEntry], now: Date = Date()) throws {
        try storage.update(.conversationLog) { log in
            log += entries
            log.removeAll { now.timeIntervalSince($0.date) > Self.retention }
            if log.count > ConversationLogEntry.keptEntries { log.removeFirst(log.count - ConversationLogEntry.keptEntries) }
        }
    }

    /// Appends one exchange: what the person said and the assistant's `reply`.
    public func append(message: String, reply: AssistantReply, turnID: String? = nil, now: Date = Date()) throws {
        var approvalID: UUID?
        if case .needsApproval(let request) = reply.result { approvalID = request.id }
        try append([
            ConversationLogEntry(role: .person, text: message, date: now),
            ConversationLogEntry(role: .assistant, text: Assistant.text(of: reply.result), skillID: reply.skillID,
                                 step: reply.routing.step.rawValue, milliseconds: reply.duration.milliseconds, turnID: turnID,
                                 approvalID: approvalID, date: now),
        ], now: now)
    }

    /// Forgets the whole conversation.
    public func clear() throws {
        try storage.save([], to: .conversationLog)
    }
}

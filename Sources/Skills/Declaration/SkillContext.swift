import Foundation
import LLM

/// What a skill knows when it runs.
public struct SkillContext: Sendable {
    /// The person's message.
    public var message: String
    /// Recent conversation, oldest first, already trimmed to the token budget.
    public var history: [ConversationTurn]
    /// The current time.
    public var now: Date
    /// The family's time zone.
    public var timeZone: TimeZone
    /// The model, for skills that generate or extract (nil when no model is available).
    public var bridge: LLMBridge?
    /// Facts passed along by a handoff.
    public var handoff: HandoffRequest?
    /// When the skill must be done.
    public var deadline: Deadline?
    /// The family's opt-in remote model, tried only after the on-device model's attempts fail (nil:
    /// nothing leaves the device). Skills reach it through the resilience cascade, never directly.
    public var remoteFallback: RemoteFallback?

    /// Creates a context.
    public init(message: String, history: [ConversationTurn] = [], now: Date = Date(), timeZone: TimeZone = .current,
                bridge: LLMBridge? = nil, handoff: HandoffRequest? = nil, deadline: Deadline? = nil,
                remoteFallback: RemoteFallback? = nil) {
        self.remoteFallback = remoteFallback
        self.message = message
        self.history = history
        self.now = now
        self.timeZone = timeZone
        self.bridge = bridge
        self.handoff = handoff
        self.deadline = deadline
    }
}

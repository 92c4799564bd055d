import Foundation
import Skills

/// One message of the family's kept conversation with the assistant: what a person said, or what
/// the assistant answered and how.
public struct ConversationLogEntry: Codable, Sendable, Hashable, Identifiable {
    /// Who spoke.
    public enum Role: String, Codable, Sendable, Hashable {
        /// A family member.
        case person
        /// HomeOS.
        case assistant
    }

    /// A unique id.
    public var id: UUID
    /// Who spoke.
    public var role: Role
    /// The text (Markdown for the assistant).
    public var text: String
    /// The skill that answered (assistant only; nil for the fallback, safety and crisis answers).
    public var skillID: String?
    /// The routing step that decided (assistant only).
    public var step: String?
    /// How long the answer took, in milliseconds (assistant only).
    public var milliseconds: Double?
    /// The gene-pool turn the answer belongs to, which feedback refers to (assistant only).
    public var turnID: String?
    /// The feedback given: true up, false down, nil none.
    public var feedback: Bool?
    /// The approval the answer parked, if any.
    public var approvalID: UUID?
    /// Whether this is a crisis answer.
    public var isCrisis: Bool
    /// When it was said.
    public var date: Date

    /// Creates an entry.
    public init(id: UUID = UUID(), role: Role, text: String, skillID: String? = nil, step: String? = nil,
                milliseconds: Double? = nil, turnID: String? = nil, feedback: Bool? = nil, approvalID: UUID? = nil,
                isCrisis: Bool = false, date: Date) {
        self.id = id
        self.role = role
        self.text = text
        self.skillID = skillID
        self.step = step
        self.milliseconds = milliseconds
        self.turnID = turnID
        self.feedback = feedback
        self.approvalID = approvalID
        self.isCrisis = isCrisis
        self.date = date
    }

    /// How many entries are kept (the oldest are dropped beyond it).
    public static let keptEntries = 400

    /// The entries as turns for the assistant's conversation history.
    public static func history(of entries: [ConversationLogEntry]) -> [ConversationTurn] {
        entries.map { ConversationTurn(speaker: $0.role == .person ? .person : .assistant, text: $0.text, skillID: $0.skillID, date: $0.date) }
    }
}

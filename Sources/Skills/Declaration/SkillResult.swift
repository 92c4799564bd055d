import Foundation
import LLM

/// What a skill returns.
public enum SkillResult: Sendable, Hashable {
    /// A reply for the person.
    case response(String)
    /// An action with risk that must not happen until the family approves it.
    case needsApproval(ApprovalRequest)
    /// Another skill should handle this.
    case handoff(HandoffRequest)
    /// The skill could not help; the message says why, for the person.
    case error(String)
}

/// How risky an action is.
public enum RiskLevel: String, Sendable, Hashable, Codable, Comparable, CaseIterable {
    case low, medium, high

    public static func < (lhs: RiskLevel, rhs: RiskLevel) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}

/// The action an approval unlocks: which skill, which of its actions, with what data.
public struct PendingAction: Sendable, Hashable, Codable {
    /// The skill that performs the action.
    public var skillID: String
    /// The skill's name for the action (for example `book-table`).
    public var name: String
    /// The data the action needs.
    public var payload: JSONValue

    /// Creates a pending action.
    public init(skillID: String, name: String, payload: JSONValue = [:]) {
        self.skillID = skillID
        self.name = name
        self.payload = payload
    }
}

/// A request for the family to approve an action (money, doors, contacting people, emergency services).
public struct ApprovalRequest: Sendable, Hashable, Codable, Identifiable {
    /// Identifier used by `approve`/`deny`.
    public var id: UUID
    /// One line: what will happen.
    public var summary: String
    /// Key facts (date, amount, who), in display order.
    public var details: [Detail]
    /// How risky it is.
    public var risk: RiskLevel
    /// What happens when approved.
    public var onApprove: String
    /// What happens when denied.
    public var onDeny: String
    /// The action carried out on approval.
    public var action: PendingAction
    /// The ``contentFingerprint`` taken when the request was parked: approving checks that what
    /// would run is still what was shown (see ``ApprovalCenter/approve(_:registry:context:)``).
    public var fingerprint: String?

    /// One labelled fact.
    public struct Detail: Sendable, Hashable, Codable {
        public var label: String
        public var value: String
        public init(_ label: String, _ value: String) {
            self.label = label
            self.value = value
        }
    }

    /// Creates a request.
    public init(id: UUID = UUID(), summary: String, details: [Detail] = [], risk: RiskLevel, onApprove: String,
                onDeny: String = "Nothing happens.", action: PendingAction) {
        self.id = id
        self.summary = summary
        self.details = details
        self.risk = risk
        self.onApprove = onApprove
        self.onDeny = onDeny
        self.action = action
    }
}

/// A request to pass the message to another skill.
public struct HandoffRequest: Sendable, Hashable, Codable {
    /// The skill to hand off to.
    public var targetSkillID: String
    /// Why, for the record and the target skill.
    public var reason: String
    /// Facts the target skill should know.
    public var context: [String: String]
    /// The target skill's arguments, when the handing-off skill knows them (a briefing that asks
    /// meal-planning for tonight's dinner). Valid arguments are used as they are, without asking
    /// the model to extract them from the original message; nil (or invalid) means extract.
    public var arguments: JSONValue?

    /// Creates a handoff.
    public init(targetSkillID: String, reason: String, context: [String: String] = [:], arguments: JSONValue? = nil) {
        self.targetSkillID = targetSkillID
        self.reason = reason
        self.context = context
        self.arguments = arguments
    }
}

import Foundation
import LLM

/// A capability the assistant can route a message to.
///
/// A skill is declared once: its metadata for routing and for the model, its typed
/// `Arguments` with their JSON Schema side by side (a test fails when the two drift apart), and
/// `execute`. Adding a skill means one file plus one registry line; see docs/adding-skills.md.
public protocol Skill: Sendable {
    /// The typed arguments the skill needs, extracted from the message with ``argumentsSchema``.
    associatedtype Arguments: Codable & Sendable

    /// Stable identifier such as `meal-planning`.
    var id: String { get }
    /// Short human-readable name.
    var name: String { get }
    /// What the skill does, written for the model that routes and extracts arguments.
    var summary: String { get }
    /// What the skill is allowed to touch.
    var permissions: Set<SkillPermission> { get }
    /// Words and phrases that identify messages for this skill (for the keyword step).
    var keywords: [String] { get }
    /// Example messages (for scoring and for few-shot classification).
    var examples: [String] { get }
    /// Whether the reply should be rewritten by the response step (tone, length).
    var rewritesResponse: Bool { get }
    /// The JSON Schema of `Arguments`; kept in sync with the type by the schema-drift test.
    var argumentsSchema: JSONSchema { get }

    /// Runs the skill.
    func execute(arguments: Arguments, context: SkillContext) async throws -> SkillResult

    /// Carries out an action the family approved (see ``SkillResult/needsApproval(_:)``).
    func performApproved(_ action: PendingAction, context: SkillContext) async throws -> SkillResult

    /// The arguments, when the message's own words settle every one of them ("What's on the
    /// calendar this week?"): the coordinator then skips the model's argument extraction, one model
    /// call before the answer. Nil (the default) when the model should read them.
    func argumentsReadFromWords(of message: String) -> Arguments?
}

extension Skill {
    public func argumentsReadFromWords(of message: String) -> Arguments? { nil }
    public var rewritesResponse: Bool { false }
    public var permissions: Set<SkillPermission> { [] }

    public func performApproved(_ action: PendingAction, context: SkillContext) async throws -> SkillResult {
        .error("\(name) has no approved action '\(action.name)'.")
    }

    /// The skill's metadata.
    public var descriptor: SkillDescriptor {
        SkillDescriptor(id: id, name: name, summary: summary, permissions: permissions, keywords: keywords,
                        examples: examples, rewritesResponse: rewritesResponse, argumentsSchema: argumentsSchema)
    }
}

/// What a skill may touch; shown to the family and checked by the coordinator (``Assistant``
/// refuses a skill that needs a permission the family has not allowed).
public enum SkillPermission: String, Sendable, Hashable, Codable, CaseIterable {
    case readFamilyData, writeFamilyData, healthData, calendar, contactPeople, spendMoney, homeDevices, network, location

    /// What the permission lets a skill do, for messages ("needs permission to contact people").
    public var phrase: String {
        switch self {
        case .readFamilyData: return "read the family's data"
        case .writeFamilyData: return "change the family's data"
        case .healthData: return "use health data"
        case .calendar: return "write to the calendar"
        case .contactPeople: return "contact people"
        case .spendMoney: return "spend money"
        case .homeDevices: return "control home devices"
        case .network: return "use the network"
        case .location: return "use locations"
        }
    }
}

/// Arguments of a skill that needs none.
public struct NoArguments: Codable, Sendable, Hashable {
    /// Creates the empty value.
    public init() {}
    /// The schema of an empty object.
    public static let schema = try! JSONSchema(["type": "object", "properties": [:], "additionalProperties": false])
}

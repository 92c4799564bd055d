import LLM

/// A type-erased ``Skill``: arguments arrive as JSON, are validated against the skill's schema,
/// decoded into its `Arguments` type, and the skill runs.
public struct AnySkill: Sendable {
    /// The skill's metadata.
    public let descriptor: SkillDescriptor
    private let run: @Sendable (JSONValue, SkillContext) async throws -> SkillResult
    private let approved: @Sendable (PendingAction, SkillContext) async throws -> SkillResult
    private let readArguments: @Sendable (String) -> JSONValue?
    private let validator: JSONSchemaValidator
    /// Where the skill's `Arguments` type and its JSON Schema disagree (property names, types,
    /// required vs optional, enums); empty when they agree. Computed once, when the skill is wrapped.
    public let schemaDrift: [String]

    /// Wraps a skill.
    public init<S: Skill>(_ skill: S) throws {
        self.descriptor = skill.descriptor
        self.schemaDrift = ArgumentsShape.of(S.Arguments.self).differences(from: skill.argumentsSchema.root)
        self.validator = try JSONSchemaValidator(schema: skill.argumentsSchema)
        self.run = { arguments, context in
            let typed: S.Arguments
            do {
                typed = try arguments.decode(S.Arguments.self)
            } catch {
                throw SkillError.invalidArguments(skillID: skill.id, problems: ["they do not decode: \(error)"])
            }
            return try await skill.execute(arguments: typed, context: context)
        }
        self.approved = { action, context in try await skill.performApproved(action, context: context) }
        self.readArguments = { message in skill.argumentsReadFromWords(of: message).flatMap { try? JSONValue(encoding: $0) } }
    }

    /// The arguments the skill reads from the message's words alone, as JSON (see
    /// ``Skill/argumentsReadFromWords(of:)``); nil when the model should extract them.
    public func argumentsReadFromWords(of message: String) -> JSONValue? {
        readArguments(message).flatMap { validator.validate($0).isEmpty ? $0 : nil }
    }

    /// The skill's id.
    public var id: String { descriptor.id }

    /// Validates `arguments` against the schema and runs the skill.
    /// - Throws: ``SkillError/invalidArguments(skillID:problems:)`` listing every violation.
    public func execute(arguments: JSONValue, context: SkillContext) async throws -> SkillResult {
        let problems = validator.validate(arguments)
        guard problems.isEmpty else {
            throw SkillError.invalidArguments(skillID: id, problems: problems.map(\.description))
        }
        return try await run(arguments, context)
    }

    /// Carries out an approved action.
    public func performApproved(_ action: PendingAction, context: SkillContext) async throws -> SkillResult {
        try await approved(action, context)
    }
}

/// Errors from declaring, finding or running skills.
public enum SkillError: Error, Sendable, Hashable, CustomStringConvertible {
    /// No skill has this id.
    case unknownSkill(String)
    /// The skill is registered but disabled.
    case disabledSkill(String)
    /// Two skills share an id.
    case duplicateSkill(String)
    /// Arguments do not match the skill's schema.
    case invalidArguments(skillID: String, problems: [String])
    /// Handoffs went in a circle or deeper than allowed.
    case handoffLoop(chain: [String])
    /// No pending approval has this id.
    case unknownApproval(String)
    /// The pending approval no longer matches what was shown when it was parked.
    case approvalChanged(String)
    /// The skill needs permissions the family has not allowed.
    case permissionDenied(skillName: String, missing: [SkillPermission])

    public var description: String {
        switch self {
        case .unknownSkill(let id): return "There is no skill '\(id)'."
        case .disabledSkill(let id): return "The skill '\(id)' is turned off."
        case .duplicateSkill(let id): return "Two skills use the id '\(id)'."
        case .invalidArguments(let id, let problems):
            return "Invalid arguments for '\(id)': " + problems.prefix(5).joined(separator: "; ")
        case .handoffLoop(let chain): return "Handoffs stopped to avoid a loop: " + chain.joined(separator: " → ")
        case .unknownApproval(let id): return "No pending approval has the id \(id)."
        case .permissionDenied(let name, let missing):
            return "\(name) needs permission to " + missing.map(\.phrase).joined(separator: " and ")
                + ", which this family has not allowed. Allow it with `homeos skills allow "
                + missing.map(\.rawValue).joined(separator: " ") + "` (and see `homeos skills permissions`)."
        case .approvalChanged(let id):
            return "The approval \(id) was changed after it was shown: what it would do no longer matches what you were asked "
                + "to approve. Nothing was done and it was withdrawn; ask again to get a fresh approval."
        }
    }
}

import LLM

/// One call of a skill with its arguments.
public struct SkillCall: Sendable, Hashable {
    /// The skill to run.
    public var skillID: String
    /// Its arguments (validated against the skill's schema before it runs).
    public var arguments: JSONValue

    /// Creates a call.
    public init(skillID: String, arguments: JSONValue = [:]) {
        self.skillID = skillID
        self.arguments = arguments
    }
}

/// What the assistant decided to do with a message: answer directly, or call skills.
public enum ActionPlan: Sendable, Hashable {
    /// Reply with this text.
    case respond(String)
    /// Run these skills in order.
    case callSkills([SkillCall])

    /// The JSON Schema of a plan for the enabled skills: `{"respond": "…"}` or
    /// `{"calls": [{"skill": <enabled id>, "arguments": {…}}]}`, each call's arguments matching
    /// that skill's schema.
    public static func schema(for skills: [SkillDescriptor]) throws -> JSONSchema {
        let calls: [JSONValue] = skills.map { descriptor in
            ["type": "object",
             "properties": ["skill": ["const": .string(descriptor.id)], "arguments": descriptor.argumentsSchema.root],
             "required": ["skill", "arguments"], "additionalProperties": false]
        }
        let respond: JSONValue = ["type": "object", "properties": ["respond": ["type": "string", "minLength": 1]],
                                  "required": ["respond"], "additionalProperties": false]
        let call: JSONValue = ["type": "object",
                               "properties": ["calls": ["type": "array", "minItems": 1, "maxItems": 4, "items": ["anyOf": .array(calls)]]],
                               "required": ["calls"], "additionalProperties": false]
        return try JSONSchema(["anyOf": [respond, call]])
    }

    /// Parses a plan from model output, validating it against ``schema(for:)``.
    /// - Throws: ``ActionPlanError`` for text that is not JSON, for unknown or disabled skills,
    ///   and for arguments that do not match; never crashes on malformed input.
    public static func parse(_ text: String, registry: SkillRegistry) throws(ActionPlanError) -> ActionPlan {
        let value: JSONValue
        do { value = try JSONValue(parsing: text) } catch {
            guard let extracted = JSONExtractor.extract(from: text) else { throw .notJSON(error.description) }
            value = extracted.value
        }
        return try parse(value, registry: registry)
    }

    /// Builds a plan from parsed JSON (see ``parse(_:registry:)-swift.type.method``).
    public static func parse(_ value: JSONValue, registry: SkillRegistry) throws(ActionPlanError) -> ActionPlan {
        if let text = value["respond"]?.stringValue, value.objectValue?.count == 1 {
            return .respond(text)
        }
        guard let calls = value["calls"]?.arrayValue, value.objectValue?.count == 1 else {
            throw .wrongShape("expected {\"respond\": text} or {\"calls\": [...]}")
        }
        guard !calls.isEmpty else { throw .wrongShape("\"calls\" is empty") }
        var result: [SkillCall] = []
        for call in calls {
            guard let id = call["skill"]?.stringValue else { throw .wrongShape("a call has no \"skill\" name") }
            let arguments = call["arguments"] ?? [:]
            let skill: AnySkill
            do { skill = try registry.skill(id) } catch { throw .unknownSkill(id) }
            let problems: [JSONSchemaViolation]
            do { problems = try skill.descriptor.argumentsSchema.validate(arguments) } catch {
                throw .invalidArguments(skillID: id, problems: ["the skill's schema is unusable: \(error)"])
            }
            guard problems.isEmpty else { throw .invalidArguments(skillID: id, problems: problems.map(\.description)) }
            result.append(SkillCall(skillID: id, arguments: arguments))
        }
        return .callSkills(result)
    }
}

/// A plan that cannot be used.
public enum ActionPlanError: Error, Sendable, Hashable, CustomStringConvertible {
    case notJSON(String)
    case wrongShape(String)
    case unknownSkill(String)
    case invalidArguments(skillID: String, problems: [String])

    public var description: String {
        switch self {
        case .notJSON(let reason): return "The plan is not JSON: \(reason)"
        case .wrongShape(let reason): return "The plan has the wrong shape: \(reason)"
        case .unknownSkill(let id): return "The plan calls an unknown or disabled skill '\(id)'"
        case .invalidArguments(let id, let problems): return "The plan's arguments for '\(id)' are invalid: " + problems.joined(separator: "; ")
        }
    }
}

import LLM

/// The skills an assistant knows, which of them are enabled, and their manifest for prompts.
public struct SkillRegistry: Sendable {
    private var skills: [String: AnySkill] = [:]
    /// Skill ids in registration order.
    public private(set) var order: [String] = []
    private var disabled: Set<String> = []

    /// An empty registry.
    public init() {}

    /// Registers a skill.
    /// - Throws: ``SkillError/duplicateSkill(_:)`` when the id is taken.
    public mutating func register<S: Skill>(_ skill: S) throws {
        try register(AnySkill(skill))
    }

    /// Registers a type-erased skill.
    public mutating func register(_ skill: AnySkill) throws {
        guard skills[skill.id] == nil else { throw SkillError.duplicateSkill(skill.id) }
        skills[skill.id] = skill
        order.append(skill.id)
    }

    /// Turns a skill on or off.
    public mutating func setEnabled(_ enabled: Bool, skillID: String) throws {
        guard skills[skillID] != nil else { throw SkillError.unknownSkill(skillID) }
        if enabled { disabled.remove(skillID) } else { disabled.insert(skillID) }
    }

    /// Whether a registered skill is enabled.
    public func isEnabled(_ skillID: String) -> Bool { skills[skillID] != nil && !disabled.contains(skillID) }

    /// Every registered skill whose `Arguments` type and schema drift apart, with the differences
    /// (empty when all agree). Apps assert this is empty in a test over their full registry.
    public func schemaDrift() -> [String: [String]] {
        var drift: [String: [String]] = [:]
        for skill in all where !skill.schemaDrift.isEmpty { drift[skill.id] = skill.schemaDrift }
        return drift
    }

    /// Every registered skill, in registration order.
    public var all: [AnySkill] { order.compactMap { skills[$0] } }

    /// The enabled skills, in registration order.
    public var enabled: [AnySkill] { all.filter { isEnabled($0.id) } }

    /// The enabled skills' metadata.
    public var enabledDescriptors: [SkillDescriptor] { enabled.map(\.descriptor) }

    /// The enabled skill with `id`.
    /// - Throws: ``SkillError/unknownSkill(_:)`` or ``SkillError/disabledSkill(_:)``.
    public func skill(_ id: String) throws -> AnySkill {
        guard let skill = skills[id] else { throw SkillError.unknownSkill(id) }
        guard !disabled.contains(id) else { throw SkillError.disabledSkill(id) }
        return skill
    }

    /// The manifest of enabled skills for a prompt: one line per skill (id, summary, arguments),
    /// dropping argument details and then whole skills from the end until it fits `tokenBudget`.
    public func manifest(tokenBudget: Int, countTokens: (String) async throws -> Int) async rethrows -> String {
        let full = enabledDescriptors.map { "- \($0.id): \($0.summary)" + Self.argumentSummary($0) }
        let compact = enabledDescriptors.map { "- \($0.id): \($0.summary)" }
        for lines in [full, compact] {
            var kept = lines
            while !kept.isEmpty {
                let text = kept.joined(separator: "\n")
                if try await countTokens(text) <= tokenBudget { return text }
                kept.removeLast()
            }
        }
        return ""
    }

    static func argumentSummary(_ descriptor: SkillDescriptor) -> String {
        guard let properties = descriptor.argumentsSchema.root["properties"]?.objectValue, !properties.isEmpty else { return "" }
        let required = Set(descriptor.argumentsSchema.root["required"]?.arrayValue?.compactMap(\.stringValue) ?? [])
        let fields = properties.map { key, value in
            let type = value["type"]?.stringValue ?? value["enum"].map { _ in "enum" } ?? "any"
            return required.contains(key) ? "\(key): \(type)" : "\(key)?: \(type)"
        }
        return " (arguments: " + fields.joined(separator: ", ") + ")"
    }
}

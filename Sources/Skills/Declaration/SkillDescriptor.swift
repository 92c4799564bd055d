import LLM

/// A skill's metadata without its code: what routing, manifests and evaluations need.
public struct SkillDescriptor: Sendable, Hashable {
    /// Stable identifier.
    public var id: String
    /// Human-readable name.
    public var name: String
    /// What the skill does, for the model.
    public var summary: String
    /// What it may touch.
    public var permissions: Set<SkillPermission>
    /// Keyword phrases for the keyword step.
    public var keywords: [String]
    /// Example messages.
    public var examples: [String]
    /// Whether replies are rewritten.
    public var rewritesResponse: Bool
    /// Schema of the arguments.
    public var argumentsSchema: JSONSchema

    /// Creates a descriptor.
    public init(id: String, name: String, summary: String, permissions: Set<SkillPermission> = [], keywords: [String] = [],
                examples: [String] = [], rewritesResponse: Bool = false, argumentsSchema: JSONSchema = NoArguments.schema) {
        self.id = id
        self.name = name
        self.summary = summary
        self.permissions = permissions
        self.keywords = keywords
        self.examples = examples
        self.rewritesResponse = rewritesResponse
        self.argumentsSchema = argumentsSchema
    }

    /// Whether the skill takes any arguments.
    public var takesArguments: Bool {
        guard let properties = argumentsSchema.root["properties"]?.objectValue else { return false }
        return !properties.isEmpty
    }
}

/// What a schema tells an engine about finishing a constrained JSON answer that runs out of budget.
///
/// A schema can require members the model has not written yet when the budget runs low (a
/// required property declared after forty optional ones, nested objects with required members of
/// their own). Closing such an answer validly means writing those members, not only the closing
/// quotes and brackets: the engine steers towards the ``requiredKeys`` and allows up to
/// ``requiredContentTokens`` more tokens for them.
public struct JSONClosingHints: Sendable, Hashable {
    /// Every property name some `required` in the schema lists, as JSON key text with its quotes
    /// (`"name"`), in first-seen order without repeats.
    public var requiredKeys: [[UInt8]]
    /// A generous estimate of the tokens the required members of the whole document need at the
    /// least (each key, a colon, a short value, a comma), capped at ``maximumRequiredContentTokens``.
    public var requiredContentTokens: Int

    /// The most ``requiredContentTokens`` grows to, however many members a schema requires.
    public static let maximumRequiredContentTokens = 384

    /// Hints for `schema`.
    public init(schema: JSONSchema) {
        var keys: [[UInt8]] = []
        var seen: Set<String> = []
        var cost = 0
        Self.collectRequired(in: schema.root) { name in
            cost += name.utf8.count + 8
            if seen.insert(name).inserted { keys.append(Array(JSONValue.string(name).jsonText.utf8)) }
        }
        self.requiredKeys = keys
        self.requiredContentTokens = min(cost, Self.maximumRequiredContentTokens)
    }

    /// Keywords whose values are instances, not schemas: a `required` inside them is data.
    private static let instanceKeywords: Set<String> = ["enum", "const", "default", "examples", "example"]

    private static func collectRequired(in value: JSONValue, _ found: (String) -> Void) {
        switch value {
        case .object(let object):
            for (key, member) in object {
                if key == "required", case .array(let names) = member {
                    for case .string(let name) in names { found(name) }
                } else if !instanceKeywords.contains(key) {
                    collectRequired(in: member, found)
                }
            }
        case .array(let items):
            for item in items { collectRequired(in: item, found) }
        default:
            break
        }
    }
}

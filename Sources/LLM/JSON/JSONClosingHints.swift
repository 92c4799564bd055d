/// What a schema tells an engine about finishing a constrained JSON answer that runs out of budget.
///
/// A schema can require members the model has not written yet when the budget runs low (a
/// required property declared after forty optional ones, nested objects with required members of
/// their own). Closing such an answer validly means writing those members, not only the closing
/// quotes and brackets: the engine steers towards the ``requiredKeys`` and allows up to
/// ``requiredContentTokens`` more tokens for them. A string under a `pattern` may likewise be
/// unable to end where the model has taken it; ``stringEndings`` are ways to an end.
public struct JSONClosingHints: Sendable, Hashable {
    /// Every property name some `required` in the schema lists, as JSON key text with its quotes
    /// (`"name"`), in first-seen order without repeats.
    public var requiredKeys: [[UInt8]]
    /// Short texts after which a string under one of the schema's `pattern`s can end: every
    /// suffix of a shortest example of each pattern (`a-v0`, `-v0`, `v0`, `0` for
    /// `^[a-z]+(?:-+[a-z]+)*-v\d+$`), shortest first. A model that writes a string its pattern
    /// cannot end where it stands is steered along one of them when the budget runs out.
    public var stringEndings: [[UInt8]]
    /// A generous estimate of the tokens the required members of the whole document need at the
    /// least (each key, a colon, a short value, a comma), capped at ``maximumRequiredContentTokens``.
    public var requiredContentTokens: Int

    /// The most ``requiredContentTokens`` grows to, however many members a schema requires.
    public static let maximumRequiredContentTokens = 384

    /// Hints for `schema`.
    public init(schema: JSONSchema) {
        var keys: [[UInt8]] = []
        var seen: Set<String> = []
        var endings: Set<[UInt8]> = []
        let cost = Self.requiredCost(of: schema.root, required: { name in
            if seen.insert(name).inserted { keys.append(Array(JSONValue.string(name).jsonText.utf8)) }
        }, pattern: { pattern in
            guard let example = (try? JSONSchemaGrammarRegex.parse(pattern))?.shortestExample,
                  example.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\") })
            else { return }
            let bytes = Array(example.utf8)
            for start in bytes.indices { endings.insert(Array(bytes[start...])) }
        })
        self.requiredKeys = keys
        self.requiredContentTokens = min(cost, Self.maximumRequiredContentTokens)
        self.stringEndings = endings.sorted { $0.count != $1.count ? $0.count < $1.count : $0.lexicographicallyPrecedes($1) }
    }

    /// Keywords whose values are instances, not schemas: a `required` inside them is data.
    private static let instanceKeywords: Set<String> = ["enum", "const", "default", "examples", "example"]
    /// Keywords of which an answer satisfies one branch: the costliest branch counts, not all.
    private static let alternativeKeywords: Set<String> = ["anyOf", "oneOf"]

    /// The cost of the required members in `value` and below (each name's length plus 8), telling
    /// `required` every required name and `pattern` every string pattern on the way.
    private static func requiredCost(of value: JSONValue, required: (String) -> Void, pattern: (String) -> Void) -> Int {
        switch value {
        case .object(let object):
            var cost = 0
            for (key, member) in object {
                if key == "required", case .array(let names) = member {
                    for case .string(let name) in names {
                        required(name)
                        cost += name.utf8.count + 8
                    }
                } else if key == "pattern", case .string(let text) = member {
                    pattern(text)
                } else if alternativeKeywords.contains(key), case .array(let branches) = member {
                    cost += branches.map { requiredCost(of: $0, required: required, pattern: pattern) }.max() ?? 0
                } else if !instanceKeywords.contains(key) {
                    cost += requiredCost(of: member, required: required, pattern: pattern)
                }
            }
            return cost
        case .array(let items):
            return items.map { requiredCost(of: $0, required: required, pattern: pattern) }.reduce(0, +)
        default:
            return 0
        }
    }
}

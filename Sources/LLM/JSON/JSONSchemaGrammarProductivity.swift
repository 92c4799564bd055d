/// Which rules of a compiled grammar derive some finite text. A schema whose required members
/// refer back to themselves (`{"required": ["next"], "properties": {"next": {"$ref": "#"}}}`) has
/// no finite instance; its grammar would let a model nest until it runs out of tokens.
enum JSONSchemaGrammarProductivity {
    private indirect enum Item {
        case terminal(Bool)
        case rule(String)
        case group([[Item]])
        case optional(Item)
    }

    /// The names of the rules that derive no finite text.
    static func unproductiveRules(_ rules: [(name: String, body: String)]) -> Set<String> {
        var parsed: [String: [[Item]]] = [:]
        for rule in rules {
            var parser = Parser(scalars: Array(rule.body.unicodeScalars))
            parsed[rule.name] = parser.alternatives()
        }
        var productive: Set<String> = []
        var changed = true
        while changed {
            changed = false
            for (name, body) in parsed where !productive.contains(name) && derives(body, productive) {
                productive.insert(name)
                changed = true
            }
        }
        return Set(parsed.keys).subtracting(productive)
    }

    private static func derives(_ alternatives: [[Item]], _ productive: Set<String>) -> Bool {
        alternatives.contains { sequence in sequence.allSatisfy { derives($0, productive) } }
    }

    private static func derives(_ item: Item, _ productive: Set<String>) -> Bool {
        switch item {
        case .terminal(let possible): return possible
        case .rule(let name): return productive.contains(name)
        case .group(let alternatives): return derives(alternatives, productive)
        case .optional: return true
        }
    }

    /// Reads the GBNF the builder writes (terms separated by spaces, no comments).
    private struct Parser {
        let scalars: [Unicode.Scalar]
        var index = 0

        mutating func alternatives() -> [[Item]] {
            var result = [sequence()]
            while index < scalars.count, scalars[index] == "|" {
                index += 1
                result.append(sequence())
            }
            return result
        }

        mutating func sequence() -> [Item] {
            var items: [Item] = []
            while index < scalars.count {
                let scalar = scalars[index]
                switch scalar {
                case " ": index += 1
                case "|", ")": return items
                case "\"", "[":
                    let start = index
                    let closer: Unicode.Scalar = scalar == "\"" ? "\"" : "]"
                    index += 1
                    while index < scalars.count, scalars[index] != closer {
                        index += scalars[index] == "\\" ? 2 : 1
                    }
                    index += 1
                    let text = String(String.UnicodeScalarView(scalars[start..<min(index, scalars.count)]))
                    items.append(.terminal(text != JSONSchemaGrammarBuilder.nothing))
                case "(":
                    index += 1
                    let inner = alternatives()
                    index += 1  // ")"
                    items.append(.group(inner))
                case "?", "*":
                    index += 1
                    if let last = items.popLast() { items.append(.optional(last)) }
                case "+":
                    index += 1
                case "{":
                    var bounds = ""
                    index += 1
                    while index < scalars.count, scalars[index] != "}" {
                        bounds.unicodeScalars.append(scalars[index])
                        index += 1
                    }
                    index += 1
                    let minimum = bounds.split(separator: ",", omittingEmptySubsequences: false).first.flatMap { Int($0) } ?? 0
                    if minimum == 0, let last = items.popLast() { items.append(.optional(last)) }
                default:
                    var name = ""
                    while index < scalars.count, !" |()?*+{\"[".unicodeScalars.contains(scalars[index]) {
                        name.unicodeScalars.append(scalars[index])
                        index += 1
                    }
                    items.append(.rule(name))
                }
            }
            return items
        }
    }
}

import Foundation

/// A restriction on what a model may generate, enforced while decoding by engines that can.
public enum OutputConstraint: Sendable, Hashable {
    /// A GBNF grammar (llama.cpp's grammar format); `root` names the start rule.
    case grammar(String, root: String = "root")
    /// The output must be exactly one of these strings.
    case choices([String])
    /// The output must be JSON valid against this schema. Engines compile it to a grammar with
    /// ``JSONSchemaGrammarCompiler``; keywords a grammar cannot express are checked afterwards by
    /// ``LLMBridge``.
    case jsonSchema(JSONSchema)

    /// The grammar (GBNF text and start rule) that enforces the constraint.
    /// - Throws: ``LLMError/invalidConstraint(_:)`` when a schema cannot be compiled.
    public func grammar() throws(LLMError) -> (text: String, root: String) {
        switch self {
        case .grammar(let text, let root): return (text, root)
        case .choices: return (grammarText, "root")
        case .jsonSchema(let schema):
            do {
                let compiled = try JSONSchemaGrammarCompiler().compile(schema)
                return (compiled.gbnf, compiled.root)
            } catch {
                throw .invalidConstraint("the JSON Schema cannot be compiled to a grammar: \(error)")
            }
        }
    }

    /// The GBNF text of a grammar or choice constraint (empty for a schema: use ``grammar()``).
    public var grammarText: String {
        switch self {
        case .grammar(let text, _):
            return text
        case .choices(let options):
            let alternatives = options.map(Self.gbnfLiteral).joined(separator: " | ")
            return "root ::= \(alternatives)"
        case .jsonSchema:
            return ""
        }
    }

    /// Whether the constrained output is a JSON document (engines then make sure it gets closed).
    public var producesJSON: Bool {
        if case .jsonSchema = self { return true }
        return false
    }

    /// Checks that the constraint can be satisfied at all.
    public func validate() throws(LLMError) {
        switch self {
        case .grammar(let text, let root):
            if text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
                throw .invalidConstraint("the grammar is empty")
            }
            if root.isEmpty { throw .invalidConstraint("the grammar's root rule name is empty") }
        case .choices(let options):
            if options.isEmpty { throw .invalidConstraint("a choice constraint needs at least one choice") }
            if options.contains(where: \.isEmpty) { throw .invalidConstraint("choices must not be empty strings") }
        case .jsonSchema:
            break
        }
    }

    /// Quotes `text` as a GBNF string literal.
    public static func gbnfLiteral(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 {
                    out += "\\x" + String(scalar.value, radix: 16).leftPadded(to: 2)
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}

import Foundation

/// A restriction on what a model may generate, enforced while decoding by engines that can.
public enum OutputConstraint: Sendable, Hashable {
    /// A GBNF grammar (llama.cpp's grammar format); `root` names the start rule.
    case grammar(String, root: String = "root")
    /// The output must be exactly one of these strings.
    case choices([String])

    /// The constraint expressed as a GBNF grammar with start rule `root`.
    public var grammarText: String {
        switch self {
        case .grammar(let text, _):
            return text
        case .choices(let options):
            let alternatives = options.map(Self.gbnfLiteral).joined(separator: " | ")
            return "root ::= \(alternatives)"
        }
    }

    /// Whether the constrained output is a JSON document (engines then make sure it gets closed).
    public var producesJSON: Bool {
        switch self {
        case .grammar, .choices: return false
        }
    }

    /// The start rule of ``grammarText``.
    public var grammarRoot: String {
        if case .grammar(_, let root) = self { return root }
        return "root"
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

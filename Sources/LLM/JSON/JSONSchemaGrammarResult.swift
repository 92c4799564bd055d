/// A GBNF grammar compiled from a JSON Schema, with what it does not enforce.
///
/// The grammar only accepts JSON text (no text before or after the value). Where the schema has
/// keywords the grammar cannot express, they are listed in ``unsupported``; text the grammar accepts
/// is then still JSON, but it may violate those keywords, so callers should validate it (and retry).
/// The grammar may accept *fewer* documents than the schema does (for example it never generates
/// undeclared properties unless `additionalProperties` asks for them, and it bounds lengths and
/// depths); that never makes output invalid, so it is not reported.
public struct JSONSchemaGrammarResult: Sendable, Hashable {
    /// The grammar in llama.cpp's GBNF format; the start rule is ``root``.
    public var gbnf: String
    /// Keywords the grammar does not enforce, in the order they were met.
    public var unsupported: [UnsupportedKeyword]

    /// Creates a result.
    public init(gbnf: String, unsupported: [UnsupportedKeyword]) {
        self.gbnf = gbnf
        self.unsupported = unsupported
    }

    /// The name of the start rule (always `root`).
    public var root: String { "root" }

    /// Whether every keyword of the schema is enforced by the grammar.
    public var isFullyEnforced: Bool { unsupported.isEmpty }

    /// The grammar as a decoding constraint.
    public var constraint: OutputConstraint { .grammar(gbnf, root: root) }
}

/// A schema keyword the grammar does not enforce, and where it is.
public struct UnsupportedKeyword: Sendable, Hashable, CustomStringConvertible {
    /// JSON Pointer (RFC 6901) to the subschema holding the keyword; `""` is the root schema.
    public var pointer: String
    /// The keyword, such as `multipleOf` or `uniqueItems`.
    public var keyword: String
    /// Why it is not enforced.
    public var reason: String

    /// Creates a record.
    public init(pointer: String, keyword: String, reason: String) {
        self.pointer = pointer
        self.keyword = keyword
        self.reason = reason
    }

    /// A one-line explanation.
    public var description: String { "\(pointer.isEmpty ? "#" : "#" + pointer): '\(keyword)' not enforced: \(reason)" }
}

/// A schema that cannot be compiled into a grammar.
public enum JSONSchemaGrammarError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A `$ref` that does not point into the document (remote references are not fetched).
    case unresolvableReference(pointer: String, reference: String)
    /// A keyword whose value the specification does not allow.
    case invalidKeyword(pointer: String, keyword: String, reason: String)
    /// No JSON value satisfies the schema (for example `false`, or `minimum` above `maximum`).
    case unsatisfiable(pointer: String, reason: String)
    /// The schema is too large or too deeply self-referencing to compile.
    case tooComplex(pointer: String, reason: String)

    /// A one-line explanation.
    public var description: String {
        switch self {
        case .unresolvableReference(let pointer, let reference):
            return "The reference '\(reference)' at #\(pointer) cannot be resolved within the schema"
        case .invalidKeyword(let pointer, let keyword, let reason):
            return "Invalid '\(keyword)' at #\(pointer): \(reason)"
        case .unsatisfiable(let pointer, let reason):
            return "The schema at #\(pointer) cannot be satisfied: \(reason)"
        case .tooComplex(let pointer, let reason):
            return "The schema at #\(pointer) is too complex to compile: \(reason)"
        }
    }
}

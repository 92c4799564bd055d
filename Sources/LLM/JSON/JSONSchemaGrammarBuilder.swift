/// Turns one schema document into GBNF rules: the rule table, naming, references and the dispatch
/// over applicators and types. Lives for one compilation, on one thread.
///
/// Every `visit` returns a GBNF expression for the JSON text of the values the subschema allows,
/// or `nil` when it allows none (the caller then drops that alternative, property or item).
final class JSONSchemaGrammarBuilder {
    let options: JSONSchemaGrammarCompiler.Options
    let references: JSONSchemaGrammarReferences
    /// The whitespace rule's name, or "" for compact output.
    let ws: String

    private var rules: [(name: String, body: String)] = []
    private var ruleIndex: [String: Int] = [:]
    private var namesByBody: [String: String] = [:]
    private var unsupportedSeen: Set<UnsupportedKeyword> = []
    private(set) var unsupported: [UnsupportedKeyword] = []
    private var referenceRules: [String: String] = [:]
    private var referencesInProgress: [String: Int] = [:]
    private var unsatisfiableReferences: Set<String> = []
    private var mergedRules: [JSONObject: String] = [:]
    private var mergedInProgress: [JSONObject: Int] = [:]
    private var unsatisfiableMerged: Set<JSONObject> = []
    /// How many objects and arrays enclose the subschema being compiled (recursion must go through one).
    private(set) var containerDepth = 0
    private var inlineDepth = 0
    var visits = 0

    /// A GBNF expression that matches nothing, for references to unsatisfiable schemas.
    static let nothing = #"[^\x00-\U0010FFFF]"#

    init(document: JSONValue, options: JSONSchemaGrammarCompiler.Options) {
        self.options = options
        self.references = JSONSchemaGrammarReferences(document: document)
        self.ws = options.whitespace == .compact ? "" : "ws"
    }

    func build() throws(JSONSchemaGrammarError) -> JSONSchemaGrammarResult {
        guard try referenceRule(pointer: "", schema: references.document) != nil else {
            throw .unsatisfiable(pointer: "", reason: "no JSON value satisfies the schema")
        }
        if JSONSchemaGrammarProductivity.unproductiveRules(rules).contains("root") {
            throw .unsatisfiable(pointer: "", reason: "every value would nest forever (required members refer back to their own schema)")
        }
        let ordered = rules.filter { $0.name == "root" } + rules.filter { $0.name != "root" }
        let text = ordered.map { "\($0.name) ::= \($0.body)" }.joined(separator: "\n") + "\n"
        return JSONSchemaGrammarResult(gbnf: text, unsupported: unsupported)
    }

    // MARK: - Rules

    /// Records a keyword the grammar does not enforce.
    func declare(_ pointer: String, _ keyword: String, _ reason: String) {
        let record = UnsupportedKeyword(pointer: pointer, keyword: keyword, reason: reason)
        if unsupportedSeen.insert(record).inserted { unsupported.append(record) }
    }

    /// A rule with `body`, named after `hint`; identical bodies share one rule.
    func define(_ hint: String, _ body: String) -> String {
        if Self.isRuleName(body) { return body }
        if let existing = namesByBody[body] { return existing }
        let name = reserveName(hint)
        setRule(name, body)
        namesByBody[body] = name
        return name
    }

    /// `expression` as one symbol: itself when it is a rule name, one literal or one character
    /// class, else a rule. (llama.cpp limits how many generated rules a repetition may copy, so
    /// anything repeated or shared is best a named rule.)
    func atom(_ expression: String, _ hint: String) -> String {
        Self.isSimple(expression) ? expression : define(hint, expression)
    }

    /// Whether `text` is a rule name, one literal or one character class.
    static func isSimple(_ text: String) -> Bool {
        isRuleName(text) || (isAtomic(text) && (text.hasPrefix("\"") || text.hasPrefix("[")))
    }

    /// `expression` wrapped in parentheses unless it is atomic.
    static func group(_ expression: String) -> String {
        isAtomic(expression) ? expression : "(" + expression + ")"
    }

    /// Parts joined into a sequence, skipping empty ones.
    static func sequence(_ parts: String...) -> String { sequence(parts) }

    static func sequence(_ parts: [String]) -> String { parts.filter { !$0.isEmpty }.joined(separator: " ") }

    /// Alternatives joined, each grouped as needed, duplicates removed.
    static func alternatives(_ options: [String]) -> String {
        var seen: Set<String> = [], unique: [String] = []
        for option in options where seen.insert(option).inserted { unique.append(option) }
        return unique.joined(separator: " | ")
    }

    func reserveName(_ hint: String) -> String {
        var base = ""
        var lastWasDash = true
        for scalar in hint.unicodeScalars {
            if scalar.isASCII, scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) {
                base.unicodeScalars.append(scalar)
                lastWasDash = false
            } else if !lastWasDash {
                base += "-"
                lastWasDash = true
            }
        }
        while base.hasSuffix("-") { base.removeLast() }
        if base.count > 40 { base = String(base.suffix(40)); while base.hasPrefix("-") { base.removeFirst() } }
        if base.isEmpty { base = "r" }
        if JSONSchemaGrammarBuilder.builtinNames.contains(base) || base.hasPrefix("json-") { base = "s-" + base }
        var name = base, counter = 2
        while ruleIndex[name] != nil { name = "\(base)-\(counter)"; counter += 1 }
        ruleIndex[name] = -1
        return name
    }

    func setRule(_ name: String, _ body: String) {
        if let index = ruleIndex[name], index >= 0 {
            rules[index].body = body
        } else {
            ruleIndex[name] = rules.count
            rules.append((name, body))
        }
    }

    func hasRule(_ name: String) -> Bool { (ruleIndex[name] ?? -1) >= 0 }

    /// A rule name for a pointer: its last meaningful segments.
    func hint(_ pointer: String) -> String {
        if pointer.isEmpty { return "root" }
        let structural: Set<String> = ["properties", "items", "prefixItems", "additionalItems", "$defs", "definitions",
                                       "additionalProperties", "allOf", "anyOf", "oneOf", "patternProperties"]
        let segments = pointer.split(separator: "/", omittingEmptySubsequences: false).dropFirst()
            .map { $0.replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~") }
            .filter { !structural.contains($0) }
        let name = segments.suffix(2).joined(separator: "-")
        return name.first?.isNumber == true ? "alt-" + name : name
    }

    static func isRuleName(_ text: String) -> Bool {
        !text.isEmpty && text.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "-") }
    }

    /// Whether `text` is one GBNF term: a rule name, one literal, one character class or one group.
    static func isAtomic(_ text: String) -> Bool {
        if isRuleName(text) { return true }
        let scalars = Array(text.unicodeScalars)
        guard let first = scalars.first else { return false }
        let closer: Unicode.Scalar
        switch first {
        case "\"": closer = "\""
        case "[": closer = "]"
        case "(": closer = ")"
        default: return false
        }
        var depth = 0, index = 0
        var inLiteral = false, inClass = false
        while index < scalars.count {
            let scalar = scalars[index]
            if (inLiteral || inClass) && scalar == "\\" { index += 2; continue }
            if inLiteral { if scalar == "\"" { inLiteral = false } }
            else if inClass { if scalar == "]" { inClass = false } }
            else if scalar == "\"" { inLiteral = true }
            else if scalar == "[" { inClass = true }
            else if scalar == "(" { depth += 1 }
            else if scalar == ")" { depth -= 1 }
            let closesFirst = closer == ")" ? (scalar == ")" && depth == 0)
                : closer == "]" ? (scalar == "]" && !inClass && index > 0)
                : (scalar == "\"" && !inLiteral && index > 0)
            if closesFirst { return index == scalars.count - 1 }
            index += 1
        }
        return false
    }

    // MARK: - References and nesting

    /// The rule for the subschema at `pointer` (shared by every `$ref` to it, so recursion works).
    func referenceRule(pointer: String, schema: JSONValue) throws(JSONSchemaGrammarError) -> String? {
        if unsatisfiableReferences.contains(pointer) { return nil }
        if let name = referenceRules[pointer] {
            if let depth = referencesInProgress[pointer], depth == containerDepth {
                throw .tooComplex(pointer: pointer, reason: "the schema refers to itself without an object or array in between")
            }
            return name
        }
        let name = pointer.isEmpty ? reserveName("root") : reserveName(hint(pointer))
        referenceRules[pointer] = name
        referencesInProgress[pointer] = containerDepth
        let body = try visit(schema, at: pointer)
        referencesInProgress[pointer] = nil
        guard let body else {
            unsatisfiableReferences.insert(pointer)
            setRule(name, Self.nothing)
            return nil
        }
        setRule(name, body)
        return name
    }

    /// The rule for a schema assembled by merging (allOf, a `$ref` with siblings, a branch with its
    /// parent's keywords); equal merged schemas share one rule, so recursion through them works.
    func mergedRule(_ schema: JSONObject, at pointer: String) throws(JSONSchemaGrammarError) -> String? {
        if unsatisfiableMerged.contains(schema) { return nil }
        if let name = mergedRules[schema] {
            if let depth = mergedInProgress[schema], depth == containerDepth {
                throw .tooComplex(pointer: pointer, reason: "the schema refers to itself without an object or array in between")
            }
            return name
        }
        let name = reserveName(hint(pointer))
        mergedRules[schema] = name
        mergedInProgress[schema] = containerDepth
        let body = try nested(pointer) { () throws(JSONSchemaGrammarError) -> String? in try visitObject(schema, at: pointer) }
        mergedInProgress[schema] = nil
        guard let body else {
            unsatisfiableMerged.insert(schema)
            setRule(name, Self.nothing)
            return nil
        }
        setRule(name, body)
        return name
    }

    /// Runs `body` for a value inside an object or array.
    func inContainer<T>(_ body: () throws(JSONSchemaGrammarError) -> T) throws(JSONSchemaGrammarError) -> T {
        containerDepth += 1
        defer { containerDepth -= 1 }
        return try body()
    }

    /// Runs `body` for a schema assembled by merging (allOf, references with siblings).
    func nested<T>(_ pointer: String, _ body: () throws(JSONSchemaGrammarError) -> T) throws(JSONSchemaGrammarError) -> T {
        inlineDepth += 1
        defer { inlineDepth -= 1 }
        if inlineDepth > 48 {
            throw .tooComplex(pointer: pointer, reason: "allOf or references nest more than 48 levels (a reference cycle?)")
        }
        return try body()
    }

    /// A subschema as an object, with a top-level `$ref` merged in; `nil` for `false`.
    func resolvedBranch(_ schema: JSONValue, at pointer: String) throws(JSONSchemaGrammarError) -> JSONObject? {
        switch schema {
        case .bool(let allowed): return allowed ? JSONObject() : nil
        case .object(var object):
            guard let ref = object["$ref"] ?? object["$recursiveRef"] else { return object }
            guard let text = ref.stringValue else {
                throw .invalidKeyword(pointer: pointer, keyword: "$ref", reason: "must be a string")
            }
            let target = try references.resolve(text, at: pointer)
            object["$ref"] = nil
            object["$recursiveRef"] = nil
            return try nested(pointer) { () throws(JSONSchemaGrammarError) -> JSONObject? in
                guard let resolved = try resolvedBranch(target.schema, at: target.pointer) else { return nil }
                let merged = JSONSchemaGrammarMerge.merge(resolved, object)
                for keyword in merged.conflicts { declare(pointer, keyword, "differs between the schema and its $ref target") }
                return merged.schema
            }
        default:
            throw .invalidKeyword(pointer: pointer, keyword: "", reason: "a schema must be an object or a boolean, not \(schema.typeName)")
        }
    }
}

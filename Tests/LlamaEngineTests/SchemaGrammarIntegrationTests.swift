import Evaluation
import Foundation
import LLM
import LlamaEngine
import Testing

/// Grammars compiled from JSON Schemas, run through the real llama.cpp grammar sampler with SmolLM2.
@Suite(.serialized) struct SchemaGrammarIntegrationTests {
    // MARK: - llama.cpp accepts the grammars

    /// The JSONSchemaBench corpus, where ``EvaluationData`` finds it.
    private static func benchmarkFolder() -> URL? {
        (try? EvaluationData.locate())?.folder(of: .jsonSchemaBench)
    }

    /// Ten schemas from each subset, spread evenly over the sorted file names.
    private static func sample(perSubset: Int = 10) throws -> [(name: String, text: String)] {
        guard let folder = benchmarkFolder() else { return [] }
        var schemas: [(String, String)] = []
        for subset in ["Glaiveai2K", "Github_trivial", "Github_easy", "Github_medium", "Snowplow", "WashingtonPost"] {
            let directory = folder.appendingPathComponent(subset)
            let names = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".json") }.sorted()
            let step = max(1, names.count / perSubset)
            for name in stride(from: 0, to: names.count, by: step).prefix(perSubset).map({ names[$0] }) {
                schemas.append(("\(subset)/\(name)", try String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8)))
            }
        }
        return schemas
    }

    @Test(.enabled(if: EvaluationData.isAvailable([.jsonSchemaBench]),
                   "needs the whole of JSONSchemaBench: run scripts/fetch-eval-data.sh, or set HOMEOS_DATA_DIR"))
    func llamaCppParsesGrammarsCompiledFromBenchmarkSchemas() async throws {
        let schemas = try Self.sample()
        try #require(schemas.count >= 60, "JSONSchemaBench has fewer than 60 schemas in its six subsets")
        let engine = try await TestModels.smolLM2()
        var compiled = 0
        var rejected: [String] = []
        for schema in schemas {
            guard let result = try? JSONSchemaGrammarCompiler().compile(jsonText: schema.text) else { continue }
            compiled += 1
            do {
                try await engine.checkGrammar(result.constraint)
            } catch LLMError.invalidConstraint(let reason) {
                rejected.append("\(schema.name): \(reason)")
            }
        }
        #expect(compiled >= 58, "only \(compiled) of \(schemas.count) sampled schemas compiled")
        #expect(rejected.isEmpty, "llama.cpp rejected \(rejected.count) grammars: \(rejected.joined(separator: "; "))")
    }

    // MARK: - Constrained generation satisfies the schema

    /// Name, prompt and schema. SmolLM2 tends to nest a recursive structure until it runs out of
    /// tokens when it may indent, so that case uses compact whitespace.
    static let cases: [(name: String, prompt: String, schema: String)] = [
        ("reservation", "Book a table: Italian food on 2025-03-14 at 7:30 pm for 4 people, a table by the window. Reply as JSON.", #"""
        {"type": "object", "additionalProperties": false, "required": ["cuisine", "date", "time", "partySize"],
         "properties": {"cuisine": {"type": "string", "enum": ["italian", "thai", "mexican", "japanese"]},
          "date": {"type": "string", "format": "date"}, "time": {"type": "string", "format": "time"},
          "partySize": {"type": "integer", "minimum": 1, "maximum": 20}, "specialRequests": {"type": "string", "maxLength": 80}}}
        """#),
        ("shopping list", "List three things to buy for pancakes, as JSON.", #"""
        {"type": "object", "required": ["items"], "properties": {"items": {"type": "array", "minItems": 2, "maxItems": 5,
         "items": {"type": "string", "minLength": 1, "maxLength": 30}}}}
        """#),
        ("nested person", "Describe Ada Lovelace, who lived at 12 St James's Square, London, as JSON.", #"""
        {"type": "object", "required": ["name", "address"], "properties": {"name": {"type": "string", "maxLength": 40},
         "address": {"type": "object", "required": ["street", "city"], "additionalProperties": false, "properties": {
          "street": {"type": "string", "maxLength": 40}, "city": {"type": "string", "maxLength": 30},
          "zip": {"type": "string", "pattern": "^\\d{5}$"}}}}}
        """#),
        ("nullable nickname", "Tom is 31 and has no nickname. Reply as JSON.", #"""
        {"type": "object", "required": ["nickname", "age"], "properties": {
         "nickname": {"anyOf": [{"type": "string", "maxLength": 20}, {"type": "null"}]}, "age": {"type": "integer", "minimum": 0, "maximum": 120}}}
        """#),
        ("recursive tree", "Give a small family tree: Anna has two children, Ben and Cleo. Reply as JSON.", #"""
        {"$defs": {"person": {"type": "object", "required": ["name"], "additionalProperties": false, "properties": {
          "name": {"type": "string", "maxLength": 20}, "children": {"type": "array", "maxItems": 3, "items": {"$ref": "#/$defs/person"}}}}},
         "$ref": "#/$defs/person"}
        """#),
        ("product code", "The part is ABC-1234 and we need 12 of them. Reply as JSON.", #"""
        {"type": "object", "required": ["code", "quantity"], "additionalProperties": false, "properties": {
         "code": {"type": "string", "pattern": "^[A-Z]{3}-\\d{4}$"}, "quantity": {"type": "integer", "minimum": 1, "maximum": 99}}}
        """#),
        ("task", "Task: file the taxes, high priority, not done, about 3.5 hours. Reply as JSON.", #"""
        {"type": "object", "required": ["title", "priority", "done", "estimateHours"], "properties": {
         "title": {"type": "string", "maxLength": 40}, "priority": {"enum": ["low", "medium", "high"]},
         "done": {"type": "boolean"}, "estimateHours": {"type": "number", "minimum": 0, "maximum": 100}}}
        """#),
        ("point tuple", "The point is at x = 3, y = -2. Reply as JSON.", #"""
        {"type": "object", "required": ["point"], "properties": {"point": {"type": "array", "minItems": 2,
         "prefixItems": [{"type": "number"}, {"type": "number"}], "items": false}}}
        """#),
        ("event ids", "Create an event record with an id and the time it was created. Reply as JSON.", #"""
        {"type": "object", "required": ["id", "createdAt"], "additionalProperties": false, "properties": {
         "id": {"type": "string", "format": "uuid"}, "createdAt": {"type": "string", "format": "date-time"}}}
        """#),
        ("shape", "A circle with radius 2. Reply as JSON.", #"""
        {"type": "object", "required": ["shape"], "properties": {"shape": {"oneOf": [
          {"type": "object", "additionalProperties": false, "required": ["kind", "radius"], "properties": {"kind": {"const": "circle"}, "radius": {"type": "number", "minimum": 0}}},
          {"type": "object", "additionalProperties": false, "required": ["kind", "side"], "properties": {"kind": {"const": "square"}, "side": {"type": "number", "minimum": 0}}}]}}}
        """#),
        ("workout plan", "Plan two exercises for today with their durations in minutes. Reply as JSON.", #"""
        {"type": "object", "required": ["exercises"], "properties": {"exercises": {"type": "array", "minItems": 1, "maxItems": 3,
         "items": {"type": "object", "required": ["title", "minutes"], "properties": {"title": {"type": "string", "maxLength": 30},
          "minutes": {"type": "integer", "minimum": 5, "maximum": 120}}}}}}
        """#),
    ]

    @Test(arguments: cases.indices)
    func constrainedGenerationSatisfiesTheSchema(index: Int) async throws {
        let (name, prompt, text) = Self.cases[index]
        let schema = try JSONSchema(jsonText: text)
        let options = JSONSchemaGrammarCompiler.Options(whitespace: name == "recursive tree" ? .compact : .indented(maxIndent: 20))
        let compiled = try JSONSchemaGrammarCompiler(options: options).compile(schema)
        #expect(compiled.isFullyEnforced, "\(name): \(compiled.unsupported)")
        let engine = try await TestModels.smolLM2()
        // The schema itself as the constraint, as the product sends it: the engine then steers the
        // answer to close before the budget ends. A bare grammar (`compiled.constraint`) has no such
        // guarantee: SmolLM2 Q8_0 nests the family tree until the limit cuts it off mid-string.
        let result = try await engine.respond(to: GenerationRequest(
            messages: [.system("You reply with JSON only."), .user(prompt)], options: .init(maxTokens: 200), constraint: .jsonSchema(schema)))
        #expect(result.finishReason == .endOfGeneration, "\(name): \(result.finishReason) after \(result.text)")
        let value = try JSONValue(parsing: result.text)
        let problems = SchemaCheck(root: schema.root).violations(value, schema.root, at: "")
        #expect(problems.isEmpty, "\(name): \(result.text) violates \(problems)")
    }
}

/// A hand-written check of the keywords the test schemas use (independent of the compiler and
/// of the project's validator): type, enum, const, properties, required, additionalProperties,
/// items, prefixItems, minItems, maxItems, minLength, maxLength, minimum, maximum, pattern,
/// format (date, time, date-time, uuid), anyOf, oneOf and local `$ref`.
private struct SchemaCheck {
    let root: JSONValue

    func violations(_ value: JSONValue, _ schema: JSONValue, at path: String) -> [String] {
        guard case .object(let s) = schema else { return schema == .bool(false) ? ["\(path): not allowed"] : [] }
        if let ref = s["$ref"]?.stringValue {
            var target = root
            for token in ref.dropFirst(2).split(separator: "/") { target = target[String(token)] ?? .bool(false) }
            return violations(value, target, at: path)
        }
        var problems: [String] = []
        func fail(_ message: String) { problems.append("\(path): \(message)") }
        if let branches = s["anyOf"]?.arrayValue, !branches.contains(where: { violations(value, $0, at: path).isEmpty }) { fail("no anyOf branch matches") }
        if let branches = s["oneOf"]?.arrayValue, branches.filter({ violations(value, $0, at: path).isEmpty }).count != 1 { fail("not exactly one oneOf branch") }
        if let type = s["type"]?.stringValue, !(type == value.typeName || (type == "number" && value.typeName == "integer")) { fail("not \(type)") }
        if let options = s["enum"]?.arrayValue, !options.contains(value) { fail("not in enum") }
        if let constant = s["const"], constant != value { fail("not \(constant.jsonText)") }
        switch value {
        case .object(let object):
            for name in s["required"]?.arrayValue?.compactMap(\.stringValue) ?? [] where object[name] == nil { fail("missing \(name)") }
            let properties = s["properties"]?.objectValue ?? [:]
            for (key, member) in object {
                if let property = properties[key] {
                    problems += violations(member, property, at: path + "/" + key)
                } else if s["additionalProperties"] == .bool(false) {
                    fail("unexpected \(key)")
                }
            }
        case .array(let items):
            if let minimum = s["minItems"]?.numberValue, Double(items.count) < minimum { fail("too few items") }
            if let maximum = s["maxItems"]?.numberValue, Double(items.count) > maximum { fail("too many items") }
            let prefix = s["prefixItems"]?.arrayValue ?? []
            for (index, item) in items.enumerated() {
                let itemSchema = index < prefix.count ? prefix[index] : (s["items"] ?? .bool(true))
                problems += violations(item, itemSchema, at: path + "/\(index)")
            }
        case .string(let text):
            let length = Double(text.unicodeScalars.count)
            if let minimum = s["minLength"]?.numberValue, length < minimum { fail("too short") }
            if let maximum = s["maxLength"]?.numberValue, length > maximum { fail("too long") }
            if let pattern = s["pattern"]?.stringValue, !Self.matches(text, pattern) { fail("does not match \(pattern)") }
            if let format = s["format"]?.stringValue, let pattern = Self.formats[format], !Self.matches(text, pattern) { fail("not a \(format)") }
            if s["format"]?.stringValue == "date" || s["format"]?.stringValue == "date-time" {
                let formatter = DateFormatter()
                formatter.locale = Locale(identifier: "en_US_POSIX")
                formatter.dateFormat = "yyyy-MM-dd"
                if formatter.date(from: String(text.prefix(10))) == nil { fail("no such day") }
            }
        case .number(let number):
            if let minimum = s["minimum"]?.numberValue, number < minimum { fail("below minimum") }
            if let maximum = s["maximum"]?.numberValue, number > maximum { fail("above maximum") }
        default:
            break
        }
        return problems
    }

    static let formats = [
        "date": #"^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$"#,
        "time": #"^([01]\d|2[0-3]):[0-5]\d:[0-5]\d(\.\d+)?(Z|[+-]([01]\d|2[0-3]):[0-5]\d)$"#,
        "date-time": #"^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])T([01]\d|2[0-3]):[0-5]\d:[0-5]\d(\.\d+)?(Z|[+-]([01]\d|2[0-3]):[0-5]\d)$"#,
        "uuid": #"^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$"#,
    ]

    static func matches(_ text: String, _ pattern: String) -> Bool {
        text.range(of: pattern, options: .regularExpression) != nil
    }
}

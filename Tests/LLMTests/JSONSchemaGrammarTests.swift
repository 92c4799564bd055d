import Foundation
import LLM
import Testing

/// The JSON Schema → GBNF compiler: grammar text, and what the grammar accepts (checked with a small
/// GBNF recognizer below, so the tests do not need llama.cpp).
struct JSONSchemaGrammarTests {
    private func compile(_ json: String, _ options: JSONSchemaGrammarCompiler.Options = .init()) throws -> JSONSchemaGrammarResult {
        try JSONSchemaGrammarCompiler(options: options).compile(JSONSchema(jsonText: json))
    }

    private func grammar(_ json: String, _ options: JSONSchemaGrammarCompiler.Options = .init()) throws -> GBNFRecognizer {
        try GBNFRecognizer(compile(json, options).gbnf)
    }

    @Test func enumBecomesAlternationOfSerializedLiterals() throws {
        let result = try compile(#"{"enum": ["red", "say \"hi\"", 3, null, {"a": [1]}]}"#)
        #expect(result.gbnf.hasPrefix("root ::= "))
        #expect(result.gbnf.contains(#"root ::= "\"red\"" | "\"say \\\"hi\\\"\"" | "3" | "null" | "{\"a\":[1]}""#))
        #expect(result.isFullyEnforced)
        let g = try GBNFRecognizer(result.gbnf)
        #expect(g.accepts(#""say \"hi\"""#) && g.accepts("3") && g.accepts(#"{"a":[1]}"#))
        #expect(!g.accepts(#""blue""#) && !g.accepts("4"))
    }

    @Test func constIsItsSerializedValue() throws {
        let g = try grammar(#"{"const": {"x": [1, "y"], "z": null}}"#)
        #expect(g.accepts(#"{"x":[1,"y"],"z":null}"#))
        #expect(!g.accepts(#"{"x":[1,"y"]}"#))
    }

    @Test func requiredMembersAlwaysAppearOptionalOnesMayBeSkippedInSchemaOrder() throws {
        let schema = #"""
        {"type": "object", "properties": {"a": {"type": "string"}, "b": {"type": "integer"}, "c": {"type": "boolean"}, "d": {"type": "null"}},
         "required": ["b"], "additionalProperties": false}
        """#
        let g = try grammar(schema)
        #expect(g.accepts(#"{"b":1}"#))
        #expect(g.accepts(#"{"a":"x","b":1}"#))
        #expect(g.accepts(#"{ "a": "x", "b": 1, "c": true, "d": null }"#))
        #expect(g.accepts("{\n  \"b\": 2,\n  \"d\": null\n}"))
        #expect(!g.accepts(#"{"a":"x"}"#), "b is required")
        #expect(!g.accepts(#"{"b":1,"a":"x"}"#), "schema order")
        #expect(!g.accepts(#"{,"b":1}"#) && !g.accepts(#"{"b":1,}"#))
        #expect(!g.accepts(#"{"b":1,"e":2}"#), "additionalProperties false")
    }

    @Test func manyOptionalPropertiesStayLinearInSize() throws {
        let properties = (0..<60).map { "\"p\($0)\": {\"type\": \"integer\"}" }.joined(separator: ",")
        let result = try compile(#"{"type": "object", "additionalProperties": false, "properties": {"# + properties + "}}")
        #expect(result.gbnf.count < 20_000)
        let g = try GBNFRecognizer(result.gbnf)
        #expect(g.accepts("{}") && g.accepts(#"{"p59":1}"#) && g.accepts(#"{"p3":1,"p40":2}"#))
        #expect(!g.accepts(#"{"p40":2,"p3":1}"#))
    }

    @Test func additionalPropertiesSchemaAllowsOtherKeysButNotDeclaredOnes() throws {
        let g = try grammar(#"{"type": "object", "properties": {"name": {"type": "string"}}, "additionalProperties": {"type": "integer"}}"#)
        #expect(g.accepts(#"{"name":"x","age":3,"n":4}"#))
        #expect(g.accepts(#"{"other":1}"#))
        #expect(!g.accepts(#"{"name":"x","name":5}"#), "a declared key is never an extra")
        #expect(!g.accepts(#"{"age":"3"}"#))
        let absent = try grammar(#"{"type": "object", "properties": {"name": {"type": "string"}}}"#)
        #expect(absent.accepts(#"{"name":"x"}"#) && !absent.accepts(#"{"name":"x","age":3}"#), "absent: only declared members")
        let bare = try grammar(#"{"type": "object"}"#)
        #expect(bare.accepts(#"{"anything":[1,{"b":null}]}"#))
    }

    @Test func nestedObjectsAndArrays() throws {
        let g = try grammar(#"""
        {"type": "object", "required": ["items"], "properties": {"items": {"type": "array", "minItems": 1, "maxItems": 2,
         "items": {"type": "object", "required": ["id"], "properties": {"id": {"type": "integer"}}}}}}
        """#)
        #expect(g.accepts(#"{"items":[{"id":1}]}"#) && g.accepts(#"{"items":[{"id":1},{"id":2}]}"#))
        #expect(!g.accepts(#"{"items":[]}"#) && !g.accepts(#"{"items":[{"id":1},{"id":2},{"id":3}]}"#))
    }

    @Test func arrayBoundsAndTuples() throws {
        let result = try compile(#"{"type": "array", "items": {"type": "integer"}, "minItems": 2, "maxItems": 4}"#)
        let g = try GBNFRecognizer(result.gbnf)
        #expect(g.accepts("[1,2]") && g.accepts("[1, 2, 3, 4]") && !g.accepts("[1]") && !g.accepts("[1,2,3,4,5]"))
        let tuple = try grammar(#"{"type": "array", "prefixItems": [{"type": "string"}, {"type": "integer"}], "items": false}"#)
        #expect(tuple.accepts("[]") && tuple.accepts(#"["a"]"#) && tuple.accepts(#"["a",1]"#))
        #expect(!tuple.accepts(#"["a",1,2]"#) && !tuple.accepts("[1]"))
        let draft7 = try grammar(#"{"type": "array", "items": [{"const": 1}], "additionalItems": {"type": "boolean"}, "minItems": 2}"#)
        #expect(draft7.accepts("[1,true]") && draft7.accepts("[1,true,false]") && !draft7.accepts("[1]") && !draft7.accepts("[1,2]"))
        let unbounded = try compile(#"{"type": "array"}"#, .init(maxArrayItems: 5))
        #expect(try GBNFRecognizer(unbounded.gbnf).accepts("[1,2,3,4,5]") && !GBNFRecognizer(unbounded.gbnf).accepts("[1,2,3,4,5,6]"))
    }

    @Test func stringLengthsAreBoundedRepetitionOfJSONCharacters() throws {
        let result = try compile(#"{"type": "string", "minLength": 2, "maxLength": 3}"#)
        #expect(result.gbnf.contains("json-char{2,3}"))
        let g = try GBNFRecognizer(result.gbnf)
        #expect(g.accepts(#""ab""#) && g.accepts(#""a\n""#) && g.accepts(#""\u00e9t""#) && g.accepts("\"日本\""))
        #expect(!g.accepts(#""a""#) && !g.accepts(#""abcd""#))
        #expect(!g.accepts("\"a\u{01}\"") && !g.accepts(#""a\x""#) && !g.accepts(#""\ud800a""#), "no raw controls, bad escapes or surrogates")
        #expect(try compile(#"{"type": "string"}"#).gbnf.contains("json-char{0,256}"))
        #expect(try compile(#"{"type": "string"}"#, .init(maxStringLength: 40)).gbnf.contains("json-char{0,40}"))
    }

    @Test func patternsTranslateToGrammar() throws {
        let g = try grammar(#"{"type": "string", "pattern": "^[A-Z]{3}-\\d{4}$"}"#)
        #expect(g.accepts(#""ABC-1234""#))
        #expect(!g.accepts(#""AB-1234""#) && !g.accepts(#""ABC-12345""#) && !g.accepts(#""abc-1234""#))
        let alternation = try grammar(#"{"type": "string", "pattern": "^(cat|dog)s?( \\(x\\))?$"}"#)
        #expect(alternation.accepts(#""cats""#) && alternation.accepts(#""dog (x)""#) && !alternation.accepts(#""cow""#))
        let quoted = try grammar(#"{"type": "string", "pattern": "^[\"\\\\]+$"}"#)
        #expect(quoted.accepts(#""\"\\""#) && !quoted.accepts(#""a""#))
        let folded = try compile(#"{"type": "string", "pattern": "^[a-z]+$", "maxLength": 5}"#)
        #expect(folded.isFullyEnforced && folded.gbnf.contains("[a-z]{1,5}"))
    }

    @Test func unsupportedKeywordsAreReportedWithTheirPointer() throws {
        let result = try compile(#"""
        {"type": "object", "properties": {"code": {"type": "string", "pattern": "^(?=x)\\w+$"}, "n": {"type": "integer", "multipleOf": 5},
         "tags": {"type": "array", "items": {"type": "string"}, "uniqueItems": true}}}
        """#)
        #expect(!result.isFullyEnforced)
        #expect(result.unsupported.contains { $0.pointer == "/properties/code" && $0.keyword == "pattern" })
        #expect(result.unsupported.contains { $0.pointer == "/properties/n" && $0.keyword == "multipleOf" })
        #expect(result.unsupported.contains { $0.pointer == "/properties/tags" && $0.keyword == "uniqueItems" })
        #expect(try GBNFRecognizer(result.gbnf).accepts(#"{"code":"xy","n":3}"#), "still valid JSON of the right shape")
    }

    @Test func integerBoundsAreExactDigitRanges() throws {
        for (minimum, maximum) in [(1, 20), (-15, 123), (0, 9), (7, 7), (-1000, -37), (95, 1005)] {
            let g = try grammar(#"{"type": "integer", "minimum": \#(minimum), "maximum": \#(maximum)}"#)
            for value in -1100...1100 {
                #expect(g.accepts(String(value)) == (minimum...maximum).contains(value), "\(value) in \(minimum)...\(maximum)")
            }
            #expect(!g.accepts("-0") && !g.accepts("007") && !g.accepts("1.0"))
        }
        let exclusive = try grammar(#"{"type": "integer", "exclusiveMinimum": 0, "exclusiveMaximum": 10}"#)
        #expect(!exclusive.accepts("0") && exclusive.accepts("1") && exclusive.accepts("9") && !exclusive.accepts("10"))
        let draft4 = try grammar(#"{"type": "integer", "minimum": 5, "exclusiveMinimum": true}"#)
        #expect(!draft4.accepts("5") && draft4.accepts("6") && draft4.accepts("123456789") && !draft4.accepts("-6"))
    }

    @Test func numberBounds() throws {
        let nonNegative = try grammar(#"{"type": "number", "minimum": 0}"#)
        #expect(nonNegative.accepts("0") && nonNegative.accepts("0.5") && nonNegative.accepts("12.25") && !nonNegative.accepts("-1") && !nonNegative.accepts("-0.5"))
        let open = try grammar(#"{"type": "number", "exclusiveMinimum": -2, "maximum": 3}"#)
        for (text, ok) in [("-2", false), ("-1.99", true), ("-0.5", true), ("0", true), ("3", true), ("3.01", false), ("2.999", true), ("4", false)] {
            #expect(open.accepts(text) == ok, "\(text)")
        }
        let plain = try grammar(#"{"type": "number"}"#)
        #expect(plain.accepts("-12.5e3") && plain.accepts("0") && !plain.accepts("01") && !plain.accepts("1.") && !plain.accepts(".5"))
        let result = try compile(#"{"type": "number", "multipleOf": 0.5}"#)
        #expect(result.unsupported.map(\.keyword) == ["multipleOf"])
    }

    @Test func typeUnionsNullAndAnyOf() throws {
        let union = try grammar(#"{"type": ["string", "null"], "maxLength": 2}"#)
        #expect(union.accepts("null") && union.accepts(#""ab""#) && !union.accepts("1") && !union.accepts(#""abc""#))
        let anyOf = try grammar(#"{"anyOf": [{"type": "integer", "minimum": 1}, {"type": "null"}]}"#)
        #expect(anyOf.accepts("5") && anyOf.accepts("null") && !anyOf.accepts("0"))
        let booleans = try grammar(#"{"type": "boolean"}"#)
        #expect(booleans.accepts("true") && booleans.accepts("false") && !booleans.accepts("null"))
    }

    @Test func oneOfOverlapIsDeclaredOrMadeExclusive() throws {
        let overlapping = try compile(#"{"oneOf": [{"type": "number"}, {"type": "integer"}]}"#)
        #expect(overlapping.unsupported.contains { $0.keyword == "oneOf" && $0.pointer == "" })
        let disjoint = try compile(#"{"oneOf": [{"type": "string"}, {"type": "integer"}]}"#)
        #expect(disjoint.isFullyEnforced)
        let byRequired = try compile(#"""
        {"type": "object", "properties": {"radius": {"type": "number"}, "width": {"type": "number"}, "height": {"type": "number"}},
         "oneOf": [{"required": ["radius"]}, {"required": ["width", "height"]}]}
        """#)
        #expect(byRequired.isFullyEnforced)
        let g = try GBNFRecognizer(byRequired.gbnf)
        #expect(g.accepts(#"{"radius":1}"#) && g.accepts(#"{"width":1,"height":2}"#))
        #expect(!g.accepts(#"{"radius":1,"width":1,"height":2}"#), "both branches would match")
    }

    @Test func allOfMergesObjects() throws {
        let result = try compile(#"""
        {"allOf": [{"type": "object", "properties": {"a": {"type": "string"}}, "required": ["a"]},
                   {"properties": {"b": {"type": "integer", "maximum": 3}}, "required": ["b"]}, {"properties": {"b": {"minimum": 1}}}]}
        """#)
        #expect(result.isFullyEnforced)
        let g = try GBNFRecognizer(result.gbnf)
        #expect(g.accepts(#"{"a":"x","b":2}"#) && !g.accepts(#"{"a":"x"}"#) && !g.accepts(#"{"a":"x","b":0}"#) && !g.accepts(#"{"a":"x","b":4}"#))
    }

    @Test func localReferencesIncludingRecursion() throws {
        let result = try compile(#"""
        {"$defs": {"node": {"type": "object", "required": ["value"], "additionalProperties": false,
          "properties": {"value": {"type": "integer"}, "children": {"type": "array", "items": {"$ref": "#/$defs/node"}}}}},
         "$ref": "#/$defs/node"}
        """#)
        #expect(result.gbnf.contains("node ::= "))
        let nodeRule = try #require(result.gbnf.split(separator: "\n").first { $0.hasPrefix("node-children-kv ::= ") })
        #expect(nodeRule.contains(" node"), "the children rule refers back to node")
        let g = try GBNFRecognizer(result.gbnf)
        #expect(g.accepts(#"{"value":1,"children":[{"value":2,"children":[{"value":3}]},{"value":4}]}"#))
        #expect(!g.accepts(#"{"value":1,"children":[{"children":[]}]}"#))
        let draft7 = try grammar(##"{"definitions": {"id": {"type": "string", "maxLength": 2}}, "type": "array", "items": {"$ref": "#/definitions/id"}}"##)
        #expect(draft7.accepts(#"["ab","c"]"#) && !draft7.accepts(#"["abc"]"#))
    }

    @Test func formats() throws {
        let date = try grammar(#"{"type": "string", "format": "date"}"#)
        #expect(date.accepts(#""2024-02-28""#) && date.accepts(#""1999-12-31""#))
        #expect(!date.accepts(#""2024-02-30""#) && !date.accepts(#""2024-13-01""#) && !date.accepts(#""24-01-01""#))
        let time = try grammar(#"{"type": "string", "format": "time"}"#)
        #expect(time.accepts(#""19:30:00Z""#) && time.accepts(#""07:05:09.25+02:00""#) && !time.accepts(#""24:00:00Z""#))
        let dateTime = try grammar(#"{"type": "string", "format": "date-time"}"#)
        #expect(dateTime.accepts(#""2024-05-01T19:30:00Z""#) && !dateTime.accepts(#""2024-05-01 19:30""#))
        let uuid = try grammar(#"{"type": "string", "format": "uuid"}"#)
        #expect(uuid.accepts(#""123e4567-e89b-12d3-a456-426614174000""#) && !uuid.accepts(#""123e4567""#))
        let email = try grammar(#"{"type": "string", "format": "email"}"#)
        #expect(email.accepts(#""ada.lovelace@example.org""#) && !email.accepts(#""not an email""#))
        #expect(try compile(#"{"type": "string", "format": "color-hex"}"#).isFullyEnforced, "unknown formats are annotations")
    }

    @Test func booleanAndEmptySchemas() throws {
        let any = try grammar("{}")
        for text in ["1", "null", #""x""#, "[1,[2,{\"a\":true}]]", #"{"k":{"v":[]}}"#, "-0.5e-3"] { #expect(any.accepts(text), "\(text)") }
        #expect(!any.accepts("[1,") && !any.accepts("nul"))
        #expect(try GBNFRecognizer(compile("true").gbnf).accepts("[]"))
        #expect(throws: JSONSchemaGrammarError.self) { try compile("false") }
        let falseProperty = try grammar(#"{"type": "object", "properties": {"a": false, "b": {"type": "null"}}}"#)
        #expect(falseProperty.accepts(#"{"b":null}"#) && !falseProperty.accepts(#"{"a":1}"#))
    }

    @Test func errors() throws {
        #expect(throws: JSONSchemaGrammarError.self) { try compile(##"{"$ref": "#/$defs/missing"}"##) }
        #expect(throws: JSONSchemaGrammarError.self) { try compile(#"{"$ref": "https://example.com/other.json"}"#) }
        #expect(throws: JSONSchemaGrammarError.self) { try compile(#"{"type": "integer", "minimum": 5, "maximum": 1}"#) }
        #expect(throws: JSONSchemaGrammarError.self) { try compile(#"{"type": "strin"}"#) }
        #expect(throws: JSONSchemaGrammarError.self) { try compile(#"{"properties": {"a": 3}}"#) }
        #expect(throws: JSONSchemaGrammarError.self, "no finite instance") {
            try compile(##"{"type": "object", "required": ["next"], "properties": {"next": {"$ref": "#"}}}"##)
        }
        #expect(try compile(##"{"type": "object", "properties": {"next": {"$ref": "#"}}}"##).isFullyEnforced)
    }

    @Test func whitespacePolicy() throws {
        let compact = try compile(#"{"type": "object", "properties": {"a": {"type": "integer"}}, "required": ["a"]}"#, .init(whitespace: .compact))
        #expect(!compact.gbnf.contains("ws"))
        #expect(try GBNFRecognizer(compact.gbnf).accepts(#"{"a":1}"#) && !GBNFRecognizer(compact.gbnf).accepts(#"{ "a": 1 }"#))
        let indented = try compile(#"{"type": "array"}"#)
        #expect(indented.gbnf.contains(#"ws ::= (" " | "\n" [ \t]{0,20})?"#))
        #expect(try !GBNFRecognizer(indented.gbnf).accepts("[" + String(repeating: " ", count: 30) + "]"), "whitespace is bounded")
    }
}

/// A small GBNF recognizer for tests: parses the subset of GBNF the compiler emits (literals,
/// character classes, rule references, groups, alternation, `? * + {m} {m,} {m,n}`) and decides
/// whether a text matches the `root` rule.
final class GBNFRecognizer {
    indirect enum Node {
        case literal([UInt32])
        case characters(negated: Bool, [ClosedRange<UInt32>])
        case rule(String)
        case sequence([Node])
        case choice([Node])
        case repeated(Node, min: Int, max: Int?)
    }

    struct ParseError: Error, CustomStringConvertible { var description: String }

    private var rules: [String: Node] = [:]
    private var memo: [String: [Int: Set<Int>]] = [:]
    private var input: [UInt32] = []

    init(_ text: String) throws {
        for line in text.split(separator: "\n") where !line.isEmpty {
            guard let separator = line.range(of: " ::= ") else { throw ParseError(description: "no '::=' in \(line)") }
            var parser = Parser(scalars: Array(line[separator.upperBound...].unicodeScalars))
            rules[String(line[..<separator.lowerBound])] = try parser.choice()
            if parser.index < parser.scalars.count { throw ParseError(description: "unparsed text in \(line)") }
        }
        for case .rule(let name) in rules.values.flatMap(Self.references) where rules[name] == nil {
            throw ParseError(description: "undefined rule \(name)")
        }
        if rules["root"] == nil { throw ParseError(description: "no root rule") }
    }

    private static func references(_ node: Node) -> [Node] {
        switch node {
        case .rule: return [node]
        case .sequence(let items), .choice(let items): return items.flatMap(references)
        case .repeated(let item, _, _): return references(item)
        default: return []
        }
    }

    /// Whether `text` matches the whole `root` rule.
    func accepts(_ text: String) -> Bool {
        input = text.unicodeScalars.map(\.value)
        memo = [:]
        return ends(.rule("root"), 0).contains(input.count)
    }

    private func ends(_ node: Node, _ start: Int) -> Set<Int> {
        switch node {
        case .literal(let scalars):
            guard start + scalars.count <= input.count, Array(input[start..<start + scalars.count]) == scalars else { return [] }
            return [start + scalars.count]
        case .characters(let negated, let ranges):
            guard start < input.count else { return [] }
            return ranges.contains { $0.contains(input[start]) } != negated ? [start + 1] : []
        case .rule(let name):
            if let known = memo[name]?[start] { return known }
            memo[name, default: [:]][start] = []
            let result = ends(rules[name]!, start)
            memo[name]![start] = result
            return result
        case .sequence(let items):
            var positions: Set<Int> = [start]
            for item in items where !positions.isEmpty { positions = Set(positions.flatMap { ends(item, $0) }) }
            return positions
        case .choice(let options):
            return options.reduce(into: Set<Int>()) { $0.formUnion(ends($1, start)) }
        case .repeated(let item, let low, let high):
            var result: Set<Int> = low == 0 ? [start] : []
            var frontier: Set<Int> = [start], seen: Set<Int> = [start]
            var count = 0
            while !frontier.isEmpty, high.map({ count < $0 }) ?? true {
                count += 1
                frontier = Set(frontier.flatMap { ends(item, $0) })
                if high == nil { frontier.subtract(seen); seen.formUnion(frontier) }
                if count >= low { result.formUnion(frontier) }
            }
            return result
        }
    }

    private struct Parser {
        let scalars: [Unicode.Scalar]
        var index = 0

        mutating func skipSpaces() { while index < scalars.count, scalars[index] == " " { index += 1 } }

        mutating func choice() throws -> Node {
            var options = [try sequence()]
            while index < scalars.count, scalars[index] == "|" {
                index += 1
                skipSpaces()
                options.append(try sequence())
            }
            return options.count == 1 ? options[0] : .choice(options)
        }

        mutating func sequence() throws -> Node {
            var items: [Node] = []
            loop: while index < scalars.count {
                let scalar = scalars[index]
                switch scalar {
                case "\"":
                    index += 1
                    var literal: [UInt32] = []
                    while scalars[index] != "\"" { literal.append(try character()) }
                    index += 1
                    items.append(.literal(literal))
                case "[":
                    index += 1
                    let negated = scalars[index] == "^"
                    if negated { index += 1 }
                    var ranges: [ClosedRange<UInt32>] = []
                    while scalars[index] != "]" {
                        let low = try character()
                        var high = low
                        if scalars[index] == "-", scalars[index + 1] != "]" { index += 1; high = try character() }
                        ranges.append(low...high)
                    }
                    index += 1
                    items.append(.characters(negated: negated, ranges))
                case "(":
                    index += 1
                    skipSpaces()
                    let inner = try choice()
                    guard index < scalars.count, scalars[index] == ")" else { throw ParseError(description: "expected ')'") }
                    index += 1
                    items.append(inner)
                case "?", "*", "+":
                    index += 1
                    items.append(.repeated(items.removeLast(), min: scalar == "+" ? 1 : 0, max: scalar == "?" ? 1 : nil))
                case "{":
                    let close = scalars[index...].firstIndex(of: "}")!
                    let parts = String(String.UnicodeScalarView(scalars[(index + 1)..<close])).split(separator: ",", omittingEmptySubsequences: false)
                    let low = Int(parts[0])!
                    let high = parts.count == 1 ? low : Int(parts[1])
                    index = close + 1
                    items.append(.repeated(items.removeLast(), min: low, max: high))
                default:
                    guard scalar.isASCII, scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "-" else { break loop }
                    var name = ""
                    while index < scalars.count, scalars[index].isASCII,
                          scalars[index].properties.isAlphabetic || ("0"..."9").contains(scalars[index]) || scalars[index] == "-" {
                        name.unicodeScalars.append(scalars[index])
                        index += 1
                    }
                    items.append(.rule(name))
                }
                skipSpaces()
            }
            return items.count == 1 ? items[0] : .sequence(items)
        }

        mutating func character() throws -> UInt32 {
            let scalar = scalars[index]
            index += 1
            guard scalar == "\\" else { return scalar.value }
            let escape = scalars[index]
            index += 1
            func hex(_ count: Int) throws -> UInt32 {
                guard let value = UInt32(String(String.UnicodeScalarView(scalars[index..<index + count])), radix: 16) else {
                    throw ParseError(description: "bad hex escape")
                }
                index += count
                return value
            }
            switch escape {
            case "x": return try hex(2)
            case "u": return try hex(4)
            case "U": return try hex(8)
            case "t": return 9
            case "n": return 10
            case "r": return 13
            case "\\", "\"", "[", "]": return escape.value
            default: throw ParseError(description: "unknown escape \\\(escape)")
            }
        }
    }
}

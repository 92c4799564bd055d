import Foundation
import LLM
import Testing

@Suite struct JSONSchemaValidatorTests {
    private func validator(_ text: String, draft: JSONSchemaDraft = .draft2020_12, assertFormats: Bool = false,
                           resolver: JSONSchemaResolver = .init()) throws -> JSONSchemaValidator {
        try JSONSchemaValidator(schema: JSONSchema(jsonText: text), defaultDraft: draft, assertFormats: assertFormats,
                                resolver: resolver)
    }

    private func json(_ text: String) throws -> JSONValue { try JSONValue(parsing: text) }

    // MARK: - Violations

    @Test func reportsEveryViolationWithItsInstancePathAndMessage() throws {
        let schema = try validator(#"""
            {"type": "object", "required": ["items", "owner"],
             "properties": {"items": {"type": "array", "items": {"$ref": "#/$defs/item"}}},
             "$defs": {"item": {"type": "object", "required": ["name"], "properties": {"name": {"type": "string"}}}}}
            """#)
        let violations = schema.validate(try json(#"{"items": [{"name": "a"}, {"name": "b"}, {"name": 3}, {}]}"#))
        #expect(violations.count == 3)
        let missingOwner = try #require(violations.first { $0.keyword == "required" && $0.instancePath.isRoot })
        #expect(missingOwner.message == "missing required property 'owner'")
        #expect(missingOwner.schemaPath == "#/required")
        let wrongType = try #require(violations.first { $0.keyword == "type" })
        #expect(wrongType.instancePath == "/items/2/name")
        #expect(wrongType.message == "expected string, got integer")
        #expect(wrongType.schemaPath == "#/$defs/item/properties/name/type")
        #expect(wrongType.description == "/items/2/name: expected string, got integer [type at #/$defs/item/properties/name/type]")
        let missingName = try #require(violations.first { $0.keyword == "required" && !$0.instancePath.isRoot })
        #expect(missingName.instancePath.description == "/items/3")
        #expect(schema.isValid(try json(#"{"items": [{"name": "a"}], "owner": 1}"#)))
        #expect(!schema.isValid(try json(#"{"items": [{"name": 1}], "owner": 1}"#)))
    }

    @Test func namesDisallowedPropertiesAndItems() throws {
        let schema = try validator(#"{"properties": {"a": true}, "additionalProperties": false, "prefixItems": [true], "items": false}"#)
        let object = schema.validate(try json(#"{"a": 1, "b~/c": 2}"#))
        #expect(object.map(\.message) == ["additional property 'b~/c' is not allowed"])
        #expect(object.first?.instancePath.description == "/b~0~1c")
        #expect(object.first?.instancePath.tokens == ["b~/c"])
        let array = schema.validate(try json("[1, 2, 3]"))
        #expect(array.map(\.instancePath) == ["/1", "/2"])
    }

    @Test func combinatorsReportASummary() throws {
        let schema = try validator(#"{"oneOf": [{"type": "integer"}, {"minimum": 0}], "not": {"const": 5}}"#)
        #expect(schema.validate(3).map(\.keyword) == ["oneOf"])
        #expect(schema.validate(3).first?.message.contains("more than one schema in oneOf") == true)
        #expect(schema.validate(-1.5).first?.message.contains("does not match any of the 2 schemas in oneOf") == true)
        #expect(schema.validate(5).map(\.keyword).sorted() == ["not", "oneOf"])
        #expect(schema.isValid(1.5))
    }

    // MARK: - Keyword semantics

    @Test func multipleOfUsesDecimalArithmetic() throws {
        let cents = try validator(#"{"multipleOf": 0.01}"#)
        #expect(cents.isValid(19.99))
        #expect(cents.isValid(0.07))
        let small = try validator(#"{"multipleOf": 0.0001}"#)
        #expect(small.isValid(0.0075))
        #expect(!small.isValid(0.00751))
        #expect(small.validate(0.00751).first?.message == "0.00751 is not a multiple of 0.0001")
        #expect(try validator(#"{"multipleOf": 0.123456789}"#).isValid(1e308) == false)
        #expect(try validator(#"{"multipleOf": 0.5}"#).isValid(1e308))
    }

    @Test func lengthsCountUnicodeCodePoints() throws {
        let schema = try validator(#"{"minLength": 2, "maxLength": 2}"#)
        #expect(schema.isValid("💩💩"))
        #expect(!schema.isValid("💩"))
        #expect(schema.isValid("e\u{301}"))  // one grapheme, two code points
        #expect(!schema.isValid("é"))
        #expect(schema.validate("abc").first?.message == "string is longer than 2 characters (length 3)")
    }

    @Test func equalityIsJSONEquality() throws {
        #expect(try validator(#"{"const": 1}"#).isValid(1.0))
        #expect(try validator(#"{"enum": [{"a": [1, "x"]}]}"#).isValid(try json(#"{"a": [1.0, "x"]}"#)))
        #expect(!(try validator(#"{"const": "\u00e9"}"#).isValid("e\u{301}")))
        let unique = try validator(#"{"uniqueItems": true}"#)
        #expect(!unique.isValid(try json(#"[1, {"a": 1, "b": 2}, {"b": 2, "a": 1.0}]"#)))
        #expect(unique.isValid(try json(#"[1, true, "1", [1], {"a": 1}]"#)))
        #expect(unique.validate(try json("[0, 1, 0]")).first?.message == "array items 0 and 2 are equal; items must be unique")
    }

    @Test func patternsFollowECMAScript() throws {
        #expect(try validator(#"{"pattern": "^\\d+$"}"#).isValid("123"))
        #expect(!(try validator(#"{"pattern": "^\\d+$"}"#).isValid("١٢٣")))  // Arabic-Indic digits are not \d
        #expect(!(try validator(#"{"pattern": "^abc$"}"#).isValid("abc\n")))
        #expect(try validator(#"{"pattern": "^\\p{L}+$"}"#).isValid("Grüße"))
        #expect(try validator(#"{"patternProperties": {"^x-": {"type": "string"}}}"#).validate(["x-a": 1]).first?.instancePath == "/x-a")
    }

    @Test func refsReachDefsAnchorsAndRemoteDocuments() throws {
        var resolver = JSONSchemaResolver()
        resolver.add(try json(#"{"$defs": {"name": {"type": "string", "minLength": 1}}}"#), for: "https://example.com/common.json")
        resolver.loader = { url in url.lastPathComponent == "age.json" ? ["type": "integer", "minimum": 0] : nil }
        let schema = try validator(#"""
            {"$id": "https://example.com/person.json",
             "properties": {"name": {"$ref": "common.json#/$defs/name"}, "age": {"$ref": "age.json"},
                            "nick": {"$ref": "#nick"}, "tilde": {"$ref": "#/$defs/a~1b~0c"}},
             "$defs": {"nick": {"$anchor": "nick", "maxLength": 3}, "a/b~c": {"const": 1}}}
            """#, resolver: resolver)
        #expect(schema.isValid(try json(#"{"name": "Ada", "age": 36, "nick": "ada", "tilde": 1}"#)))
        let violations = schema.validate(try json(#"{"name": "", "age": -1, "nick": "adaa", "tilde": 2}"#))
        #expect(violations.map(\.instancePath.description).sorted() == ["/age", "/name", "/nick", "/tilde"])
        #expect(violations.contains { $0.schemaPath == "https://example.com/common.json#/$defs/name/minLength" })
    }

    @Test func recursiveSchemasAndSelfLoops() throws {
        let tree = try validator(##"{"type": "object", "properties": {"children": {"type": "array", "items": {"$ref": "#"}}}}"##)
        var nested: JSONValue = ["children": []]
        for _ in 0..<60 { nested = ["children": [nested]] }
        #expect(tree.isValid(nested))
        let loop = try validator(##"{"$defs": {"a": {"$ref": "#/$defs/b"}, "b": {"$ref": "#/$defs/a"}}, "$ref": "#/$defs/a"}"##)
        #expect(!loop.isValid(1))
        #expect(loop.validate(1).first?.message.contains("infinite recursion") == true)
        #expect(try validator(##"{"anyOf": [{"$ref": "#"}, {"type": "integer"}]}"##).isValid(1))
        // Recursion through contains and propertyNames moves to another instance: not a loop.
        let nestedContains = try validator(##"{"type": ["array", "integer"], "contains": {"$ref": "#"}}"##)
        #expect(nestedContains.isValid(try json("[[1], [[2]]]")))
        #expect(!nestedContains.isValid(try json(#"[["x"]]"#)))
        let names = try validator(##"{"type": ["object", "string"], "propertyNames": {"$ref": "#", "maxLength": 2}}"##)
        #expect(names.isValid(["ab": 1]))
        #expect(names.validate(["abc": 1]).map(\.instancePath) == ["/abc"])
        // Nesting beyond the evaluation depth limit is a violation, not a stack overflow.
        let list = try validator(##"{"type": ["array", "integer"], "items": {"$ref": "#"}}"##)
        var deep: JSONValue = 1
        for _ in 0..<2_000 { deep = [deep] }
        #expect(list.validate(deep).first?.message.contains("nested deeper than") == true)
    }

    @Test func longReferenceChainsCompileWithoutDeepRecursion() throws {
        func chain(_ length: Int) throws -> JSONSchemaValidator {
            var defs = JSONObject()
            for index in 0..<length { defs["d\(index)"] = ["$ref": .string("#/$defs/d\(index + 1)")] }
            defs["d\(length)"] = ["type": "integer"]
            return try JSONSchemaValidator(schema: JSONSchema(["$defs": .object(defs), "$ref": "#/$defs/d0"]))
        }
        let short = try chain(150)
        #expect(short.isValid(1))
        #expect(short.validate("x").first?.schemaPath == "#/$defs/d150/type")
        let long = try chain(5_000)
        #expect(long.validate(1).first?.message.contains("nested deeper than") == true)
    }

    @Test func unevaluatedPropertiesSeeThroughApplicators() throws {
        let schema = try validator(#"""
            {"allOf": [{"properties": {"a": true}}],
             "if": {"properties": {"kind": {"const": "b"}}, "required": ["kind"]},
             "then": {"properties": {"b": true}},
             "properties": {"kind": true},
             "unevaluatedProperties": false}
            """#)
        #expect(schema.isValid(try json(#"{"a": 1, "kind": "b", "b": 2}"#)))
        let violations = schema.validate(try json(#"{"a": 1, "kind": "c", "b": 2}"#))
        #expect(violations.map(\.message) == ["unevaluated property 'b' is not allowed"])
        #expect(violations.first?.instancePath == "/b")
    }

    @Test func draftSevenAndDraft2020Differ() throws {
        let text = ##"{"definitions": {"small": {"maximum": 5}}, "$ref": "#/definitions/small", "minimum": 3, "items": [{"type": "string"}]}"##
        let seven = try validator(text, draft: .draft7)
        #expect(seven.draft == .draft7)
        #expect(seven.isValid(1))  // draft 7 ignores keywords beside $ref
        let current = try validator(text)
        #expect(!current.isValid(1))
        let tuple = try validator(#"{"items": [{"type": "string"}], "additionalItems": false}"#, draft: .draft7)
        #expect(!tuple.isValid([1]))
        #expect(!tuple.isValid(["a", "b"]))
        #expect(try validator(#"{"prefixItems": [{"type": "string"}], "items": false}"#).validate(["a", "b"]).count == 1)
        let draft4 = try validator(#"{"$schema": "http://json-schema.org/draft-04/schema#", "maximum": 5, "exclusiveMaximum": true}"#)
        #expect(draft4.draft == .draft7)
        #expect(!draft4.isValid(5))
        #expect(draft4.isValid(4.5))
        let declared = try validator(#"{"$schema": "http://json-schema.org/draft-07/schema#", "dependencies": {"a": ["b"]}}"#)
        #expect(declared.draft == .draft7)
        #expect(declared.validate(["a": 1]).first?.message == "missing required property 'b' (required when 'a' is present)")
    }

    @Test func formatsAreAnnotationsUnlessAsserted() throws {
        let text = #"{"properties": {"day": {"format": "date"}, "ip": {"format": "ipv4"}, "at": {"format": "date-time"}}}"#
        let instance = try json(#"{"day": "2023-02-29", "ip": "256.1.1.1", "at": "2023-01-01T23:59:60+01:00"}"#)
        #expect(try validator(text).isValid(instance))
        let asserting = try validator(text, assertFormats: true)
        #expect(asserting.validate(instance).map(\.instancePath.description).sorted() == ["/at", "/day", "/ip"])
        #expect(asserting.isValid(try json(#"{"day": "2024-02-29", "ip": "10.0.0.1", "at": "1998-12-31T23:59:60Z"}"#)))
        #expect(JSONSchemaFormat.isValid("P1Y2M", format: "duration") == true)
        #expect(JSONSchemaFormat.isValid("mailto:a@b", format: "uri") == true)
        #expect(JSONSchemaFormat.isValid("x", format: "no-such-format") == nil)
    }

    // MARK: - Invalid schemas

    @Test func invalidSchemasThrow() throws {
        func error(_ text: String) -> JSONSchemaError? {
            do { _ = try validator(text); return nil } catch let error as JSONSchemaError { return error } catch { return nil }
        }
        #expect(error(#"{"type": "strnig"}"#) == .invalidKeyword("type", reason: "'strnig' is not a JSON Schema type"))
        #expect(error(#"{"minLength": -1}"#) == .invalidKeyword("minLength", reason: "must be a non-negative integer"))
        #expect(error(#"{"multipleOf": 0}"#) == .invalidKeyword("multipleOf", reason: "must be greater than 0"))
        if case .invalidKeyword("pattern", _) = error(#"{"pattern": "(unclosed"}"#) {} else { Issue.record("bad pattern accepted") }
        #expect(error(##"{"$ref": "#/$defs/missing"}"##) == .unresolvableReference("#/$defs/missing"))
        #expect(error(#"{"$ref": "https://example.com/elsewhere.json"}"#) == .unresolvableReference("https://example.com/elsewhere.json"))
        if case .invalidKeyword("$schema", _) = error(#"{"$schema": "https://example.com/unknown-meta"}"#) {} else {
            Issue.record("unknown metaschema accepted")
        }
        if case .notASchema = error(#"{"not": 3}"#) {} else if case .invalidKeyword("not", _) = error(#"{"not": 3}"#) {} else {
            Issue.record("non-schema subschema accepted")
        }
        #expect(throws: JSONSchemaError.self) { try JSONSchema(jsonText: "[1]").validate(1) }
    }

    @Test func requiredUnknownVocabularyIsRefused() throws {
        var resolver = JSONSchemaResolver()
        resolver.register(try json(#"""
            {"$id": "https://example.com/meta", "$schema": "https://json-schema.org/draft/2020-12/schema",
             "$vocabulary": {"https://json-schema.org/draft/2020-12/vocab/core": true, "https://example.com/vocab/x": true}}
            """#))
        #expect(throws: JSONSchemaError.self) {
            try validator(#"{"$schema": "https://example.com/meta"}"#, resolver: resolver)
        }
    }

    @Test func convenienceValidateOnSchema() throws {
        let schema = try JSONSchema(["type": "object", "properties": ["n": ["type": "integer"]]])
        #expect(try schema.validate(["n": 1]).isEmpty)
        #expect(try schema.validate(["n": 1.5]).map(\.message) == ["expected integer, got number"])
    }

    // MARK: - JSON Pointer

    @Test func jsonPointerEscapesAndResolves() throws {
        let pointer = try #require(JSONPointer(parsing: "/a~1b/0/c~0d"))
        #expect(pointer.tokens == ["a/b", "0", "c~d"])
        #expect(pointer.description == "/a~1b/0/c~0d")
        #expect(JSONPointer(parsing: "a") == nil)
        #expect(JSONPointer(parsing: "/a~2") == nil)
        #expect(JSONPointer.root.appending("x").appending(index: 2).description == "/x/2")
        let document = try json(#"{"a/b": [{"c~d": 42}]}"#)
        #expect(pointer.resolve(in: document) == 42)
        #expect(JSONPointer(parsing: "/a~1b/01")?.resolve(in: document) == nil)
    }
}

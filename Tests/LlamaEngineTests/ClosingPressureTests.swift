import Foundation
import LLM
import CLlama
@testable import LlamaEngine
import Testing

/// Steering a JSON answer to close before the token budget runs out.
@Suite struct ClosingPressureTests {
    @Test func nothingOpenMeansNoSteering() {
        #expect(ClosingPressure.forBudget(remaining: 1, maxTokens: 256, closingCost: 0) == .none)
    }

    @Test func steeringStartsSoftlyInTheLastThirdAndGrows() throws {
        #expect(ClosingPressure.forBudget(remaining: 86, maxTokens: 256, closingCost: 3) == .none)
        guard case .soft(let early) = ClosingPressure.forBudget(remaining: 85, maxTokens: 256, closingCost: 3),
              case .soft(let late) = ClosingPressure.forBudget(remaining: 13, maxTokens: 256, closingCost: 3) else {
            Issue.record("expected soft pressure in the last quarter")
            return
        }
        #expect(early > 0 && early < late && late <= 1)
    }

    @Test func steeringIsStrictWhenOnlyTheClosingMarginIsLeft() {
        #expect(ClosingPressure.forBudget(remaining: 12, maxTokens: 256, closingCost: 3) == .hard)
        // Deep structure in a small budget: strict from the start rather than never.
        #expect(ClosingPressure.forBudget(remaining: 20, maxTokens: 20, closingCost: 8) == .hard)
        // Open objects may still owe required members: the margin grows with them.
        #expect(ClosingPressure.forBudget(remaining: 20, maxTokens: 256, closingCost: 3, openObjects: 2) == .hard)
    }

    @Test func tokensAreClassifiedByWhatTheyDoToOpenStructure() {
        func classOf(_ text: String) -> StructuralTokenClass { .of(Array(text.utf8)) }
        #expect(classOf("\"") == .closer)
        #expect(classOf("\"}") == .closer)
        #expect(classOf(" ]}") == .bracketCloser)
        #expect(classOf("]]") == .bracketCloser)
        #expect(classOf("\n    ") == .whitespace)
        #expect(classOf("},{") == .opener)
        #expect(classOf(" [") == .opener)
        #expect(classOf("\",") == .continuer)
        #expect(classOf(",\n") == .continuer)
        #expect(classOf("8080") == .other)
        #expect(classOf("") == .other)
    }
}

/// The real model asked for far more than the budget holds still ends with valid JSON.
@Suite(.serialized) struct ClosingUnderBudgetIntegrationTests {
    static let schema = #"""
    {"type": "object", "required": ["items"], "properties": {"items": {"type": "array", "minItems": 1,
     "items": {"type": "object", "required": ["name", "price", "quantity"], "properties": {
      "name": {"type": "string"}, "price": {"type": "number"}, "quantity": {"type": "integer"}}}}}}
    """#

    /// 16 tokens cannot hold one complete item: the answer closes in its closing allowance.
    @Test(arguments: [16, 48, 80, 128])
    func aLongListIsClosedValidlyWithinTheBudget(maxTokens: Int) async throws {
        let schema = try JSONSchema(jsonText: Self.schema)
        let engine = try await TestModels.smolLM2()
        let result = try await engine.respond(to: GenerationRequest(
            messages: [.system("You reply with JSON only."),
                       .user("List one hundred grocery items with their prices and quantities.")],
            options: .init(maxTokens: maxTokens), constraint: .jsonSchema(schema)))
        // At most object > array > object > string open: 4 closing characters, 2 objects.
        #expect(result.usage.generatedTokens <= maxTokens + ClosingPressure.allowance(
            closingCost: 4, openObjects: 2, requiredContent: JSONClosingHints(schema: schema).requiredContentTokens))
        let value = try #require(try? JSONValue(parsing: result.text), "not JSON (\(result.finishReason), \(result.usage.generatedTokens) tokens): \(result.text.debugDescription)")
        let problems = try JSONSchemaValidator(schema: schema).validate(value)
        #expect(problems.isEmpty, "\(result.text) violates \(problems)")
    }
}

/// A required member declared after many optional ones (Snowplow payloads list 75 properties and
/// require three of the last): a model that writes every optional member in order must still
/// reach the required one and close when the budget runs out.
@Suite(.serialized) struct RequiredMemberUnderBudgetIntegrationTests {
    static var schema: JSONSchema {
        get throws {
            let optional = (1...40).map { "\"field\($0)\": {\"type\": \"string\"}" }.joined(separator: ", ")
            return try JSONSchema(jsonText: """
                {"type": "object", "additionalProperties": false, "required": ["tv", "p"],
                 "properties": {\(optional), "p": {"type": "string", "enum": ["web", "mob"]}, "tv": {"type": "string"}}}
                """)
        }
    }

    /// (Measured: without steering to required keys, 24 tokens ended mid-member, not JSON.)
    @Test(arguments: [24, 64])
    func theRequiredMembersAreWrittenAfterTheBudget(maxTokens: Int) async throws {
        let schema = try Self.schema
        let engine = try await TestModels.smolLM2()
        let result = try await engine.respond(to: GenerationRequest(
            messages: [.system("Reply with JSON only. Example: " + #"{"field1": "1234567890", "field2": "1234567890", "field3": "1234567890"}"#),
                       .user("Write field1 to field40 in order, each with the digits 1234567890, then p and tv.")],
            options: .init(maxTokens: maxTokens), constraint: .jsonSchema(schema)))
        let value = try #require(try? JSONValue(parsing: result.text), "not JSON (\(result.finishReason), \(result.usage.generatedTokens) tokens): \(result.text.debugDescription)")
        let problems = try JSONSchemaValidator(schema: schema).validate(value)
        #expect(problems.isEmpty, "\(result.text) violates \(problems)")
    }
}

/// A string whose `pattern` cannot end where the model has taken it (it must end in `-v` and
/// digits; SmolLM2 wrote "lorem-ipsum-lorem-…" until the allowance ran out): hard pressure walks
/// to the end the pattern needs.
@Suite(.serialized) struct PatternStringUnderBudgetIntegrationTests {
    @Test(arguments: [12, 40])
    func aStringIsLedToAnEndItsPatternAllows(maxTokens: Int) async throws {
        let schema = try JSONSchema(jsonText: #"""
            {"type": "object", "required": ["blocks"], "additionalProperties": false,
             "properties": {"blocks": {"type": "array", "minItems": 1, "maxItems": 2,
                            "items": {"type": "string", "pattern": "^[a-z]+(?:-+[a-z]+)*-v\\d+$"}}}}
            """#)
        let engine = try await TestModels.smolLM2()
        let result = try await engine.respond(to: GenerationRequest(
            messages: [.system("Reply with JSON only."),
                       .user("Write blocks: one block name made of the words lorem ipsum repeated fifty times, joined by dashes.")],
            options: .init(maxTokens: maxTokens), constraint: .jsonSchema(schema)))
        let value = try #require(try? JSONValue(parsing: result.text), "not JSON (\(result.finishReason), \(result.usage.generatedTokens) tokens): \(result.text.debugDescription)")
        let problems = try JSONSchemaValidator(schema: schema).validate(value)
        #expect(problems.isEmpty, "\(result.text) violates \(problems)")
    }
}

/// How hard closing pressure ranks the tokens the grammar allows.
@Suite struct HardClosingRankTests {
    static let required = [Array("\"tv\"".utf8), Array("\"p\"".utf8)]

    func rank(_ text: String, after written: String) -> TokenSampler.HardClosingRank {
        var structure = JSONStructureTracker()
        structure.feed(written)
        let bytes = Array(text.utf8)
        return TokenSampler.hardRank(.of(bytes), bytes: { bytes }, structure: structure, requiredKeys: Self.required)
    }

    @Test func closingBeatsEverythingAndAQuoteOutsideAStringDoesNotClose() {
        #expect(rank("}", after: #"{"a": 1"#) == .closes)
        #expect(rank(" ]}", after: #"{"a": [1"#) == .closes)
        #expect(rank("\"", after: #"{"a": "text"#) == .closes)
        #expect(rank("\"", after: #"{"a": "#) == .other, "a quote after a colon opens the value")
        #expect(rank(",", after: #"{"a": 1"#) == .continues)
        #expect(rank("{", after: #"{"a": "#) == .opens)
        #expect(rank("\n  ", after: #"{"a": 1"#) == .whitespace)
    }

    @Test func aKeyTheSchemaRequiresIsPreferredWhereAKeyIsDue() {
        #expect(rank(" \"", after: #"{"field1": "x", "#) == .requiredKey)
        #expect(rank("\"t", after: #"{"field1": "x","#) == .requiredKey)
        #expect(rank("v", after: #"{"field1": "x", "t"#) == .requiredKey)
        #expect(rank("v\":", after: #"{"field1": "x", "t"#) == .requiredKey, "a token may run past the key's closing quote")
        #expect(rank("field", after: #"{"field1": "x", ""#) == .other, "an optional key")
        #expect(rank("tv", after: #"{"a": ""#) == .other, "a value string is not a key")
    }

    @Test func aBracketInsideAStringIsText() {
        #expect(rank("]]", after: #"{"a": "x"#) == .other)
        #expect(rank("]]", after: #"{"a": ["x""#) == .closes)
    }
}

@Suite struct JSONClosingHintsTests {
    @Test func stringEndingsAreSuffixesOfShortestPatternExamples() throws {
        let schema = try JSONSchema(jsonText: #"""
            {"properties": {"block": {"pattern": "^[a-z]+(?:-+[a-z]+)*-v\\d+$"}, "image": {"pattern": "(.+/)?.+:.+"},
                            "quoted": {"pattern": "^\"x$"}, "bad": {"pattern": "(?=a)"}}}
            """#)
        let endings = JSONClosingHints(schema: schema).stringEndings.map { String(decoding: $0, as: UTF8.self) }
        #expect(endings == ["0", "a", ":a", "v0", "-v0", "a:a", "a-v0"], "a pattern whose example needs a quote, or that does not parse, adds none")
    }

    @Test func requiredKeysComeFromEveryLevelButNotFromInstances() throws {
        let schema = try JSONSchema(jsonText: """
            {"type": "object", "required": ["name", "items"],
             "properties": {"items": {"type": "array", "items": {"type": "object", "required": ["id", "name"]}},
                            "kind": {"enum": [{"required": ["data"]}]}},
             "$defs": {"x": {"required": ["deep"]}}}
            """)
        let hints = JSONClosingHints(schema: schema)
        #expect(hints.requiredKeys.map { String(decoding: $0, as: UTF8.self) } == [#""name""#, #""items""#, #""id""#, #""deep""#])
        #expect(hints.requiredContentTokens == (4 + 8) + (5 + 8) + (2 + 8) + (4 + 8) + (4 + 8))
        #expect(JSONClosingHints(schema: try JSONSchema(jsonText: "true")).requiredContentTokens == 0)
        // One branch of a union is written, so the costliest counts, not the sum.
        let union = JSONClosingHints(schema: try JSONSchema(jsonText: """
            {"anyOf": [{"required": ["a"]}, {"required": ["bbbb", "c"]}]}
            """))
        #expect(union.requiredContentTokens == (4 + 8) + (1 + 8))
        #expect(union.requiredKeys.count == 3)
    }
}

/// The grammar shortlist: the most likely tokens, found in one pass.
@Suite struct GrammarShortlistTests {
    @Test func theShortlistHoldsExactlyTheHighestLogits() {
        var generator = SystemRandomNumberGenerator()
        let logits = (0..<5000).map { _ in Float.random(in: -20...20, using: &generator) }
        let candidates = logits.enumerated().map { llama_token_data(id: llama_token($0.offset), logit: $0.element, p: 0) }
        let shortlist = TokenSampler.mostLikely(candidates, count: 256)
        #expect(shortlist.count == 256)
        let expected = Set(logits.enumerated().sorted { $0.element > $1.element }.prefix(256).map { llama_token($0.offset) })
        #expect(Set(shortlist.map(\.id)) == expected)
        #expect(TokenSampler.mostLikely(Array(candidates.prefix(10)), count: 256).count == 10)
    }
}

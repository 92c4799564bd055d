import Evaluation
import Foundation
import LLM
import Testing

@Suite struct BFCLASTMatcherTests {
    static let area = BFCLFunction(name: "calculate_triangle_area", description: "Area of a triangle.", parameters: [
        "type": "dict",
        "properties": ["base": ["type": "integer"], "height": ["type": "integer"], "unit": ["type": "string"]],
        "required": ["base", "height"],
    ])
    /// BFCL's answer for simple_python_0: base 10, height 5, unit "units" or omitted.
    static let truth: [[String: JSONValue]] = [["calculate_triangle_area": ["base": [10], "height": [5], "unit": ["units", ""]]]]

    func verdict(_ name: String, _ arguments: JSONValue, truth: [[String: JSONValue]] = truth,
                 functions: [BFCLFunction] = [area]) -> BFCLASTMatcher.Verdict {
        BFCLASTMatcher.check(call: (name, arguments.objectValue ?? JSONObject()), groundTruth: truth, functions: functions)
    }

    @Test func acceptableValuesAndOptionalParameters() throws {
        #expect(verdict("calculate_triangle_area", ["base": 10, "height": 5]).passed)             // "" = may be omitted
        #expect(verdict("calculate_triangle_area", ["base": 10, "height": 5, "unit": "units"]).passed)
        #expect(verdict("calculate_triangle_area", ["base": 10, "height": 5, "unit": "Units"]).passed)  // BFCL normalises strings
        #expect(!verdict("calculate_triangle_area", ["base": 10, "height": 5, "unit": "cm"]).passed)
        #expect(!verdict("calculate_triangle_area", ["base": 10, "height": 6]).passed)
    }

    @Test func numbersCompareByValue() throws {
        let parsed = try JSONValue(parsing: #"{"base": 10.0, "height": 5e0}"#)
        #expect(verdict("calculate_triangle_area", parsed).passed)
        #expect(!verdict("calculate_triangle_area", ["base": "10", "height": 5]).passed)  // a string is not a number
    }

    @Test func wrongFunctionMissingRequiredAndUnknownParametersFail() {
        #expect(verdict("triangle_area", ["base": 10, "height": 5]) == .fail("wrong function triangle_area; expected calculate_triangle_area"))
        #expect(verdict("calculate_triangle_area", ["base": 10]) == .fail("required parameter 'height' is missing"))
        #expect(verdict("calculate_triangle_area", ["base": 10, "height": 5, "color": "red"]) == .fail("unexpected parameter 'color'"))
        #expect(BFCLASTMatcher.check(call: nil, groundTruth: Self.truth, functions: [Self.area]) == .fail("no call was made"))
        // An answer parameter without "" must be given even when the spec calls it optional.
        let strict: [[String: JSONValue]] = [["calculate_triangle_area": ["base": [10], "height": [5], "unit": ["units"]]]]
        #expect(!verdict("calculate_triangle_area", ["base": 10, "height": 5], truth: strict).passed)
    }

    @Test func arraysAndNestedObjects() {
        let spec = BFCLFunction(name: "route", description: "", parameters: [
            "type": "dict", "properties": ["stops": ["type": "array"], "conditions": ["type": "dict"]], "required": ["stops"]])
        let truth: [[String: JSONValue]] = [["route": [
            "stops": [["Santa Barbara", "Monterey"], ["Monterey", "Santa Barbara"]],
            "conditions": ["", ["department": ["Science"], "school": ["Bluebird High School", "Bluebird HS"]]],
        ]]]
        #expect(verdict("route", ["stops": ["monterey", "santa barbara"]], truth: truth, functions: [spec]).passed)
        #expect(!verdict("route", ["stops": ["Monterey"]], truth: truth, functions: [spec]).passed)
        #expect(verdict("route", ["stops": ["Monterey", "Santa Barbara"], "conditions": ["department": "science", "school": "Bluebird HS"]],
                        truth: truth, functions: [spec]).passed)
        #expect(!verdict("route", ["stops": ["Monterey", "Santa Barbara"], "conditions": ["department": "Science"]],
                         truth: truth, functions: [spec]).passed)  // "school" has no "" option
        #expect(!verdict("route", ["stops": ["Monterey", "Santa Barbara"],
                                   "conditions": ["department": "Science", "school": "Bluebird HS", "extra": 1]],
                         truth: truth, functions: [spec]).passed)
    }

    @Test func irrelevancePassesOnlyWithoutACall() {
        #expect(BFCLASTMatcher.check(call: nil, groundTruth: [], functions: [Self.area]).passed)
        #expect(!verdict("calculate_triangle_area", ["base": 1, "height": 2], truth: []).passed)
        #expect(BFCLASTMatcher.standardized("New York, NY") == "newyorkny")
    }
}

@Suite struct BFCLSchemaTests {
    static let spec: JSONValue = [
        "type": "dict",
        "properties": [
            "ratio": ["type": "float", "description": "A ratio.", "default": 0.5],
            "point": ["type": "tuple", "items": ["type": "float"]],
            "mode": ["type": "string", "enum": ["fast", "slow"], "optional": true],
            "payload": ["type": "any"],
            "filters": ["type": "dict", "properties": ["age": ["type": "integer"]], "required": ["age"]],
        ],
        "required": ["ratio", "point", "missing"],
    ]

    @Test func convertsBFCLTypesToJSONSchema() throws {
        let schema = BFCLSchema.jsonSchema(Self.spec)
        #expect(schema["type"] == "object")
        #expect(schema["additionalProperties"] == false)
        #expect(schema["required"] == ["ratio", "point"])  // names without a property are dropped
        let properties = try #require(schema["properties"]?.objectValue)
        #expect(properties["ratio"] == ["type": "number", "description": "A ratio."])  // default dropped
        #expect(properties["point"] == ["type": "array", "items": ["type": "number"]])
        #expect(properties["mode"] == ["type": "string", "enum": ["fast", "slow"]])
        #expect(properties["payload"] == [:])
        #expect(properties["filters"]?["required"] == ["age"])
        _ = try JSONSchema(schema)
    }

    @Test func callSchemaOffersEveryFunctionAndNoCall() throws {
        let functions = [BFCLFunction(name: "a.b", description: "First.", parameters: Self.spec),
                         BFCLFunction(name: "other", description: "Second.", parameters: ["type": "dict", "properties": [:], "required": []])]
        let schemaValue = BFCLSchema.callSchema(for: functions, allowNoCall: true)
        #expect(schemaValue["anyOf"]?.arrayValue?.count == 3)
        let validator = try JSONSchemaValidator(schema: JSONSchema(schemaValue))
        let call: JSONValue = ["name": "a.b", "arguments": ["ratio": 1, "point": [1, 2]]]
        #expect(validator.isValid(call))
        #expect(validator.isValid(["call": nil]))
        #expect(!validator.isValid(["name": "a.b", "arguments": ["ratio": 1, "point": [1], "unknown": 1]]))
        #expect(!validator.isValid(["name": "nope", "arguments": [:]]))
        #expect(BFCLSchema.call(from: call)?.name == "a.b")
        #expect(BFCLSchema.call(from: ["call": nil]) == nil)
        let single = BFCLSchema.callSchema(for: [functions[1]], allowNoCall: false)
        #expect(single["anyOf"] == nil && single["properties"]?["name"] == ["const": "other"])
    }

    @Test func loadsTheFixtureBFCLCategories() throws {
        let data = EvaluationFixtures.data
        let simple = try data.bfcl(.simplePython)
        #expect(simple.count == 3)
        #expect(simple[0].question.contains("triangle") && simple[0].groundTruth.count == 1)
        #expect(try data.bfcl(.multiple).allSatisfy { $0.functions.count >= 2 })
        #expect(try data.bfcl(.irrelevance).allSatisfy(\.groundTruth.isEmpty))
        for testCase in simple + (try data.bfcl(.multiple)) {
            _ = try JSONSchema(BFCLSchema.callSchema(for: testCase.functions, allowNoCall: true))
        }
    }

    @Test(.requiresCorpora(.bfcl))
    func loadsTheWholeBFCLCategories() throws {
        let data = try EvaluationData.locate()
        let simple = try data.bfcl(.simplePython)
        #expect(simple.count == 400)
        #expect(simple[0].question.contains("triangle") && simple[0].groundTruth.count == 1)
        #expect(try data.bfcl(.multiple).allSatisfy { $0.functions.count >= 2 })
        #expect(try data.bfcl(.irrelevance).allSatisfy(\.groundTruth.isEmpty))
        // Every function's converted schema is accepted by the validator.
        for testCase in simple {
            _ = try JSONSchema(BFCLSchema.callSchema(for: testCase.functions, allowNoCall: true))
        }
    }

    @Test func evaluationScoresModelAnswers() async throws {
        let testCase = BFCLCase(id: "t0", question: "Area of a triangle with base 10 and height 5?",
                                functions: [BFCLASTMatcherTests.area], groundTruth: BFCLASTMatcherTests.truth)
        let right = ScriptedModel(defaultReply: #"{"name": "calculate_triangle_area", "arguments": {"base": 10, "height": 5}}"#)
        let evaluation = ArgumentEvaluation(bridge: LLMBridge(model: right))
        let report = await evaluation.run([testCase], category: .simplePython, modelName: "scripted")
        #expect(report.accuracy == 100)
        #expect(report.tableRow[3] == "61.6")
        #expect(evaluation.systemPrompt(for: testCase.functions).contains("calculate_triangle_area: Area of a triangle. Parameters: base (integer, required)"))

        let refusing = ArgumentEvaluation(bridge: LLMBridge(model: ScriptedModel(defaultReply: #"{"call": null}"#)))
        #expect(await refusing.run(testCase).verdict == .fail("no call was made"))
        let irrelevant = BFCLCase(id: "i0", question: "Who wrote Hamlet?", functions: testCase.functions, groundTruth: [])
        #expect(await refusing.run(irrelevant).verdict.passed)
        let garbage = ArgumentEvaluation(bridge: LLMBridge(model: ScriptedModel(defaultReply: "no idea")))
        let failed = await garbage.run(testCase)
        #expect(failed.failedToGenerate && !failed.verdict.passed)
    }
}

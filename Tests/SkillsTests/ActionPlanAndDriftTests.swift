import LLM
import Skills
import Testing

@Suite struct ActionPlanTests {
    var registry: SkillRegistry {
        var registry = SkillRegistry()
        try! registry.register(WeatherSkill())
        try! registry.register(BookingSkill())
        return registry
    }

    @Test func parsesRespondAndCalls() throws {
        #expect(try ActionPlan.parse(#"{"respond": "Hello!"}"#, registry: registry) == .respond("Hello!"))
        let plan = try ActionPlan.parse(#"Sure: {"calls": [{"skill": "weather", "arguments": {"city": "Oslo", "day": "tomorrow"}}]}"#,
                                        registry: registry)
        #expect(plan == .callSkills([SkillCall(skillID: "weather", arguments: ["city": "Oslo", "day": "tomorrow"])]))
    }

    @Test(arguments: [
        "not json at all", "[]", #"{"respond": 3}"#, #"{"calls": []}"#, #"{"calls": [{"arguments": {}}]}"#,
        #"{"calls": [{"skill": "teleport", "arguments": {}}]}"#,
        #"{"calls": [{"skill": "booking", "arguments": {"restaurant": "X"}}]}"#,
        #"{"calls": [{"skill": "weather", "arguments": {"day": "yesterday"}}]}"#,
        #"{"respond": "hi", "calls": []}"#, "{\"calls\": [{\"skill\": \"weather\", \"arguments\": {\"city\": 12}}]}",
    ])
    func malformedPlansAreTypedErrorsNeverCrashes(text: String) {
        #expect(throws: ActionPlanError.self) { try ActionPlan.parse(text, registry: registry) }
    }

    @Test func disabledSkillsCannotBeCalled() throws {
        var registry = self.registry
        try registry.setEnabled(false, skillID: "weather")
        #expect(throws: ActionPlanError.unknownSkill("weather")) {
            try ActionPlan.parse(#"{"calls": [{"skill": "weather", "arguments": {}}]}"#, registry: registry)
        }
        #expect(registry.enabledDescriptors.map(\.id) == ["booking"])
    }

    @Test func unionSchemaAcceptsExactlyTheEnabledSkillsCalls() throws {
        let schema = try ActionPlan.schema(for: registry.enabledDescriptors)
        let validator = try JSONSchemaValidator(schema: schema)
        #expect(validator.isValid(["calls": [["skill": "booking", "arguments": ["restaurant": "A", "partySize": 2]]]]))
        #expect(!validator.isValid(["calls": [["skill": "booking", "arguments": ["restaurant": "A"]]]]))
        #expect(validator.isValid(["respond": "ok"]))
    }

    @Test func manifestFitsTheTokenBudget() async throws {
        let words: (String) -> Int = { $0.split(separator: " ").count }
        let full = await registry.manifest(tokenBudget: 1000, countTokens: words)
        #expect(full.contains("- booking: Books a restaurant table. (arguments: restaurant: string, partySize: integer)"))
        let small = await registry.manifest(tokenBudget: 10, countTokens: words)
        #expect(words(small) <= 10)
        #expect(small.hasPrefix("- weather:"))
        #expect(!small.isEmpty)
    }
}

@Suite struct SchemaDriftTests {
    @Test func argumentsTypeAndSchemaAgreeForTheTestSkills() {
        #expect(ArgumentsShape.of(WeatherSkill.Arguments.self).differences(from: WeatherSkill().argumentsSchema.root) == [])
        #expect(ArgumentsShape.of(BookingSkill.Arguments.self).differences(from: BookingSkill().argumentsSchema.root) == [])
        #expect(ArgumentsShape.of(NoArguments.self).differences(from: NoArguments.schema.root) == [])
    }

    @Test func everyRegisteredSkillAgreesWithItsSchema() throws {
        var registry = SkillRegistry()
        try registry.register(WeatherSkill())
        try registry.register(BookingSkill())
        #expect(registry.schemaDrift() == [:])
    }

    @Test func theRegistryReportsADriftedSkill() throws {
        struct DriftedSkill: Skill {
            struct Arguments: Codable, Sendable { var restaurant: String; var partySize: Double? }
            let id = "drifted"
            let name = "Drifted"
            let summary = "Drifts."
            let keywords: [String] = []
            let examples: [String] = []
            var argumentsSchema: JSONSchema { BookingSkill().argumentsSchema }
            func execute(arguments: Arguments, context: SkillContext) async throws -> SkillResult { .response("") }
        }
        var registry = SkillRegistry()
        try registry.register(DriftedSkill())
        let drift = registry.schemaDrift()
        #expect(drift["drifted"]?.contains { $0.contains("/partySize: optional in the type but required in the schema") } == true)
    }

    @Test func driftIsDetected() throws {
        struct Drifted: Codable { var restaurant: String; var partySize: Double?; var notes: String }
        let problems = ArgumentsShape.of(Drifted.self).differences(from: BookingSkill().argumentsSchema.root)
        #expect(problems.contains { $0.contains("/partySize: optional in the type but required in the schema") })
        #expect(problems.contains { $0.contains("/partySize: the type is number") })
        #expect(problems.contains { $0.contains("/notes: in the type but not in the schema") })

        enum Wrong: String, SchemaStringEnum { case today, later }
        struct WrongEnum: Codable { var city: String?; var day: Wrong? }
        let enumProblems = ArgumentsShape.of(WrongEnum.self).differences(from: WeatherSkill().argumentsSchema.root)
        #expect(enumProblems.contains { $0.contains("enum cases") })
    }
}

import Foundation
import LLM
@testable import Skills
import Testing

/// A skill that returns facts and asks the response step to phrase them.
struct ForecastFactsSkill: Skill {
    let id = "forecast"
    let name = "Forecast"
    let summary = "The forecast as facts."
    let keywords = ["forecast"]
    let examples = ["What's the forecast?"]
    let rewritesResponse = true
    let argumentsSchema = NoArguments.schema
    func execute(arguments: NoArguments, context: SkillContext) async throws -> SkillResult {
        .response("Forecast for Paris: 18 degrees, rain at 15:00.")
    }
}

/// Issue 26, item 3: `rewritesResponse` is honoured — the skill's result passes through the
/// response step, which keeps every figure or gives way to the skill's own answer.
@Suite struct ResponseStepTests {
    static func assistant(_ model: ScriptedModel?, skill: some Skill = ForecastFactsSkill()) throws -> Assistant {
        var registry = SkillRegistry()
        try registry.register(skill)
        return Assistant(registry: registry, router: ChatTurnRouter(skills: registry.enabledDescriptors), bridge: model.map { LLMBridge(model: $0) })
    }

    static func text(_ reply: AssistantReply) -> String? {
        if case .response(let text) = reply.result { return text }
        return nil
    }

    @Test func aSkillThatAsksForItGetsTheModelsPhrasing() async throws {
        let model = ScriptedModel()
        model.when({ $0.constraint == nil }, reply: "Expect rain in Paris at 15:00, with about 18 degrees.")
        let reply = await (try Self.assistant(model)).handle("What's the forecast?")
        #expect(Self.text(reply) == "Expect rain in Paris at 15:00, with about 18 degrees.")
        let request = try #require(model.requests.first { $0.constraint == nil })
        #expect(request.promptText.contains("Forecast for Paris: 18 degrees, rain at 15:00."))
        #expect(request.promptText.contains("Question: What's the forecast?"))
    }

    @Test func aRewriteThatLosesAFigureOrFailsGivesTheSkillsOwnAnswer() async throws {
        let vague = ScriptedModel()
        vague.when({ $0.constraint == nil }, reply: "Some rain in Paris this afternoon.")
        #expect(Self.text(await (try Self.assistant(vague)).handle("What's the forecast?")) == "Forecast for Paris: 18 degrees, rain at 15:00.")

        let failing = ScriptedModel()
        failing.when(contains: "Result:", fail: LLMError.generationFailed("engine crashed"))
        #expect(Self.text(await (try Self.assistant(failing)).handle("What's the forecast?")) == "Forecast for Paris: 18 degrees, rain at 15:00.")

        #expect(Self.text(await (try Self.assistant(nil)).handle("What's the forecast?")) == "Forecast for Paris: 18 degrees, rain at 15:00.")
    }

    @Test func aSkillThatDoesNotAskIsNotRewritten() async throws {
        let model = ScriptedModel()
        model.when({ $0.constraint == nil }, reply: "Something else entirely.")
        let reply = await (try Self.assistant(model, skill: WeatherSkill())).handle("What's the weather in Paris?")
        #expect(Self.text(reply)?.hasPrefix("Sunny in") == true, "\(reply.result)")
        #expect(!model.requests.contains { $0.promptText.contains("Result:") })
    }

    @Test func figuresAreReadWithTheirClockTimes() {
        #expect(ResponseStep.figures(in: "18 degrees, rain at 15:00. Pay 2.5.") == ["18", "15:00", "2.5"])
        #expect(ResponseStep.keepsTheFacts(of: "at 15:00 for 4", in: "For 4 people at 15:00."))
        #expect(!ResponseStep.keepsTheFacts(of: "at 15:00 for 4", in: "For four people at 3 pm."))
    }
}

import Foundation
import LLM
import Skills
import Testing
@testable import HomeOS

/// Worked examples: the most relevant few, within the few-shot token budget.
@Suite struct FewShotSelectionTests {
    /// One token a word.
    struct WordCounter: PromptTokenCounting {
        func tokenCount(_ text: String) -> Int { text.split { $0 == " " || $0 == "\n" }.count }
    }

    static let pool: [JSONExample] = [
        JSONExample(input: "Find a babysitter for Friday night", output: ["job": "babysitter"]),
        JSONExample(input: "We need a plumber tomorrow to fix the sink", output: ["job": "plumber"]),
        JSONExample(input: "Walk the dog on Saturday", output: ["job": "dog walker"]),
        JSONExample(input: "A tutor for maths", output: ["job": "tutor"]),
        JSONExample(input: "Clean the house on Monday", output: ["job": "cleaner"]),
        JSONExample(input: "Paint the fence", output: ["job": "painter"]),
        JSONExample(input: "Fix the leaking sink in the kitchen", output: ["job": "plumber"]),
    ]

    @Test func theMostRelevantExamplesAreChosenAtMostFiveInThePoolsOrder() {
        let chosen = FewShotSelection(tokens: WordCounter()).select(Self.pool, for: "The kitchen sink is leaking, get a plumber")
        #expect(chosen.count == 5)
        #expect(chosen.map(\.input).contains("Fix the leaking sink in the kitchen"))
        #expect(chosen.map(\.input).contains("We need a plumber tomorrow to fix the sink"))
        // Shown in the pool's order, so the same choice gives the same prompt prefix.
        let positions = chosen.map { example in Self.pool.firstIndex { $0.input == example.input }! }
        #expect(positions == positions.sorted())
    }

    @Test func examplesThatDoNotFitTheTokenBudgetAreLeftOut() {
        var budget = PromptBudget()
        budget.fewShot = 14
        let chosen = FewShotSelection(budget: budget, tokens: WordCounter()).select(Self.pool, for: "babysitter on Friday")
        #expect(chosen.first?.input == "Find a babysitter for Friday night")
        #expect(chosen.reduce(0) { $0 + WordCounter().tokenCount($1.input) + WordCounter().tokenCount($1.output.jsonText) } <= 14)
        #expect(chosen.count >= 2)
    }

    @Test func withNothingInCommonThePoolOrderDecides() {
        var budget = PromptBudget()
        budget.fewShotExamples = 2
        let chosen = FewShotSelection(budget: budget, tokens: WordCounter()).select(Self.pool, for: "xyzzy")
        #expect(chosen.map(\.input) == ["Find a babysitter for Friday night", "We need a plumber tomorrow to fix the sink"])
        budget.fewShotExamples = 0
        #expect(FewShotSelection(budget: budget).select(Self.pool, for: "babysitter").isEmpty)
    }

    @Test func theHireHelperExtractionShowsItsMostRelevantExamples() async throws {
        let fixture = try DailyFixture()
        let model = ScriptedModel()
        model.when(contains: "Extract", reply: #"{"job": "dog walker", "date": "Saturday", "budget": 25}"#)
        _ = try await fixture.run(HireHelperSkill(services: fixture.services), "Get someone to walk the dog on Saturday for $25", model: model)
        let prompt = try #require(model.requests.first?.promptText)
        #expect(prompt.contains("Can you get someone to walk the dog on Saturday for $25?"))
        let shown = HireHelperSkill.examples.filter { prompt.contains($0.input) }
        #expect(shown.count == min(5, HireHelperSkill.examples.count))
    }
}

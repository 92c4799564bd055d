import LLM
import Testing

@Suite struct RequestValidationTests {
    @Test func defaultOptionsAreGreedyAndValid() throws {
        let options = GenerationOptions()
        #expect(options.temperature == 0)
        try options.validate()
    }

    @Test(arguments: [
        GenerationOptions(temperature: -1),
        GenerationOptions(topK: 0),
        GenerationOptions(topP: 1.5),
        GenerationOptions(minP: 1),
        GenerationOptions(repetitionPenalty: 0),
        GenerationOptions(maxTokens: 0),
        GenerationOptions(stopSequences: [""]),
    ])
    func invalidOptionsAreRejectedWithAReason(options: GenerationOptions) {
        #expect(throws: LLMError.self) { try options.validate() }
    }

    @Test func emptyConversationIsRejected() {
        #expect(throws: LLMError.invalidRequest("the conversation has no messages")) {
            try GenerationRequest(messages: []).validate()
        }
    }

    @Test func choicesBecomeAQuotedGrammar() throws {
        let constraint = OutputConstraint.choices(["yes", "say \"no\"", "a\\b\nc"])
        #expect(constraint.grammarText == #"root ::= "yes" | "say \"no\"" | "a\\b\nc""#)
        #expect(throws: LLMError.self) { try OutputConstraint.choices([]).validate() }
        #expect(throws: LLMError.self) { try OutputConstraint.grammar("  ").validate() }
    }

    @Test func promptTooLongSaysByHowMuch() {
        let message = LLMError.promptTooLong(promptTokens: 1300, limit: 1024).description
        #expect(message.contains("1300"))
        #expect(message.contains("shorten it by 276 tokens"))
    }
}

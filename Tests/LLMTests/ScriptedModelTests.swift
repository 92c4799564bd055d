import LLM
import Testing

@Suite struct ScriptedModelTests {
    @Test func firstMatchingRuleAnswersAndRequestsAreRecorded() async throws {
        let model = ScriptedModel(defaultReply: "I'm not sure.")
        model.when(contains: "weather", reply: "Sunny and 21 degrees.")
        model.when(contains: "WEATHER tomorrow", reply: "never used: the first rule matches first")

        let sunny = try await model.respond(to: "What's the weather tomorrow?")
        let unknown = try await model.respond(to: "Tell me a secret")
        #expect(sunny.text == "Sunny and 21 degrees.")
        #expect(sunny.finishReason == .endOfGeneration)
        #expect(sunny.usage.generatedTokens == 4)
        #expect(unknown.text == "I'm not sure.")
        #expect(model.requests.map(\.promptText) == ["What's the weather tomorrow?", "Tell me a secret"])
    }

    @Test func injectedFailureIsThrownThenTheNextRuleAnswers() async throws {
        let model = ScriptedModel()
        model.when(contains: "book", fail: LLMError.generationFailed("engine crashed"), times: 1)
        model.when(contains: "book", reply: "Booked.")
        await #expect(throws: LLMError.generationFailed("engine crashed")) {
            try await model.respond(to: "book a table")
        }
        #expect(try await model.respond(to: "book a table").text == "Booked.")
    }

    @Test func predicateRulesSeeTheWholeRequest() async throws {
        let model = ScriptedModel()
        model.when({ $0.constraint != nil }, reply: "yes")
        let request = GenerationRequest(messages: [.user("Is it raining?")], constraint: .choices(["yes", "no"]))
        #expect(try await model.respond(to: request).text == "yes")
        #expect(try await model.respond(to: "Is it raining?").text == "OK")
    }

    @Test func maxTokensAndStopSequencesAreHonoured() async throws {
        let model = ScriptedModel(defaultReply: "one two three four five six")
        let limited = try await model.respond(to: GenerationRequest(messages: [.user("count")], options: .init(maxTokens: 3)))
        #expect(limited.text == "one two three")
        #expect(limited.finishReason == .maxTokens)

        let stopped = try await model.respond(to: GenerationRequest(
            messages: [.user("count")], options: .init(stopSequences: ["thr"])))
        #expect(stopped.text == "one two ")
        #expect(stopped.finishReason == .stopSequence("thr"))
    }

    @Test func deadlineEndsASlowAnswer() async throws {
        let model = ScriptedModel(defaultReply: "a b c d e f g h", delayPerToken: .milliseconds(50))
        let result = try await model.respond(to: GenerationRequest(messages: [.user("slow")], deadline: .after(.milliseconds(120))))
        #expect(result.finishReason == .deadline)
        #expect(result.usage.generatedTokens < 8)
    }

    @Test func cancellationEndsGenerationWithCancelled() async throws {
        let model = ScriptedModel(defaultReply: String(repeating: "word ", count: 100), delayPerToken: .milliseconds(20))
        let task = Task { try await model.respond(to: "go") }
        try await Task.sleep(for: .milliseconds(100))
        task.cancel()
        let result = try await task.value
        #expect(result.finishReason == .cancelled)
        #expect(result.usage.generatedTokens < 100)
    }

    @Test func unavailableModelRefusesWithTheReason() async {
        let model = ScriptedModel()
        model.setAvailability(.notInstalled(remedy: "run make setup"))
        await #expect(throws: LLMError.modelUnavailable(.notInstalled(remedy: "run make setup"))) {
            try await model.respond(to: "hi")
        }
    }

    @Test func streamDeliversTokensThenOneFinishedEvent() async throws {
        let model = ScriptedModel(defaultReply: "Hello there friend")
        var pieces: [String] = []
        var finishes = 0
        for try await event in model.stream(GenerationRequest(messages: [.user("hi")])) {
            switch event {
            case .token(let piece): pieces.append(piece)
            case .logprob: break
            case .finished: finishes += 1
            }
        }
        #expect(pieces == ["Hello", " there", " friend"])
        #expect(finishes == 1)
    }
}

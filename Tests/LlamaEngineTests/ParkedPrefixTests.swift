import Foundation
import LLM
@testable import LlamaEngine
import Testing

/// Parked prefixes: a prompt that sequence 0 moved on from is kept in memory, so a request that
/// comes back to it evaluates only its new tokens, with the same greedy answer and the same scores
/// as evaluating everything.
@Suite(.serialized) struct ParkedPrefixTests {
    static let kitchen = ChatMessage.system(String(repeating: "You plan dinners for the Rivera family, who avoid peanuts. ", count: 8))
    static let garden = ChatMessage.system(String(repeating: "You look after the garden: watering, pruning and seeds. ", count: 8))

    static func engine(parkedBytes: Int? = nil) async throws -> LlamaEngine {
        var configuration = TestModels.configuration
        if let parkedBytes { configuration.parkedPromptBytes = parkedBytes }
        return try await LlamaEngine(modelPath: TestModels.path("smollm2-135m-instruct"), configuration: configuration)
    }

    static func ask(_ engine: LlamaEngine, _ system: ChatMessage, _ question: String) async throws -> GenerationResult {
        try await engine.respond(to: GenerationRequest(messages: [system, .user(question)], options: GenerationOptions(maxTokens: 16)))
    }

    @Test func aPromptComesBackFromItsParkedStateWithTheSameAnswer() async throws {
        let engine = try await Self.engine()
        _ = try await Self.ask(engine, Self.kitchen, "What could we cook tonight?")
        _ = try await Self.ask(engine, Self.garden, "When should I water the tomatoes?")
        let back = try await Self.ask(engine, Self.kitchen, "Is satay a good idea?")
        let systemTokens = try await engine.countTokens(Self.kitchen.content)
        // Sequence 0 held the garden prompt, which shares nothing with the kitchen's beyond the
        // template's first tokens: only the parked state can lend the kitchen prompt.
        #expect(back.usage.cachedPromptTokens >= systemTokens - 16, "reused \(back.usage.cachedPromptTokens) of \(systemTokens)")
        #expect(back.usage.cachedPromptTokens % LoadedModel.reuseGranularity == 0)

        let fresh = try await Self.ask(try await Self.engine(), Self.kitchen, "Is satay a good idea?")
        #expect(fresh.usage.cachedPromptTokens < 16)
        #expect(back.text == fresh.text, "a restored prefix must give the same greedy answer as evaluating it")
    }

    @Test func withNoMemoryForParkedPromptsOnlyTheLastPromptIsReused() async throws {
        let engine = try await Self.engine(parkedBytes: 0)
        _ = try await Self.ask(engine, Self.kitchen, "What could we cook tonight?")
        _ = try await Self.ask(engine, Self.garden, "When should I water the tomatoes?")
        let back = try await Self.ask(engine, Self.kitchen, "Is satay a good idea?")
        #expect(back.usage.cachedPromptTokens < 32)
    }

    @Test func scoringAPromptAgainAfterAnotherRequestGivesTheScoresOfTheCachedPrefix() async throws {
        let head = "Classify the message into exactly one category: urgent, routine or question.\n"
            + String(repeating: "Urgent means someone could be hurt; routine means it can wait a day. ", count: 4)
        let prompt = head + "\nMessage: the dishwasher is leaking onto the floor\nCategory:"
        let names = [" urgent", " routine", " question"]
        let engine = try await Self.engine()
        _ = try await engine.logLikelihoods(of: names, after: prompt)
        _ = try await Self.ask(engine, Self.garden, "When should I water the tomatoes?")
        let restored = try await engine.logLikelihoods(of: names, after: prompt)
        // The same prefix kept in sequence 0 (another message after the same instructions) instead of
        // parked: the restored state must be indistinguishable from it.
        let kept = try await Self.engine(parkedBytes: 0)
        _ = try await kept.logLikelihoods(of: names, after: head + "\nMessage: the dishwasher is leaking again\nCategory:")
        let fromSequenceZero = try await kept.logLikelihoods(of: names, after: prompt)
        #expect(restored == fromSequenceZero, "restored: \(restored), kept in sequence 0: \(fromSequenceZero)")
        #expect(restored[0] > restored[2])
    }

    @Test func aPrefilledPromptIsReusedByTheNextRequestThatStartsWithItWithTheSameAnswer() async throws {
        let engine = try await Self.engine()
        let prompt = try await engine.formattedPrompt(for: [Self.kitchen, .user("Is satay a good idea?")])
        let systemPart = try await engine.formattedPrompt(for: [Self.kitchen, .user("")])
        await engine.prefill(systemPart)
        _ = try await Self.ask(engine, Self.garden, "When should I water the tomatoes?")  // the prefill is parked
        let back = try await engine.respond(to: GenerationRequest(prompt: .text(prompt), options: GenerationOptions(maxTokens: 16)))
        let systemTokens = try await engine.countTokens(Self.kitchen.content)
        #expect(back.usage.cachedPromptTokens >= systemTokens - 16, "reused \(back.usage.cachedPromptTokens) of \(systemTokens)")
        let fresh = try await Self.engine().respond(to: GenerationRequest(prompt: .text(prompt), options: GenerationOptions(maxTokens: 16)))
        #expect(fresh.usage.cachedPromptTokens < 16)
        #expect(back.text == fresh.text)
    }

    @Test func aRequestDecodedBesideAnotherBorrowsTheParkedPrefixWithTheSameAnswer() async throws {
        var configuration = TestModels.configuration
        configuration.batchSequences = 4
        let engine = try await LlamaEngine(modelPath: TestModels.path("smollm2-135m-instruct"), configuration: configuration)
        _ = try await Self.ask(engine, Self.kitchen, "What could we cook tonight?")
        _ = try await Self.ask(engine, Self.garden, "When should I water the tomatoes?")
        // Two at once: one continues the garden prompt in sequence 0, the other the parked kitchen
        // prompt in a sequence of its own.
        async let garden = engine.respond(to: GenerationRequest(messages: [Self.garden, .user("Which seeds now?")],
                                                                options: GenerationOptions(maxTokens: 24)))
        async let kitchen = engine.respond(to: GenerationRequest(messages: [Self.kitchen, .user("Is satay a good idea?")],
                                                                 options: GenerationOptions(maxTokens: 24)))
        let (gardenAnswer, kitchenAnswer) = try await (garden, kitchen)
        let systemTokens = try await engine.countTokens(Self.kitchen.content)
        #expect(kitchenAnswer.usage.cachedPromptTokens >= systemTokens - 16, "reused \(kitchenAnswer.usage.cachedPromptTokens)")
        #expect(gardenAnswer.usage.cachedPromptTokens >= systemTokens - 16)
        #expect(!kitchenAnswer.text.isEmpty)
    }
}

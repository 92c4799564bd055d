import Foundation
import LLM
import LlamaEngine
import Testing

/// Continuous batching: overlapping generations share each decode step, and each keeps its own
/// sampler, grammar, stops, deadline and cancellation. Greedy output does not depend on what else
/// is in the batch.
@Suite(.serialized) struct BatchingTests {
    /// An engine of its own that batches up to 8 generations, in one shared KV cache or in a cache
    /// for each sequence.
    static func engine(_ id: String = "smollm2-135m-instruct", batch: Int = 8, cachePerSequence: Bool = false) async throws -> LlamaEngine {
        var configuration = TestModels.configuration
        configuration.batchSequences = batch
        configuration.cachePerSequence = cachePerSequence
        return try await LlamaEngine(modelPath: TestModels.path(id), configuration: configuration)
    }

    /// How close two choices must be, in nats under solo scoring, for a batched answer to depart
    /// there. Splitting a prompt's evaluation at another batch boundary moves logits by about as
    /// much (§5.9 of docs/architecture.md); a mixed-up sequence departs on a clear choice.
    static let nearTie = 0.25

    static let prompts = [
        "Name three fruits that are red.",
        "Write one sentence about the sea.",
        "What is the capital of France? Answer briefly.",
        "Give me a tip for sleeping better.",
    ]

    static func request(_ prompt: String, maxTokens: Int = 32) -> GenerationRequest {
        GenerationRequest(messages: [.user(prompt)], options: GenerationOptions(temperature: 0, maxTokens: maxTokens))
    }

    /// Batched answers are the solo greedy answers wherever the model's choice is clear. llama.cpp
    /// multiplies a batch of several rows with other kernels than a single row (tinyBLAS tiles,
    /// repacked 4-row groups), which changes the last bits of the logits; at a near-tie that can
    /// flip the greedy choice, after which the texts go their own ways. So where a batched answer
    /// departs from the solo one, the two tokens at the departure must be a near-tie under solo
    /// scoring (a wrong sequence or logits row would depart at once, on a clear choice).
    @Test(arguments: TestModels.both, [false, true])
    func concurrentGreedyRequestsAnswerAsTheyDoAloneUpToNearTies(model: String, cachePerSequence: Bool) async throws {
        let alone = try await Self.engine(model)
        var expected: [String] = []
        for prompt in Self.prompts { expected.append(try await alone.respond(to: Self.request(prompt)).text) }

        let shared = try await Self.engine(model, cachePerSequence: cachePerSequence)
        let answers = try await withThrowingTaskGroup(of: (Int, String).self) { group in
            for (index, prompt) in Self.prompts.enumerated() {
                group.addTask { (index, try await shared.respond(to: Self.request(prompt)).text) }
            }
            var answers = [String](repeating: "", count: Self.prompts.count)
            for try await (index, text) in group { answers[index] = text }
            return answers
        }
        let statistics = await shared.batchStatistics
        #expect(statistics.batchedSteps > 0, "the requests never shared a step: \(statistics)")
        try await Self.expectSameUpToNearTies(answers, expected, prompts: Self.prompts, model: model, alone: alone)
    }

    /// Where a batched answer departs from the solo one, the two tokens at the departure are a
    /// near-tie under solo scoring (`alone` scores them).
    static func expectSameUpToNearTies(_ answers: [String], _ expected: [String], prompts: [String], model: String,
                                       alone: LlamaEngine) async throws {
        for (index, prompt) in prompts.enumerated() where answers[index] != expected[index] {
            let batched = try await alone.tokenize(answers[index]), solo = try await alone.tokenize(expected[index])
            let common = zip(batched, solo).prefix { $0 == $1 }.count
            #expect(common >= 2, "\(model), \"\(prompt)\": departs at token \(common): \(answers[index].debugDescription) vs \(expected[index].debugDescription)")
            guard common < batched.count, common < solo.count else { continue }
            let context = try await alone.formattedPrompt(for: [.user(prompt)]) + alone.detokenize(Array(solo[..<common]))
            let choices = [try await alone.detokenize([batched[common]]), try await alone.detokenize([solo[common]])]
            let scores = try await alone.logLikelihoods(of: choices, after: context)
            #expect(abs(scores[0] - scores[1]) < nearTie,
                    "\(model), \"\(prompt)\": at token \(common) the batched choice \(choices[0].debugDescription) scores \(scores[0]) and the solo choice \(choices[1].debugDescription) \(scores[1]): not a near-tie")
        }
    }

    /// With caches of their own, a generation that ends between others leaves a gap in the sequence
    /// numbers (llama.cpp would decode the two sides in passes of their own), and the last one moves
    /// into it. Its cells are copied byte for byte, so it goes on answering as it does alone; cells
    /// or logits rows mixed up by the move would depart at once, on a clear choice.
    @Test func aGapInTheSequencesIsClosedWithoutChangingTheAnswers() async throws {
        // Sequences 0, 1 and 2 in admission order; the one in sequence 1 ends first.
        let prompts = Array(Self.prompts.prefix(3)), lengths = [48, 4, 48]
        let alone = try await Self.engine()
        var expected: [String] = []
        for (prompt, length) in zip(prompts, lengths) {
            expected.append(try await alone.respond(to: Self.request(prompt, maxTokens: length)).text)
        }
        let engine = try await Self.engine(cachePerSequence: true)
        var tasks: [Task<GenerationResult, any Error>] = []
        for (prompt, length) in zip(prompts, lengths) {
            tasks.append(Task { try await engine.respond(to: Self.request(prompt, maxTokens: length)) })
            try await Task.sleep(for: .milliseconds(20))
        }
        var answers: [String] = []
        for task in tasks { answers.append(try await task.value.text) }
        let statistics = await engine.batchStatistics
        #expect(statistics.moves >= 1, "no generation moved: \(statistics)")
        try await Self.expectSameUpToNearTies(answers, expected, prompts: prompts, model: "smollm2-135m-instruct", alone: alone)
    }

    /// Scoring side by side lends the prompt's cells to each continuation's sequence: marked as
    /// shared in one cache, copied with caches of their own. Either way the scores are the same up
    /// to the last bits that a different attention layout may move.
    @Test func scoringScoresAlikeInEitherCacheLayout() async throws {
        let choices = [" yes", " no", " maybe", " the sky is green"]
        let context = "Question: Is the sky blue on a clear day? Answer with one word.\nAnswer:"
        let shared = try await Self.engine().logLikelihoods(of: choices, after: context)
        let own = try await Self.engine(cachePerSequence: true).logLikelihoods(of: choices, after: context)
        #expect(shared.count == choices.count && own.count == choices.count)
        for (a, b) in zip(shared, own) { #expect(abs(a - b) < 0.01, "\(shared) vs \(own)") }
        #expect(own.firstIndex(of: own.max()!) == shared.firstIndex(of: shared.max()!))
    }

    /// With one sequence at a time the queue is all that changes, and answers are bit for bit the solo ones.
    @Test func takingTurnsAnswersExactlyAsAlone() async throws {
        // (the default: LlamaConfiguration.batchSequences is 1)
        let alone = try await Self.engine()
        var expected: [String] = []
        for prompt in Self.prompts { expected.append(try await alone.respond(to: Self.request(prompt, maxTokens: 16)).text) }
        let queued = try await Self.engine(batch: 1)
        let answers = try await withThrowingTaskGroup(of: (Int, String).self) { group in
            for (index, prompt) in Self.prompts.enumerated() {
                group.addTask { (index, try await queued.respond(to: Self.request(prompt, maxTokens: 16)).text) }
            }
            var answers = [String](repeating: "", count: Self.prompts.count)
            for try await (index, text) in group { answers[index] = text }
            return answers
        }
        #expect(answers == expected)
        #expect(await queued.batchStatistics.batchedSteps == 0)
    }

    @Test func eachGenerationKeepsItsOwnGrammarStopsDeadlineAndCancellation() async throws {
        let engine = try await Self.engine()
        let schema = try JSONSchema(jsonText: #"{"type": "object", "properties": {"fruit": {"type": "string"}}, "required": ["fruit"]}"#)
        async let json = engine.respond(to: GenerationRequest(messages: [.user("Name a fruit as JSON.")],
                                                              options: GenerationOptions(temperature: 0, maxTokens: 40),
                                                              constraint: .jsonSchema(schema)))
        async let stopped = engine.respond(to: GenerationRequest(
            messages: [.user("Count from 1 to 20, separated by commas.")],
            options: GenerationOptions(temperature: 0, maxTokens: 80, stopSequences: ["5"])))
        async let late = engine.respond(to: GenerationRequest(
            messages: [.user("Tell me a long story about a dragon.")],
            options: GenerationOptions(temperature: 0, maxTokens: 400), deadline: .after(.milliseconds(400))))
        let cancelled = Task { try await engine.respond(to: Self.request("Describe the ocean in detail.", maxTokens: 400)) }
        try await Task.sleep(for: .milliseconds(300))
        cancelled.cancel()

        let jsonResult = try await json
        let object = try JSONSerialization.jsonObject(with: Data(jsonResult.text.utf8)) as? [String: Any]
        #expect(object?["fruit"] is String, "\(jsonResult.text)")
        let stoppedResult = try await stopped
        #expect(stoppedResult.finishReason == .stopSequence("5"), "\(stoppedResult.finishReason)")
        #expect(!stoppedResult.text.contains("5"))
        #expect(try await late.finishReason == .deadline)
        #expect(try await cancelled.value.finishReason == .cancelled)
        let statistics = await engine.batchStatistics
        #expect(statistics.batchedSteps > 0, "\(statistics)")
    }

    @Test func aRequestJoinsWhileAnotherDecodesAndScoringWaitsItsTurn() async throws {
        let engine = try await Self.engine()
        let first = Task { try await engine.respond(to: Self.request("Write a short poem about autumn leaves.", maxTokens: 64)) }
        try await Task.sleep(for: .milliseconds(150))
        async let second = engine.respond(to: Self.request("Say hello.", maxTokens: 16))
        async let scores = engine.logLikelihoods(of: [" yes", " no"], after: "Is the sky blue? Answer:")
        let results = try await (first.value, second, scores)
        #expect(!results.0.text.isEmpty && !results.1.text.isEmpty)
        #expect(results.2.count == 2 && results.2.allSatisfy(\.isFinite))
        #expect(await engine.batchStatistics.batchedSteps > 0)
        // Alone again, the engine still answers.
        let alone = try await engine.respond(to: Self.request("Say hello.", maxTokens: 16))
        #expect(!alone.text.isEmpty)
    }
}

import LLM
import LlamaEngine

/// docs/library-guide.md, "The in-process engine".
func firstStepsSample(path: String) async throws {
    let engine = try await LlamaEngine(modelPath: path)            // preset .balanced for this machine
    let answer = try await engine.respond(to: "Name three fruits.")
    print(answer.text, answer.finishReason, answer.usage.decodeTokensPerSecond ?? 0)

    // Streaming, with a system prompt, stop sequences and a deadline.
    let request = GenerationRequest(
        messages: [.system("You are a warm family assistant."), .user("Plan Saturday morning.")],
        options: GenerationOptions(maxTokens: 200, stopSequences: ["\n\n"]),
        deadline: .after(.seconds(5)))
    for try await event in engine.stream(request) {
        switch event {
        case .token(let piece): print(piece, terminator: "")
        case .logprob: break                    // only with GenerationOptions(logprobs:)
        case .finished(let usage, let reason): print("\n\(usage.generatedTokens) tokens, \(reason)")
        }
    }

    // Output restricted by a grammar or to a closed set.
    let yesNo = try await engine.respond(to: GenerationRequest(
        messages: [.user("Is the stove a fire risk? Answer yes or no.")],
        constraint: .choices(["yes", "no"])))
    print(yesNo.text)                                              // "yes" or "no", nothing else

    // Log-likelihood scoring of continuations (fast closed-set classification).
    let scores = try await engine.logLikelihoods(of: [" Paris", " Rome"], after: "The capital of France is")
    print(scores)
}

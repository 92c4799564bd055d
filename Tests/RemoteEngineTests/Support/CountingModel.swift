import LLM
import Synchronization

/// Counts every call that reaches the wrapped engine (generation, streaming and log-likelihood
/// scoring), passing each one through unchanged. It forwards what the bridge asks of an engine
/// (``LanguageModel/supportsConstrainedDecoding`` and ``LogLikelihoodScoring``) so that the
/// wrapped engine is used exactly as it would be on its own.
final class CountingModel: LanguageModel, LogLikelihoodScoring {
    /// The engine underneath.
    let base: any LanguageModel
    private let count = Mutex(0)

    init(_ base: any LanguageModel) { self.base = base }

    /// Calls that reached the engine so far.
    var calls: Int { count.withLock { $0 } }

    var id: String { base.id }
    var availability: ModelAvailability { get async { await base.availability } }
    var supportsConstrainedDecoding: Bool { base.supportsConstrainedDecoding }

    func respond(to request: GenerationRequest) async throws -> GenerationResult {
        count.withLock { $0 += 1 }
        return try await base.respond(to: request)
    }

    func stream(_ request: GenerationRequest) -> AsyncThrowingStream<GenerationEvent, Error> {
        count.withLock { $0 += 1 }
        return base.stream(request)
    }

    func countTokens(_ text: String) async throws -> Int { try await base.countTokens(text) }

    private var scorer: (any LogLikelihoodScoring)? { base as? any LogLikelihoodScoring }

    var canScoreLogLikelihoods: Bool { scorer?.canScoreLogLikelihoods ?? false }

    func logLikelihoods(of continuations: [String], after prompt: String) async throws -> [Double] {
        guard let scorer else { throw LLMError.generationFailed("\(base.id) cannot score continuations") }
        count.withLock { $0 += 1 }
        return try await scorer.logLikelihoods(of: continuations, after: prompt)
    }

    func formattedPrompt(for messages: [ChatMessage]) async throws -> String {
        guard let scorer else { throw LLMError.generationFailed("\(base.id) cannot format prompts for scoring") }
        return try await scorer.formattedPrompt(for: messages)
    }
}

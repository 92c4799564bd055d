import LLM
import Synchronization

/// A language model that forwards to whichever model is active now, for the parts of the server
/// built once (the scheduler's briefings) that must follow a model switch.
final class LiveModel: LanguageModel {
    private let current = Mutex<(any LanguageModel)?>(nil)

    /// Makes `model` the one calls go to.
    func set(_ model: (any LanguageModel)?) { current.withLock { $0 = model } }

    private var model: (any LanguageModel)? { current.withLock { $0 } }

    var id: String { model?.id ?? "none" }

    var availability: ModelAvailability {
        get async {
            guard let model else { return .unavailable(reason: "no model is loaded") }
            return await model.availability
        }
    }

    func respond(to request: GenerationRequest) async throws -> GenerationResult {
        guard let model else { throw LLMError.modelUnavailable(.unavailable(reason: "no model is loaded")) }
        return try await model.respond(to: request)
    }

    func stream(_ request: GenerationRequest) -> AsyncThrowingStream<GenerationEvent, Error> {
        guard let model else {
            return AsyncThrowingStream { $0.finish(throwing: LLMError.modelUnavailable(.unavailable(reason: "no model is loaded"))) }
        }
        return model.stream(request)
    }

    func countTokens(_ text: String) async throws -> Int {
        guard let model else { throw LLMError.modelUnavailable(.unavailable(reason: "no model is loaded")) }
        return try await model.countTokens(text)
    }

    var supportsConstrainedDecoding: Bool { model?.supportsConstrainedDecoding ?? false }
}

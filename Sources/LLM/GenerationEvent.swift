/// Why a generation ended.
public enum FinishReason: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The output reached one of the request's stop sequences (which is not part of the output).
    case stopSequence(String)
    /// The model ended its answer (end-of-generation token, or the constraint was complete).
    case endOfGeneration
    /// The output reached `maxTokens`.
    case maxTokens
    /// The caller's task was cancelled.
    case cancelled
    /// The request's deadline passed.
    case deadline

    public var description: String {
        switch self {
        case .stopSequence(let s): return "stop sequence \(s.debugDescription)"
        case .endOfGeneration: return "end of generation"
        case .maxTokens: return "max tokens"
        case .cancelled: return "cancelled"
        case .deadline: return "deadline"
        }
    }
}

/// Counts and timings of one generation.
public struct GenerationUsage: Sendable, Hashable, Codable {
    /// Tokens in the prompt, after chat formatting.
    public var promptTokens: Int
    /// Prompt tokens that were reused from the previous request's cache instead of evaluated.
    public var cachedPromptTokens: Int
    /// Tokens generated.
    public var generatedTokens: Int
    /// Time spent evaluating the prompt.
    public var promptDuration: Duration
    /// Time from the start of the request to the first generated token.
    public var timeToFirstToken: Duration?
    /// Time from the first generated token to the last.
    public var decodeDuration: Duration
    /// Time for the whole request.
    public var totalDuration: Duration

    /// Creates a usage record.
    public init(
        promptTokens: Int = 0, cachedPromptTokens: Int = 0, generatedTokens: Int = 0,
        promptDuration: Duration = .zero, timeToFirstToken: Duration? = nil,
        decodeDuration: Duration = .zero, totalDuration: Duration = .zero
    ) {
        self.promptTokens = promptTokens
        self.cachedPromptTokens = cachedPromptTokens
        self.generatedTokens = generatedTokens
        self.promptDuration = promptDuration
        self.timeToFirstToken = timeToFirstToken
        self.decodeDuration = decodeDuration
        self.totalDuration = totalDuration
    }

    /// Prompt tokens evaluated per second (reused tokens are not counted).
    public var promptTokensPerSecond: Double? {
        let evaluated = promptTokens - cachedPromptTokens
        let seconds = promptDuration.seconds
        return evaluated > 0 && seconds > 0 ? Double(evaluated) / seconds : nil
    }

    /// Generated tokens per second after the first one.
    public var decodeTokensPerSecond: Double? {
        let seconds = decodeDuration.seconds
        return generatedTokens > 1 && seconds > 0 ? Double(generatedTokens - 1) / seconds : nil
    }
}

/// One event of a streamed generation.
public enum GenerationEvent: Sendable, Hashable {
    /// The next piece of text. Pieces are always whole UTF-8 characters.
    case token(String)
    /// A generated token's log probability, sent before that token's text (for a request that
    /// asked for them, ``GenerationOptions/logprobs``). Every generated token gets one, also a
    /// token whose text is held back (part of a character, or of a stop sequence).
    case logprob(TokenLogprob)
    /// The last event: counts, timings and why generation ended.
    case finished(GenerationUsage, FinishReason)
}

/// The complete answer of a non-streamed generation.
public struct GenerationResult: Sendable, Hashable {
    /// The generated text (without any stop sequence).
    public var text: String
    /// Counts and timings.
    public var usage: GenerationUsage
    /// Why generation ended.
    public var finishReason: FinishReason
    /// Each generated token's log probability, when the request asked for them.
    public var logprobs: [TokenLogprob]

    /// Creates a result.
    public init(text: String, usage: GenerationUsage, finishReason: FinishReason, logprobs: [TokenLogprob] = []) {
        self.text = text
        self.usage = usage
        self.finishReason = finishReason
        self.logprobs = logprobs
    }
}

extension GenerationResult {
    /// Builds a result from streamed events (for engines implementing `respond` over their stream).
    public struct Collector: Sendable {
        private var text = ""
        private var logprobs: [TokenLogprob] = []
        private var finished: (GenerationUsage, FinishReason)?

        /// Creates an empty collector.
        public init() {}

        /// Whether the finished event has arrived.
        public var isFinished: Bool { finished != nil }

        /// Adds one event.
        public mutating func add(_ event: GenerationEvent) {
            switch event {
            case .token(let piece): text += piece
            case .logprob(let entry): logprobs.append(entry)
            case .finished(let usage, let reason): finished = (usage, reason)
            }
        }

        /// The result, or an error when the generation never finished.
        public func result() throws -> GenerationResult {
            guard let (usage, reason) = finished else {
                throw LLMError.generationFailed("the generation ended without a finished event")
            }
            return GenerationResult(text: text, usage: usage, finishReason: reason, logprobs: logprobs)
        }
    }
}

extension Duration {
    /// The duration in seconds as a floating-point number.
    public var seconds: Double {
        let (s, attoseconds) = components
        return Double(s) + Double(attoseconds) / 1e18
    }

    /// The duration in milliseconds as a floating-point number.
    public var milliseconds: Double { seconds * 1000 }
}

extension AsyncThrowingStream where Element == GenerationEvent, Failure == any Error {
    /// A generation stream fed by `work`, which runs in its own task and emits events; the
    /// stream finishes when `work` returns or throws, and stopping iteration cancels the task.
    /// Engines implement ``LanguageModel/stream(_:)`` with it.
    public static func generation(
        _ work: @escaping @Sendable (_ emit: @escaping @Sendable (GenerationEvent) -> Void) async throws -> Void
    ) -> AsyncThrowingStream<GenerationEvent, any Error> {
        AsyncThrowingStream { continuation in
            let task = Task {
                do {
                    try await work { continuation.yield($0) }
                    continuation.finish()
                } catch {
                    continuation.finish(throwing: error)
                }
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }
}

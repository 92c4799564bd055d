/// A language model that generates text: in-process, remote, or scripted for tests.
///
/// The shape follows Apple's Foundation Models (`respond`, `stream`, typed options) so that
/// Swift developers feel at home. Implementations must be safe to call from many tasks at once;
/// an engine that can run only one generation at a time queues the others.
public protocol LanguageModel: Sendable {
    /// A stable identifier of the model (for logs, caches and the model catalog).
    var id: String { get }

    /// Whether the model can generate now.
    var availability: ModelAvailability { get async }

    /// Generates a complete answer.
    ///
    /// Cancellation of the calling task and the request's deadline end generation early with
    /// ``FinishReason/cancelled`` or ``FinishReason/deadline``; they are not errors.
    func respond(to request: GenerationRequest) async throws -> GenerationResult

    /// Streams the answer as it is generated: ``GenerationEvent/token(_:)`` pieces, then exactly
    /// one ``GenerationEvent/finished(_:_:)``. Stopping iteration cancels generation.
    func stream(_ request: GenerationRequest) -> AsyncThrowingStream<GenerationEvent, Error>

    /// Counts the tokens `text` occupies for this model.
    func countTokens(_ text: String) async throws -> Int

    /// Whether the engine enforces ``OutputConstraint``s while decoding. Engines that cannot
    /// (remote APIs without grammar support) get free text; ``LLMBridge`` then extracts,
    /// validates and retries.
    var supportsConstrainedDecoding: Bool { get }
}

extension LanguageModel {
    /// Engines do not constrain decoding unless they say so.
    public var supportsConstrainedDecoding: Bool { false }
}

extension LanguageModel {
    /// Collects ``stream(_:)`` into a ``GenerationResult``.
    ///
    /// If the calling task is cancelled the stream ends early; the result then carries the text
    /// received so far and ``FinishReason/cancelled``.
    public func respond(to request: GenerationRequest) async throws -> GenerationResult {
        var collector = GenerationResult.Collector()
        for try await event in stream(request) { collector.add(event) }
        if !collector.isFinished && Task.isCancelled { collector.add(.finished(GenerationUsage(), .cancelled)) }
        return try collector.result()
    }

    /// Generates a complete answer to a single user message.
    public func respond(to prompt: String, options: GenerationOptions = .greedy) async throws -> GenerationResult {
        try await respond(to: GenerationRequest(messages: [.user(prompt)], options: options))
    }
}

/// A model that can score how likely given continuations are after a prompt.
///
/// This is the basis of fast, closed-set classification: score each category name and take the
/// best, instead of asking the model to write one.
/// A model that can evaluate a prompt ahead of time, while it has nothing else to do, so that a
/// later request that starts the same way evaluates only the rest (`LlamaEngine` keeps such
/// prompts as parked prefixes). Prefilling gives way to any request that arrives meanwhile.
public protocol PromptPrefilling: Sendable {
    /// Evaluates `prompt` (raw text, already formatted for the model) when idle; returns early when
    /// a request arrives or the model cannot (nothing is reported: a prefill only saves time later).
    func prefill(_ prompt: String) async
}

public protocol LogLikelihoodScoring: Sendable {
    /// The total log-probability (natural log) of each continuation's tokens after `prompt`.
    /// The prompt is raw text, already formatted for the model.
    func logLikelihoods(of continuations: [String], after prompt: String) async throws -> [Double]

    /// The raw prompt text the model would see for `messages` (its chat template applied, ending
    /// with the cue for the assistant's reply), to score continuations after it.
    func formattedPrompt(for messages: [ChatMessage]) async throws -> String

    /// Whether scoring is available now (a conforming type may be configured without it).
    var canScoreLogLikelihoods: Bool { get }
}

extension LogLikelihoodScoring {
    /// Conforming engines score unless they say otherwise.
    public var canScoreLogLikelihoods: Bool { true }
}

import CLlama
import Foundation
import Logging
import LLM
import Synchronization

/// One generation in progress: its prompt, sampler, stop sequences, deadline, closing pressure
/// and what it has produced. The engine advances it one token at a time, alone or side by side
/// with others in one batch; nothing here depends on which.
///
/// Touched only on the engine's executor, except ``cancel()``, which any thread may call.
final class GenerationRun: @unchecked Sendable {
    let request: GenerationRequest
    let options: GenerationOptions
    /// The prompt's tokens (after any truncation).
    let tokens: [llama_token]
    let sampler: TokenSampler
    private let closingHints: JSONClosingHints?
    private var structure: JSONStructureTracker?
    private let requestedAt: ContinuousClock.Instant
    private let emit: @Sendable (GenerationEvent) -> Void
    private var usage: GenerationUsage
    private var text = UTF8Accumulator()
    private var matcher: StopSequenceMatcher
    private var firstTokenAt: ContinuousClock.Instant?
    /// Where a structured answer still open at `maxTokens` must stop at the latest (see
    /// ClosingPressure.allowance); set when the budget is reached.
    private var closingEnd: Int?
    private let contextSize: Int
    private let cancelled = Mutex(false)

    /// The KV-cache sequence the run decodes in (set when it is admitted).
    var sequence: llama_seq_id = -1
    /// Tokens the run's sequence holds (its position for the next token).
    var position = 0
    /// The token sampled last, to be decoded in the next step.
    var pendingToken: llama_token?
    /// Whether the run has ended (finished or failed).
    private(set) var isDone = false
    /// Resumed when the run ends.
    var continuation: CheckedContinuation<Void, any Error>?

    /// Validates `request` and prepares its tokens and sampler.
    init(_ request: GenerationRequest, model: LoadedModel, requestedAt: ContinuousClock.Instant,
         emit: @escaping @Sendable (GenerationEvent) -> Void) throws {
        try request.validate()
        let options = request.options
        let promptText: String
        var stops = options.stopSequences
        switch request.prompt {
        case .chat(let messages):
            promptText = try model.template.format(messages)
            stops += model.template.stopSequences
        case .text(let text):
            promptText = text
        }
        var tokens = model.tokenize(promptText, addSpecial: true)
        if tokens.isEmpty { throw LLMError.invalidRequest("the prompt is empty") }
        let limit = model.contextSize - options.maxTokens
        if limit < 1 {
            throw LLMError.invalidOptions("maxTokens (\(options.maxTokens)) must be smaller than the context window "
                + "(\(model.contextSize) tokens)")
        }
        if tokens.count > limit {
            switch request.overflowPolicy {
            case .fail: throw LLMError.promptTooLong(promptTokens: tokens.count, limit: limit)
            case .truncateStart:
                let keepFirst = tokens.first == llama_vocab_bos(model.vocab) ? 1 : 0
                tokens = Array(tokens.prefix(keepFirst)) + tokens.suffix(limit - keepFirst)
            }
        }
        let grammar = try request.constraint?.grammar()
        let closingHints: JSONClosingHints? = if case .jsonSchema(let schema) = request.constraint { JSONClosingHints(schema: schema) } else { nil }
        sampler = try TokenSampler(options: options, grammar: grammar?.text, grammarRoot: grammar?.root ?? "root",
                                   closingHints: closingHints, model: model)
        // Structured answers are steered to close before the budget runs out (see TokenSampler).
        structure = request.constraint?.producesJSON == true ? JSONStructureTracker() : nil
        self.request = request
        self.options = options
        self.tokens = tokens
        self.closingHints = closingHints
        self.requestedAt = requestedAt
        self.emit = emit
        self.usage = GenerationUsage(promptTokens: tokens.count)
        self.matcher = StopSequenceMatcher(stopSequences: stops)
        self.contextSize = model.contextSize
    }

    /// The most KV-cache cells the run can need: its prompt, its budget, and the closing
    /// allowance a structured answer may take past it.
    var cellBudget: Int { min(contextSize, tokens.count + options.maxTokens + (structure != nil ? Self.closingReserve : 0)) }

    /// Cells kept for a structured answer's closing allowance when admitting it to a batch.
    static let closingReserve = 448

    /// Asks the run to stop; it ends with `.cancelled` at its next step.
    func cancel() { cancelled.withLock { $0 = true } }

    /// Why the run must stop now, if it must.
    func interruption() -> FinishReason? {
        if cancelled.withLock({ $0 }) { return .cancelled }
        if let deadline = request.deadline, deadline.hasPassed { return .deadline }
        return nil
    }

    /// Records how the prompt was evaluated.
    func promptEvaluated(reusedTokens: Int, duration: Duration) {
        usage.cachedPromptTokens = reusedTokens
        usage.promptDuration = duration
    }

    /// Ends the run with `reason`, emitting the usage and, unless a stop sequence ended it (the
    /// text held back is then the stop's own), what is left of its text.
    func finish(_ reason: FinishReason) {
        guard !isDone else { return }
        if case .stopSequence = reason {} else {
            let rest = matcher.feed(text.flush()).text + matcher.flush()
            if !rest.isEmpty { emit(.token(rest)) }
        }
        usage.totalDuration = requestedAt.duration(to: .now)
        let finish: String
        if case .stopSequence = reason { finish = "stop sequence" } else { finish = reason.description }
        Logger(label: "homeos.llamaengine").debug("generation finished", metadata: [
            "prompt_tokens": "\(usage.promptTokens)", "cached_tokens": "\(usage.cachedPromptTokens)",
            "tokens": "\(usage.generatedTokens)", "finish": "\(finish)", "ms": "\(Int(usage.totalDuration.milliseconds))",
            "prompt_ms": "\(Int(usage.promptDuration.milliseconds))",
            "first_token_ms": "\(usage.timeToFirstToken.map { String(Int($0.milliseconds)) } ?? "-")"])
        emit(.finished(usage, reason))
        isDone = true
        continuation?.resume()
        continuation = nil
    }

    /// Ends the run with an error.
    func fail(_ error: any Error) {
        guard !isDone else { return }
        isDone = true
        continuation?.resume(throwing: error)
        continuation = nil
    }

    /// Samples the next token from the logits at the sampler's ``TokenSampler/logitsIndex`` and
    /// emits its text. Returns the token to decode next, or nil when the run has ended.
    func advance(_ context: OpaquePointer, model: LoadedModel) -> llama_token? {
        if let reason = interruption() { finish(reason); return nil }
        let closing = structure.map { tracker in
            closingEnd != nil ? .hard
                : ClosingPressure.forBudget(remaining: options.maxTokens - usage.generatedTokens,
                                            maxTokens: options.maxTokens, closingCost: tracker.closingCost,
                                            openObjects: tracker.openObjects)
        } ?? .none
        let token = sampler.sample(context, closing: closing, structure: structure)
        if model.isEndOfGeneration(token) { finish(.endOfGeneration); return nil }
        if let top = options.logprobs, let entry = sampler.logprob(of: token, top: top, context: context, bytes: model.piece) {
            emit(.logprob(entry))
        }
        usage.generatedTokens += 1
        let now = ContinuousClock.now
        if firstTokenAt == nil {
            firstTokenAt = now
            usage.timeToFirstToken = requestedAt.duration(to: now)
        }
        usage.decodeDuration = firstTokenAt!.duration(to: now)
        let piece = text.append(model.piece(token))
        structure?.feed(piece)
        let output = matcher.feed(piece)
        if !output.text.isEmpty { emit(.token(output.text)) }
        if let stop = output.stop { finish(.stopSequence(stop)); return nil }
        if usage.generatedTokens >= options.maxTokens {
            // An open structure gets an allowance to close validly instead of being cut off.
            if closingEnd == nil, let tracker = structure, tracker.closingCost > 0 {
                closingEnd = min(options.maxTokens + ClosingPressure.allowance(
                                    closingCost: tracker.closingCost, openObjects: tracker.openObjects,
                                    requiredContent: closingHints?.requiredContentTokens ?? 0),
                                 contextSize - tokens.count - 1)
            }
            if usage.generatedTokens >= (closingEnd ?? options.maxTokens) { finish(.maxTokens); return nil }
        }
        pendingToken = token
        return token
    }
}

/// Collects a generation's events into its result from whichever thread emits them.
final class ResultCollector: Sendable {
    private let collector = Mutex(GenerationResult.Collector())

    func add(_ event: GenerationEvent) { collector.withLock { $0.add(event) } }

    func result() throws -> GenerationResult { try collector.withLock { try $0.result() } }
}

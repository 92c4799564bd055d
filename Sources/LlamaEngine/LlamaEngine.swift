import CLlama
import Foundation
import LLM

/// A language model running in this process through llama.cpp.
///
/// The engine loads a GGUF file once and serialises every call: concurrent requests queue and
/// each runs to completion. Consecutive requests that share a prefix (a system prompt, a few-shot
/// block) evaluate only their new tokens.
///
/// ```swift
/// let engine = try await LlamaEngine(modelPath: path)
/// let result = try await engine.respond(to: "Name three fruits.")
/// for try await event in engine.stream(GenerationRequest(messages: [.user("Hi")])) { … }
/// ```
public actor LlamaEngine: LanguageModel, LogLikelihoodScoring {
    public nonisolated let id: String
    /// llama.cpp enforces grammars, JSON Schemas and choice sets while decoding.
    public nonisolated var supportsConstrainedDecoding: Bool { true }
    /// The model file.
    public nonisolated let modelPath: String
    /// How the model is run.
    public nonisolated let configuration: LlamaConfiguration
    private var loaded: LoadedModel?
    private var lastInfo: LlamaModelInfo
    /// Whether ``logLikelihoods(of:after:)`` evaluates the continuations side by side in one batch
    /// (the default) or one after another (the reference `homeos dev bench bridge` compares with).
    public private(set) var scoresSideBySide = true
    private let executor: DedicatedThreadExecutor

    /// All of the engine's work runs on its own thread (see `DedicatedThreadExecutor`).
    public nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }

    /// Loads the model at `modelPath`, on a thread of its own: the caller's cooperative thread is
    /// free while the weights are read.
    ///
    /// - Throws: ``ModelLoadError`` saying exactly what is wrong with a missing, non-GGUF,
    ///   truncated, damaged or unsupported file.
    public init(modelPath: String, id: String? = nil, configuration: LlamaConfiguration = .preset(.balanced),
                progress: (@Sendable (Double) -> Void)? = nil) async throws(ModelLoadError) {
        let model = try await LoadedModel.loadOnOwnThread(path: modelPath, configuration: configuration, progress: progress)
        self.id = id ?? URL(fileURLWithPath: modelPath).deletingPathExtension().lastPathComponent
        self.modelPath = modelPath
        self.configuration = configuration
        self.loaded = model
        self.lastInfo = model.info
        self.executor = DedicatedThreadExecutor(name: "llama:\(self.id)")
    }

    deinit { executor.shutdown() }

    /// Facts about the model: architecture, size, context, chat template, load time and memory.
    public var info: LlamaModelInfo { lastInfo }

    /// The chat template the engine formats conversations with.
    public var chatTemplate: ChatTemplate { get throws { try model().template } }

    public var availability: ModelAvailability {
        if loaded != nil { return .ready }
        return FileManager.default.fileExists(atPath: modelPath)
            ? .ready  // unloaded to save memory; the next call reloads it
            : .notInstalled(remedy: "the file \(modelPath) is gone; run `make setup` or reinstall the model")
    }

    /// Frees the model and its cache (for memory pressure); the next call loads it again.
    public func unload() { loaded = nil }

    /// Whether the model is in memory.
    public var isLoaded: Bool { loaded != nil }

    func model() throws -> LoadedModel {
        if let loaded { return loaded }
        let model = try LoadedModel.load(path: modelPath, configuration: configuration, progress: nil)
        loaded = model
        lastInfo = model.info
        return model
    }

    // MARK: Tokens and templates

    /// The model's tokens for `text` (without BOS/EOS).
    public func tokenize(_ text: String) throws -> [Int32] {
        try model().tokenize(text, addSpecial: false)
    }

    /// The text of `tokens`.
    public func detokenize(_ tokens: [Int32]) throws -> String {
        try model().detokenize(tokens)
    }

    public func countTokens(_ text: String) async throws -> Int {
        try model().tokenize(text, addSpecial: false).count
    }

    /// The context window in tokens.
    public var contextSize: Int { lastInfo.contextSize }

    /// The prompt text the engine would send for `messages`.
    public func formattedPrompt(for messages: [ChatMessage]) throws -> String {
        try model().template.format(messages)
    }

    /// Checks that llama.cpp accepts the constraint's grammar for this model's vocabulary,
    /// without generating anything.
    /// - Throws: `LLMError/invalidConstraint(_:)` saying why it is unusable.
    public func checkGrammar(_ constraint: OutputConstraint) throws {
        try constraint.validate()
        let grammar = try constraint.grammar()
        _ = try TokenSampler(options: GenerationOptions(), grammar: grammar.text, grammarRoot: grammar.root, model: model())
    }

    // MARK: Generation

    public nonisolated func stream(_ request: GenerationRequest) -> AsyncThrowingStream<GenerationEvent, Error> {
        let requestedAt = ContinuousClock.now
        return .generation { emit in try await self.generate(request, requestedAt: requestedAt, emit: emit) }
    }

    /// Runs in the caller's task, so cancelling the caller ends generation with `.cancelled`.
    public func respond(to request: GenerationRequest) async throws -> GenerationResult {
        var collector = GenerationResult.Collector()
        try generate(request, requestedAt: .now) { collector.add($0) }
        return try collector.result()
    }

    /// Runs one generation to the end without suspending, so requests never interleave.
    private func generate(_ request: GenerationRequest, requestedAt: ContinuousClock.Instant,
                          emit: (GenerationEvent) -> Void) throws {
        try request.validate()
        let model = try model()
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
        let sampler = try TokenSampler(options: options, grammar: grammar?.text, grammarRoot: grammar?.root ?? "root",
                                       closingHints: closingHints, model: model)
        // Structured answers are steered to close before the budget runs out (see TokenSampler).
        var structure: JSONStructureTracker? = request.constraint?.producesJSON == true ? JSONStructureTracker() : nil

        var usage = GenerationUsage(promptTokens: tokens.count)
        func interruption() -> FinishReason? {
            if Task.isCancelled { return .cancelled }
            if let deadline = request.deadline, deadline.hasPassed { return .deadline }
            return nil
        }
        func finish(_ reason: FinishReason) {
            usage.totalDuration = requestedAt.duration(to: .now)
            emit(.finished(usage, reason))
        }

        let promptStart = ContinuousClock.now
        let evaluation = try model.evaluate(tokens, shouldStop: interruption)
        usage.cachedPromptTokens = evaluation.reusedTokens
        usage.promptDuration = promptStart.duration(to: .now)
        if let reason = evaluation.stopReason { return finish(reason) }

        var text = UTF8Accumulator()
        var matcher = StopSequenceMatcher(stopSequences: stops)
        var firstTokenAt: ContinuousClock.Instant?
        func flush() {
            let rest = matcher.feed(text.flush()).text + matcher.flush()
            if !rest.isEmpty { emit(.token(rest)) }
        }
        // Where a structured answer still open at `maxTokens` must stop at the latest (see
        // ClosingPressure.allowance); set when the budget is reached.
        var closingEnd: Int?
        while true {
            if let reason = interruption() { flush(); return finish(reason) }
            let closing = structure.map { tracker in
                closingEnd != nil ? .hard
                    : ClosingPressure.forBudget(remaining: options.maxTokens - usage.generatedTokens,
                                                maxTokens: options.maxTokens, closingCost: tracker.closingCost,
                                                openObjects: tracker.openObjects)
            } ?? .none
            let token = sampler.sample(model.context, closing: closing, structure: structure)
            if model.isEndOfGeneration(token) { flush(); return finish(.endOfGeneration) }
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
            if let stop = output.stop { return finish(.stopSequence(stop)) }
            if usage.generatedTokens >= options.maxTokens {
                // An open structure gets an allowance to close validly instead of being cut off.
                if closingEnd == nil, let tracker = structure, tracker.closingCost > 0 {
                    closingEnd = min(options.maxTokens + ClosingPressure.allowance(
                                        closingCost: tracker.closingCost, openObjects: tracker.openObjects,
                                        requiredContent: closingHints?.requiredContentTokens ?? 0),
                                     model.contextSize - tokens.count - 1)
                }
                if usage.generatedTokens >= (closingEnd ?? options.maxTokens) { flush(); return finish(.maxTokens) }
            }
            try model.decode([token])
        }
    }

    // MARK: Scoring

    /// Chooses how continuations are scored: side by side in one batch (default) or one after another.
    public func setScoresSideBySide(_ sideBySide: Bool) {
        scoresSideBySide = sideBySide
    }

    public func logLikelihoods(of continuations: [String], after prompt: String) async throws -> [Double] {
        let model = try model()
        let promptTokens = model.tokenize(prompt, addSpecial: true)
        guard !promptTokens.isEmpty else { throw LLMError.invalidRequest("the prompt is empty") }
        guard !continuations.isEmpty else { return [] }
        let fulls = continuations.map { model.tokenize(prompt + $0, addSpecial: true) }
        // Tokens can merge across the boundary; each continuation is scored from where its
        // tokenization parts from the prompt's, and all of them continue the longest prefix they
        // share (less its last token, whose logits predict the first scored token).
        let shared = fulls.map { full in max(1, zip(promptTokens, full).prefix { $0 == $1 }.count) }
        let base = shared.min()! - 1
        if let longest = fulls.map(\.count).max(), longest > model.contextSize {
            throw LLMError.promptTooLong(promptTokens: longest, limit: model.contextSize)
        }
        try Task.checkCancellation()
        try model.prepareCache(Array(promptTokens[..<base]))
        let items = zip(fulls, shared).map { full, shared in
            LoadedModel.Continuation(tokens: Array(full[base...]), scoredFrom: shared - base)
        }
        return try model.logProbabilities(of: items, perBatch: scoresSideBySide ? LoadedModel.maxSequences - 1 : 1)
    }
}

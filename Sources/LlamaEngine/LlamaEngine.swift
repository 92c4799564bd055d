import CLlama
import Foundation
import Logging
import LLM

/// A language model running in this process through llama.cpp.
///
/// The engine loads a GGUF file once. Overlapping generations run one after another, or, with
/// ``LlamaConfiguration/batchSequences`` above 1, side by side (continuous batching): a request
/// that arrives while others decode joins at the next step, one that ends leaves, and every step
/// is one pass over the weights for all of them, each in its own KV-cache sequence with its own
/// sampler, grammar, stops and deadline. A request alone takes exactly the single-sequence path. Consecutive requests that share a prefix (a system
/// prompt, a few-shot block) evaluate only their new tokens; scoring waits for the batch to empty.
///
/// ```swift
/// let engine = try await LlamaEngine(modelPath: path)
/// let result = try await engine.respond(to: "Name three fruits.")
/// for try await event in engine.stream(GenerationRequest(messages: [.user("Hi")])) { … }
/// ```
public actor LlamaEngine: LanguageModel, LogLikelihoodScoring, PromptPrefilling {
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
        Logger(label: "homeos.llamaengine").info("model loaded", metadata: [
            "model": "\(self.id)", "context": "\(configuration.contextSize)", "threads": "\(configuration.threads)",
            "load_ms": "\(Int(model.info.loadDuration.milliseconds))"])
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

    /// Cancelling the caller ends generation with `.cancelled`.
    public func respond(to request: GenerationRequest) async throws -> GenerationResult {
        let collector = ResultCollector()
        try await generate(request, requestedAt: .now) { collector.add($0) }
        return try collector.result()
    }

    // MARK: Continuous batching

    /// Generations waiting to join the batch, in arrival order.
    private var waiting: [GenerationRun] = []
    /// Generations decoding, one token each per step.
    private var active: [GenerationRun] = []
    /// Whether the batch loop is running.
    private var batchRunning = false
    /// Callers waiting for the batch to empty (scoring uses the scratch sequences).
    private var idleWaiters: [CheckedContinuation<Void, Never>] = []
    /// Generations decoded side by side at most; more wait for a free place (from
    /// ``LlamaConfiguration/batchSequences``).
    public private(set) lazy var maxBatchSize = min(max(configuration.batchSequences, 1), configuration.sequenceCount - 1)
    /// Steps that decoded more than one sequence, the sequences they decoded, and generations moved
    /// to close a gap in the sequence numbers (for benchmarks and tests).
    public private(set) var batchStatistics = (steps: 0, batchedSteps: 0, sequenceTokens: 0, moves: 0)

    /// Sets how many generations decode side by side (1 runs them one after another).
    public func setMaxBatchSize(_ size: Int) {
        maxBatchSize = min(max(size, 1), configuration.sequenceCount - 1)
    }

    /// Queues a generation and waits for it to end. Requests that arrive while others decode join
    /// the batch at the next step and share each pass over the weights; each keeps its own
    /// sampler, grammar, stops, deadline and cancellation (see ``GenerationRun``).
    private func generate(_ request: GenerationRequest, requestedAt: ContinuousClock.Instant,
                          emit: @escaping @Sendable (GenerationEvent) -> Void) async throws {
        requestsSeen += 1
        lastActivity = .now
        let run = try GenerationRun(request, model: model(), requestedAt: requestedAt, emit: emit)
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                run.continuation = continuation
                waiting.append(run)
                if !batchRunning {
                    batchRunning = true
                    Task { await self.runBatch() }
                }
            }
        } onCancel: {
            run.cancel()
        }
    }

    /// Waits until no generation is decoding (scoring and cache preparation use sequence 0 and
    /// the scratch sequences).
    private func waitUntilIdle() async {
        while batchRunning { await withCheckedContinuation { idleWaiters.append($0) } }
    }

    /// The batch loop: admits waiting generations, decodes one token for every active one, and
    /// yields between steps so new requests can join. Ends when nothing is left.
    private func runBatch() async {
        // One model for the whole loop: an unload meanwhile (memory pressure) takes effect after it.
        let model: LoadedModel
        do { model = try self.model() } catch {
            for run in waiting { run.fail(error) }
            waiting.removeAll()
            finishBatch()
            return
        }
        while true {
            let admitted = admitWaiting(model)
            if admitted > 0, active.count < maxBatchSize {
                // Requests that arrived while those prompts were evaluated (the actor was busy) are
                // admitted before the next step, so a burst of arrivals waits for the burst's
                // prompts, not for a decode step between them. Each pass admits someone, and the
                // batch holds at most `maxBatchSize`, so the running generations are not starved.
                await Task.yield()
                if !waiting.isEmpty { continue }
            }
            sweep(model)
            if active.isEmpty {
                if waiting.isEmpty { break }
                await Task.yield()
                continue
            }
            if model.cachePerSequence { closeGaps(model) }
            step(model)
            sweep(model)
            await Task.yield()
        }
        finishBatch()
    }

    private func finishBatch() {
        batchRunning = false
        lastActivity = .now
        let waiters = idleWaiters
        idleWaiters.removeAll()
        for waiter in waiters { waiter.resume() }
    }

    /// With caches of their own, llama.cpp decodes side by side only sequences whose numbers follow
    /// each other (each run of numbers is a pass over the weights of its own), so when a generation
    /// ends between others and no request took its place, the highest-numbered one moves into the
    /// gap (a copy of its cells, a few milliseconds against a whole pass per step).
    private func closeGaps(_ model: LoadedModel) {
        while true {
            let numbers = Set(active.map(\.sequence))
            guard let low = numbers.min(), let high = numbers.max(), numbers.count < Int(high - low) + 1,
                  let gap = (low..<high).first(where: { !numbers.contains($0) }),
                  let moving = active.first(where: { $0.sequence == high }) else { return }
            if model.move(sequence: high, to: gap) {
                moving.sequence = gap
                batchStatistics.moves += 1
            } else {
                moving.fail(LLMError.generationFailed("could not move sequence \(high)'s KV state to sequence \(gap)"))
                active.removeAll { $0 === moving }
            }
        }
    }

    /// Drops ended generations and frees their sequences.
    private func sweep(_ model: LoadedModel) {
        for run in active where run.isDone { model.release(sequence: run.sequence) }
        active.removeAll { $0.isDone }
    }

    /// Moves waiting generations into the batch while there are places and KV-cache cells,
    /// evaluating each one's prompt and sampling its first token. Returns how many it admitted.
    private func admitWaiting(_ model: LoadedModel) -> Int {
        var admitted = 0
        while let run = waiting.first, active.count < maxBatchSize {
            if let reason = run.interruption() {
                waiting.removeFirst()
                run.finish(reason)
                continue
            }
            let used = active.reduce(0) { $0 + $1.cellBudget }
            let sequenceZeroFree = !active.contains { $0.sequence == 0 }
            let staleCells = sequenceZeroFree ? model.sequenceZeroLength : 0
            // Caches of their own: every admitted generation fits its sequence's cache.
            if !model.cachePerSequence, !active.isEmpty, used + run.cellBudget + staleCells > model.contextSize {
                if sequenceZeroFree, used + run.cellBudget <= model.contextSize {
                    model.clearSequenceZero()  // the last answer's cache gives way to a new request
                } else {
                    break  // waits for a generation to end
                }
            }
            waiting.removeFirst()
            active.append(run)
            start(run, model: model, inSequenceZero: sequenceZeroFree)
            admitted += 1
        }
        return admitted
    }

    /// Evaluates a generation's prompt in its sequence and samples its first token.
    private func start(_ run: GenerationRun, model: LoadedModel, inSequenceZero: Bool) {
        let used = Set(active.map(\.sequence))
        run.sequence = inSequenceZero ? 0 : (1..<llama_seq_id(model.sequenceCount)).first { !used.contains($0) } ?? 1
        let promptStart = ContinuousClock.now
        do {
            let evaluation: LoadedModel.PromptEvaluation
            var evaluatedHere = 0
            if run.sequence == 0 {
                model.adoptBestPrefix(for: run.tokens)
                let prepared = try prepareStablePrefix(of: run, model: model)
                if let reason = prepared.stop { return run.finish(reason) }
                evaluatedHere = prepared.evaluatedHere
                evaluation = try model.evaluate(run.tokens, shouldStop: run.interruption)
            } else {
                evaluation = try model.evaluate(run.tokens, inSequence: run.sequence, shouldStop: run.interruption)
            }
            // Cached means reused from before this request (or restored from disk), not evaluated here.
            run.promptEvaluated(reusedTokens: max(0, evaluation.reusedTokens - evaluatedHere), duration: promptStart.duration(to: .now))
            if let reason = evaluation.stopReason { return run.finish(reason) }
        } catch {
            return run.fail(error)
        }
        run.position = run.tokens.count
        run.sampler.logitsIndex = -1
        _ = run.advance(model.context, model: model)
    }

    /// A chat's system part is evaluated on its own before the rest, from the prompt cache when
    /// it has it, and evaluated (and saved) otherwise, cache or not: where one batch ends changes
    /// the last bits of what follows, so this way an answer is the same with or without a saved
    /// state. Returns why evaluation stopped, if it did, and how many tokens it evaluated.
    private func prepareStablePrefix(of run: GenerationRun, model: LoadedModel) throws -> (stop: FinishReason?, evaluatedHere: Int) {
        guard case .chat(let messages) = run.request.prompt,
              let prefix = try stablePrefix(of: messages, count: run.request.stableMessageCount, tokens: run.tokens, model: model,
                                            minimum: configuration.promptCache?.minimumTokens ?? PromptCache.defaultMinimumTokens),
              !model.holdsReusable(prefix) else { return (nil, 0) }
        let before = model.reusableCount(of: prefix)
        if let cache = configuration.promptCache {
            let outcome = try usePromptCache(cache, prefix: prefix, model: model, shouldStop: run.interruption)
            return (outcome.stop, outcome.restored ? 0 : prefix.count - before)
        }
        return (try model.evaluate(prefix, shouldStop: run.interruption).stopReason, prefix.count - before)
    }

    /// One token for every active generation: alone through the single-sequence path (exactly
    /// what a lone request always did), side by side in one batch otherwise.
    private func step(_ model: LoadedModel) {
        let runs = active.filter { !$0.isDone && $0.pendingToken != nil }.sorted { $0.sequence < $1.sequence }
        guard !runs.isEmpty else { return }
        batchStatistics.steps += 1
        batchStatistics.sequenceTokens += runs.count
        do {
            if runs.count == 1, runs[0].sequence == 0, let token = runs[0].pendingToken {
                try model.decode([token])
                runs[0].sampler.logitsIndex = -1
            } else {
                batchStatistics.batchedSteps += 1
                try model.decode(runs.map { (sequence: $0.sequence, position: $0.position, token: $0.pendingToken!) })
                for (row, run) in runs.enumerated() { run.sampler.logitsIndex = Int32(row) }
            }
        } catch {
            for run in runs { run.fail(error) }
            return
        }
        for run in runs {
            run.position += 1
            run.pendingToken = nil
            _ = run.advance(model.context, model: model)
        }
    }

    // MARK: Prefill

    /// Generations and scorings that have reached the engine (a prefill stops when it changes).
    private var requestsSeen = 0
    /// When the last generation or scoring arrived or ended.
    private var lastActivity = ContinuousClock.now
    /// Tokens a prefill evaluates between two looks for a request that arrived meanwhile: a request
    /// waits for one such step at most (about 60 ms for SmolLM2, 120 ms for Gemma 3 on 2 cores).
    static let prefillStep = 64
    /// How long the engine must have had nothing to do before a prefill step starts: clients that
    /// send request after request (an agent, a benchmark) never wait behind one.
    static let prefillQuietPeriod: Duration = .milliseconds(300)

    /// Evaluates the whole aligned groups of `prompt` into sequence 0 while nothing else runs, a step
    /// of ``prefillStep`` tokens at a time once the engine has been idle for ``prefillQuietPeriod``,
    /// and stops as soon as a generation or a scoring arrives. The prompt is then reused by the next
    /// request that starts the same way, or parked when another prompt takes sequence 0 (see
    /// ParkedPrefixes.swift).
    public func prefill(_ prompt: String) async {
        await waitUntilIdle()
        let seen = requestsSeen
        guard let model = try? model() else { return }
        let tokens = model.tokenize(prompt, addSpecial: true)
        let aligned = tokens.count / LoadedModel.reuseGranularity * LoadedModel.reuseGranularity
        // What sequence 0 or a parked prefix already holds is not evaluated again.
        var end = max(model.reusableCount(of: tokens), model.bestParked(for: tokens)?.reusable ?? 0)
        while end < aligned {
            guard requestsSeen == seen, waiting.isEmpty, !batchRunning, !Task.isCancelled else { return }
            let quiet = lastActivity.duration(to: .now)
            if quiet < Self.prefillQuietPeriod {
                try? await Task.sleep(for: Self.prefillQuietPeriod - quiet)
                continue
            }
            end = min(aligned, end + Self.prefillStep)
            do { _ = try model.evaluate(Array(tokens[..<end]), shouldStop: { nil }) } catch { return }
            await Task.yield()
        }
    }

    // MARK: Prompt cache

    /// What the prompt cache did lately (restored, saved, ignored and why), newest last; the same
    /// lines go to standard error when a file is ignored.
    public private(set) var promptCacheEvents: [String] = []
    private var modelFileHash: String?

    /// The tokens of the part of a chat prompt that stays the same from one request to the next,
    /// in whole aligned groups: the first `count` messages (the request's
    /// ``GenerationRequest/stableMessageCount``), else the leading system messages. Nil when too
    /// short to be worth a file.
    private func stablePrefix(of messages: [ChatMessage], count: Int?, tokens: [Int32], model: LoadedModel,
                              minimum: Int) throws -> [Int32]? {
        let leading = count.map { messages.prefix(max(0, $0)) } ?? messages.prefix { $0.role == .system }
        guard !leading.isEmpty, leading.count < messages.count else { return nil }
        // Where the stable part ends in this template: the prompt and a probe conversation with
        // the same leading messages agree up to the next user turn's text.
        let probe = model.tokenize(try model.template.format(Array(leading) + [.user("\u{1}")]), addSpecial: true)
        let common = zip(tokens, probe).prefix { $0 == $1 }.count
        let group = LoadedModel.reuseGranularity
        let length = min(common, tokens.count - 1) / group * group
        return length >= minimum ? Array(tokens[..<length]) : nil
    }

    /// Brings `prefix` into the KV cache from memory, from its file, or by evaluating and saving it.
    /// - Returns: why evaluation stopped early, if it did.
    private func usePromptCache(_ cache: PromptCache, prefix: [Int32], model: LoadedModel,
                                shouldStop: () -> FinishReason?) throws -> (stop: FinishReason?, restored: Bool) {
        if model.holdsReusable(prefix) { return (nil, true) }
        let hash: String
        if let modelFileHash { hash = modelFileHash } else {
            do { hash = try cache.modelHash(path: modelPath) } catch {
                note("prompt cache off for this model: its file could not be hashed (\(error.localizedDescription))", warn: true)
                return (try model.evaluate(prefix, shouldStop: shouldStop).stopReason, false)
            }
            modelFileHash = hash
        }
        let url = cache.file(modelHash: hash, tokens: prefix)
        if FileManager.default.fileExists(atPath: url.path) {
            if let problem = cache.problem(with: url) ?? model.restoreState(from: url, expecting: prefix) {
                note("ignored \(url.lastPathComponent): \(problem); removed it", warn: true)
                cache.remove(url)
            } else {
                try? FileManager.default.setAttributes([.modificationDate: Date()], ofItemAtPath: url.path)
                note("restored \(prefix.count) tokens from \(url.lastPathComponent)")
                return (nil, true)
            }
        }
        if let reason = try model.evaluate(prefix, shouldStop: shouldStop).stopReason { return (reason, false) }
        do { try cache.createDirectory(url.deletingLastPathComponent()) } catch {
            note("could not create \(url.deletingLastPathComponent().path): \(error.localizedDescription)", warn: true)
            return (nil, false)
        }
        if model.saveState(of: prefix, to: url), (try? cache.seal(url)) != nil {
            note("saved \(prefix.count) tokens to \(url.lastPathComponent)")
            cache.trim()
        } else {
            note("could not save \(url.lastPathComponent)", warn: true)
        }
        return (nil, false)
    }

    private func note(_ line: String, warn: Bool = false) {
        promptCacheEvents.append(line)
        if promptCacheEvents.count > 20 { promptCacheEvents.removeFirst(promptCacheEvents.count - 20) }
        if warn { FileHandle.standardError.write(Data("prompt cache: \(line)\n".utf8)) }
    }

    // MARK: Scoring

    /// Chooses how continuations are scored: side by side in one batch (default) or one after another.
    public func setScoresSideBySide(_ sideBySide: Bool) {
        scoresSideBySide = sideBySide
    }

    public func logLikelihoods(of continuations: [String], after prompt: String) async throws -> [Double] {
        requestsSeen += 1
        lastActivity = .now
        defer { lastActivity = .now }
        await waitUntilIdle()
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
        let started = ContinuousClock.now
        let prefix = Array(promptTokens[..<base])
        model.adoptBestPrefix(for: prefix)
        let reused = model.reusableCount(of: prefix)
        try model.prepareCache(prefix)
        let prepared = ContinuousClock.now
        let items = zip(fulls, shared).map { full, shared in
            LoadedModel.Continuation(tokens: Array(full[base...]), scoredFrom: shared - base)
        }
        let scores = try model.logProbabilities(of: items, perBatch: scoresSideBySide ? LoadedModel.maxSequences : 1)
        Logger(label: "homeos.llamaengine").debug("scoring finished", metadata: [
            "prompt_tokens": "\(base)", "cached_tokens": "\(reused)", "continuations": "\(items.count)",
            "prompt_ms": "\(Int(started.duration(to: prepared).milliseconds))",
            "ms": "\(Int(started.duration(to: .now).milliseconds))"])
        return scores
    }
}

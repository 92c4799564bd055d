import CLlama
import Foundation
import LLM

/// A llama.cpp model and context, plus what is in its KV cache. Used only inside ``LlamaEngine``,
/// which serialises all access.
final class LoadedModel {
    let model: OpaquePointer
    let context: OpaquePointer
    let vocab: OpaquePointer
    let info: LlamaModelInfo
    let template: ChatTemplate
    let batchSize: Int
    /// Tokens whose keys and values are in the KV cache, in order (sequence 0).
    var cachedTokens: [llama_token] = []
    /// Earlier prompts' KV state, kept in memory so a request that continues one of them
    /// evaluates only its new tokens (see ParkedPrefixes.swift).
    var parked: [ParkedPrefix] = []
    /// Counts uses of parked prefixes, so the least recently used gives way first.
    var parkClock = 0
    /// Bytes the parked prefixes may take (``LlamaConfiguration/parkedPromptBytes``).
    let parkedByteLimit: Int
    /// A second, small context that pools hidden states into sentence vectors (created on the
    /// first embedding request, so generation-only use pays nothing for it).
    var embeddingContext: OpaquePointer?

    /// Cells one sequence may fill (its own cache's, or the shared cache's).
    var contextSize: Int { Int(llama_n_ctx_seq(context)) }
    /// Sequences the context holds: sequence 0 plus the scratch and batch sequences.
    var sequenceCount: Int { Int(llama_n_seq_max(context)) }
    /// Whether every sequence has a KV cache of its own (``LlamaConfiguration/cachePerSequence``).
    var cachePerSequence: Bool { sequenceCount > 1 && contextSize < Int(llama_n_ctx(context)) }
    var vocabularySize: Int { Int(llama_vocab_n_tokens(vocab)) }

    private init(model: OpaquePointer, context: OpaquePointer, info: LlamaModelInfo, template: ChatTemplate, batchSize: Int,
                 parkedByteLimit: Int) {
        self.parkedByteLimit = parkedByteLimit
        self.model = model
        self.context = context
        self.vocab = llama_model_get_vocab(model)
        self.info = info
        self.template = template
        self.batchSize = batchSize
    }

    deinit {
        if let embeddingContext { llama_free(embeddingContext) }
        llama_free(context)
        llama_model_free(model)
    }

    // MARK: Loading

    /// ``load(path:configuration:progress:)`` on a thread of its own, for callers on Swift's
    /// cooperative pool: loading reads hundreds of megabytes and waits on the process-wide load
    /// lock while another engine loads, and a pool thread blocked that long (one of two on a
    /// two-core machine) stalls every other task of the app, deadlines included.
    static func loadOnOwnThread(path: String, configuration: LlamaConfiguration,
                                progress: (@Sendable (Double) -> Void)?) async throws(ModelLoadError) -> LoadedModel {
        let outcome = await withCheckedContinuation { (continuation: CheckedContinuation<LoadOutcome, Never>) in
            let thread = Thread {
                do throws(ModelLoadError) {
                    continuation.resume(returning: LoadOutcome(.success(try load(path: path, configuration: configuration,
                                                                                progress: progress))))
                } catch {
                    continuation.resume(returning: LoadOutcome(.failure(error)))
                }
            }
            thread.name = "llama-load"
            thread.stackSize = 8 << 20
            thread.start()
        }
        return try outcome.result.get()
    }

    /// A freshly loaded model handed from the loading thread to its one owner, the engine.
    private struct LoadOutcome: @unchecked Sendable {
        let result: Result<LoadedModel, ModelLoadError>
        init(_ result: Result<LoadedModel, ModelLoadError>) { self.result = result }
    }

    /// Loads the model at `path`, checking the file first so every failure has a specific error.
    static func load(path: String, configuration: LlamaConfiguration,
                     progress: (@Sendable (Double) -> Void)?) throws(ModelLoadError) -> LoadedModel {
        LlamaRuntime.initialize()
        try configuration.validate()
        let header = try GGUFFile.read(path: path)
        let start = ContinuousClock.now
        let residentBefore = residentMemoryBytes()

        var modelParameters = llama_model_default_params()
        modelParameters.n_gpu_layers = Int32(configuration.gpuLayers)
        modelParameters.load_mode = configuration.useMemoryMap ? LLAMA_LOAD_MODE_MMAP : LLAMA_LOAD_MODE_NONE
        let progressBox = progress.map { Unmanaged.passRetained(ProgressBox($0)) }
        defer { progressBox?.release() }
        if let progressBox {
            modelParameters.progress_callback = { value, userData in
                guard let userData else { return true }
                Unmanaged<ProgressBox>.fromOpaque(userData).takeUnretainedValue().report(Double(value))
                return true
            }
            modelParameters.progress_callback_user_data = progressBox.toOpaque()
        }

        let (loaded, log) = LlamaRuntime.loadLock.withLock {
            LlamaRuntime.log.capture { llama_model_load_from_file(path, modelParameters) }
        }
        guard let model = loaded else {
            throw classifyLoadFailure(path: path, header: header, log: log)
        }

        var contextParameters = llama_context_default_params()
        let trained = Int(llama_model_n_ctx_train(model))
        let contextSize = trained > 0 ? min(configuration.contextSize, trained) : configuration.contextSize
        // Sequence 0 holds the conversation; the others exist while several continuations of one
        // prompt are scored in a single batch (classification) and while generations are decoded
        // side by side. A unified cache lets them share the prompt's cells instead of copying them;
        // caches of their own keep each step's attention to the sequence's own cells.
        let sequences = configuration.sequenceCount
        contextParameters.n_seq_max = UInt32(sequences)
        contextParameters.kv_unified = !configuration.cachePerSequence
        contextParameters.n_ctx = UInt32(configuration.cachePerSequence ? contextSize * sequences : contextSize)
        contextParameters.n_batch = UInt32(configuration.batchSize)
        contextParameters.n_ubatch = UInt32(configuration.batchSize)
        contextParameters.n_threads = Int32(configuration.threads)
        contextParameters.n_threads_batch = Int32(configuration.batchThreads)
        contextParameters.no_perf = true
        if let flash = configuration.flashAttention {
            contextParameters.flash_attn_type = flash ? LLAMA_FLASH_ATTN_TYPE_ENABLED : LLAMA_FLASH_ATTN_TYPE_DISABLED
        }
        // A full-size sliding-window cache lets prefix reuse trim the cache at any position.
        contextParameters.swa_full = true
        guard let context = llama_init_from_model(model, contextParameters) else {
            llama_model_free(model)
            throw .loadFailed(path: path, detail: "could not create a context of \(contextSize) tokens "
                + "(not enough memory?). Try the low-memory preset or a smaller context.")
        }

        let vocab = llama_model_get_vocab(model)
        let template = ChatTemplate.select(
            metadataTemplate: llama_model_chat_template(model, nil).map { String(validatingCString: $0) ?? "" })
        var description = [CChar](repeating: 0, count: 256)
        _ = llama_model_desc(model, &description, description.count)
        let info = LlamaModelInfo(
            path: path,
            architecture: header.architecture ?? "unknown",
            description: String(decoding: description.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self),
            parameterCount: llama_model_n_params(model),
            weightBytes: llama_model_size(model),
            vocabularySize: Int(llama_vocab_n_tokens(vocab)),
            trainingContextSize: trained,
            contextSize: Int(llama_n_ctx_seq(context)),
            chatTemplate: template.description,
            loadDuration: start.duration(to: .now),
            residentMemoryGrowthBytes: max(0, residentMemoryBytes() - residentBefore))
        progress?(1)
        return LoadedModel(model: model, context: context, info: info, template: template, batchSize: configuration.batchSize,
                           parkedByteLimit: configuration.parkedPromptBytes)
    }

    private static func classifyLoadFailure(path: String, header: GGUFFile, log: [String]) -> ModelLoadError {
        let text = log.joined()
        if text.contains("unknown model architecture") {
            return .unsupportedArchitecture(path: path, architecture: header.architecture ?? "unknown")
        }
        if text.contains("file bounds") || text.contains("corrupted or incomplete") {
            return .truncated(path: path, actualBytes: header.fileSize, expectedBytes: header.requiredSize)
        }
        let reasons = log.filter { $0.contains("error") || $0.contains("failed") }
            .map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
        let detail = reasons.suffix(3).joined(separator: "; ")
        return .corrupt(path: path, detail: detail.isEmpty ? "llama.cpp rejected the file" : detail)
    }

    // MARK: Tokens

    /// Tokenizes `text`; `addSpecial` adds BOS/EOS as the model wants, `parseSpecial` turns
    /// marker text such as `<|im_start|>` into its special token.
    func tokenize(_ text: String, addSpecial: Bool, parseSpecial: Bool = true) -> [llama_token] {
        let length = Int32(text.utf8.count)
        var tokens = [llama_token](repeating: 0, count: Int(length) + 8)
        var count = llama_tokenize(vocab, text, length, &tokens, Int32(tokens.count), addSpecial, parseSpecial)
        if count < 0 {
            tokens = [llama_token](repeating: 0, count: Int(-count))
            count = llama_tokenize(vocab, text, length, &tokens, Int32(tokens.count), addSpecial, parseSpecial)
        }
        var result = Array(tokens.prefix(Int(max(0, count))))
        // A template that writes the BOS text itself plus add_special would give two BOS tokens.
        let bos = llama_vocab_bos(vocab)
        if result.count >= 2, result[0] == bos, result[1] == bos { result.removeFirst() }
        return result
    }

    /// The bytes of one token as text (special tokens render as nothing).
    func piece(_ token: llama_token) -> [UInt8] {
        var buffer = [CChar](repeating: 0, count: 64)
        var count = llama_token_to_piece(vocab, token, &buffer, Int32(buffer.count), 0, false)
        if count < 0 {
            buffer = [CChar](repeating: 0, count: Int(-count))
            count = llama_token_to_piece(vocab, token, &buffer, Int32(buffer.count), 0, false)
        }
        return buffer.prefix(Int(max(0, count))).map { UInt8(bitPattern: $0) }
    }

    /// Turns tokens back into text.
    func detokenize(_ tokens: [llama_token]) -> String {
        var accumulator = UTF8Accumulator()
        return tokens.map { accumulator.append(piece($0)) }.joined() + accumulator.flush()
    }

    func isEndOfGeneration(_ token: llama_token) -> Bool { llama_vocab_is_eog(vocab, token) }

    /// For each token, what its text does to open JSON structure (see ``StructuralTokenClass``).
    /// Computed on first use.
    lazy var structuralClasses: [StructuralTokenClass] = (0..<vocabularySize).map { index in
        StructuralTokenClass.of(piece(llama_token(index)))
    }

    /// The first-byte table that lets a whole-vocabulary grammar mask skip the tokens the grammar
    /// cannot take (see ``GrammarPrefilter``). Computed on first use.
    lazy var grammarPrefilter = GrammarPrefilter(vocab: vocab, size: vocabularySize)

    /// For each ASCII byte, a token whose text is exactly that character (nil where the
    /// vocabulary has none). Computed on first use.
    lazy var asciiTokens: [llama_token?] = {
        var tokens = [llama_token?](repeating: nil, count: 128)
        for index in 0..<vocabularySize {
            let bytes = piece(llama_token(index))
            if bytes.count == 1, bytes[0] < 128, tokens[Int(bytes[0])] == nil { tokens[Int(bytes[0])] = llama_token(index) }
        }
        return tokens
    }()

    // MARK: Evaluation

    /// What happened while bringing the KV cache to a prompt.
    struct PromptEvaluation {
        /// Prompt tokens that were already in the cache.
        var reusedTokens: Int
        /// Set when evaluation stopped early because `shouldStop` said so.
        var stopReason: FinishReason?
    }

    /// Cache positions are reused in aligned groups of this many tokens.
    ///
    /// llama.cpp's CPU kernels for repacked quantized weights (Gemma 3's Q4_K here) multiply a
    /// batch's rows in groups of 4 and finish the remainder with a one-row kernel, so a token's keys
    /// and values differ in the last bits depending on whether it sat in a whole group. Reusing only
    /// positions that were evaluated inside whole groups, and starting the rest at a multiple of 4,
    /// keeps every token in the same kind of group as in a fresh evaluation. Measured on both default
    /// models with flash attention off: 0 inexact of 220 reuses at multiples of 4 (31 of 89 at any
    /// position for Gemma; SmolLM2's Q8_0 is exact at any position). See
    /// ``minimumEvaluatedTokens`` for the other condition, and docs/architecture.md §5.1 for where
    /// flash attention still makes a difference.
    static let reuseGranularity = 4

    /// However much of a prompt the cache holds, at least its last this many tokens are evaluated
    /// (all of a shorter prompt): llama.cpp picks other kernels for a batch of fewer rows, and a
    /// prompt whose last 3–7 tokens alone were evaluated after a reused prefix got other bits than
    /// the same prompt evaluated whole (Gemma 3, 2026-12-07). It also leaves the last token's logits
    /// to compute.
    static let minimumEvaluatedTokens = 8

    /// How many of the `count` shared, canonical leading positions a prompt of `total` tokens
    /// takes from the cache: whole groups, leaving at least ``minimumEvaluatedTokens`` to evaluate.
    static func reusablePrefix(_ count: Int, of total: Int) -> Int {
        max(0, min(count, total - minimumEvaluatedTokens)) / reuseGranularity * reuseGranularity
    }

    /// Leading cache positions that were evaluated inside whole aligned groups of a prompt batch.
    var canonicalLength = 0

    /// Makes the KV cache hold exactly `tokens`, evaluating only what is not reusable, so the
    /// logits of the last token are ready. Stops between batches when `shouldStop` returns a reason.
    func evaluate(_ tokens: [llama_token], shouldStop: () -> FinishReason?) throws(LLMError) -> PromptEvaluation {
        precondition(!tokens.isEmpty, "evaluate needs at least one token")
        adoptBestPrefix(for: tokens)
        let group = Self.reuseGranularity
        var reused = Self.reusablePrefix(reusableCount(of: tokens), of: tokens.count)
        if reused < cachedTokens.count {
            let memory = llama_get_memory(context)
            if !llama_memory_seq_rm(memory, 0, llama_pos(reused), -1) {
                // Only sequence 0: other sequences may be decoding side by side.
                _ = llama_memory_seq_rm(memory, 0, -1, -1)
                reused = 0
            }
            cachedTokens.removeSubrange(reused...)
        }
        canonicalLength = reused
        var position = reused
        while position < tokens.count {
            if let reason = shouldStop() { return PromptEvaluation(reusedTokens: reused, stopReason: reason) }
            // Batch sizes that are multiples of the group keep every batch start aligned.
            let end = min(position + batchSize / group * group, tokens.count)
            try decode(Array(tokens[position..<end]))
            position = end
            canonicalLength = end / group * group
        }
        return PromptEvaluation(reusedTokens: reused, stopReason: nil)
    }

    /// Makes the KV cache hold exactly `tokens` when no logits are needed (scoring): when the cache
    /// already starts with `tokens` it is only trimmed, otherwise the tokens are evaluated.
    func prepareCache(_ tokens: [llama_token]) throws(LLMError) {
        guard !tokens.isEmpty else {
            parkSequenceZero()
            return clearSequenceZero()
        }
        let common = zip(cachedTokens, tokens).prefix { $0 == $1 }.count
        guard common == tokens.count else {
            _ = try evaluate(tokens, shouldStop: { nil })
            return
        }
        if cachedTokens.count > tokens.count {
            if tokens.count < canonicalLength { parkSequenceZero() }
            if !llama_memory_seq_rm(llama_get_memory(context), 0, llama_pos(tokens.count), -1) {
                return resetCache()
            }
            cachedTokens.removeSubrange(tokens.count...)
            canonicalLength = min(canonicalLength, tokens.count / Self.reuseGranularity * Self.reuseGranularity)
        }
    }

    /// Set from `HOMEOS_DEBUG_FAIL_DECODE=1` when the process starts: every decode fails as if
    /// llama.cpp had returned an error, so that the real-model tests can be shown to fail when
    /// generation is broken (see docs/contributing.md, "A broken engine"). Never set in use.
    static let failsEveryDecode = ProcessInfo.processInfo.environment["HOMEOS_DEBUG_FAIL_DECODE"] == "1"

    /// `llama_decode` on this context, or -1 when ``failsEveryDecode`` is set.
    private func decodeBatch(_ batch: llama_batch) -> Int32 {
        Self.failsEveryDecode ? -1 : llama_decode(context, batch)
    }

    /// Appends `tokens` to the cache, computing logits for the last one.
    func decode(_ tokens: [llama_token]) throws(LLMError) {
        var tokens = tokens
        let status = tokens.withUnsafeMutableBufferPointer { buffer in
            decodeBatch(llama_batch_get_one(buffer.baseAddress, Int32(buffer.count)))
        }
        guard status == 0 else {
            // The cache no longer matches what we think it holds; start clean next time.
            llama_memory_clear(llama_get_memory(context), true)
            cachedTokens.removeAll()
            canonicalLength = 0
            throw .generationFailed("llama_decode returned \(status) while evaluating \(tokens.count) tokens")
        }
        cachedTokens.append(contentsOf: tokens)
    }

    /// Sequences a shared-cache context holds: sequence 0 plus the scratch sequences of batched
    /// scoring and the generations decoded side by side.
    static let maxSequences = 32

    /// One continuation of the cached prefix to score: `tokens` start right after the cache, and
    /// the log-probabilities of `tokens[scoredFrom...]` are summed (earlier tokens are context that
    /// the continuation's tokenization does not share with the prompt's).
    struct Continuation {
        var tokens: [llama_token]
        var scoredFrom: Int
    }

    /// Scores every continuation of what the cache holds, evaluating them side by side in as few
    /// batches as the batch size and sequence count allow (one for a typical classification),
    /// each in a scratch sequence that shares the prefix's cells. The cache is left as it was.
    /// - Parameter perBatch: continuations per batch at most (1 scores them one after another).
    func logProbabilities(of continuations: [Continuation], perBatch: Int = maxSequences) throws(LLMError) -> [Double] {
        var scores = [Double](repeating: 0, count: continuations.count)
        let start = cachedTokens.count
        var next = 0
        while next < continuations.count {
            var chunk: [Int] = []
            var tokenCount = 0
            while next < continuations.count, chunk.count < min(max(perBatch, 1), sequenceCount - 1) {
                let length = continuations[next].tokens.count
                guard chunk.isEmpty || (tokenCount + length <= batchSize && start + tokenCount + length <= contextSize)
                else { break }
                chunk.append(next)
                tokenCount += length
                next += 1
            }
            guard tokenCount <= batchSize, start + tokenCount <= contextSize else {
                throw .promptTooLong(promptTokens: start + tokenCount, limit: min(contextSize, start + batchSize))
            }
            let chunkScores = try scoreSideBySide(chunk.map { continuations[$0] }, tokenCount: tokenCount)
            for (index, score) in zip(chunk, chunkScores) { scores[index] = score }
        }
        return scores
    }

    /// One batch: continuation `i` in sequence `i + 1`, which first borrows the prefix's cells.
    private func scoreSideBySide(_ continuations: [Continuation], tokenCount: Int) throws(LLMError) -> [Double] {
        let memory = llama_get_memory(context)
        let start = cachedTokens.count
        var batch = llama_batch_init(Int32(max(tokenCount, 1)), 0, 1)
        defer { llama_batch_free(batch) }
        var rows: [[Int32]] = []
        var index = 0
        var lender = PrefixLender()
        for (offset, continuation) in continuations.enumerated() {
            let sequence = llama_seq_id(offset + 1)
            if start > 0, !lend(start, to: sequence, through: &lender) {
                throw .generationFailed("could not copy the prompt's KV state to scoring sequence \(sequence)")
            }
            var row: [Int32] = []
            for (position, token) in continuation.tokens.enumerated() {
                batch.token[index] = token
                batch.pos[index] = llama_pos(start + position)
                batch.n_seq_id[index] = 1
                batch.seq_id[index]![0] = sequence
                let scored = position >= max(continuation.scoredFrom - 1, 0) && position < continuation.tokens.count - 1
                batch.logits[index] = scored ? 1 : 0
                if scored { row.append(Int32(index)) }
                index += 1
            }
            rows.append(row)
        }
        batch.n_tokens = Int32(index)
        defer {
            for offset in continuations.indices { llama_memory_seq_rm(memory, llama_seq_id(offset + 1), -1, -1) }
        }
        guard rows.contains(where: { !$0.isEmpty }) else { return continuations.map { _ in 0 } }
        let status = decodeBatch(batch)
        guard status == 0 else {
            llama_memory_clear(memory, true)
            cachedTokens.removeAll()
            canonicalLength = 0
            throw .generationFailed("llama_decode returned \(status) while scoring")
        }
        let vocabularySize = self.vocabularySize
        var scores: [Double] = []
        for (continuation, row) in zip(continuations, rows) {
            var total = 0.0
            let first = max(continuation.scoredFrom - 1, 0)
            for (step, batchIndex) in row.enumerated() {
                guard let logits = llama_get_logits_ith(context, batchIndex) else {
                    throw .generationFailed("no logits for scored position \(batchIndex)")
                }
                let row = UnsafeBufferPointer(start: logits, count: vocabularySize)
                total += Self.logSoftmax(row, at: Int(continuation.tokens[first + step + 1]))
            }
            scores.append(total)
        }
        return scores
    }

    /// `log p(token)` from one row of logits.
    private static func logSoftmax(_ logits: UnsafeBufferPointer<Float>, at token: Int) -> Double {
        let maximum = logits.max() ?? 0
        var sum: Float = 0
        for value in logits { sum += exp(value - maximum) }
        return Double(logits[token] - maximum) - log(Double(sum))
    }
}

/// Carries a progress closure through llama.cpp's C callback.
private final class ProgressBox {
    let report: @Sendable (Double) -> Void
    init(_ report: @escaping @Sendable (Double) -> Void) { self.report = report }
}

extension LoadedModel {
    /// Empties the KV cache.
    func resetCache() {
        llama_memory_clear(llama_get_memory(context), true)
        cachedTokens.removeAll()
        canonicalLength = 0
    }
}

// MARK: Prompt cache

extension LoadedModel {
    /// How many leading tokens of `tokens` the cache can reuse (whole aligned groups).
    func reusableCount(of tokens: [llama_token]) -> Int {
        let common = zip(cachedTokens, tokens).prefix { $0 == $1 }.count
        return min(common, canonicalLength) / Self.reuseGranularity * Self.reuseGranularity
    }

    /// Whether the cache already holds `tokens` as reusable, aligned positions.
    func holdsReusable(_ tokens: [llama_token]) -> Bool {
        canonicalLength >= tokens.count && cachedTokens.starts(with: tokens)
    }

    /// Loads the state saved in `url` into sequence 0 when it holds exactly `tokens`.
    /// - Returns: nil when restored, otherwise why the file was not used (the cache is then empty).
    func restoreState(from url: URL, expecting tokens: [llama_token]) -> String? {
        parkSequenceZero()
        resetCache()
        var found = [llama_token](repeating: 0, count: tokens.count + 1)
        var count = 0
        let read = llama_state_seq_load_file(context, url.path, 0, &found, found.count, &count)
        guard read > 0 else {
            resetCache()
            return "llama.cpp could not read it (damaged, or written by another llama.cpp build)"
        }
        guard count == tokens.count, Array(found.prefix(count)) == tokens else {
            resetCache()
            return "it holds other tokens than its name says"
        }
        cachedTokens = tokens
        canonicalLength = tokens.count
        return nil
    }

    /// Saves sequence 0, which must hold exactly the reusable `tokens`, to `url` (atomically).
    func saveState(of tokens: [llama_token], to url: URL) -> Bool {
        guard holdsReusable(tokens), cachedTokens.count == tokens.count else { return false }
        let temporary = url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).\(UUID().uuidString).tmp")
        let written = llama_state_seq_save_file(context, temporary.path, 0, tokens, tokens.count)
        guard written > 0 else {
            try? FileManager.default.removeItem(at: temporary)
            return false
        }
        do {
            try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: temporary.path)
            if FileManager.default.fileExists(atPath: url.path) { try FileManager.default.removeItem(at: url) }
            try FileManager.default.moveItem(at: temporary, to: url)
            return true
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            return false
        }
    }
}

// MARK: Several sequences at once (continuous batching)

extension LoadedModel {
    /// Brings sequence `sequence` (not 0) to hold exactly `tokens`: the aligned prefix it shares
    /// with sequence 0 is borrowed from there (`llama_memory_seq_cp`), or restored from a parked
    /// prefix that shares more, the rest evaluated in
    /// aligned batches, so the last token's logits are the last row of the last decode.
    func evaluate(_ tokens: [llama_token], inSequence sequence: llama_seq_id,
                  shouldStop: () -> FinishReason?) throws(LLMError) -> PromptEvaluation {
        precondition(sequence != 0 && !tokens.isEmpty)
        let group = Self.reuseGranularity
        let memory = llama_get_memory(context)
        _ = llama_memory_seq_rm(memory, sequence, -1, -1)
        var reused = Self.reusablePrefix(reusableCount(of: tokens), of: tokens.count)
        if let best = bestParked(for: tokens), case let fromParked = Self.reusablePrefix(best.reusable, of: tokens.count), fromParked > reused,
           restoreParked(best.index, into: sequence, keeping: fromParked) {
            reused = fromParked
        } else if reused > 0 {
            var lender = PrefixLender()
            if !lend(reused, to: sequence, through: &lender) { reused = 0 }
        }
        var position = reused
        while position < tokens.count {
            if let reason = shouldStop() { return PromptEvaluation(reusedTokens: reused, stopReason: reason) }
            let end = min(position + batchSize / group * group, tokens.count)
            var batch = llama_batch_init(Int32(end - position), 0, 1)
            defer { llama_batch_free(batch) }
            for (offset, index) in (position..<end).enumerated() {
                batch.token[offset] = tokens[index]
                batch.pos[offset] = llama_pos(index)
                batch.n_seq_id[offset] = 1
                batch.seq_id[offset]![0] = sequence
                batch.logits[offset] = index == tokens.count - 1 ? 1 : 0
            }
            batch.n_tokens = Int32(end - position)
            let status = decodeBatch(batch)
            guard status == 0 else {
                _ = llama_memory_seq_rm(memory, sequence, -1, -1)
                throw .generationFailed("llama_decode returned \(status) while evaluating a prompt in sequence \(sequence)")
            }
            position = end
        }
        return PromptEvaluation(reusedTokens: reused, stopReason: nil)
    }

    /// Sequence 0's state, read once for all the sequences one request lends its prefix to.
    struct PrefixLender {
        fileprivate var state: [UInt8]?
    }

    /// Gives `sequence` (empty, not 0) sequence 0's first `count` positions: in a shared cache by
    /// marking the cells as its too, with caches of their own by copying sequence 0's state
    /// (`llama_state_seq_get_data`, read once per `lender`) and trimming it. False when llama.cpp
    /// refused the state (the sequence is left empty).
    func lend(_ count: Int, to sequence: llama_seq_id, through lender: inout PrefixLender) -> Bool {
        let memory = llama_get_memory(context)
        guard cachePerSequence else {
            llama_memory_seq_cp(memory, 0, sequence, 0, llama_pos(count))
            return true
        }
        if lender.state == nil { lender.state = state(of: 0) }
        guard load(lender.state!, into: sequence), llama_memory_seq_rm(memory, sequence, llama_pos(count), -1) else {
            _ = llama_memory_seq_rm(memory, sequence, -1, -1)
            return false
        }
        return true
    }

    /// Moves sequence `source`'s cells to the empty sequence `destination` (neither 0): the bytes
    /// are copied as they are, so what the sequence decodes next does not change. False when
    /// llama.cpp refused the state (both sequences are then empty).
    func move(sequence source: llama_seq_id, to destination: llama_seq_id) -> Bool {
        precondition(source != 0 && destination != 0)
        let memory = llama_get_memory(context)
        let cells = state(of: source)
        _ = llama_memory_seq_rm(memory, destination, -1, -1)
        let loaded = load(cells, into: destination)
        _ = llama_memory_seq_rm(memory, source, -1, -1)
        guard loaded else {
            _ = llama_memory_seq_rm(memory, destination, -1, -1)
            return false
        }
        return true
    }

    /// Sequence `sequence`'s cells as llama.cpp serialises them (`llama_state_seq_get_data`; empty
    /// when it wrote nothing).
    func state(of sequence: llama_seq_id) -> [UInt8] {
        var state = [UInt8](repeating: 0, count: llama_state_seq_get_size(context, sequence))
        let written = state.withUnsafeMutableBufferPointer { buffer in
            llama_state_seq_get_data(context, buffer.baseAddress, buffer.count, sequence)
        }
        state.removeSubrange(written...)
        return state
    }

    /// Loads a state from ``state(of:)`` into `sequence`. False when it is empty or llama.cpp refused it.
    func load(_ state: [UInt8], into sequence: llama_seq_id) -> Bool {
        state.withUnsafeBufferPointer { buffer in
            buffer.isEmpty ? 0 : llama_state_seq_set_data(context, buffer.baseAddress, buffer.count, sequence)
        } > 0
    }

    /// One token for each of several sequences in one `llama_decode`; row `i` of the logits
    /// belongs to `entries[i]`. Sequence 0's tokens are added to ``cachedTokens``. With caches of
    /// their own, llama.cpp decodes side by side only sequences whose numbers follow each other in
    /// the batch, so callers pass entries in order of sequence.
    func decode(_ entries: [(sequence: llama_seq_id, position: Int, token: llama_token)]) throws(LLMError) {
        var batch = llama_batch_init(Int32(entries.count), 0, 1)
        defer { llama_batch_free(batch) }
        for (index, entry) in entries.enumerated() {
            batch.token[index] = entry.token
            batch.pos[index] = llama_pos(entry.position)
            batch.n_seq_id[index] = 1
            batch.seq_id[index]![0] = entry.sequence
            batch.logits[index] = 1
        }
        batch.n_tokens = Int32(entries.count)
        let status = decodeBatch(batch)
        guard status == 0 else {
            resetCache()
            throw .generationFailed("llama_decode returned \(status) while decoding \(entries.count) sequences side by side")
        }
        for entry in entries where entry.sequence == 0 { cachedTokens.append(entry.token) }
    }

    /// Frees a sequence's cells (not sequence 0's: they stay for prefix reuse).
    func release(sequence: llama_seq_id) {
        guard sequence != 0 else { return }
        _ = llama_memory_seq_rm(llama_get_memory(context), sequence, -1, -1)
    }

    /// Empties sequence 0 only (other sequences keep their cells).
    func clearSequenceZero() {
        _ = llama_memory_seq_rm(llama_get_memory(context), 0, -1, -1)
        cachedTokens.removeAll()
        canonicalLength = 0
    }

    /// Tokens sequence 0 holds.
    var sequenceZeroLength: Int { cachedTokens.count }
}

import CLlama
import Foundation
import LLM

/// A sentence-embedding model (a BERT-style encoder such as all-MiniLM-L6-v2) run in process
/// through llama.cpp, in a context of its own: the vectors routing and crisis detection compare
/// messages with, whichever engine answers (local, or a remote server).
///
/// Vectors are mean-pooled over the tokens and scaled to length 1, so the dot product of two is
/// their cosine similarity. Several texts are encoded in one llama.cpp batch, one sequence each.
/// Texts longer than the model's training context are encoded from their first tokens.
///
/// Safe to share between tasks: calls are serialised on a lock around the context (one short
/// message takes a few milliseconds on two cores).
///
/// ```swift
/// let path = SentenceEncoder.defaultModelPath(in: modelsFolder)!   // installed by `make setup`
/// let encoder = try SentenceEncoder(modelPath: path)
/// let vectors = try await encoder.embeddings(for: ["we're out of ideas for tonight", "what's for dinner?"])
/// let similarity = SentenceEncoder.cosine(vectors[0], vectors[1])
/// ```
public final class SentenceEncoder: TextEmbedding, Sendable {
    /// The file name `make setup` installs the default sentence model under, in the models folder.
    public static let defaultModelFileName = "all-MiniLM-L6-v2.f16.gguf"

    /// Which model produces the vectors, and their length.
    public let space: EmbeddingSpace
    /// Longest text, in tokens, that is encoded whole.
    public let tokenLimit: Int

    private struct Handles: @unchecked Sendable {
        let model: OpaquePointer
        let context: OpaquePointer
    }
    private let handles: LockedState<Handles>
    /// The thread encodings run on (a serial queue: one request after another).
    private let queue = DispatchQueue(label: "homeos.sentence-encoder", qos: .userInitiated)
    private let batchTokens: Int
    private let batchSequences: Int

    /// Loads the encoder from a GGUF file.
    /// - Parameters:
    ///   - modelPath: a GGUF embedding model (an encoder with a pooling type, such as BERT).
    ///   - threads: CPU threads for encoding.
    /// - Throws: ``ModelLoadError`` when the file is missing, not GGUF, or not an embedding model.
    public init(modelPath: String, threads: Int = 2) throws(ModelLoadError) {
        LlamaRuntime.initialize()
        let header = try GGUFFile.read(path: modelPath)
        // Embedding models declare how their token vectors are pooled into one; generation models do not.
        guard let architecture = header.architecture, header.metadata["\(architecture).pooling_type"] != nil else {
            throw .loadFailed(path: modelPath, detail: "it is not a sentence-embedding model (its GGUF metadata declares no pooling type)")
        }
        var modelParameters = llama_model_default_params()
        modelParameters.n_gpu_layers = 0
        let (loaded, log) = LlamaRuntime.loadLock.withLock {
            LlamaRuntime.log.capture { llama_model_load_from_file(modelPath, modelParameters) }
        }
        guard let model = loaded else {
            throw .loadFailed(path: modelPath, detail: "llama.cpp could not load it as a \(architecture) model: "
                + (log.last { $0.contains("error") }?.trimmingCharacters(in: .whitespacesAndNewlines) ?? "no reason given"))
        }
        let trained = Int(llama_model_n_ctx_train(model))
        tokenLimit = trained > 0 ? min(trained, 512) : 512
        batchTokens = max(2048, tokenLimit)
        batchSequences = 64
        var parameters = llama_context_default_params()
        parameters.n_ctx = UInt32(batchTokens)
        parameters.n_batch = UInt32(batchTokens)
        parameters.n_ubatch = UInt32(batchTokens)
        parameters.n_seq_max = UInt32(batchSequences)
        parameters.embeddings = true
        parameters.pooling_type = LLAMA_POOLING_TYPE_MEAN
        parameters.n_threads = Int32(threads)
        parameters.n_threads_batch = Int32(threads)
        parameters.no_perf = true
        guard let context = llama_init_from_model(model, parameters) else {
            llama_model_free(model)
            throw .loadFailed(path: modelPath, detail: "could not create a \(batchTokens)-token embedding context (not enough memory?)")
        }
        var description = [CChar](repeating: 0, count: 256)
        _ = llama_model_desc(model, &description, description.count)
        let name = String(decoding: description.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        space = EmbeddingSpace(name: "\(name) · \(llama_model_n_params(model)) parameters · sentence encoder",
                               dimension: Int(llama_model_n_embd(model)))
        handles = LockedState(Handles(model: model, context: context))
    }

    deinit {
        handles.withLock { handles in
            llama_free(handles.context)
            llama_model_free(handles.model)
        }
    }

    /// The installed default sentence model (`make setup` puts it in the models folder), or nil.
    /// - Parameter modelsDirectory: the models folder (`$HOMEOS_MODELS_DIR`, `$HOMEOS_CACHE/models`
    ///   or `~/.cache/homeos/models`, as ModelHub resolves it).
    public static func defaultModelPath(in modelsDirectory: URL) -> String? {
        let path = modelsDirectory.appendingPathComponent(defaultModelFileName).path
        return FileManager.default.isReadableFile(atPath: path) ? path : nil
    }

    /// Which model produces the vectors, and their length.
    public func embeddingSpace() -> EmbeddingSpace { space }

    /// One unit-length vector per text, in the order of `texts`.
    ///
    /// The encoding runs on the encoder's own thread, one request after another: the caller's task
    /// is suspended meanwhile, so a long batch never holds a thread of Swift's cooperative pool
    /// (on a two-core machine two blocked pool threads stall every other task's deadline).
    /// - Throws: `LLMError.generationFailed` when llama.cpp cannot encode; `CancellationError`
    ///   when the calling task is cancelled before or between batches.
    public func embeddings(for texts: [String]) async throws -> [[Float]] {
        let cancelled = CancellationFlag()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<[[Float]], any Error>) in
                queue.async {
                    continuation.resume(with: Result { try self.encodeAll(texts, isCancelled: { cancelled.isSet }) })
                }
            }
        } onCancel: {
            cancelled.set()
        }
    }

    /// The vectors of `texts`, on the calling thread (the encoder's queue), batch by batch.
    private func encodeAll(_ texts: [String], isCancelled: () -> Bool) throws -> [[Float]] {
        if isCancelled() { throw CancellationError() }
        var vectors: [[Float]] = []
        vectors.reserveCapacity(texts.count)
        try handles.withLock { handles in
            let vocab = llama_model_get_vocab(handles.model)
            var pending: [[llama_token]] = []
            var pendingTokens = 0
            for text in texts {
                let tokens = Self.tokenize(text, vocab: vocab, limit: tokenLimit)
                if !pending.isEmpty, pendingTokens + tokens.count > batchTokens || pending.count == batchSequences {
                    if isCancelled() { throw CancellationError() }
                    vectors += try encode(pending, context: handles.context)
                    pending.removeAll(keepingCapacity: true)
                    pendingTokens = 0
                }
                pending.append(tokens)
                pendingTokens += tokens.count
            }
            if !pending.isEmpty { vectors += try encode(pending, context: handles.context) }
        }
        return vectors
    }

    /// The vector of one text.
    public func embedding(for text: String) async throws -> [Float] {
        try await embeddings(for: [text])[0]
    }

    /// The cosine similarity of two unit-length vectors (their dot product).
    public static func cosine(_ a: [Float], _ b: [Float]) -> Float {
        precondition(a.count == b.count, "vectors of different spaces")
        var sum: Float = 0
        for index in a.indices { sum += a[index] * b[index] }
        return sum
    }

    private static func tokenize(_ text: String, vocab: OpaquePointer?, limit: Int) -> [llama_token] {
        let utf8 = Array(text.utf8CString)
        var tokens = [llama_token](repeating: 0, count: max(16, utf8.count + 8))
        var count = llama_tokenize(vocab, utf8, Int32(utf8.count - 1), &tokens, Int32(tokens.count), true, false)
        if count < 0 {
            tokens = [llama_token](repeating: 0, count: Int(-count))
            count = llama_tokenize(vocab, utf8, Int32(utf8.count - 1), &tokens, Int32(tokens.count), true, false)
        }
        var result = Array(tokens.prefix(Int(max(count, 0))))
        if result.count > limit {
            // Keep the closing separator the model was trained with.
            let last = result[result.count - 1]
            result = Array(result.prefix(limit - 1)) + [last]
        }
        return result
    }

    /// Encodes up to `batchSequences` token lists in one decode, one sequence each.
    private func encode(_ sequences: [[llama_token]], context: OpaquePointer) throws -> [[Float]] {
        let total = sequences.reduce(0) { $0 + $1.count }
        var batch = llama_batch_init(Int32(max(total, 1)), 0, 1)
        defer { llama_batch_free(batch) }
        var index = 0
        for (sequence, tokens) in sequences.enumerated() {
            for (position, token) in tokens.enumerated() {
                batch.token[index] = token
                batch.pos[index] = llama_pos(position)
                batch.n_seq_id[index] = 1
                batch.seq_id[index]![0] = llama_seq_id(sequence)
                batch.logits[index] = 1
                index += 1
            }
        }
        batch.n_tokens = Int32(total)
        if let memory = llama_get_memory(context) { llama_memory_clear(memory, true) }
        let status = llama_decode(context, batch)
        guard status == 0 else {
            throw LLMError.generationFailed("llama_decode returned \(status) for \(sequences.count) texts of \(total) tokens")
        }
        let dimension = space.dimension
        return try sequences.indices.map { sequence in
            guard let pooled = llama_get_embeddings_seq(context, llama_seq_id(sequence)) else {
                throw LLMError.generationFailed("llama.cpp returned no pooled vector for text \(sequence + 1) of the batch")
            }
            var vector = Array(UnsafeBufferPointer(start: pooled, count: dimension))
            var norm: Float = 0
            for value in vector { norm += value * value }
            norm = norm.squareRoot()
            if norm > 0 { for position in vector.indices { vector[position] /= norm } }
            return vector
        }
    }
}

/// A flag set once when a task is cancelled, read by work running outside Swift's concurrency.
private final class CancellationFlag: Sendable {
    private let state = LockedState(false)

    var isSet: Bool { state.withLock { $0 } }

    func set() { state.withLock { $0 = true } }
}

import CLlama
import LLM

extension LoadedModel {
    /// Longest text, in tokens, that a sentence vector is computed from; longer texts use their
    /// first this many tokens (a routing message's start says what it is about).
    static let embeddingTokenLimit = 512

    /// The embedding space of this model: its description and parameter count name it, so a
    /// vector trained against a Q8_0 SmolLM2 is never mixed with another quantisation's.
    var embeddingSpace: EmbeddingSpace {
        EmbeddingSpace(name: "\(info.description) · \(info.parameterCount) parameters", dimension: Int(llama_model_n_embd(model)))
    }

    /// The mean of the model's final hidden states over the tokens of `text` (with the model's
    /// special start token, if it adds one), computed in a separate context so the generation
    /// cache is untouched.
    func sentenceEmbedding(_ text: String) throws(LLMError) -> [Float] {
        let context = try embeddingContextCreatingIfNeeded()
        var tokens = tokenize(text, addSpecial: true)
        if tokens.isEmpty { tokens = tokenize(" ", addSpecial: true) }
        if tokens.count > Self.embeddingTokenLimit { tokens = Array(tokens.prefix(Self.embeddingTokenLimit)) }
        let memory = llama_get_memory(context)
        llama_memory_clear(memory, true)
        defer { llama_memory_clear(memory, true) }
        var batch = llama_batch_init(Int32(tokens.count), 0, 1)
        defer { llama_batch_free(batch) }
        for (index, token) in tokens.enumerated() {
            batch.token[index] = token
            batch.pos[index] = llama_pos(index)
            batch.n_seq_id[index] = 1
            batch.seq_id[index]![0] = 0
            batch.logits[index] = 1
        }
        batch.n_tokens = Int32(tokens.count)
        let status = llama_decode(context, batch)
        guard status == 0 else {
            throw .generationFailed("llama_decode returned \(status) while embedding \(tokens.count) tokens")
        }
        guard let pooled = llama_get_embeddings_seq(context, 0) else {
            throw .generationFailed("llama.cpp returned no pooled embedding")
        }
        return Array(UnsafeBufferPointer(start: pooled, count: Int(llama_model_n_embd(model))))
    }

    private func embeddingContextCreatingIfNeeded() throws(LLMError) -> OpaquePointer {
        if let embeddingContext { return embeddingContext }
        var parameters = llama_context_default_params()
        let limit = UInt32(Self.embeddingTokenLimit)
        parameters.n_ctx = limit
        parameters.n_batch = limit
        parameters.n_ubatch = limit
        parameters.n_seq_max = 1
        parameters.embeddings = true
        parameters.pooling_type = LLAMA_POOLING_TYPE_MEAN
        parameters.n_threads = llama_n_threads(context)
        parameters.n_threads_batch = llama_n_threads_batch(context)
        parameters.no_perf = true
        parameters.swa_full = true
        guard let created = llama_init_from_model(model, parameters) else {
            throw .generationFailed("could not create a \(limit)-token embedding context (not enough memory?)")
        }
        embeddingContext = created
        return created
    }
}

extension LlamaEngine: TextEmbedding {
    public func embeddingSpace() throws -> EmbeddingSpace {
        try model().embeddingSpace
    }

    /// Mean-pooled final hidden states, one vector per text (see `EmbeddingSpace`); texts longer
    /// than 512 tokens are embedded from their first 512. Cancelling the calling task stops
    /// between texts.
    public func embeddings(for texts: [String]) throws -> [[Float]] {
        let model = try model()
        var vectors: [[Float]] = []
        vectors.reserveCapacity(texts.count)
        for text in texts {
            try Task.checkCancellation()
            vectors.append(try model.sentenceEmbedding(text))
        }
        return vectors
    }
}

import CLlama
import LLM

/// A llama.cpp sampler chain built from ``GenerationOptions`` and an ``OutputConstraint``.
///
/// Greedy when the temperature is 0, seeded random sampling otherwise; a grammar sampler goes
/// first when the request carries a constraint, so every other sampler only sees allowed tokens.
final class SamplerChain {
    let pointer: UnsafeMutablePointer<llama_sampler>

    init(options: GenerationOptions, constraint: OutputConstraint?, vocab: OpaquePointer, vocabularySize: Int) throws(LLMError) {
        var parameters = llama_sampler_chain_default_params()
        parameters.no_perf = true
        guard let chain = llama_sampler_chain_init(parameters) else {
            throw .generationFailed("could not create a sampler chain")
        }
        pointer = chain
        if let constraint {
            guard let grammar = llama_sampler_init_grammar(vocab, constraint.grammarText, constraint.grammarRoot) else {
                // `deinit` frees the chain: the object is fully initialised at this point.
                throw .invalidConstraint("llama.cpp could not parse the grammar (check the GBNF syntax and that rule "
                    + "'\(constraint.grammarRoot)' exists)")
            }
            llama_sampler_chain_add(chain, grammar)
        }
        if let penalty = options.repetitionPenalty, penalty != 1 {
            llama_sampler_chain_add(chain, llama_sampler_init_penalties(
                Int32(vocabularySize), Int32(options.repetitionWindow), Float(penalty), 0, 0))
        }
        if options.temperature == 0 {
            llama_sampler_chain_add(chain, llama_sampler_init_greedy())
        } else {
            if let topK = options.topK { llama_sampler_chain_add(chain, llama_sampler_init_top_k(Int32(topK))) }
            if let topP = options.topP { llama_sampler_chain_add(chain, llama_sampler_init_top_p(Float(topP), 1)) }
            if let minP = options.minP { llama_sampler_chain_add(chain, llama_sampler_init_min_p(Float(minP), 1)) }
            llama_sampler_chain_add(chain, llama_sampler_init_temp(Float(options.temperature)))
            llama_sampler_chain_add(chain, llama_sampler_init_dist(options.seed ?? UInt32.random(in: 0...UInt32.max)))
        }
    }

    deinit { llama_sampler_free(pointer) }

    /// Samples the next token from the logits of the last evaluated token and records it.
    func sample(_ context: OpaquePointer) -> llama_token {
        llama_sampler_sample(pointer, context, -1)
    }
}

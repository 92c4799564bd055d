import CLlama
import Foundation
import LLM
import LlamaEngine

/// The vocabulary llama.cpp's grammar parser needs; loaded once (vocabulary only, no weights).
nonisolated(unsafe) private var grammarVocabulary: OpaquePointer?

extension FuzzTarget {
    /// `JSONSchemaGrammarCompiler`: any bytes that parse as JSON are compiled as a schema. Every
    /// grammar it produces must be one llama.cpp's own GBNF parser accepts (an unparsable grammar
    /// would fail the request at generation time instead of at compile time).
    static let jsonSchemaGrammar = FuzzTarget(
        name: "json-schema-grammar",
        summary: "JSONSchemaGrammarCompiler on any JSON; every grammar it returns is accepted by llama.cpp's GBNF parser",
        prepare: {
            guard let path = ProcessInfo.processInfo.environment["HOMEOS_FUZZ_VOCAB_MODEL"] else {
                FileHandle.standardError.write(Data("homeos-fuzz: set HOMEOS_FUZZ_VOCAB_MODEL to a GGUF model (its vocabulary is loaded)\n".utf8))
                exit(2)
            }
            llama_backend_init()
            llama_log_set({ _, _, _ in }, nil)
            var parameters = llama_model_default_params()
            parameters.vocab_only = true
            guard let model = llama_model_load_from_file(path, parameters) else {
                FileHandle.standardError.write(Data("homeos-fuzz: llama.cpp could not load \(path)\n".utf8))
                exit(2)
            }
            grammarVocabulary = llama_model_get_vocab(model)
        },
        run: { data in
            guard let schema = try? JSONValue(parsing: data) else { return }
            let compiler = JSONSchemaGrammarCompiler()
            guard let result = try? compiler.compile(jsonText: schema.jsonText) else { return }
            guard let sampler = llama_sampler_init_grammar(grammarVocabulary, result.gbnf, result.root) else {
                violated("llama.cpp parses every grammar the compiler returns", "schema \(schema.jsonText)\n\(result.gbnf)")
            }
            llama_sampler_free(sampler)
        })
}

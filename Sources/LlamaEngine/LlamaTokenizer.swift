import CLlama
import Foundation
import LLM

/// A model's real tokenizer without its weights: the GGUF file loaded with only its vocabulary
/// (a few megabytes, milliseconds), for counting prompt tokens synchronously while prompts are
/// built. Independent of any ``LlamaEngine``: unloading an engine never invalidates it.
///
/// ```swift
/// let tokenizer = try LlamaTokenizer(path: "SmolLM2-135M-Instruct.Q8_0.gguf")
/// tokenizer.tokenCount("Hello, family!")   // 4
/// ```
public final class LlamaTokenizer: PromptTokenCounting, @unchecked Sendable {
    // Safety: `model` and `vocab` are immutable after init; llama.cpp's tokenizer only reads the
    // vocabulary, and calls are serialised by `lock` anyway.
    private let model: OpaquePointer
    private let vocab: OpaquePointer
    private let lock = NSLock()

    /// The file the vocabulary was read from.
    public let path: String

    /// Loads the vocabulary of the GGUF file at `path`.
    /// - Throws: ``ModelLoadError`` when the file is missing, not GGUF, or llama.cpp rejects it.
    public init(path: String) throws(ModelLoadError) {
        LlamaRuntime.initialize()
        _ = try GGUFFile.read(path: path)
        var parameters = llama_model_default_params()
        parameters.vocab_only = true
        parameters.n_gpu_layers = 0
        let (loaded, log) = LlamaRuntime.loadLock.withLock {
            LlamaRuntime.log.capture { llama_model_load_from_file(path, parameters) }
        }
        guard let loaded, let vocab = llama_model_get_vocab(loaded) else {
            throw .loadFailed(path: path, detail: "llama.cpp could not read its vocabulary"
                + (log.isEmpty ? "" : ": " + log.suffix(3).joined(separator: " ")))
        }
        self.model = loaded
        self.vocab = vocab
        self.path = path
    }

    deinit {
        llama_model_free(model)
    }

    /// The number of tokens `text` encodes to, without special tokens.
    public func tokenCount(_ text: String) -> Int {
        lock.withLock {
            let length = Int32(text.utf8.count)
            var tokens = [llama_token](repeating: 0, count: Int(length) + 8)
            let count = llama_tokenize(vocab, text, length, &tokens, Int32(tokens.count), false, false)
            return count < 0 ? Int(-count) : Int(count)
        }
    }
}

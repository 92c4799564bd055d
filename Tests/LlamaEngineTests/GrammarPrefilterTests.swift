import CLlama
import Foundation
import LLM
@testable import LlamaEngine
import Testing

/// The first-byte prefilter must mask exactly what llama.cpp's grammar masks over the whole
/// vocabulary, at every step of a JSON answer: outside strings, inside them, in the middle of a
/// multi-byte character split across tokens, after escapes, and once the answer is complete.
@Suite(.serialized) struct GrammarPrefilterTests {
    static let schema = #"""
    {"type": "object", "required": ["title", "tags", "count"], "additionalProperties": false,
     "properties": {"title": {"type": "string"}, "tags": {"type": "array", "items": {"type": "string"}},
                    "count": {"type": "integer"}, "mood": {"enum": ["calm", "busy"]}}}
    """#
    /// A valid answer with punctuation, escapes, accents, CJK and an emoji.
    static let answer = #"{"title": "Café \"Été\" — 日本の夏 🌻\n", "tags": ["a\\b", "ü"], "count": -42, "mood": "busy"}"#

    @Test(arguments: TestModels.both)
    func theMaskIsTheGrammarsOwnAtEveryStep(model id: String) throws {
        LlamaRuntime.initialize()
        var parameters = llama_model_default_params()
        parameters.vocab_only = true
        let path = try TestModels.path(id)
        let model = try #require(LlamaRuntime.loadLock.withLock { llama_model_load_from_file(path, parameters) })
        defer { llama_model_free(model) }
        let vocab = try #require(llama_model_get_vocab(model))
        let size = Int(llama_vocab_n_tokens(vocab))
        let prefilter = GrammarPrefilter(vocab: vocab, size: size)
        let grammarText = try OutputConstraint.jsonSchema(try JSONSchema(jsonText: Self.schema)).grammar()
        let grammar = try #require(llama_sampler_init_grammar(vocab, grammarText.text, grammarText.root))
        defer { llama_sampler_free(grammar) }

        var tokens = [llama_token](repeating: 0, count: Self.answer.utf8.count + 8)
        let count = Int(llama_tokenize(vocab, Self.answer, Int32(Self.answer.utf8.count), &tokens, Int32(tokens.count), false, false))
        try #require(count > 0)
        let steps = Array(tokens.prefix(count))
        var checked = 0
        for step in 0...steps.count {
            var full = (0..<size).map { llama_token_data(id: llama_token($0), logit: Float($0 % 97), p: 0) }
            var filtered = full
            full.withUnsafeMutableBufferPointer { buffer in
                var array = llama_token_data_array(data: buffer.baseAddress, size: buffer.count, selected: -1, sorted: false)
                llama_sampler_apply(grammar, &array)
            }
            filtered.withUnsafeMutableBufferPointer { prefilter.mask($0, by: grammar) }
            let allowedByGrammar = full.filter { $0.logit.isFinite }.map(\.id)
            let allowedByPrefilter = filtered.filter { $0.logit.isFinite }.map(\.id)
            // Compared as counts first, so a failure prints two numbers, not two 262k-entry lists.
            #expect(allowedByPrefilter.count == allowedByGrammar.count,
                    "\(id), step \(step): the prefilter allows \(allowedByPrefilter.count), the grammar \(allowedByGrammar.count)")
            #expect(allowedByPrefilter.count != allowedByGrammar.count || allowedByPrefilter == allowedByGrammar, "\(id), step \(step)")
            #expect(!allowedByGrammar.isEmpty)
            checked += 1
            if step == steps.count {
                // The answer is complete: only an end of generation (or whitespace) may follow.
                #expect(allowedByGrammar.contains { llama_vocab_is_eog(vocab, $0) })
                break
            }
            #expect(full[Int(steps[step])].logit.isFinite, "\(id): the grammar rejected token \(step) of a valid answer")
            llama_sampler_accept(grammar, steps[step])
        }
        #expect(checked == count + 1)
    }

    @Test(arguments: TestModels.both)
    func aCharacterSplitIntoByteTokensIsMaskedAsTheGrammarMasksIt(model id: String) throws {
        LlamaRuntime.initialize()
        var parameters = llama_model_default_params()
        parameters.vocab_only = true
        let path = try TestModels.path(id)
        let model = try #require(LlamaRuntime.loadLock.withLock { llama_model_load_from_file(path, parameters) })
        defer { llama_model_free(model) }
        let vocab = try #require(llama_model_get_vocab(model))
        let size = Int(llama_vocab_n_tokens(vocab))
        let prefilter = GrammarPrefilter(vocab: vocab, size: size)
        // One-byte tokens, as llama.cpp renders them (byte fallback or byte-level BPE).
        var byteTokens = [UInt8: llama_token]()
        var buffer = [CChar](repeating: 0, count: 16)
        for index in 0..<size where !llama_vocab_is_eog(vocab, llama_token(index)) {
            if llama_token_to_piece(vocab, llama_token(index), &buffer, 16, 0, true) == 1, byteTokens[UInt8(bitPattern: buffer[0])] == nil {
                byteTokens[UInt8(bitPattern: buffer[0])] = llama_token(index)
            }
        }
        let grammarText = try OutputConstraint.jsonSchema(try JSONSchema(jsonText: #"{"type": "string"}"#)).grammar()
        let grammar = try #require(llama_sampler_init_grammar(vocab, grammarText.text, grammarText.root))
        defer { llama_sampler_free(grammar) }
        // "🌻 then ü, one byte per token: each step but the quote is in the middle of a character.
        let bytes: [UInt8] = [UInt8(ascii: "\"")] + Array("🌻ü".utf8)
        let feed = try bytes.map { try #require(byteTokens[$0], "\(id) has no token for byte \($0)") }
        for (step, token) in feed.enumerated() {
            llama_sampler_accept(grammar, token)
            var full = (0..<size).map { llama_token_data(id: llama_token($0), logit: 1, p: 0) }
            var filtered = full
            full.withUnsafeMutableBufferPointer { buffer in
                var array = llama_token_data_array(data: buffer.baseAddress, size: buffer.count, selected: -1, sorted: false)
                llama_sampler_apply(grammar, &array)
            }
            filtered.withUnsafeMutableBufferPointer { prefilter.mask($0, by: grammar) }
            let allowedByGrammar = full.filter { $0.logit.isFinite }.map(\.id)
            let allowedByPrefilter = filtered.filter { $0.logit.isFinite }.map(\.id)
            #expect(allowedByPrefilter.count == allowedByGrammar.count,
                    "\(id), after byte \(step): the prefilter allows \(allowedByPrefilter.count), the grammar \(allowedByGrammar.count)")
            #expect(allowedByPrefilter.count != allowedByGrammar.count || allowedByPrefilter == allowedByGrammar, "\(id), after byte \(step)")
        }
    }
}

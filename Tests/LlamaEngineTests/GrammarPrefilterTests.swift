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

    /// A model's vocabulary (no weights), its prefilter and a grammar for `schema`.
    final class Fixture {
        let model: OpaquePointer
        let vocab: OpaquePointer
        let size: Int
        let prefilter: GrammarPrefilter
        let grammar: UnsafeMutablePointer<llama_sampler>

        init(model id: String, schema: String) throws {
            LlamaRuntime.initialize()
            var parameters = llama_model_default_params()
            parameters.vocab_only = true
            let path = try TestModels.path(id)
            model = try #require(LlamaRuntime.loadLock.withLock { llama_model_load_from_file(path, parameters) })
            vocab = try #require(llama_model_get_vocab(model))
            size = Int(llama_vocab_n_tokens(vocab))
            prefilter = GrammarPrefilter(vocab: vocab, size: size)
            let grammarText = try OutputConstraint.jsonSchema(try JSONSchema(jsonText: schema)).grammar()
            grammar = try #require(llama_sampler_init_grammar(vocab, grammarText.text, grammarText.root))
        }

        deinit {
            llama_sampler_free(grammar)
            llama_model_free(model)
        }

        /// The tokens the grammar allows next over the whole vocabulary, and those the prefilter's mask allows.
        func allowed() -> (byGrammar: [llama_token], byPrefilter: [llama_token]) {
            var full = (0..<size).map { llama_token_data(id: llama_token($0), logit: Float($0 % 97), p: 0) }
            var filtered = full
            full.withUnsafeMutableBufferPointer { buffer in
                var array = llama_token_data_array(data: buffer.baseAddress, size: buffer.count, selected: -1, sorted: false)
                llama_sampler_apply(grammar, &array)
            }
            filtered.withUnsafeMutableBufferPointer { prefilter.mask($0, by: grammar) }
            return (full.filter { $0.logit.isFinite }.map(\.id), filtered.filter { $0.logit.isFinite }.map(\.id))
        }

        /// Both masks allow the same tokens (compared as counts first, so a failure prints two
        /// numbers, not two 262k-entry lists).
        func expectSameMask(_ step: String) -> [llama_token] {
            let (byGrammar, byPrefilter) = allowed()
            #expect(byPrefilter.count == byGrammar.count, "\(step): the prefilter allows \(byPrefilter.count), the grammar \(byGrammar.count)")
            #expect(byPrefilter.count != byGrammar.count || byPrefilter == byGrammar, "\(step)")
            return byGrammar
        }
    }

    @Test(arguments: TestModels.both)
    func theMaskIsTheGrammarsOwnAtEveryStep(model id: String) throws {
        let fixture = try Fixture(model: id, schema: Self.schema)
        var tokens = [llama_token](repeating: 0, count: Self.answer.utf8.count + 8)
        let count = Int(llama_tokenize(fixture.vocab, Self.answer, Int32(Self.answer.utf8.count), &tokens, Int32(tokens.count), false, false))
        try #require(count > 0)
        for (step, token) in tokens.prefix(count).enumerated() {
            let allowed = fixture.expectSameMask("\(id), step \(step)")
            #expect(allowed.contains(token), "\(id): the grammar rejected token \(step) of a valid answer")
            llama_sampler_accept(fixture.grammar, token)
        }
        // The answer is complete: an end of generation may follow.
        let allowed = fixture.expectSameMask("\(id), complete")
        #expect(allowed.contains { llama_vocab_is_eog(fixture.vocab, $0) })
    }

    @Test(arguments: TestModels.both)
    func aCharacterSplitIntoByteTokensIsMaskedAsTheGrammarMasksIt(model id: String) throws {
        let fixture = try Fixture(model: id, schema: #"{"type": "string"}"#)
        // One-byte tokens, as llama.cpp renders them (byte fallback or byte-level BPE).
        var byteTokens = [UInt8: llama_token]()
        var buffer = [CChar](repeating: 0, count: 16)
        for index in 0..<fixture.size where !llama_vocab_is_eog(fixture.vocab, llama_token(index)) {
            if llama_token_to_piece(fixture.vocab, llama_token(index), &buffer, 16, 0, true) == 1,
               byteTokens[UInt8(bitPattern: buffer[0])] == nil {
                byteTokens[UInt8(bitPattern: buffer[0])] = llama_token(index)
            }
        }
        // A quote, then 🌻 and ü one byte per token: each step but the first is mid-character.
        let bytes: [UInt8] = [UInt8(ascii: "\"")] + Array("🌻ü".utf8)
        for (step, byte) in bytes.enumerated() {
            llama_sampler_accept(fixture.grammar, try #require(byteTokens[byte], "\(id) has no token for byte \(byte)"))
            _ = fixture.expectSameMask("\(id), after byte \(step)")
        }
    }
}

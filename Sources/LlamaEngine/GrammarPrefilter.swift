import CLlama

/// Masks a whole vocabulary by a llama.cpp grammar at a fraction of the cost of handing it all
/// to the grammar: tokens whose first character the grammar cannot take next are rejected
/// from a table, and only the rest are checked by the grammar.
///
/// The grammar judges each token on its own by walking its text (llama.cpp's cached piece, with
/// special tokens rendered) code point by code point, and it accepts a partial UTF-8 sequence
/// only when some completion of it could follow. What it accepts is therefore closed under
/// prefixes: a token whose first byte the grammar rejects as a one-byte token is rejected too.
/// Which bytes are acceptable is asked of the grammar once per mask, with one probe token per
/// byte (at most 255 candidates: a character, or a byte-fallback token for the lead byte of a
/// multi-byte character). Tokens whose first byte has no probe, that are empty, or that end a
/// generation (the grammar allows those when it is complete) are always left to the grammar. The
/// result is the grammar's own, token for token; where the grammar expects JSON punctuation, a
/// few thousand of Gemma's 262k tokens remain to check.
struct GrammarPrefilter {
    /// Each token's first byte as the grammar sees it, or ``unfiltered`` for a token the table
    /// must not decide.
    private let leadingBytes: [UInt16]
    /// For each byte, a token whose text is exactly that byte (nil where there is none).
    private let probes: [llama_token?]
    /// The leading-byte value of a token that is always left to the grammar.
    private static let unfiltered: UInt16 = 256

    /// The table for `vocab`, read from llama.cpp's pieces with special tokens rendered (as the
    /// grammar reads them).
    init(vocab: OpaquePointer, size: Int) {
        var leadingBytes = [UInt16](repeating: Self.unfiltered, count: size)
        var probes = [llama_token?](repeating: nil, count: 256)
        var buffer = [CChar](repeating: 0, count: 256)
        for index in 0..<size {
            let token = llama_token(index)
            if llama_vocab_is_eog(vocab, token) { continue }
            let count = llama_token_to_piece(vocab, token, &buffer, Int32(buffer.count), 0, true)
            // An empty piece or one that does not fit the buffer (never a single byte) is left to the grammar.
            guard count > 0 else { continue }
            let first = UInt8(bitPattern: buffer[0])
            guard first != 0 else { continue }
            leadingBytes[index] = UInt16(first)
            if count == 1, probes[Int(first)] == nil { probes[Int(first)] = token }
        }
        self.leadingBytes = leadingBytes
        self.probes = probes
    }

    /// Sets the logit of every candidate the grammar rejects to -infinity, as applying `grammar`
    /// to all of `candidates` would; candidates already at -infinity stay there unchecked.
    func mask(_ candidates: UnsafeMutableBufferPointer<llama_token_data>, by grammar: UnsafeMutablePointer<llama_sampler>) {
        let acceptedBytes = acceptedLeadingBytes(by: grammar)
        var remaining: [llama_token_data] = []
        var positions: [Int] = []
        for position in candidates.indices where candidates[position].logit != -.infinity {
            let lead = leadingBytes[Int(candidates[position].id)]
            if lead != Self.unfiltered, let accepted = acceptedBytes[Int(lead)], !accepted {
                candidates[position].logit = -.infinity
                continue
            }
            remaining.append(candidates[position])
            positions.append(position)
        }
        guard !remaining.isEmpty else { return }
        remaining.withUnsafeMutableBufferPointer { buffer in
            var array = llama_token_data_array(data: buffer.baseAddress, size: buffer.count, selected: -1, sorted: false)
            llama_sampler_apply(grammar, &array)
        }
        for (entry, position) in zip(remaining, positions) { candidates[position].logit = entry.logit }
    }

    /// For each byte with a probe token, whether the grammar accepts it next (nil: no probe).
    private func acceptedLeadingBytes(by grammar: UnsafeMutablePointer<llama_sampler>) -> [Bool?] {
        var probeCandidates = probes.compactMap { $0.map { llama_token_data(id: $0, logit: 0, p: 0) } }
        probeCandidates.withUnsafeMutableBufferPointer { buffer in
            var array = llama_token_data_array(data: buffer.baseAddress, size: buffer.count, selected: -1, sorted: false)
            llama_sampler_apply(grammar, &array)
        }
        var accepted = [Bool?](repeating: nil, count: 256)
        var next = probeCandidates.makeIterator()
        for byte in 0..<256 where probes[byte] != nil {
            accepted[byte] = next.next()!.logit.isFinite
        }
        return accepted
    }
}

import CLlama

/// The KV state of an earlier request's prompt, kept in memory after sequence 0 moved on.
///
/// A family assistant alternates between a handful of prompts: each skill's system message and
/// recent exchanges, the triage and other classification prompts, the briefing. Sequence 0 holds
/// only the last of them, so each switch evaluated the next prompt again from its first differing
/// token (a 190-token classification prompt costs 250–300 ms on two cores). Before sequence 0
/// gives up positions that were evaluated in whole aligned groups, their state is copied out
/// (`llama_state_seq_get_data`, about 23 KB a token for SmolLM2); a later request that shares
/// more with a parked prefix than with sequence 0 gets it back (`llama_state_seq_set_data`, a
/// few milliseconds) and evaluates only the rest.
///
/// The state lives outside the KV cache on purpose: cells kept in the cache would widen the range
/// every step's attention covers, which on this machine made each prompt token and each generated
/// token slower than the evaluation it saved. Reused positions are canonical either way
/// (``LoadedModel/reuseGranularity``) and the bytes are the cache's own, so greedy output does not
/// depend on whether a prefix was parked. At most ``LoadedModel/parkedPrefixLimit`` prefixes
/// within ``LlamaConfiguration/parkedPromptBytes`` are kept; the least recently used gives way.
struct ParkedPrefix {
    /// The prefix's tokens, all canonical.
    var tokens: [llama_token]
    /// Sequence 0's state holding exactly `tokens`.
    var state: [UInt8]
    /// When it was last parked or used (``LoadedModel/parkClock``).
    var lastUse: Int
}

extension LoadedModel {
    /// Parked prefixes at most.
    static let parkedPrefixLimit = 12
    /// Prefixes shorter than this are not worth keeping.
    static let minimumParkedTokens = 48

    /// Bytes the parked prefixes take.
    var parkedBytes: Int { parked.reduce(0) { $0 + $1.state.count } }

    /// The parked prefix that lends the most aligned positions to `tokens`, and how many.
    func bestParked(for tokens: [llama_token]) -> (index: Int, reusable: Int)? {
        var best: (index: Int, reusable: Int)?
        for (index, prefix) in parked.enumerated() {
            let common = zip(prefix.tokens, tokens).prefix { $0 == $1 }.count
            let reusable = common / Self.reuseGranularity * Self.reuseGranularity
            if reusable > (best?.reusable ?? 0) { best = (index, reusable) }
        }
        return best
    }

    /// Before sequence 0 serves `tokens`: parks what it would lose, and restores the parked prefix
    /// that lends `tokens` more positions than sequence 0 does.
    func adoptBestPrefix(for tokens: [llama_token]) {
        guard parkedByteLimit > 0 else { return }
        let current = reusableCount(of: tokens)
        if current < canonicalLength { parkSequenceZero() }
        guard let best = bestParked(for: tokens), best.reusable > current else { return }
        _ = restoreParked(best.index, into: 0, keeping: best.reusable)
    }

    /// Loads parked prefix `index` into `sequence` and keeps its first `keeping` positions.
    /// - Returns: false when llama.cpp refused the state (the prefix is dropped, the sequence empty).
    func restoreParked(_ index: Int, into sequence: llama_seq_id, keeping: Int) -> Bool {
        let memory = llama_get_memory(context)
        if sequence == 0 { clearSequenceZero() } else { _ = llama_memory_seq_rm(memory, sequence, -1, -1) }
        guard load(parked[index].state, into: sequence) else {
            _ = llama_memory_seq_rm(memory, sequence, -1, -1)
            parked.remove(at: index)
            return false
        }
        let kept = min(keeping, parked[index].tokens.count)
        if kept < parked[index].tokens.count { _ = llama_memory_seq_rm(memory, sequence, llama_pos(kept), -1) }
        parkClock += 1
        parked[index].lastUse = parkClock
        if sequence == 0 {
            cachedTokens = Array(parked[index].tokens[..<kept])
            canonicalLength = kept
        }
        return true
    }

    /// Copies sequence 0's canonical positions out of the cache, unless a parked prefix already
    /// holds them; a parked prefix they extend is replaced. Positions after the canonical ones
    /// (an answer's tokens) are dropped first: they are not reusable anyway.
    func parkSequenceZero() {
        let length = canonicalLength
        guard parkedByteLimit > 0, length >= Self.minimumParkedTokens, length <= cachedTokens.count else { return }
        let tokens = Array(cachedTokens[..<length])
        parkClock += 1
        if let index = parked.firstIndex(where: { $0.tokens.starts(with: tokens) }) {
            parked[index].lastUse = parkClock
            return
        }
        if cachedTokens.count > length {
            guard llama_memory_seq_rm(llama_get_memory(context), 0, llama_pos(length), -1) else { return }
            cachedTokens.removeSubrange(length...)
        }
        let cells = state(of: 0)
        guard !cells.isEmpty, cells.count <= parkedByteLimit else { return }
        parked.removeAll { tokens.starts(with: $0.tokens) }
        parked.append(ParkedPrefix(tokens: tokens, state: cells, lastUse: parkClock))
        while parked.count > Self.parkedPrefixLimit || parkedBytes > parkedByteLimit,
              let oldest = parked.indices.min(by: { parked[$0].lastUse < parked[$1].lastUse }) {
            parked.remove(at: oldest)
        }
    }
}

import CLlama
import Foundation
import LLM

/// Chooses each next token: a llama.cpp sampler chain built from ``GenerationOptions`` (greedy
/// when the temperature is 0, seeded random sampling otherwise), plus an optional grammar.
///
/// The grammar is checked lazily: the token the chain picks from the unconstrained distribution
/// is tested against the grammar alone, and only when the grammar rejects it is the full
/// vocabulary masked and the choice made again. Most tokens of a structured answer are what the
/// model wanted anyway, so the expensive full mask (hundreds of thousands of tokens for Gemma's
/// vocabulary) is rarely computed. When it is, the grammar is first applied to a shortlist of the
/// most likely tokens, and to the whole vocabulary only when none of them is allowed (then through
/// ``GrammarPrefilter``, which rejects most tokens by their first byte before the grammar sees the
/// rest: a few thousand grammar checks instead of 262k where JSON punctuation is due). Greedy
/// decoding picks the same token either way (the best allowed token is in the shortlist whenever
/// any shortlisted token is allowed); sampling draws from the allowed tokens of the shortlist.
/// Soft closing pressure only shifts logits by token class, so it is applied before the choice
/// and stays lazy too; hard pressure masks the whole vocabulary (it lasts a few tokens).
final class TokenSampler {
    private let chain: UnsafeMutablePointer<llama_sampler>
    private let grammar: UnsafeMutablePointer<llama_sampler>?
    private var candidates: [llama_token_data]
    /// What each token does to open JSON structure; used to steer closing when the budget runs low.
    private let structuralClasses: [StructuralTokenClass]?
    /// How many tokens needed the grammar mask (shortlist or full vocabulary).
    private(set) var fullMaskCount = 0
    /// The most likely tokens tried against the grammar before the whole vocabulary.
    static let shortlistSize = 256
    /// Whether the shortlist is exact for greedy decoding: a repetition penalty reorders logits
    /// after the grammar, so it turns the shortlist off.
    private let shortlistIsSafe: Bool
    /// Whether running the chain leaves the candidates' logits as they were (greedy without a
    /// repetition penalty only picks), so a rejected choice can be re-made without reloading the
    /// vocabulary's logits (262k of them for Gemma).
    private let chainKeepsLogits: Bool
    /// Greedy without a repetition penalty: the choice is the first highest logit.
    private let isPlainGreedy: Bool
    /// Required property names of the schema, steered towards when an answer must close but its
    /// object still owes members (see ``JSONClosingHints``).
    private let requiredKeys: [[UInt8]]
    /// Texts after which a string under one of the schema's patterns can end (see ``JSONClosingHints``).
    private let stringEndings: [[UInt8]]
    private let model: LoadedModel
    /// The row of the last decode's logits to sample from: -1 (the last row) when one sequence
    /// decodes alone, the sequence's row when several decode in one batch.
    var logitsIndex: Int32 = -1

    init(options: GenerationOptions, grammar grammarText: String?, grammarRoot: String,
         closingHints: JSONClosingHints? = nil, model: LoadedModel) throws(LLMError) {
        var parameters = llama_sampler_chain_default_params()
        parameters.no_perf = true
        guard let chain = llama_sampler_chain_init(parameters) else {
            throw .generationFailed("could not create a sampler chain")
        }
        self.chain = chain
        self.model = model
        self.requiredKeys = closingHints?.requiredKeys ?? []
        self.stringEndings = closingHints?.stringEndings ?? []
        self.candidates = [llama_token_data](repeating: llama_token_data(id: 0, logit: 0, p: 0), count: model.vocabularySize)
        if let grammarText {
            // A failed parse leaves `grammar` nil; `deinit` still frees the chain.
            self.grammar = llama_sampler_init_grammar(model.vocab, grammarText, grammarRoot)
            self.structuralClasses = model.structuralClasses
        } else {
            self.grammar = nil
            self.structuralClasses = nil
        }
        self.shortlistIsSafe = options.repetitionPenalty.map { $0 == 1 } ?? true
        self.chainKeepsLogits = shortlistIsSafe && options.temperature == 0
        self.isPlainGreedy = chainKeepsLogits
        if let penalty = options.repetitionPenalty, penalty != 1 {
            llama_sampler_chain_add(chain, llama_sampler_init_penalties(
                Int32(model.vocabularySize), Int32(options.repetitionWindow), Float(penalty), 0, 0))
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
        if grammarText != nil && grammar == nil {
            throw .invalidConstraint("llama.cpp could not parse the grammar (check the GBNF syntax and that rule "
                + "'\(grammarRoot)' exists)")
        }
    }

    deinit {
        llama_sampler_free(chain)
        if let grammar { llama_sampler_free(grammar) }
    }

    /// Picks the next token from the logits of the last evaluated token and records it.
    /// - Parameters:
    ///   - closing: how hard to steer towards closing the open structure (the token budget is
    ///     running out), so the answer ends valid instead of cut off.
    ///   - structure: what of the JSON answer is open, for hard pressure to tell closing tokens
    ///     from ones that open a string, and to steer a key towards a required member.
    func sample(_ context: OpaquePointer, closing: ClosingPressure = .none, structure: JSONStructureTracker? = nil) -> llama_token {
        let token: llama_token
        if let grammar, isPlainGreedy, closing != .hard, let logits = llama_get_logits_ith(context, logitsIndex) {
            token = chooseGreedily(logits, grammar: grammar, closing: closing, structure: structure)
            llama_sampler_accept(grammar, token)
        } else if let grammar {
            var logitsLoaded = false
            var wanted: llama_token?
            let inString = structure?.isInString ?? false
            if closing != .hard, let candidate = chooseUnconstrained(context, closing: closing, inString: inString) {
                logitsLoaded = chainKeepsLogits && !candidate.fromRawLogits
                if isAllowed(candidate.token, by: grammar) { wanted = candidate.token }
            }
            if let wanted {
                token = wanted
            } else {
                fullMaskCount += 1
                token = chooseMasked(llama_get_logits_ith(context, logitsIndex), grammar: grammar, closing: closing,
                                     structure: structure ?? JSONStructureTracker(), logitsLoaded: logitsLoaded)
            }
            llama_sampler_accept(grammar, token)
        } else {
            token = chooseUnconstrained(context, closing: .none, inString: false)?.token ?? 0
        }
        llama_sampler_accept(chain, token)
        return token
    }

    /// Copies the last token's logits into `candidates`, shifted by soft closing pressure.
    private func loadLogits(_ context: OpaquePointer, closing: ClosingPressure, inString: Bool) -> Bool {
        loadLogits(llama_get_logits_ith(context, logitsIndex), closing: closing, inString: inString)
    }

    /// Copies `logits` into `candidates`, shifted by soft closing pressure; false when there are none.
    private func loadLogits(_ logits: UnsafeMutablePointer<Float>?, closing: ClosingPressure, inString: Bool) -> Bool {
        guard let logits else { return false }
        if case .soft(let strength) = closing, let classes = structuralClasses {
            let shifts = Self.softShifts(strength, inString: inString)
            for index in candidates.indices {
                candidates[index] = llama_token_data(id: llama_token(index), logit: logits[index] + shifts[Int(classes[index].rawValue)], p: 0)
            }
        } else {
            for index in candidates.indices {
                candidates[index] = llama_token_data(id: llama_token(index), logit: logits[index], p: 0)
            }
        }
        return true
    }

    /// Runs the chain over `candidates` and returns the selected token.
    private func select() -> llama_token? {
        candidates.withUnsafeMutableBufferPointer { buffer in
            var array = llama_token_data_array(data: buffer.baseAddress, size: buffer.count, selected: -1, sorted: false)
            llama_sampler_apply(chain, &array)
            guard array.selected >= 0, array.selected < array.size else { return nil }
            return array.data[Int(array.selected)].id
        }
    }

    /// The chain's choice from the whole distribution; `fromRawLogits` when it was read straight
    /// from llama.cpp's logits without filling ``candidates`` (plain greedy, no pressure).
    private func chooseUnconstrained(_ context: OpaquePointer, closing: ClosingPressure,
                                     inString: Bool) -> (token: llama_token, fromRawLogits: Bool)? {
        if isPlainGreedy, closing == .none {
            // Greedy without a penalty is the first highest logit: read it where llama.cpp left it
            // instead of copying the vocabulary (262k entries for Gemma) for every token of every sequence.
            guard let logits = llama_get_logits_ith(context, logitsIndex) else { return nil }
            return (llama_token(VectorArithmetic.indexOfMaximum(logits, count: candidates.count)), true)
        }
        guard loadLogits(context, closing: closing, inString: inString) else { return nil }
        return select().map { ($0, false) }
    }

    /// The model's log probability of `token` at the position just sampled, and the `top` likeliest
    /// tokens there: a softmax of the raw logits (temperature 1, no grammar or penalty), computed
    /// only for a request that asks (two passes over the vocabulary).
    func logprob(of token: llama_token, top: Int, context: OpaquePointer,
                 bytes: (llama_token) -> [UInt8]) -> TokenLogprob? {
        guard let logits = llama_get_logits_ith(context, logitsIndex), !candidates.isEmpty else { return nil }
        let count = candidates.count
        var highest = logits[0]
        for index in 1..<count where logits[index] > highest { highest = logits[index] }
        var sum = 0.0
        // The best `top` (logit, token) pairs, kept sorted from most to least likely.
        var best: [(logit: Float, token: Int)] = []
        best.reserveCapacity(top + 1)
        for index in 0..<count {
            let logit = logits[index]
            sum += Foundation.exp(Double(logit - highest))
            guard top > 0, best.count < top || logit > best[best.count - 1].logit else { continue }
            let position = best.firstIndex { logit > $0.logit } ?? best.count
            best.insert((logit, index), at: position)
            if best.count > top { best.removeLast() }
        }
        let logNormalizer = Double(highest) + Foundation.log(sum)
        func candidate(_ id: Int, _ logit: Float) -> TokenLogprob.Candidate {
            .init(bytes: bytes(llama_token(id)), logprob: min(0, Double(logit) - logNormalizer))
        }
        let chosen = Int(token)
        guard chosen >= 0, chosen < count else { return nil }
        return TokenLogprob(chosen: candidate(chosen, logits[chosen]), top: best.map { candidate($0.token, $0.logit) })
    }

    private func isAllowed(_ token: llama_token, by grammar: UnsafeMutablePointer<llama_sampler>) -> Bool {
        var single = llama_token_data(id: token, logit: 0, p: 0)
        return withUnsafeMutablePointer(to: &single) { pointer in
            var array = llama_token_data_array(data: pointer, size: 1, selected: -1, sorted: false)
            llama_sampler_apply(grammar, &array)
            return pointer.pointee.logit.isFinite
        }
    }

    /// Plain greedy under a grammar, without copying the vocabulary's logits: the highest logit
    /// (shifted by soft closing pressure) when the grammar allows it; otherwise the highest allowed
    /// among the ``shortlistSize`` highest; otherwise the whole vocabulary masked. The same token as
    /// masking everything and taking the first highest logit, at a fraction of the cost (Gemma's
    /// 262k logits are read once or twice instead of copied, shifted and scanned again).
    private func chooseGreedily(_ logits: UnsafeMutablePointer<Float>, grammar: UnsafeMutablePointer<llama_sampler>,
                                closing: ClosingPressure, structure: JSONStructureTracker?) -> llama_token {
        let count = candidates.count
        // Soft closing pressure: each token's class and what its class adds to the logit.
        let steering: (classes: [StructuralTokenClass], shifts: [Float])? =
            if case .soft(let strength) = closing, let classes = structuralClasses {
                (classes, Self.softShifts(strength, inString: structure?.isInString ?? false))
            } else {
                nil
            }
        let best = steering.map { Self.indexOfMaximum(logits, classes: $0.classes, shifts: $0.shifts) }
            ?? VectorArithmetic.indexOfMaximum(logits, count: count)
        if isAllowed(llama_token(best), by: grammar) { return llama_token(best) }
        fullMaskCount += 1
        if shortlistIsSafe, count > 4 * Self.shortlistSize {
            var shortlist = if let (classes, shifts) = steering {
                Self.mostLikely(count: Self.shortlistSize, among: count) { index in
                    llama_token_data(id: llama_token(index), logit: logits[index] + shifts[Int(classes[index].rawValue)], p: 0)
                }
            } else {
                Self.mostLikely(count: Self.shortlistSize, among: count) { index in
                    llama_token_data(id: llama_token(index), logit: logits[index], p: 0)
                }
            }
            if let token = Self.bestAllowed(&shortlist, by: grammar) { return token }
        }
        return chooseMasked(logits, grammar: grammar, closing: closing, structure: structure ?? JSONStructureTracker(),
                            logitsLoaded: false)
    }

    /// The first position of the highest logit after adding each token class's shift.
    private static func indexOfMaximum(_ logits: UnsafeMutablePointer<Float>, classes: [StructuralTokenClass], shifts: [Float]) -> Int {
        classes.withUnsafeBufferPointer { classes in
            var best = 0
            var bestLogit = -Float.infinity
            for index in classes.indices {
                let logit = logits[index] + shifts[Int(classes[index].rawValue)]
                if logit > bestLogit {
                    best = index
                    bestLogit = logit
                }
            }
            return best
        }
    }

    /// The grammar-allowed token of `shortlist` with the highest logit (the lowest id among
    /// equals, as a scan of the whole vocabulary would pick), or nil when the grammar allows none.
    private static func bestAllowed(_ shortlist: inout [llama_token_data], by grammar: UnsafeMutablePointer<llama_sampler>) -> llama_token? {
        shortlist.withUnsafeMutableBufferPointer { buffer -> llama_token? in
            var array = llama_token_data_array(data: buffer.baseAddress, size: buffer.count, selected: -1, sorted: false)
            llama_sampler_apply(grammar, &array)
            var best: llama_token_data?
            for candidate in buffer where candidate.logit.isFinite {
                if let current = best, candidate.logit < current.logit || (candidate.logit == current.logit && candidate.id > current.id) {
                    continue
                }
                best = candidate
            }
            return best?.id
        }
    }

    /// The choice among the grammar-allowed tokens, from `logits` (loaded into `candidates` unless
    /// `logitsLoaded`): the shortlist first where that is exact, else the whole vocabulary masked.
    private func chooseMasked(_ logits: UnsafeMutablePointer<Float>?, grammar: UnsafeMutablePointer<llama_sampler>,
                              closing: ClosingPressure, structure: JSONStructureTracker, logitsLoaded: Bool) -> llama_token {
        guard logitsLoaded || loadLogits(logits, closing: closing, inString: structure.isInString) else { return 0 }
        // Hard steering depends on which classes the grammar allows anywhere in the vocabulary,
        // so it always masks everything.
        if closing != .hard, shortlistIsSafe, let token = chooseFromShortlist(grammar: grammar) { return token }
        let prefilter = model.grammarPrefilter
        candidates.withUnsafeMutableBufferPointer { prefilter.mask($0, by: grammar) }
        if closing == .hard, let classes = structuralClasses { steerHard(classes: classes, structure: structure, grammar: grammar) }
        return select() ?? 0
    }

    /// The chain's choice among the grammar-allowed tokens of the ``shortlistSize`` most likely
    /// ones, or nil when none of them is allowed (or the vocabulary is too small to gain).
    private func chooseFromShortlist(grammar: UnsafeMutablePointer<llama_sampler>) -> llama_token? {
        guard candidates.count > 4 * Self.shortlistSize else { return nil }
        var shortlist = Self.mostLikely(candidates, count: Self.shortlistSize)
        let anyAllowed = shortlist.withUnsafeMutableBufferPointer { buffer -> Bool in
            var array = llama_token_data_array(data: buffer.baseAddress, size: buffer.count, selected: -1, sorted: false)
            llama_sampler_apply(grammar, &array)
            return buffer.contains { $0.logit.isFinite }
        }
        guard anyAllowed else { return nil }
        return shortlist.withUnsafeMutableBufferPointer { buffer in
            var array = llama_token_data_array(data: buffer.baseAddress, size: buffer.count, selected: -1, sorted: false)
            llama_sampler_apply(chain, &array)
            guard array.selected >= 0, array.selected < array.size else { return nil }
            return array.data[Int(array.selected)].id
        }
    }

    /// The `count` candidates with the highest logits (in no particular order), in one pass with
    /// a small min-heap.
    static func mostLikely(_ candidates: [llama_token_data], count: Int) -> [llama_token_data] {
        mostLikely(count: count, among: candidates.count) { candidates[$0] }
    }

    /// The `count` highest-logit entries of `element(0..<total)` (in no particular order), in one
    /// pass with a small min-heap; `element` builds each entry on the fly (from raw logits).
    @inline(__always)
    static func mostLikely(count: Int, among total: Int, _ element: (Int) -> llama_token_data) -> [llama_token_data] {
        var heap: [llama_token_data] = []
        heap.reserveCapacity(count)
        func siftDown(_ start: Int) {
            var parent = start
            while true {
                let left = 2 * parent + 1, right = left + 1
                var smallest = parent
                if left < heap.count, heap[left].logit < heap[smallest].logit { smallest = left }
                if right < heap.count, heap[right].logit < heap[smallest].logit { smallest = right }
                if smallest == parent { return }
                heap.swapAt(parent, smallest)
                parent = smallest
            }
        }
        for position in 0..<total {
            if heap.count < count {
                let candidate = element(position)
                heap.append(candidate)
                var child = heap.count - 1
                while child > 0 {
                    let parent = (child - 1) / 2
                    guard heap[child].logit < heap[parent].logit else { break }
                    heap.swapAt(child, parent)
                    child = parent
                }
            } else {
                let candidate = element(position)
                guard candidate.logit > heap[0].logit else { continue }
                heap[0] = candidate
                siftDown(0)
            }
        }
        return heap
    }

    /// What soft closing pressure adds to the logit of each token class (indexed by raw value):
    /// closing tokens gain, tokens that open a container, add a member or item, or are only
    /// whitespace lose, in proportion to `strength` (0…1).
    static func softShifts(_ strength: Float, inString: Bool) -> [Float] {
        var shifts = [Float](repeating: 0, count: Int(StructuralTokenClass.other.rawValue) + 1)
        for tokenClass in [StructuralTokenClass.closer, .bracketCloser, .opener, .continuer, .whitespace, .other] {
            let shift: Float = switch tokenClass {
            case .closer, .bracketCloser: tokenClass.closes(inString: inString) ? 30 * strength : 0
            case .opener, .continuer: -(30 * strength)
            case .whitespace: -(10 * strength)
            case .other: 0
            }
            shifts[Int(tokenClass.rawValue)] = shift
        }
        return shifts
    }

    /// How well a grammar-allowed token closes the answer under hard pressure; lower is better.
    enum HardClosingRank: Int, Comparable {
        /// Ends the open string, or closes an object or array.
        case closes
        /// Writes (part of) a key the schema requires, where a key is due: the object still
        /// owes that member and cannot close before it is written.
        case requiredKey
        /// Adds another member or item (a comma): moves on to what the structure still lacks,
        /// where more digits or letters would only lengthen the current value.
        case continues
        /// Anything else that is not below: the value the grammar needs next.
        case other
        /// Opens an object or array.
        case opens
        /// Only whitespace: JSON never needs it, and a model offered only whitespace or the
        /// container a schema requires next would otherwise indent until the budget ran out.
        case whitespace

        static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    /// The hard-pressure rank of a token with bytes `bytes` and class `tokenClass` when the answer
    /// is in the state `structure` and the schema requires the keys `requiredKeys` (JSON text).
    static func hardRank(_ tokenClass: StructuralTokenClass, bytes: () -> [UInt8], structure: JSONStructureTracker,
                         requiredKeys: [[UInt8]]) -> HardClosingRank {
        if let key = structure.keyInProgress, !requiredKeys.isEmpty, tokenClass != .whitespace {
            var written = key
            written += key.isEmpty ? Array(bytes().drop { StructuralTokenClass.whitespaceBytes.contains($0) }) : bytes()
            if requiredKeys.contains(where: { $0.starts(with: written) || written.starts(with: $0) }) { return .requiredKey }
        }
        switch tokenClass {
        case .closer, .bracketCloser:
            // Outside a string a quote opens one (a key or a string value); inside one a bracket is text.
            return tokenClass.closes(inString: structure.isInString) ? .closes : .other
        case .continuer: return .continues
        case .other: return .other
        case .opener: return .opens
        case .whitespace: return .whitespace
        }
    }

    /// Keeps only the best-ranked tokens the grammar allows (see ``HardClosingRank``); inside a
    /// string that cannot end yet, only the first character of the shortest known way to an end.
    private func steerHard(classes: [StructuralTokenClass], structure: JSONStructureTracker,
                           grammar: UnsafeMutablePointer<llama_sampler>) {
        var ranks = [HardClosingRank?](repeating: nil, count: candidates.count)
        var best = HardClosingRank.whitespace
        for index in candidates.indices where candidates[index].logit.isFinite {
            let id = candidates[index].id
            let rank = Self.hardRank(classes[Int(id)], bytes: { self.model.piece(id) }, structure: structure, requiredKeys: requiredKeys)
            ranks[index] = rank
            best = min(best, rank)
        }
        if best > .requiredKey, structure.isInString, structure.keyInProgress == nil, let step = stepTowardsStringEnd(grammar: grammar) {
            for index in candidates.indices where candidates[index].id != step { candidates[index].logit = -.infinity }
            return
        }
        for index in candidates.indices where ranks[index] != best {
            candidates[index].logit = -.infinity
        }
    }

    /// The first character of the shortest of the schema's ``JSONClosingHints/stringEndings``
    /// after which the grammar lets the open string close, as a single-character token; nil when
    /// none of them leads there from where the string stands.
    private func stepTowardsStringEnd(grammar: UnsafeMutablePointer<llama_sampler>) -> llama_token? {
        let characterTokens = model.asciiTokens
        guard let quote = characterTokens[Int(UInt8(ascii: "\""))] else { return nil }
        for ending in stringEndings {
            let tokens = ending.compactMap { characterTokens[Int($0)] }
            guard tokens.count == ending.count, let state = llama_sampler_clone(grammar) else { continue }
            defer { llama_sampler_free(state) }
            var reachable = true
            for token in tokens {
                guard isAllowed(token, by: state) else { reachable = false; break }
                llama_sampler_accept(state, token)
            }
            if reachable && isAllowed(quote, by: state) { return tokens[0] }
        }
        return nil
    }
}

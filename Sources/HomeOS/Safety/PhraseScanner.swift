import Foundation

/// Deterministic, model-free phrase matching shared by the safety nets, the allergen checker and
/// the drug–food interaction checker.
///
/// Text is lower-cased and split into word tokens. Each token remembers its clause and sentence,
/// so matches never run across a sentence and negation never reaches across a clause:
/// sentences end at `. ! ? ;` and line breaks; clauses also end at `, : ( ) [ ]`, a spaced dash
/// and the words "but", "however", "although", "though" and "except". Contractions are expanded
/// ("can't" → "can not", "she's" → "she is", "grandma's" → "grandma"), including the common
/// apostrophe-less spellings ("cant", "dont", "isnt"); curly apostrophes are straightened.
/// Hyphens and slashes split words ("peanut-free" → "peanut", "free") without ending a clause.
/// A dot between digits stays inside the number ("100.4"). Accents are folded ("crème" → "creme").
struct ScannedText: Sendable {
    /// One word of the text.
    struct Token: Sendable, Hashable {
        /// The lower-cased word.
        var word: String
        /// Clause number, increasing through the text.
        var clause: Int
        /// Sentence number, increasing through the text.
        var sentence: Int
    }

    /// The words, in order.
    let tokens: [Token]

    /// Words that end a clause (and are dropped).
    static let clauseWords: Set<String> = ["but", "however", "although", "though", "except"]

    static let contractions: [String: [String]] = [
        "can't": ["can", "not"], "cant": ["can", "not"], "cannot": ["can", "not"],
        "won't": ["will", "not"], "wont": ["will", "not"], "shan't": ["shall", "not"],
        "ain't": ["is", "not"], "aint": ["is", "not"],
        "dont": ["do", "not"], "doesnt": ["does", "not"], "didnt": ["did", "not"], "isnt": ["is", "not"],
        "wasnt": ["was", "not"], "arent": ["are", "not"], "werent": ["were", "not"], "couldnt": ["could", "not"],
        "wouldnt": ["would", "not"], "shouldnt": ["should", "not"], "hasnt": ["has", "not"],
        "havent": ["have", "not"], "hadnt": ["had", "not"],
    ]
    static let isContractionSubjects: Set<String> = ["he", "she", "it", "that", "what", "there", "who", "here", "where", "how"]

    /// Scans `text`.
    init(_ text: String) {
        var tokens: [Token] = []
        var clause = 0
        var sentence = 0
        var current = ""
        let characters = Array(text.folding(options: [.diacriticInsensitive], locale: nil).lowercased())

        func flush() {
            defer { current = "" }
            for word in Self.expand(current) {
                if Self.clauseWords.contains(word) {
                    clause += 1
                    continue
                }
                tokens.append(Token(word: word, clause: clause, sentence: sentence))
            }
        }

        for (index, raw) in characters.enumerated() {
            let character: Character = (raw == "’" || raw == "‘" || raw == "`") ? "'" : raw
            let previous = index > 0 ? characters[index - 1] : " "
            let next = index + 1 < characters.count ? characters[index + 1] : " "
            if character.isLetter || character.isNumber || character == "'" {
                current.append(character)
                continue
            }
            if character == ".", previous.isNumber, next.isNumber {
                current.append(character)
                continue
            }
            flush()
            switch character {
            case ".", "!", "?", ";", "\n", "\r", "…":
                sentence += 1
                clause += 1
            case ",", ":", "(", ")", "[", "]", "—", "–":
                clause += 1
            case "-" where previous.isWhitespace && next.isWhitespace:
                clause += 1
            default:
                break
            }
        }
        flush()
        self.tokens = tokens
    }

    /// Expands one raw word (lower-cased, apostrophes straightened) into tokens.
    static func expand(_ raw: String) -> [String] {
        var word = raw
        while word.hasPrefix("'") { word.removeFirst() }
        while word.hasSuffix("'") { word.removeLast() }
        guard !word.isEmpty else { return [] }
        if let expanded = contractions[word] { return expanded }
        if word.hasSuffix("n't") {
            return [String(word.dropLast(3)), "not"]
        }
        for (suffix, expansion) in [("'re", "are"), ("'m", "am"), ("'ll", "will"), ("'ve", "have"), ("'d", "would")]
        where word.hasSuffix(suffix) && word.count > suffix.count {
            return [String(word.dropLast(suffix.count)).replacingApostrophes, expansion]
        }
        if word.hasSuffix("'s"), word.count > 2 {
            let base = String(word.dropLast(2))
            return isContractionSubjects.contains(base) ? [base, "is"] : [base.replacingApostrophes]
        }
        return [word.replacingApostrophes]
    }

    /// The words of a token range joined by spaces.
    func phrase(_ range: Range<Int>) -> String {
        tokens[range].map(\.word).joined(separator: " ")
    }

    /// The token index range of the sentence holding token `index`.
    func sentenceRange(of index: Int) -> Range<Int> {
        let sentence = tokens[index].sentence
        var lower = index
        while lower > 0, tokens[lower - 1].sentence == sentence { lower -= 1 }
        var upper = index + 1
        while upper < tokens.count, tokens[upper].sentence == sentence { upper += 1 }
        return lower..<upper
    }

    /// Whether a word from `negators` stands within `window` tokens before `index` in the same
    /// clause. A negator directly followed by a word in `uncertainty` ("not sure", "don't know")
    /// expresses doubt, not absence, and does not count.
    func isNegated(before index: Int, window: Int = 3, negators: Set<String>, uncertainty: Set<String> = []) -> Bool {
        guard index < tokens.count else { return false }
        let clause = tokens[index].clause
        var position = index - 1
        while position >= 0, position >= index - window, tokens[position].clause == clause {
            if negators.contains(tokens[position].word) {
                let following = position + 1 < tokens.count ? tokens[position + 1].word : ""
                if !uncertainty.contains(following) { return true }
            }
            position -= 1
        }
        return false
    }
}

private extension String {
    var replacingApostrophes: String { filter { $0 != "'" } }
}

/// A phrase to look for in a ``ScannedText``, written as a compact specification.
///
/// Elements are separated by spaces. `a|b|c` offers alternatives for one element; `+` joins
/// several words into one alternative (`carbon+monoxide|co`); a trailing `*` makes a word a
/// prefix (`breath*` matches "breathe", "breathing"); `~` lets up to two other words come before
/// the next element and `~N` up to N. `#year` matches a four-digit year from 1900 to 2099,
/// `#number` any number, `#many` a number of 10 or more, and `#end` (zero-width) the end of the
/// sentence. Words never match across a sentence.
/// `"can not ~ breath*"` matches "can not breathe" and "can not really breathe".
struct PhrasePattern: Sendable, Hashable {
    /// One word of an alternative.
    struct Word: Sendable, Hashable {
        var text: String
        var isPrefix: Bool

        func accepts(_ word: String) -> Bool {
            switch text {
            case "#year": return PhrasePattern.isYear(word)
            case "#number": return !word.isEmpty && word.allSatisfy { $0.isNumber || $0 == "." }
            case "#many": return Double(word).map { $0 >= 10 } ?? false
            default: return isPrefix ? word.hasPrefix(text) : word == text
            }
        }
    }

    struct Element: Sendable, Hashable {
        /// Alternatives, each one or more words.
        var alternatives: [[Word]]
        /// How many other words may come before this element.
        var gap: Int

        /// The token counts of the alternatives that match at `index`.
        func matchLengths(at index: Int, in text: ScannedText, sentence: Int) -> [Int] {
            alternatives.compactMap { words in
                guard index + words.count <= text.tokens.count else { return nil }
                for (offset, word) in words.enumerated() {
                    let token = text.tokens[index + offset]
                    guard token.sentence == sentence, word.accepts(token.word) else { return nil }
                }
                return words.count
            }
        }
    }

    /// The specification, for reports.
    let source: String
    let elements: [Element]

    init(_ specification: String) {
        source = specification
        var elements: [Element] = []
        var pendingGap = 0
        for part in specification.lowercased().split(separator: " ") {
            if part.hasPrefix("~") {
                pendingGap = Int(part.dropFirst()) ?? 2
                continue
            }
            let alternatives: [[Word]] = part.split(separator: "|").map { alternative in
                alternative.split(separator: "+").map { word in
                    word.hasSuffix("*") ? Word(text: String(word.dropLast()), isPrefix: true) : Word(text: String(word), isPrefix: false)
                }
            }
            elements.append(Element(alternatives: alternatives, gap: pendingGap))
            pendingGap = 0
        }
        self.elements = elements
    }

    static func isYear(_ word: String) -> Bool {
        word.count == 4 && word.allSatisfy(\.isNumber) && (word.hasPrefix("19") || word.hasPrefix("20"))
    }

    /// Every match, as token ranges; at most one (the first found) per starting word.
    func matches(in text: ScannedText) -> [Range<Int>] {
        guard let first = elements.first else { return [] }
        var found: [Range<Int>] = []
        for start in text.tokens.indices {
            let sentence = text.tokens[start].sentence
            for length in first.matchLengths(at: start, in: text, sentence: sentence) {
                if let end = match(from: 1, after: start + length - 1, in: text, sentence: sentence) {
                    found.append(start..<(end + 1))
                    break
                }
            }
        }
        return found
    }

    /// Matches elements from `elementIndex` on, after token `position`; returns the last token index.
    private func match(from elementIndex: Int, after position: Int, in text: ScannedText, sentence: Int) -> Int? {
        guard elementIndex < elements.count else { return position }
        let element = elements[elementIndex]
        if element.alternatives == [[Word(text: "#end", isPrefix: false)]] {
            // Zero-width: the sentence ends here.
            let atEnd = position + 1 >= text.tokens.count || text.tokens[position + 1].sentence != sentence
            return atEnd ? match(from: elementIndex + 1, after: position, in: text, sentence: sentence) : nil
        }
        var candidate = position + 1
        while candidate < text.tokens.count, candidate <= position + 1 + element.gap, text.tokens[candidate].sentence == sentence {
            for length in element.matchLengths(at: candidate, in: text, sentence: sentence) {
                if let end = match(from: elementIndex + 1, after: candidate + length - 1, in: text, sentence: sentence) {
                    return end
                }
            }
            candidate += 1
        }
        return nil
    }
}

/// Matches food, drug and allergen terms: whole words only, tolerant of English plurals
/// ("peanuts", "anchovies", "tomatoes") on every word of a multi-word term.
struct TermMatcher: Sendable {
    /// One term and its words.
    struct Term: Sendable, Hashable {
        var text: String
        var words: [String]
    }

    let terms: [Term]

    init(_ terms: [String]) {
        self.terms = terms.map { term in
            let words = ScannedText(term).tokens.map(\.word)
            return Term(text: term, words: words)
        }.filter { !$0.words.isEmpty }
    }

    /// Every occurrence of every term, longest first at each position; overlapping shorter
    /// occurrences inside a longer one are dropped.
    func occurrences(in text: ScannedText) -> [(range: Range<Int>, term: Term)] {
        var found: [(range: Range<Int>, term: Term)] = []
        let ordered = terms.sorted { $0.words.count > $1.words.count }
        for start in text.tokens.indices {
            for term in ordered where start + term.words.count <= text.tokens.count {
                let range = start..<(start + term.words.count)
                let matches = zip(text.tokens[range], term.words).allSatisfy { Self.sameWord($0.word, $1) }
                if matches, !found.contains(where: { $0.range.overlaps(range) }) {
                    found.append((range, term))
                }
            }
        }
        return found
    }

    /// Whether two words are the same up to an English plural.
    static func sameWord(_ word: String, _ term: String) -> Bool {
        word == term || singular(word) == term || singular(word) == singular(term)
    }

    /// A light singular form: "berries" → "berry", "tomatoes" → "tomato", "peaches" → "peach",
    /// "peanuts" → "peanut"; words ending in "ss", "us" or "is" are left alone.
    static func singular(_ word: String) -> String {
        guard word.count > 3 else { return word }
        if word.hasSuffix("ies") { return String(word.dropLast(3)) + "y" }
        if word.hasSuffix("oes") || word.hasSuffix("ches") || word.hasSuffix("shes") || word.hasSuffix("xes") || word.hasSuffix("sses") {
            return String(word.dropLast(2))
        }
        if word.hasSuffix("ss") || word.hasSuffix("us") || word.hasSuffix("is") { return word }
        if word.hasSuffix("s") { return String(word.dropLast()) }
        return word
    }
}

/// The outcome of checking one rule's phrases against a message.
struct RuleScan: Sendable {
    /// Matches that count.
    var active: [(range: Range<Int>, pattern: PhrasePattern)] = []
    /// Matches cancelled by a negation ("no chest pain").
    var negated: [(range: Range<Int>, pattern: PhrasePattern)] = []
    /// Matches about the past or already resolved ("chest pain last year, doctor said fine").
    var historical: [(range: Range<Int>, pattern: PhrasePattern)] = []
}

/// A deterministic rule: phrases that signal something, look-alike phrases that cancel an
/// overlapping match ("breathing exercises", "choking hazard"), and whether negation and
/// past-tense context may discount a match.
struct SignalRule: Sendable {
    var patterns: [PhrasePattern]
    var lookAlikes: [PhrasePattern]
    var negatable: Bool
    var historyDiscounts: Bool

    init(_ patterns: [String], lookAlikes: [String] = [], negatable: Bool = true, historyDiscounts: Bool = true) {
        self.patterns = patterns.map(PhrasePattern.init)
        self.lookAlikes = lookAlikes.map(PhrasePattern.init)
        self.negatable = negatable
        self.historyDiscounts = historyDiscounts
    }

    static let negators: Set<String> = ["no", "not", "never", "without", "denies", "denied", "deny", "nor", "neither"]
    static let uncertainty: Set<String> = ["sure", "certain", "know", "think", "knowing", "positive"]

    /// Phrases placing a sentence in the past or saying it resolved.
    static let historyMarkers: [PhrasePattern] = [
        "last year|month|week|summer|winter|spring|fall|autumn|time", "years|months|weeks ago", "year|month|week ago",
        "used to", "history of", "in the past", "as a child|kid|baby", "when i was", "previously", "back in",
        "in #year", "said ~3 fine|ok|okay|normal|nothing|healthy", "was fine|ok|okay|nothing|normal", "turned out",
        "went away", "resolved", "fine now", "ok|okay|better|good now", "no longer", "all clear",
    ].map(PhrasePattern.init)

    /// Phrases saying it is happening now, which override history markers anywhere in the message.
    static let presentMarkers: [PhrasePattern] = [
        "right now", "again", "still", "currently", "today", "tonight", "just now", "this morning|afternoon|evening",
        "came|coming|is back", "happening", "keeps", "started",
    ].map(PhrasePattern.init)

    func scan(_ text: ScannedText) -> RuleScan {
        var result = RuleScan()
        let lookAlikeRanges = lookAlikes.flatMap { $0.matches(in: text) }
        let present = Self.presentMarkers.contains { !$0.matches(in: text).isEmpty }
        let historyRanges = Self.historyMarkers.flatMap { $0.matches(in: text) }
        for pattern in patterns {
            for range in pattern.matches(in: text) {
                if lookAlikeRanges.contains(where: { $0.overlaps(range) }) { continue }
                if negatable, text.isNegated(before: range.lowerBound, negators: Self.negators, uncertainty: Self.uncertainty) {
                    result.negated.append((range, pattern))
                    continue
                }
                if historyDiscounts, !present {
                    let sentence = text.sentenceRange(of: range.lowerBound)
                    if historyRanges.contains(where: { sentence.contains($0.lowerBound) }) {
                        result.historical.append((range, pattern))
                        continue
                    }
                }
                result.active.append((range, pattern))
            }
        }
        return result
    }
}

/// Turns a message into features for routing: lower-case words with contractions expanded,
/// light stemming, negation marking and word pairs.
public struct TextNormalizer: Sendable {
    /// Creates a normalizer.
    public init() {}

    static let contractions: [String: [String]] = [
        "what's": ["what", "is"], "whats": ["what", "is"], "it's": ["it", "is"], "don't": ["do", "not"],
        "doesn't": ["does", "not"], "didn't": ["did", "not"], "can't": ["can", "not"], "cannot": ["can", "not"],
        "won't": ["will", "not"], "isn't": ["is", "not"], "aren't": ["are", "not"], "i'm": ["i", "am"],
        "let's": ["let", "us"], "i'd": ["i", "would"], "i'll": ["i", "will"], "we're": ["we", "are"],
        "shouldn't": ["should", "not"], "wasn't": ["was", "not"], "there's": ["there", "is"], "who's": ["who", "is"],
    ]
    static let negators: Set<String> = ["not", "no", "never", "without", "dont"]
    static let stopwords: Set<String> = ["the", "a", "an", "to", "of", "and", "for", "in", "on", "at", "is", "are", "be",
                                         "me", "my", "i", "you", "your", "please", "can", "could", "would", "will", "it",
                                         "this", "that", "do", "does", "with", "us", "we", "our", "what", "how"]

    /// Lower-case words (letters, digits, apostrophes), contractions expanded.
    public func words(_ text: String) -> [String] {
        var words: [String] = []
        var current = ""
        func flush() {
            guard !current.isEmpty else { return }
            let word = current.trimmingApostrophes
            if let expanded = Self.contractions[word] { words += expanded } else if !word.isEmpty { words.append(word) }
            current = ""
        }
        for character in text.lowercased() {
            if character.isLetter || character.isNumber || character == "'" || character == "’" {
                current.append(character == "’" ? "'" : character)
            } else {
                flush()
                if ".,!?;:".contains(character) { words.append("|") }  // clause boundary for negation scope
            }
        }
        flush()
        return words
    }

    /// Features for scoring: stems (negated ones prefixed `not_` until the clause ends), and
    /// pairs of neighbouring stems (`a+b`); stop words are dropped from unigrams but kept in pairs.
    public func features(_ text: String) -> [String] {
        var stems: [(stem: String, negated: Bool, stop: Bool)] = []
        var negated = false
        for word in words(text) {
            if word == "|" { negated = false; continue }
            if Self.negators.contains(word) { negated = true; continue }
            stems.append((Self.stem(word), negated, Self.stopwords.contains(word)))
        }
        var features: [String] = []
        for (index, item) in stems.enumerated() {
            let stem = item.negated ? "not_" + item.stem : item.stem
            if !item.stop { features.append(stem) }
            if index + 1 < stems.count { features.append(stem + "+" + stems[index + 1].stem) }
        }
        return features
    }

    /// Stems of the words of `text`, in order (for keyword phrase matching).
    public func stems(_ text: String) -> [String] {
        words(text).filter { $0 != "|" }.map(Self.stem)
    }

    /// A light English stemmer: plural, -ing, -ed, -ly and a few derivational endings.
    public static func stem(_ word: String) -> String {
        var w = word
        guard w.count > 3 else { return w }
        let rules: [(String, String)] = [("ies", "y"), ("sses", "ss"), ("ing", ""), ("edly", ""), ("ed", ""), ("ly", ""),
                                         ("ment", ""), ("ness", ""), ("ations", "ate"), ("ation", "ate"), ("es", ""), ("s", "")]
        for (suffix, replacement) in rules where w.hasSuffix(suffix) && w.count - suffix.count >= 3 {
            if suffix == "s" && (w.hasSuffix("ss") || w.hasSuffix("us")) { continue }
            if suffix == "es" && !(w.hasSuffix("ches") || w.hasSuffix("shes") || w.hasSuffix("xes") || w.hasSuffix("zes") || w.hasSuffix("sses")) {
                w.removeLast(1)
                return w
            }
            w.removeLast(suffix.count)
            w += replacement
            // "running" → "runn" → "run"
            if suffix == "ing" || suffix == "ed", let last = w.last, w.count > 2, w.dropLast().last == last, !"lsz".contains(last) {
                w.removeLast()
            }
            return w
        }
        return w
    }
}

extension String {
    fileprivate var trimmingApostrophes: String {
        var s = Substring(self)
        while s.first == "'" { s.removeFirst() }
        while s.last == "'" { s.removeLast() }
        return String(s)
    }
}

/// Finds the loops small models fall into ("Today's briefing: Today's briefing: Today's
/// briefing: …", the same line ten times): a run of words repeated back to back.
public struct RepetitionLoop: Sendable, Hashable {
    /// Where the loop starts, as an index into the text's words.
    public var startWord: Int
    /// Words in the repeated unit.
    public var unitLength: Int
    /// Back-to-back occurrences of the unit.
    public var repetitions: Int

    /// The first loop in `text`: a unit of one or more words occurring at least `minimumRepetitions`
    /// times in a row (case and punctuation ignored), or nil. Short units must repeat more often
    /// to count ("very very" is prose; a one-word unit needs four occurrences).
    public static func first(in text: String, minimumRepetitions: Int = 3, longestUnit: Int = 40) -> RepetitionLoop? {
        let words = normalizedWords(text)
        guard words.count >= 2 * minimumRepetitions else { return nil }
        for start in words.indices {
            let widest = min(longestUnit, (words.count - start) / minimumRepetitions)
            guard widest >= 1 else { break }
            for unit in 1...widest {
                let needed = unit == 1 ? max(minimumRepetitions, 4) : minimumRepetitions
                var repetitions = 1
                while start + (repetitions + 1) * unit <= words.count,
                      words[(start + repetitions * unit)..<(start + (repetitions + 1) * unit)]
                        .elementsEqual(words[start..<(start + unit)]) {
                    repetitions += 1
                }
                if repetitions >= needed { return RepetitionLoop(startWord: start, unitLength: unit, repetitions: repetitions) }
            }
        }
        return nil
    }

    /// Whether `text` contains a loop (see ``first(in:minimumRepetitions:longestUnit:)``).
    public static func isPresent(in text: String) -> Bool {
        first(in: text) != nil
    }

    /// The first loop that shows while an answer is still being written: a loop as
    /// ``first(in:minimumRepetitions:longestUnit:)`` finds it, or a unit of at least
    /// ``longUnit`` words already written twice in a row (a whole sentence said again word for
    /// word is a loop in the making; waiting for the third copy costs the reader its length).
    public static func firstWhileWriting(_ text: String) -> RepetitionLoop? {
        if let loop = first(in: text) { return loop }
        guard let loop = first(in: text, minimumRepetitions: 2), loop.unitLength >= longUnit else { return nil }
        return loop
    }

    /// Words in a unit that counts as a loop after two back-to-back copies while writing.
    public static let longUnit = 8

    /// `text` up to the end of the loop's first copy of its unit, cut back to the last sentence
    /// that ends there (the loop itself, said once, is often a fair sentence; its second copy never is).
    public func textBeforeRepeating(in text: String) -> String {
        let ranges = Self.wordRanges(text)
        let lastWord = min(startWord + unitLength, ranges.count) - 1
        guard lastWord >= 0 else { return "" }
        var kept = String(text[..<ranges[lastWord].upperBound])
        // Keep the punctuation that closes the last kept word ("fractions." rather than "fractions").
        let rest = text[ranges[lastWord].upperBound...]
        kept += rest.prefix { ".!?)\"'”’".contains($0) }
        if let end = kept.lastIndex(where: { ".!?".contains($0) }) {
            kept = String(kept[...end])
        }
        return kept.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    static func normalizedWords(_ text: String) -> [Substring] {
        text.lowercased().split { !isWordCharacter($0) }
    }

    /// Where each of ``normalizedWords(_:)``'s words lies in `text` (same order and count).
    static func wordRanges(_ text: String) -> [Range<String.Index>] {
        var ranges: [Range<String.Index>] = []
        var start: String.Index?
        var index = text.startIndex
        while index < text.endIndex {
            if isWordCharacter(text[index]) {
                if start == nil { start = index }
            } else if let begun = start {
                ranges.append(begun..<index)
                start = nil
            }
            index = text.index(after: index)
        }
        if let begun = start { ranges.append(begun..<text.endIndex) }
        return ranges
    }

    private static func isWordCharacter(_ character: Character) -> Bool {
        character.isLetter || character.isNumber || character == "'"
    }
}

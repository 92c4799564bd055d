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

    static func normalizedWords(_ text: String) -> [Substring] {
        text.lowercased().split { !($0.isLetter || $0.isNumber || $0 == "'") }
    }
}

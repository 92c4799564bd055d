/// Tells professional contacts (Dr. Alvarez, the VA clinic, a therapist, a crisis line) from
/// personal ones (Mom, my brother Mike, a battle buddy) by their words.
///
/// Professional titles, services and credentials count for a professional; family and
/// friendship words for a personal contact. When both appear, the one written first wins
/// ("Mom (a nurse)" is personal, "Dr. Lee, my sister's friend" professional). A bare name of one
/// to three capitalised words ("Sarah", "Mike R.") is personal; anything else is unknown.
public enum SafetyPlanContactClassifier {
    /// Words that mark a professional or a service.
    static let professionalWords: Set<String> = [
        "dr", "doctor", "md", "phd", "psyd", "lcsw", "lpc", "lmft", "lmhc", "np", "rn", "aprn", "pmhnp",
        "therapist", "therapy", "counselor", "counsellor", "counseling", "counselling", "psychiatrist", "psychiatry",
        "psychologist", "clinician", "clinic", "clinical", "hospital", "er", "va", "vamc", "cboc", "hotline",
        "lifeline", "helpline", "988", "911", "emergency", "urgent", "nurse", "chaplain", "provider", "prescriber",
        "physician", "pcp", "caseworker", "agency", "services", "service", "center", "centre", "program", "coordinator",
        "specialist", "ems", "police", "crisis", "medical", "health", "behavioral", "department", "office", "practice",
    ]
    /// Phrases that mark a professional or a service.
    static let professionalPhrases = [
        "case manager", "social worker", "care team", "mental health", "crisis line", "vet center", "suicide prevention",
        "peer support", "primary care", "urgent care", "emergency room", "emergency department", "text line",
    ]
    /// Words that mark a personal contact.
    static let personalWords: Set<String> = [
        "mom", "mother", "mum", "mama", "dad", "father", "papa", "brother", "sister", "bro", "sis", "son", "daughter",
        "wife", "husband", "spouse", "partner", "girlfriend", "boyfriend", "fiance", "fiancé", "fiancee", "fiancée",
        "uncle", "aunt", "auntie", "cousin", "nephew", "niece", "grandma", "grandpa", "grandmother", "grandfather",
        "grandson", "granddaughter", "friend", "buddy", "pal", "neighbor", "neighbour", "roommate", "coworker",
        "stepmom", "stepdad", "stepbrother", "stepsister", "godfather", "godmother",
    ]
    /// Phrases that mark a personal contact.
    static let personalPhrases = ["battle buddy", "best friend", "in-law", "in law", "old unit", "my unit", "squad leader"]

    /// The kind of contact `text` describes.
    public static func classify(_ text: String) -> SafetyPlanContactKind {
        let lowered = text.lowercased()
        let words = wordRanges(in: lowered)
        let professional = firstPosition(in: lowered, words: words, wordSet: professionalWords, phrases: professionalPhrases)
        let personal = firstPosition(in: lowered, words: words, wordSet: personalWords, phrases: personalPhrases)
        switch (professional, personal) {
        case (let p?, let q?): return p <= q ? .professional : .personal
        case (.some, nil): return .professional
        case (nil, .some): return .personal
        case (nil, nil): return looksLikeName(text) ? .personal : .unknown
        }
    }

    /// Whether the text names a family or friendship relation ("Mom", "my brother Mike", "battle buddy").
    public static func namesRelationship(_ text: String) -> Bool {
        let lowered = text.lowercased()
        return firstPosition(in: lowered, words: wordRanges(in: lowered), wordSet: personalWords, phrases: personalPhrases) != nil
    }

    /// Whether the text is a short name: one to three words, each starting with a capital letter
    /// ("Sarah", "Mike R.", "Jose Luis Garcia"), with no digits.
    static func looksLikeName(_ text: String) -> Bool {
        let words = text.split(whereSeparator: { $0 == " " || $0 == "," || $0 == "(" || $0 == ")" })
        guard (1...3).contains(words.count), !text.contains(where: \.isNumber) else { return false }
        return words.allSatisfy { word in
            guard let first = word.first, first.isUppercase else { return false }
            return word.allSatisfy { $0.isLetter || $0 == "." || $0 == "'" || $0 == "-" }
        }
    }

    private static func wordRanges(in text: String) -> [(word: String, offset: Int)] {
        var result: [(String, Int)] = []
        var current = ""
        var start = 0
        for (offset, character) in text.enumerated() {
            if character.isLetter || character.isNumber {
                if current.isEmpty { start = offset }
                current.append(character)
            } else if !current.isEmpty {
                result.append((current, start))
                current = ""
            }
        }
        if !current.isEmpty { result.append((current, start)) }
        return result
    }

    private static func firstPosition(in text: String, words: [(word: String, offset: Int)], wordSet: Set<String>,
                                      phrases: [String]) -> Int? {
        var best = words.first { wordSet.contains($0.word) }?.offset
        for phrase in phrases {
            if let range = text.range(of: phrase) {
                let offset = text.distance(from: text.startIndex, to: range.lowerBound)
                best = min(best ?? offset, offset)
            }
        }
        return best
    }
}

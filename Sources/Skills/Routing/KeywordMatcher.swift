/// Finds skills whose keyword phrases occur in a message (whole stemmed words, any case).
public struct KeywordMatcher: Sendable {
    private let phrases: [(skillID: String, stems: [String])]
    private let normalizer = TextNormalizer()

    /// Builds the matcher from the skills' keywords.
    public init(skills: [SkillDescriptor]) {
        let normalizer = TextNormalizer()
        phrases = skills.flatMap { skill in
            skill.keywords.map { (skill.id, normalizer.stems($0)) }.filter { !$0.1.isEmpty }
        }
    }

    /// Skill ids with a keyword in `message`, each with the length (in words) of its longest match.
    public func matches(in message: String) -> [String: Int] {
        let stems = normalizer.stems(message)
        var result: [String: Int] = [:]
        for phrase in phrases where Self.contains(stems, phrase.stems) {
            result[phrase.skillID] = max(result[phrase.skillID] ?? 0, phrase.stems.count)
        }
        return result
    }

    static func contains(_ haystack: [String], _ needle: [String]) -> Bool {
        guard needle.count <= haystack.count else { return false }
        for start in 0...(haystack.count - needle.count) where Array(haystack[start..<start + needle.count]) == needle {
            return true
        }
        return false
    }
}

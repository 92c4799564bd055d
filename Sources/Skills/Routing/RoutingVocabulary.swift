import Foundation

/// Words only one household uses, mapped to the general word the router knows: "atorvastatin" →
/// "medication", so "How much atorvastatin does Grandma Rosa take?" routes like "How much
/// medication …". Matching is whole-word and case-insensitive; the skill still sees the message
/// as written.
public struct RoutingVocabulary: Sendable {
    /// Lower-cased term → replacement, longest terms first.
    private let terms: [(term: String, replacement: String)]

    /// Creates a vocabulary from `replacements` (term → general word). Empty terms are ignored.
    public init(_ replacements: [String: String] = [:]) {
        terms = replacements.compactMap { key, value in
            let term = key.trimmingCharacters(in: .whitespaces).lowercased()
            return term.isEmpty ? nil : (term, value)
        }.sorted { $0.term.count > $1.term.count || ($0.term.count == $1.term.count && $0.term < $1.term) }
    }

    /// `message` with each term replaced, for routing only.
    public func apply(to message: String) -> String {
        guard !terms.isEmpty else { return message }
        var result = message
        for (term, replacement) in terms {
            var searchStart = result.startIndex
            while let range = result.range(of: term, options: .caseInsensitive, range: searchStart..<result.endIndex) {
                let before = range.lowerBound == result.startIndex ? nil : result[result.index(before: range.lowerBound)]
                let after = range.upperBound == result.endIndex ? nil : result[range.upperBound]
                let isWord = !(before?.isLetter ?? false) && !(after?.isLetter ?? false)
                if isWord {
                    result.replaceSubrange(range, with: replacement)
                    searchStart = result.index(range.lowerBound, offsetBy: replacement.count, limitedBy: result.endIndex) ?? result.endIndex
                } else {
                    searchStart = range.upperBound
                }
            }
        }
        return result
    }
}

import Foundation

/// Answers that cannot be scored, with what to change.
public enum CSSRSError: Error, Sendable, Hashable, LocalizedError, CustomStringConvertible {
    /// An item the skip logic asks has no answer.
    case incomplete(missing: CSSRSItem)
    /// An item was answered although the skip logic does not ask it.
    case notApplicable(CSSRSItem, reason: String)
    /// An answers file names an item the screener does not have.
    case unknownItem(String, known: [String])
    /// An answer is not yes/no.
    case notYesNo(item: String, got: String)
    /// The answers file is not a JSON object of answers.
    case invalidAnswerFile(String)
    /// The answers file could not be read.
    case unreadableFile(path: String, reason: String)

    public var description: String {
        switch self {
        case .incomplete(let item):
            return "The screener is incomplete: item \(item.number) (\(item.rawValue)) has no answer. "
                + "Answer it with true or false."
        case .notApplicable(let item, let reason):
            return "Item \(item.number) (\(item.rawValue)) was answered, but \(reason). Remove it, or correct the earlier answer."
        case .unknownItem(let key, let known):
            return "Unknown screener item '\(key)'. Use one of: \(known.joined(separator: ", ")) (or \"note\")."
        case .notYesNo(let item, let got):
            return "The answer to '\(item)' must be true/false or \"yes\"/\"no\", got \(got)."
        case .invalidAnswerFile(let reason):
            return "The answers file is not valid: \(reason). Expected a JSON object such as "
                + "{\"wish_dead\": false, \"suicidal_thoughts\": false, \"behavior\": false}."
        case .unreadableFile(let path, let reason):
            return "Cannot read the answers file \(path): \(reason)."
        }
    }

    public var errorDescription: String? { description }
}

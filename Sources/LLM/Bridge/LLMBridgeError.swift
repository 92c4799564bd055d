/// A bridge call that could not produce a trustworthy answer.
public enum LLMBridgeError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The model's output was not schema-valid JSON after every attempt; `rawOutput` is the last
    /// output and `problems` says what was wrong with it.
    case invalidJSON(rawOutput: String, problems: [String], attempts: Int)
    /// The model's free text named none of the categories.
    case unclassifiable(rawOutput: String)

    public var description: String {
        switch self {
        case .invalidJSON(let raw, let problems, let attempts):
            return "The model did not produce schema-valid JSON after \(attempts) attempt(s): "
                + problems.prefix(5).joined(separator: "; ") + ". Output: \(raw.prefix(300))"
        case .unclassifiable(let raw):
            return "The model's answer names none of the categories: \(raw.prefix(200))"
        }
    }
}

import Foundation

/// Errors from language-model calls, each with a message a person can act on.
public enum LLMError: Error, Sendable, Hashable, LocalizedError, CustomStringConvertible {
    /// The prompt does not fit the context window; the message says by how much.
    case promptTooLong(promptTokens: Int, limit: Int)
    /// The generation options are invalid.
    case invalidOptions(String)
    /// The output constraint is invalid (for example a grammar that does not parse).
    case invalidConstraint(String)
    /// The request itself is malformed.
    case invalidRequest(String)
    /// The model is not ready: not installed, still loading, or unusable on this machine.
    case modelUnavailable(ModelAvailability)
    /// The engine failed while generating.
    case generationFailed(String)
    /// The engine cannot do what was asked (for example a constraint it cannot enforce).
    case unsupported(String)
    /// The model's answer was withheld because it was unsafe to show (the reason, never the text).
    case unsafeAnswer(String)

    public var description: String {
        switch self {
        case .promptTooLong(let tokens, let limit):
            return "The prompt is \(tokens) tokens but at most \(limit) fit (the context window minus the tokens "
                + "reserved for the answer): shorten it by \(tokens - limit) tokens, lower maxTokens, "
                + "use a larger context, or allow truncation."
        case .invalidOptions(let reason): return "Invalid generation options: \(reason)."
        case .invalidConstraint(let reason): return "Invalid output constraint: \(reason)."
        case .invalidRequest(let reason): return "Invalid request: \(reason)."
        case .modelUnavailable(let availability): return "The model is not available: \(availability)."
        case .generationFailed(let reason): return "Generation failed: \(reason)."
        case .unsupported(let reason): return "Not supported by this engine: \(reason)."
        case .unsafeAnswer(let reason): return "The model's answer was withheld: \(reason)."
        }
    }

    public var errorDescription: String? { description }
}

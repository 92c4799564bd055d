import Foundation

/// A prompt in parts, so a failed attempt can be retried with a simpler version of it.
public struct ResilientPrompt: Sendable, Hashable {
    /// Instructions (kept in every attempt).
    public var system: String?
    /// Background the answer may use (family facts, data); trimmed in the simplified attempt.
    public var context: String?
    /// Worked examples for JSON extraction; dropped in the simplified attempt.
    public var examples: [JSONExample]
    /// The request itself (kept in every attempt).
    public var message: String

    /// Creates a prompt.
    public init(system: String? = nil, context: String? = nil, examples: [JSONExample] = [], message: String) {
        self.system = system
        self.context = context
        self.examples = examples
        self.message = message
    }

    /// The prompt with the context cut to its first `contextCharacters` characters (at a line,
    /// sentence or word boundary, in that order of preference) and no examples: what attempt 2 sends.
    public func simplified(contextCharacters: Int = 300) -> ResilientPrompt {
        var simpler = self
        simpler.examples = []
        if let context, context.count > contextCharacters {
            let cut = context.prefix(contextCharacters)
            let boundary = cut.lastIndex(of: "\n")
                ?? cut.range(of: ". ", options: .backwards).map { cut.index(after: $0.lowerBound) }
                ?? cut.lastIndex(of: " ") ?? cut.endIndex
            simpler.context = String(cut[..<boundary]).trimmingCharacters(in: .whitespacesAndNewlines)
        }
        return simpler
    }

    /// The user-side text: context (if any) then the message.
    public var userText: String {
        guard let context, !context.isEmpty else { return message }
        return "\(context)\n\n\(message)"
    }
}

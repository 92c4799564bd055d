import Synchronization

/// Lets a caller watch the free text a model writes while a higher-level call is under way, without
/// threading a callback through every layer in between.
///
/// A server that streams an answer sets a tap for the duration of one turn; every unconstrained
/// generation made on that task (``LLMBridge/generate(prompt:system:options:deadline:)`` and the
/// skills' streamed answers) reports its pieces to ``token``; a structured answer (JSON made by
/// ``LLMBridge/generateJSONReport(prompt:schema:system:examples:maxTokens:deadline:)``) reports its
/// raw JSON pieces to ``structuredToken`` when that is set, for a caller that previews the text
/// inside it. Classification is never reported.
///
/// ```swift
/// let tap = TokenTap(attemptStarted: { draft = "" }, token: { draft += $0 })
/// let reply = await TokenTap.$current.withValue(tap) { await assistant.handle(message) }
/// ```
public struct TokenTap: Sendable {
    /// Called when a new free-text generation starts: an earlier attempt's pieces are void.
    public var attemptStarted: @Sendable () -> Void
    /// Called with each generated piece of free text, in order.
    public var token: @Sendable (String) -> Void
    /// Called with each generated piece of a structured (JSON) answer, in order; nil: not reported.
    public var structuredToken: (@Sendable (String) -> Void)?

    /// Creates a tap.
    public init(attemptStarted: @escaping @Sendable () -> Void = {}, token: @escaping @Sendable (String) -> Void,
                structuredToken: (@Sendable (String) -> Void)? = nil) {
        self.attemptStarted = attemptStarted
        self.token = token
        self.structuredToken = structuredToken
    }

    /// The tap of the current task, if any.
    @TaskLocal public static var current: TokenTap?
}

extension TokenTap {
    /// A tap for a front end that shows only readable text: free-text pieces as they come, and a
    /// structured (JSON) answer as the text inside it (``JSONTextPreview``, started afresh with
    /// each attempt).
    /// - Parameters:
    ///   - attemptStarted: a new attempt began; the text shown so far is void.
    ///   - text: the next readable piece.
    public static func readable(attemptStarted: @escaping @Sendable () -> Void,
                                text: @escaping @Sendable (String) -> Void) -> TokenTap {
        let preview = Mutex(JSONTextPreview())
        return TokenTap(
            attemptStarted: {
                preview.withLock { $0 = JSONTextPreview() }
                attemptStarted()
            },
            token: text,
            structuredToken: { piece in
                let readable = preview.withLock { $0.feed(piece) }
                if !readable.isEmpty { text(readable) }
            })
    }
}

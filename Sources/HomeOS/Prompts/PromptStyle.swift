import Synchronization

/// The style part of the current answer's system prompt, synthesized from the gene pool (see
/// ``PromptGeneStore``). Skills read it through ``HomeOSServices``; the command that starts a
/// turn sets it. Empty: the fixed ``HomeOSPrompt/rules`` are used instead.
public final class PromptStyle: Sendable {
    private let state: Mutex<(text: String, turnID: String?)>

    /// Creates an empty style.
    public init(text: String = "", turnID: String? = nil) {
        state = Mutex((text, turnID))
    }

    /// The synthesized text (empty: use the fixed rules).
    public var text: String { state.withLock { $0.text } }
    /// The turn it belongs to.
    public var turnID: String? { state.withLock { $0.turnID } }

    /// Sets the style for a new turn.
    public func set(text: String, turnID: String?) {
        state.withLock { $0 = (text, turnID) }
    }
}

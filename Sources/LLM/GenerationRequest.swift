/// Everything an engine needs for one generation.
public struct GenerationRequest: Sendable, Hashable {
    /// What the model is asked to continue.
    public enum Prompt: Sendable, Hashable {
        /// A conversation, formatted with the model's chat template.
        case chat([ChatMessage])
        /// Raw text, passed to the model as is (for base models, benchmarks and scoring).
        case text(String)
    }

    /// What to do when the prompt does not fit the model's context window.
    public enum OverflowPolicy: Sendable, Hashable {
        /// Refuse with ``LLMError/promptTooLong(promptTokens:limit:)``, which says by how much.
        case fail
        /// Drop the oldest tokens so that the prompt plus `maxTokens` fits.
        case truncateStart
    }

    /// The prompt.
    public var prompt: Prompt
    /// Sampling and length options.
    public var options: GenerationOptions
    /// An optional restriction on the output, enforced while decoding.
    public var constraint: OutputConstraint?
    /// When generation must be over; `nil` means no deadline.
    public var deadline: Deadline?
    /// What to do with a prompt longer than the context window.
    public var overflowPolicy: OverflowPolicy
    /// How many leading messages stay the same from one request to the next (instructions, then
    /// worked examples), so an engine may keep their evaluated state and evaluate only the rest.
    /// Nil: the leading system messages.
    public var stableMessageCount: Int?

    /// Creates a request from a conversation.
    public init(
        messages: [ChatMessage],
        options: GenerationOptions = .greedy,
        constraint: OutputConstraint? = nil,
        deadline: Deadline? = nil,
        overflowPolicy: OverflowPolicy = .fail
    ) {
        self.init(prompt: .chat(messages), options: options, constraint: constraint,
                  deadline: deadline, overflowPolicy: overflowPolicy)
    }

    /// Creates a request from a prompt.
    public init(
        prompt: Prompt,
        options: GenerationOptions = .greedy,
        constraint: OutputConstraint? = nil,
        deadline: Deadline? = nil,
        overflowPolicy: OverflowPolicy = .fail
    ) {
        self.prompt = prompt
        self.options = options
        self.constraint = constraint
        self.deadline = deadline
        self.overflowPolicy = overflowPolicy
    }

    /// The conversation's messages, or a single user message holding the raw text.
    public var messages: [ChatMessage] {
        switch prompt {
        case .chat(let messages): return messages
        case .text(let text): return [.user(text)]
        }
    }

    /// All prompt text joined, for matching and logging.
    public var promptText: String {
        switch prompt {
        case .chat(let messages): return messages.map(\.content).joined(separator: "\n")
        case .text(let text): return text
        }
    }

    /// Checks the request before any work is done.
    public func validate() throws(LLMError) {
        try options.validate()
        try constraint?.validate()
        if case .chat(let messages) = prompt, messages.isEmpty {
            throw .invalidRequest("the conversation has no messages")
        }
    }
}

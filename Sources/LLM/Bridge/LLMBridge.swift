/// The application-facing API over any ``LanguageModel``: plain generation, schema-valid JSON,
/// closed-set classification and word-bounded summaries.
///
/// On an engine that constrains decoding, ``generateJSON(prompt:schema:system:examples:maxTokens:deadline:)``
/// always returns schema-valid JSON and ``classify(input:categories:maxExamplesPerCategory:deadline:)`` can only return one
/// of the given names. On one that cannot, the bridge extracts JSON from free text, validates it,
/// retries once with the validation errors in the prompt, and reports what it did in the
/// ``JSONGeneration`` record; invalid JSON is never returned.
///
/// Prompts follow what works for small on-device models: explicit instructions, a few short
/// examples, one task per call, well under 500 tokens.
public struct LLMBridge: Sendable {
    /// The model every call goes to.
    public let model: any LanguageModel

    /// Creates a bridge over a model.
    public init(model: any LanguageModel) {
        self.model = model
    }

    // MARK: Generate

    /// Generates a free-text answer to `prompt`. When a ``TokenTap`` is set on the task, the answer
    /// is streamed and each piece reported to it as it is generated.
    public func generate(prompt: String, system: String? = nil, options: GenerationOptions = GenerationOptions(),
                         deadline: Deadline? = nil) async throws -> String {
        let request = Self.request(prompt: prompt, system: system, options: options, deadline: deadline)
        guard let tap = TokenTap.current else { return try await model.respond(to: request).text.trimmingWhitespace }
        // Someone is watching this turn (a streaming server): stream and report each piece.
        tap.attemptStarted()
        var text = ""
        for try await event in model.stream(request) {
            if case .token(let piece) = event {
                text += piece
                tap.token(piece)
            }
        }
        return text.trimmingWhitespace
    }

    /// A chat request of an optional system message and one user message.
    static func request(prompt: String, system: String?, options: GenerationOptions, deadline: Deadline?) -> GenerationRequest {
        var messages: [ChatMessage] = []
        if let system { messages.append(.system(system)) }
        messages.append(.user(prompt))
        return GenerationRequest(messages: messages, options: options, deadline: deadline)
    }

    /// What ``streamEndingLoops(_:on:)`` got from the model.
    public struct LoopCheckedAnswer: Sendable {
        /// The answer as written, or, when it began to repeat itself, what came before the
        /// repetition (``RepetitionLoop/textBeforeRepeating(in:)``).
        public var text: String
        /// Whether the answer was cut where a loop began.
        public var endedLoop: Bool
        /// Why the model stopped, when it said so (nil when the stream was left at a loop or ended
        /// without a reason).
        public var finishReason: FinishReason?
    }

    /// Streams `request` (each piece reported to the task's ``TokenTap``, if any) and stops as soon
    /// as the answer starts repeating itself (``RepetitionLoop/firstWhileWriting(_:)``, checked
    /// every ``loopCheckInterval`` pieces and at the end): a small model caught in a loop would
    /// otherwise spend its whole token budget on it.
    public static func streamEndingLoops(_ request: GenerationRequest, on model: any LanguageModel) async throws -> LoopCheckedAnswer {
        let tap = TokenTap.current
        tap?.attemptStarted()
        var text = ""
        var pieces = 0
        var finishReason: FinishReason?
        for try await event in model.stream(request) {
            switch event {
            case .token(let piece):
                text += piece
                tap?.token(piece)
                pieces += 1
                // Leaving the loop ends the stream, which stops the generation.
                if pieces % loopCheckInterval == 0, let loop = RepetitionLoop.firstWhileWriting(text) {
                    return LoopCheckedAnswer(text: loop.textBeforeRepeating(in: text), endedLoop: true, finishReason: nil)
                }
            case .logprob:
                break
            case .finished(_, let reason):
                finishReason = reason
            }
        }
        if let loop = RepetitionLoop.firstWhileWriting(text) {
            return LoopCheckedAnswer(text: loop.textBeforeRepeating(in: text), endedLoop: true, finishReason: finishReason)
        }
        return LoopCheckedAnswer(text: text, endedLoop: false, finishReason: finishReason)
    }

    /// How many streamed pieces pass between two loop checks.
    public static let loopCheckInterval = 8

    // MARK: Summarize

    /// Summarises `text` in at most `maxWords` words (enforced: a longer answer is cut after its
    /// last complete sentence within the budget, or at the word limit when no sentence fits).
    public func summarize(text: String, maxWords: Int, deadline: Deadline? = nil) async throws -> String {
        guard maxWords > 0 else { throw LLMError.invalidRequest("maxWords must be at least 1") }
        let answer = try await generate(
            prompt: "Summarize the text below in at most \(maxWords) words. Reply with the summary only.\n\nText:\n\(text)",
            system: "You write short, faithful summaries. Never add facts that are not in the text.",
            options: GenerationOptions(maxTokens: maxWords * 2 + 16), deadline: deadline)
        return Self.limitWords(answer, to: maxWords)
    }

    /// Cuts `text` to at most `maxWords` words, preferring to end at a sentence boundary.
    static func limitWords(_ text: String, to maxWords: Int) -> String {
        let words = text.split(whereSeparator: \.isWhitespace)
        guard words.count > maxWords else { return text }
        let kept = words.prefix(maxWords).joined(separator: " ")
        if let end = kept.lastIndex(where: { ".!?".contains($0) }) { return String(kept[...end]) }
        return kept
    }
}

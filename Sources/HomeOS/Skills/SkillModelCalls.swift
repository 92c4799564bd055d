import Foundation
import LLM
import Skills

/// Every model call a HomeOS skill makes, through the resilience cascade: the full prompt, then
/// (when that fails quickly: an error or invalid JSON) the simplified prompt with the background
/// trimmed and the examples dropped, both within the request's deadline. A call that gets no
/// usable answer returns nil and the skill gives its deterministic answer (the cascade's third
/// step); a skill never sees a model error.
enum SkillModelCalls {
    /// The time a model call may take when the request carries no deadline.
    static let defaultBudget: Duration = .seconds(6)

    /// The cascade for one call, or nil without a model or when the deadline has already passed.
    static func cascade(_ context: SkillContext, maxTokens: Int) -> ResilientBridge? {
        guard let bridge = context.bridge else { return nil }
        let deadline = context.deadline ?? .after(defaultBudget)
        guard deadline.remaining > .milliseconds(50) else { return nil }
        return ResilientBridge(local: bridge, budget: deadline.remaining, deadline: deadline, remote: context.remoteFallback,
                               maxTokens: maxTokens)
    }

    /// Notes in the running skill's ``RemoteAnswerRecord`` that the family's remote model gave `answer`.
    static func noteIfRemote<Value>(_ answer: ResilientAnswer<Value>, context: SkillContext) {
        guard answer.attempt == .remote, let destination = context.remoteFallback?.destination else { return }
        RemoteAnswerRecord.current?.noteAnswered(by: destination)
    }

    /// A chat prompt split for the cascade: the system message stays; of the user text, the last
    /// line that starts with "Message:" (HomeOS prompts end with it) is the request and the lines
    /// before it the background that the simplified attempt trims.
    static func resilientPrompt(_ messages: [ChatMessage], examples: [JSONExample] = []) -> ResilientPrompt {
        let system = messages.first { $0.role == .system }?.content
        let user = messages.filter { $0.role != .system }.map(\.content).joined(separator: "\n")
        guard let marker = user.range(of: "\nMessage:", options: .backwards) else {
            return ResilientPrompt(system: system, examples: examples, message: user)
        }
        let background = String(user[..<marker.lowerBound])
        let request = String(user[user.index(after: marker.lowerBound)...])
        return ResilientPrompt(system: system, context: background, examples: examples, message: request)
    }

    /// Free text, cleaned of role markers and special tokens, and cut where it starts repeating
    /// itself; nil when no attempt gave a non-empty answer in time, or too little came before a
    /// loop (the same words over and over).
    /// - Parameter singleCall: make exactly one model call (no simplified retry), for answers
    ///   whose cost is promised, such as the morning briefing.
    static func text(_ messages: [ChatMessage], context: SkillContext, maxTokens: Int, singleCall: Bool = false) async -> String? {
        guard let cascade = cascade(context, maxTokens: maxTokens) else { return nil }
        let raw: String?
        if singleCall {
            let deadline = cascade.deadline ?? .after(defaultBudget)
            raw = try? await withDeadline(deadline.remaining) {
                try await streamUnlessLooping(GenerationRequest(
                    messages: messages, options: GenerationOptions(maxTokens: maxTokens), deadline: deadline), on: cascade.local.model)
            }
        } else {
            let answer = try? await cascade.text(resilientPrompt(messages))
            if let answer { noteIfRemote(answer, context: context) }
            raw = answer?.value
        }
        guard let raw else { return nil }
        let cleaned = DailySkillSupport.cleanModelText(raw)
        guard let loop = RepetitionLoop.firstWhileWriting(cleaned) else { return cleaned.isEmpty ? nil : cleaned }
        // What a model stuck in a loop said before it: too little of it, and the skill's deterministic answer is better.
        return usableBeforeLoop(loop.textBeforeRepeating(in: cleaned))
    }

    /// `kept` (an answer cut where its loop began), or nil when it says too little
    /// (``ResilientBridge/keepsEnoughBeforeLoop(_:)``).
    static func usableBeforeLoop(_ kept: String) -> String? {
        ResilientBridge.keepsEnoughBeforeLoop(kept) ? kept : nil
    }

    /// The answer to `request`, streamed so that a model caught in a loop is stopped as soon as the
    /// loop shows (``LLMBridge/streamEndingLoops(_:on:)``) and its answer cut where the repetition
    /// began; nil when too little is left then, or for an answer cut off by the deadline.
    static func streamUnlessLooping(_ request: GenerationRequest, on model: any LanguageModel) async throws -> String? {
        let answer = try await LLMBridge.streamEndingLoops(request, on: model)
        if answer.finishReason == .deadline { return nil }
        if answer.endedLoop { return usableBeforeLoop(answer.text) }
        return answer.finishReason == nil && Task.isCancelled ? nil : answer.text
    }

    /// A schema-valid value; nil when no attempt gave one in time.
    /// - Parameter fewShot: picks which of `examples` the prompt shows (the most relevant to the
    ///   message, within the few-shot budget).
    static func json(_ messages: [ChatMessage], schema: JSONSchema, examples: [JSONExample] = [],
                     fewShot: FewShotSelection, context: SkillContext, maxTokens: Int) async -> JSONValue? {
        guard let cascade = cascade(context, maxTokens: maxTokens) else { return nil }
        let shown = fewShot.select(examples, for: context.message)
        guard let answer = try? await cascade.json(resilientPrompt(messages, examples: shown), schema: schema) else { return nil }
        noteIfRemote(answer, context: context)
        return answer.value
    }

    /// Runs `body` (which makes the answer's model call) with the task's token tap, if any,
    /// showing `opening` first: the deterministic start of a skill's answer (a triage line)
    /// reaches a streaming page as soon as it is known instead of after the model's first
    /// sentence, and stays in front when an attempt inside `body` starts afresh.
    static func showingOpening<Value>(_ opening: String, _ body: () async -> Value) async -> Value {
        guard let tap = TokenTap.current, !opening.isEmpty else { return await body() }
        let shown = opening + "\n"
        tap.attemptStarted()
        tap.token(shown)
        let keepsOpening = TokenTap(attemptStarted: { tap.attemptStarted(); tap.token(shown) }, token: tap.token,
                                    structuredToken: tap.structuredToken)
        return await TokenTap.$current.withValue(keepsOpening) { await body() }
    }

    /// One of `categories` (a single constrained choice: there is nothing to simplify); nil without
    /// a model, on failure or past the deadline.
    static func classify(_ input: String, categories: [ClassificationCategory], context: SkillContext) async -> String? {
        guard let bridge = context.bridge else { return nil }
        let deadline = context.deadline ?? .after(defaultBudget)
        guard deadline.remaining > .milliseconds(50) else { return nil }
        return try? await withDeadline(deadline.remaining) {
            try await bridge.classify(input: input, categories: categories, deadline: deadline).name
        }
    }
}

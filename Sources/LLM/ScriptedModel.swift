import Synchronization

/// A deterministic ``LanguageModel`` that replays scripted answers, for unit tests.
///
/// Rules are matched in the order they were added; the first rule whose matcher accepts the
/// request answers it. Every request is recorded, failures and delays can be injected, and the
/// usual request semantics hold: `maxTokens`, stop sequences, deadlines and cancellation.
/// Tokens are whitespace-delimited words (each with its leading spaces).
///
/// ```swift
/// let model = ScriptedModel(defaultReply: "I'm not sure.")
/// model.when(contains: "weather", reply: "Sunny and 21 °C.")
/// model.when(contains: "book", fail: LLMError.generationFailed("engine crashed"), times: 1)
/// let answer = try await model.respond(to: "What's the weather?")
/// #expect(model.requests.count == 1)
/// ```
public final class ScriptedModel: LanguageModel, LogLikelihoodScoring, PromptPrefilling {
    /// Decides whether a rule answers a request.
    public enum Matcher: Sendable {
        /// Matches when the prompt text contains the string (case-insensitive).
        case contains(String)
        /// Matches when the predicate returns true.
        case predicate(@Sendable (GenerationRequest) -> Bool)
        /// Matches every request.
        case any

        func matches(_ request: GenerationRequest) -> Bool {
            switch self {
            case .contains(let needle): return request.promptText.localizedLowercase.contains(needle.localizedLowercase)
            case .predicate(let predicate): return predicate(request)
            case .any: return true
            }
        }
    }

    /// What a rule does when it matches.
    public enum Reply: Sendable {
        /// Streams this text.
        case text(String)
        /// Throws this error from `respond`/`stream`, as a failing engine would.
        case failure(any Error & Sendable)
        /// Computes the reply from the request.
        case compute(@Sendable (GenerationRequest) -> String)
    }

    /// One scripted behaviour.
    public struct Rule: Sendable {
        /// Which requests the rule answers.
        public var matcher: Matcher
        /// The reply.
        public var reply: Reply
        /// How many times the rule may answer; `nil` means without limit.
        public var remainingUses: Int?
        /// Waited before the first token (or before throwing a failure).
        public var delay: Duration

        /// Creates a rule.
        public init(matcher: Matcher, reply: Reply, times: Int? = nil, delay: Duration = .zero) {
            self.matcher = matcher
            self.reply = reply
            self.remainingUses = times
            self.delay = delay
        }
    }

    private struct State {
        var rules: [Rule] = []
        var requests: [GenerationRequest] = []
        var availability: ModelAvailability = .ready
        var scores: [String: Double] = [:]
        var scoredPrompts: [String] = []
        var prefilledPrompts: [String] = []
    }

    /// What the scripted model pretends to be able to do.
    public struct Capabilities: OptionSet, Sendable, Hashable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }
        /// Log-likelihood scoring, answered from ``setScore(_:for:)``.
        public static let scoring = Capabilities(rawValue: 1)
        /// Constrained decoding: a `.choices` constraint always yields one of the choices (the
        /// first one the scripted reply contains, else the first); other constraints pass the
        /// scripted text through unchanged.
        public static let constrainedDecoding = Capabilities(rawValue: 2)
    }

    /// The model's identifier.
    public let id: String
    /// What the model pretends to support (default: neither scoring nor constrained decoding,
    /// like a plain remote API).
    public let capabilities: Capabilities
    /// The reply used when no rule matches.
    public let defaultReply: Reply
    /// Waited between streamed tokens.
    public let delayPerToken: Duration
    private let state = Mutex(State())

    /// Creates a scripted model.
    public init(id: String = "scripted", defaultReply: String = "OK", delayPerToken: Duration = .zero,
                capabilities: Capabilities = []) {
        self.id = id
        self.capabilities = capabilities
        self.defaultReply = .text(defaultReply)
        self.delayPerToken = delayPerToken
    }

    /// Adds a rule.
    public func add(_ rule: Rule) { state.withLock { $0.rules.append(rule) } }

    /// Answers requests whose prompt contains `needle` with `reply`.
    public func when(contains needle: String, reply: String, times: Int? = nil, delay: Duration = .zero) {
        add(Rule(matcher: .contains(needle), reply: .text(reply), times: times, delay: delay))
    }

    /// Makes requests whose prompt contains `needle` fail with `error`.
    public func when(contains needle: String, fail error: any Error & Sendable, times: Int? = nil, delay: Duration = .zero) {
        add(Rule(matcher: .contains(needle), reply: .failure(error), times: times, delay: delay))
    }

    /// Answers requests accepted by `predicate` with `reply`.
    public func when(_ predicate: @escaping @Sendable (GenerationRequest) -> Bool, reply: String, times: Int? = nil) {
        add(Rule(matcher: .predicate(predicate), reply: .text(reply), times: times))
    }

    /// Sets the log-likelihood that ``logLikelihoods(of:after:)`` reports for a continuation
    /// (default: minus the number of characters, so shorter continuations win).
    public func setScore(_ score: Double, for continuation: String) {
        state.withLock { $0.scores[continuation] = score }
    }

    /// Every request received so far, in order.
    public var requests: [GenerationRequest] { state.withLock { $0.requests } }

    /// Every prompt ``logLikelihoods(of:after:)`` scored continuations after, in order.
    public var scoredPrompts: [String] { state.withLock { $0.scoredPrompts } }

    /// Every prompt ``prefill(_:)`` was given, in order.
    public var prefilledPrompts: [String] { state.withLock { $0.prefilledPrompts } }

    /// Records `prompt` (a scripted model has no cache to fill).
    public func prefill(_ prompt: String) async {
        state.withLock { $0.prefilledPrompts.append(prompt) }
    }

    /// Sets what ``availability`` reports, to test how callers handle a missing model.
    public func setAvailability(_ availability: ModelAvailability) {
        state.withLock { $0.availability = availability }
    }

    public var availability: ModelAvailability { state.withLock { $0.availability } }

    public var supportsConstrainedDecoding: Bool { capabilities.contains(.constrainedDecoding) }

    public var canScoreLogLikelihoods: Bool { capabilities.contains(.scoring) }

    public func countTokens(_ text: String) async throws -> Int { Self.pieces(of: text).count }

    public func logLikelihoods(of continuations: [String], after prompt: String) async throws -> [Double] {
        let scores = state.withLock { state in
            state.scoredPrompts.append(prompt)
            return state.scores
        }
        return continuations.map { scores[$0] ?? -Double($0.count) }
    }

    /// Joins the messages as "role: content" lines.
    public func formattedPrompt(for messages: [ChatMessage]) async throws -> String {
        messages.map { "\($0.role.rawValue): \($0.content)" }.joined(separator: "\n") + "\nassistant:"
    }

    public func stream(_ request: GenerationRequest) -> AsyncThrowingStream<GenerationEvent, Error> {
        .generation { emit in try await self.run(request, emit: emit) }
    }

    /// Runs in the caller's task, so cancelling the caller ends generation with `.cancelled`.
    public func respond(to request: GenerationRequest) async throws -> GenerationResult {
        var collector = GenerationResult.Collector()
        try await run(request) { collector.add($0) }
        return try collector.result()
    }

    private func takeRule(for request: GenerationRequest) -> (Reply, Duration) {
        state.withLock { state in
            state.requests.append(request)
            guard let index = state.rules.firstIndex(where: { ($0.remainingUses ?? 1) > 0 && $0.matcher.matches(request) })
            else { return (defaultReply, .zero) }
            if let uses = state.rules[index].remainingUses { state.rules[index].remainingUses = uses - 1 }
            return (state.rules[index].reply, state.rules[index].delay)
        }
    }

    private func run(_ request: GenerationRequest, emit: (GenerationEvent) -> Void) async throws {
        let start = ContinuousClock.now
        do {
            try request.validate()
            let availability = self.availability
            guard availability.isReady else { throw LLMError.modelUnavailable(availability) }
        } catch {
            state.withLock { $0.requests.append(request) }
            throw error
        }
        let (reply, delay) = takeRule(for: request)
        var usage = GenerationUsage(promptTokens: Self.pieces(of: request.promptText).count)

        func finish(_ reason: FinishReason) {
            usage.totalDuration = start.duration(to: .now)
            emit(.finished(usage, reason))
        }
        /// Sleeps, ending early at the deadline; returns the reason to stop, if any.
        func wait(_ duration: Duration) async -> FinishReason? {
            if Task.isCancelled { return .cancelled }
            if let deadline = request.deadline {
                if deadline.hasPassed { return .deadline }
                if duration >= deadline.remaining {
                    try? await Task.sleep(until: deadline.instant, clock: .continuous)
                    return Task.isCancelled ? .cancelled : .deadline
                }
            }
            guard duration > .zero else { return nil }
            do { try await Task.sleep(for: duration) } catch { return .cancelled }
            return nil
        }

        if let reason = await wait(delay) { return finish(reason) }
        let text: String
        switch reply {
        case .failure(let error):
            throw error
        case .text(let value): text = Self.enforce(request.constraint, on: value, if: supportsConstrainedDecoding)
        case .compute(let produce): text = Self.enforce(request.constraint, on: produce(request), if: supportsConstrainedDecoding)
        }
        usage.promptDuration = start.duration(to: .now)

        var matcher = StopSequenceMatcher(stopSequences: request.options.stopSequences)
        var firstTokenAt: ContinuousClock.Instant?
        for piece in Self.pieces(of: text) {
            if usage.generatedTokens > 0, let reason = await wait(delayPerToken) { return finish(reason) }
            if let reason = await wait(.zero) { return finish(reason) }
            usage.generatedTokens += 1
            let now = ContinuousClock.now
            if firstTokenAt == nil {
                firstTokenAt = now
                usage.timeToFirstToken = start.duration(to: now)
            }
            usage.decodeDuration = firstTokenAt!.duration(to: now)
            let output = matcher.feed(piece)
            if !output.text.isEmpty { emit(.token(output.text)) }
            if let stop = output.stop { return finish(.stopSequence(stop)) }
            if usage.generatedTokens >= request.options.maxTokens {
                let rest = matcher.flush()
                if !rest.isEmpty { emit(.token(rest)) }
                return finish(.maxTokens)
            }
        }
        let rest = matcher.flush()
        if !rest.isEmpty { emit(.token(rest)) }
        finish(.endOfGeneration)
    }

    private static func enforce(_ constraint: OutputConstraint?, on text: String, if enabled: Bool) -> String {
        guard enabled, case .choices(let choices)? = constraint, !choices.contains(text) else { return text }
        return choices.first { text.contains($0) } ?? choices[0]
    }

    /// Splits text into scripted "tokens": each word with the whitespace before it.
    static func pieces(of text: String) -> [String] {
        var pieces: [String] = []
        var current = ""
        var previousWasWord = false
        for character in text {
            let isSpace = character.isWhitespace
            if isSpace && previousWasWord {
                pieces.append(current)
                current = ""
            }
            current.append(character)
            previousWasWord = !isSpace
        }
        if !current.isEmpty { pieces.append(current) }
        return pieces
    }
}

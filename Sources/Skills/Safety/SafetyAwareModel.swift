import Foundation
import LLM
import Logging

/// A decorator around any `LanguageModel` that screens the person's message before generation
/// and the model's answer before anyone sees it:
///
/// 1. ``SafetyScreen`` (deterministic, cannot be bypassed): emergencies get crisis resources,
///    harmful requests a refusal, attempts to change or reveal the instructions a refusal;
/// 2. optionally the model classifier (safe / off-topic / harmful / emergency by log-likelihood),
///    which can only make the verdict stricter, never clear a deterministic flag;
/// 3. safe requests get the safety instructions added to their system prompt, and the answer is
///    cleaned of role markers and screened by ``AnswerScreen`` (dangerous dosing, self-harm
///    encouragement, skipping an approval, harmful instructions). An unsafe answer is replaced by a
///    refusal, or withheld with ``LLMError/unsafeAnswer(_:)`` so the caller gives its own
///    deterministic answer (``UnsafeAnswerHandling``).
///
/// Streamed answers are released a sentence at a time, each only after the text so far has passed
/// the answer screen, so an unsafe sentence is never shown, not even in part.
///
/// JSON Schema and choice constraints are internal structure calls (argument extraction,
/// classification) and pass through unchanged; a grammar-constrained answer is prose in a shape
/// (a report) and its text is screened like any other. An app whose messages are already screened
/// (``Assistant`` screens every message before routing) or whose inputs are clinical notes that
/// must not be answered with crisis resources (Sentinel) turns the message screen off with
/// `screensPrompts: false` and keeps the answer screen.
public struct SafetyAwareModel: LanguageModel {
    /// What happens to an answer the answer screen stops.
    public enum UnsafeAnswerHandling: Sendable, Hashable {
        /// The answer becomes a fixed refusal.
        case refuse
        /// The call throws ``LLMError/unsafeAnswer(_:)``: the caller falls back to its own
        /// deterministic answer.
        case withhold
    }

    /// The wrapped model.
    public let base: any LanguageModel
    /// The deterministic first pass over the person's message.
    public let screen: SafetyScreen
    /// The second look, over the model's answer.
    public let answerScreen: AnswerScreen
    /// The model classifier (nil: deterministic only).
    public let classifier: LLMBridge?
    /// Budget of the model classifier; on expiry the deterministic verdict stands.
    public var classifierTimeout: Duration
    /// Whether the last user message is screened before generation.
    public let screensPrompts: Bool
    /// What an unsafe answer becomes.
    public let unsafeAnswers: UnsafeAnswerHandling

    /// Wraps `base`.
    public init(base: any LanguageModel, screen: SafetyScreen = SafetyScreen(), answerScreen: AnswerScreen = AnswerScreen(),
                classifier: LLMBridge? = nil, classifierTimeout: Duration = ModelBudget.interactiveClassification,
                screensPrompts: Bool = true, unsafeAnswers: UnsafeAnswerHandling = .refuse) {
        self.base = base
        self.screen = screen
        self.answerScreen = answerScreen
        self.classifier = classifier
        self.classifierTimeout = classifierTimeout
        self.screensPrompts = screensPrompts
        self.unsafeAnswers = unsafeAnswers
    }

    public var id: String { base.id }
    public var availability: ModelAvailability { get async { await base.availability } }
    public var supportsConstrainedDecoding: Bool { base.supportsConstrainedDecoding }
    public func countTokens(_ text: String) async throws -> Int { try await base.countTokens(text) }

    /// The verdict for `message`: the deterministic screen, then (only when it found nothing) the
    /// model classifier.
    public func verdict(for message: String) async -> SafetyVerdict {
        let deterministic = screen.screen(message)
        guard deterministic == .safe, let classifier else { return deterministic }
        let categories = [
            ClassificationCategory(name: "safe", description: "An everyday family request: meals, plans, reminders, health questions."),
            ClassificationCategory(name: "off-topic", description: "Unrelated to running a family's day."),
            ClassificationCategory(name: "harmful", description: "Asks for help hurting someone or breaking the law."),
            ClassificationCategory(name: "emergency", description: "Someone is in danger right now."),
        ]
        let name = try? await withDeadline(classifierTimeout) {
            try await classifier.classify(input: message, categories: categories).name
        }
        switch name {
        case "harmful": return .harmful(.other)
        case "emergency": return .emergency(.other)
        case "off-topic": return .offTopic
        default: return .safe
        }
    }

    /// Whether `request`'s answer is structure for code (passed through) rather than text for people.
    static func passesThrough(_ request: GenerationRequest) -> Bool {
        switch request.constraint {
        case .none, .grammar: return false
        case .jsonSchema, .choices: return true
        }
    }

    public func respond(to request: GenerationRequest) async throws -> GenerationResult {
        if Self.passesThrough(request) { return try await base.respond(to: request) }
        if let fixed = try await fixedReply(before: request) {
            return GenerationResult(text: fixed, usage: GenerationUsage(), finishReason: .endOfGeneration)
        }
        var result = try await base.respond(to: prepared(request))
        result.text = try screened(Self.cutAtRoleMarkers(result.text))
        return result
    }

    public func stream(_ request: GenerationRequest) -> AsyncThrowingStream<GenerationEvent, Error> {
        if Self.passesThrough(request) { return base.stream(request) }
        return AsyncThrowingStream { continuation in
            let task = Task {
                do {
                    if let fixed = try await fixedReply(before: request) {
                        continuation.yield(.token(fixed))
                        continuation.yield(.finished(GenerationUsage(), .endOfGeneration))
                        continuation.finish()
                        return
                    }
                    try await releaseScreenedSentences(of: prepared(request), to: continuation)
                    continuation.finish()
                } catch {
                    continuation.finish(throwing: error)
                }
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }

    /// Streams `request` from the base model, holding each piece back until its sentence is
    /// complete and the answer so far has passed the screen.
    private func releaseScreenedSentences(of request: GenerationRequest,
                                          to continuation: AsyncThrowingStream<GenerationEvent, Error>.Continuation) async throws {
        var answer = ""        // everything the model wrote (role markers not yet cut)
        var released = 0       // characters of `answer` already shown
        var held: [String] = [] // pieces not yet shown
        func release(upTo end: Int) throws {
            let visible = Self.cutAtRoleMarkers(String(answer.prefix(end)), trimming: false)
            if let concern = answerScreen.concern(in: visible) { throw UnsafeAnswer(concern: concern) }
            // Shown piece by piece as the model wrote them (callers count pieces); a piece that runs
            // past the sentence is split and its rest held back.
            var remaining = end - released
            while remaining > 0, let piece = held.first {
                if piece.count <= remaining {
                    continuation.yield(.token(piece))
                    remaining -= piece.count
                    held.removeFirst()
                } else {
                    continuation.yield(.token(String(piece.prefix(remaining))))
                    held[0] = String(piece.dropFirst(remaining))
                    remaining = 0
                }
            }
            released = end
        }
        do {
            for try await event in base.stream(request) {
                switch event {
                case .token(let piece):
                    answer += piece
                    held.append(piece)
                    let kept = Self.cutAtRoleMarkers(answer, trimming: false)
                    if kept.count < answer.count {
                        // The model began another turn: show nothing of it, and stop generating.
                        held = []
                        if let concern = answerScreen.concern(in: kept) { throw UnsafeAnswer(concern: concern) }
                        let unseen = String(kept.dropFirst(released))
                        if !unseen.isEmpty { continuation.yield(.token(unseen)) }
                        continuation.yield(.finished(GenerationUsage(), .endOfGeneration))
                        return
                    }
                    if let boundary = Self.lastSentenceEnd(in: answer), boundary > released { try release(upTo: boundary) }
                case .logprob:
                    continuation.yield(event)
                case .finished(let usage, let reason):
                    try release(upTo: answer.count)
                    continuation.yield(.finished(usage, reason))
                    return
                }
            }
            try release(upTo: answer.count)
        } catch let stopped as UnsafeAnswer {
            Self.logStopped(stopped.concern)
            switch unsafeAnswers {
            case .withhold: throw LLMError.unsafeAnswer(stopped.concern.description)
            case .refuse:
                continuation.yield(.token((released > 0 ? " " : "") + Self.refusal(for: stopped.concern)))
                continuation.yield(.finished(GenerationUsage(), .endOfGeneration))
            }
        }
    }

    private struct UnsafeAnswer: Error { let concern: AnswerConcern }

    /// Logs that an answer was stopped, with its kind of concern only.
    static func logStopped(_ concern: AnswerConcern) {
        Logger(label: "homeos.safety").warning("model answer stopped by the answer screen", metadata: ["concern": "\(concern)"])
    }

    /// The end (in characters) of the last complete sentence of `text`: its closing punctuation
    /// once a space follows it, or a line break; nil when no sentence is complete yet.
    static func lastSentenceEnd(in text: String) -> Int? {
        var end: Int?
        var previous: Character?
        for (offset, character) in text.enumerated() {
            if character == "\n" { end = offset + 1 } else if character == " ", let previous, ".!?:;".contains(previous) { end = offset }
            previous = character
        }
        return end
    }

    /// The fixed reply when the message screen stops the request; nil when it may be generated.
    private func fixedReply(before request: GenerationRequest) async throws -> String? {
        guard screensPrompts else { return nil }
        return Self.fixedReply(for: await verdict(for: Self.lastUserText(of: request)))
    }

    /// `request` with the safety instructions, unless it is grammar-shaped (a report whose
    /// instructions say what to write) or only the answer is screened (the caller wrote and
    /// screened its prompt: it goes to the model as written).
    private func prepared(_ request: GenerationRequest) -> GenerationRequest {
        if case .grammar = request.constraint { return request }
        return screensPrompts ? Self.addingSafetyInstructions(to: request) : request
    }

    /// `text` when the answer screen lets it through; else the refusal, or a thrown
    /// ``LLMError/unsafeAnswer(_:)``.
    func screened(_ text: String) throws -> String {
        guard let concern = answerScreen.concern(in: text) else { return text }
        Self.logStopped(concern)
        switch unsafeAnswers {
        case .refuse: return Self.refusal(for: concern)
        case .withhold: throw LLMError.unsafeAnswer(concern.description)
        }
    }

    /// What the person sees instead of an unsafe answer.
    static func refusal(for concern: AnswerConcern) -> String {
        switch concern {
        case .harmful(let category): return SafetyResponses.refusal(category)
        case .selfHarmEncouragement: return SafetyResponses.emergency(.selfHarm)
        case .dangerousDosing:
            return "I can't advise on changing a dose. Please follow the prescription, and ask your doctor or pharmacist before changing anything."
        case .approvalBypass:
            return "That needs an approval first; I can't skip it or act as if it was given."
        }
    }

    /// The fixed reply for a verdict that stops generation (nil when generation may go ahead).
    public static func fixedReply(for verdict: SafetyVerdict) -> String? {
        switch verdict {
        case .safe, .offTopic: return nil
        case .emergency(let category): return SafetyResponses.emergency(category)
        case .harmful(let category): return SafetyResponses.refusal(category)
        case .promptInjection: return SafetyResponses.injection
        }
    }

    /// `text` cut at the first role marker (a hallucinated next turn), trimmed unless asked not to.
    static func cutAtRoleMarkers(_ text: String, trimming: Bool = true) -> String {
        var cleaned = text
        for marker in ["<end_of_turn>", "<start_of_turn>", "<|im_end|>", "<|im_start|>", "\nuser:", "\nUser:", "\nmodel:", "\nModel:"] {
            if let range = cleaned.range(of: marker) { cleaned = String(cleaned[..<range.lowerBound]) }
        }
        return trimming ? cleaned.trimmingCharacters(in: .whitespacesAndNewlines) : cleaned
    }

    static func lastUserText(of request: GenerationRequest) -> String {
        switch request.prompt {
        case .chat(let messages): return messages.last { $0.role == .user }?.content ?? ""
        case .text(let text): return text
        }
    }

    static func addingSafetyInstructions(to request: GenerationRequest) -> GenerationRequest {
        var request = request
        switch request.prompt {
        case .chat(var messages):
            if let first = messages.first, first.role == .system {
                messages[0] = .system(first.content + "\n" + SafetyResponses.safetyInstructions)
            } else {
                messages.insert(.system(SafetyResponses.safetyInstructions), at: 0)
            }
            request.prompt = .chat(messages)
        case .text(let text):
            request.prompt = .text(SafetyResponses.safetyInstructions + "\n\n" + text)
        }
        return request
    }
}

/// Scoring passes through: a score picks among the caller's own labels and shows no text.
extension SafetyAwareModel: LogLikelihoodScoring {
    public var canScoreLogLikelihoods: Bool { (base as? any LogLikelihoodScoring)?.canScoreLogLikelihoods ?? false }

    public func logLikelihoods(of continuations: [String], after prompt: String) async throws -> [Double] {
        guard let scorer = base as? any LogLikelihoodScoring else { throw LLMError.unsupported("\(base.id) cannot score continuations") }
        return try await scorer.logLikelihoods(of: continuations, after: prompt)
    }

    public func formattedPrompt(for messages: [ChatMessage]) async throws -> String {
        guard let scorer = base as? any LogLikelihoodScoring else { throw LLMError.unsupported("\(base.id) cannot score continuations") }
        return try await scorer.formattedPrompt(for: messages)
    }
}

extension LLMBridge {
    /// This bridge with every answer meant for people behind the answer screen, withheld when
    /// unsafe (so the caller's deterministic answer is given instead). The message screen is off:
    /// the caller has screened the person's message already. Wrapping twice is a no-op.
    public var screeningAnswers: LLMBridge {
        if model is SafetyAwareModel { return self }
        return LLMBridge(model: SafetyAwareModel(base: model, screensPrompts: false, unsafeAnswers: .withhold))
    }
}

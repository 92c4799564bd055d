import Foundation
import LLM

/// A decorator around any `LanguageModel` that screens the person's message before generation:
///
/// 1. ``SafetyScreen`` (deterministic, cannot be bypassed): emergencies get crisis resources,
///    harmful requests a refusal, attempts to change or reveal the instructions a refusal;
/// 2. optionally the model classifier (safe / off-topic / harmful / emergency by log-likelihood),
///    which can only make the verdict stricter, never clear a deterministic flag;
/// 3. safe requests get the safety instructions added to their system prompt, and the output is
///    screened again (harmful content is replaced by a refusal) and cleaned of role markers.
///
/// Requests with an output constraint (JSON Schema, grammar, choices) are internal structure
/// calls — argument extraction, classification — and pass through unchanged; the assistant
/// screens the message itself before routing (see ``Assistant``).
public struct SafetyAwareModel: LanguageModel {
    /// The wrapped model.
    public let base: any LanguageModel
    /// The deterministic first pass.
    public let screen: SafetyScreen
    /// The model classifier (nil: deterministic only).
    public let classifier: LLMBridge?
    /// Budget of the model classifier; on expiry the deterministic verdict stands.
    public var classifierTimeout: Duration

    /// Wraps `base`.
    public init(base: any LanguageModel, screen: SafetyScreen = SafetyScreen(), classifier: LLMBridge? = nil,
                classifierTimeout: Duration = ModelBudget.interactiveClassification) {
        self.base = base
        self.screen = screen
        self.classifier = classifier
        self.classifierTimeout = classifierTimeout
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

    public func respond(to request: GenerationRequest) async throws -> GenerationResult {
        if request.constraint != nil { return try await base.respond(to: request) }
        let verdict = await verdict(for: Self.lastUserText(of: request))
        if let fixed = Self.fixedReply(for: verdict) {
            return GenerationResult(text: fixed, usage: GenerationUsage(), finishReason: .endOfGeneration)
        }
        var result = try await base.respond(to: Self.addingSafetyInstructions(to: request))
        result.text = filtered(result.text)
        return result
    }

    public func stream(_ request: GenerationRequest) -> AsyncThrowingStream<GenerationEvent, Error> {
        if request.constraint != nil { return base.stream(request) }
        return AsyncThrowingStream { continuation in
            let task = Task {
                do {
                    let result = try await respond(to: request)
                    if !result.text.isEmpty { continuation.yield(.token(result.text)) }
                    continuation.yield(.finished(result.usage, result.finishReason))
                    continuation.finish()
                } catch {
                    continuation.finish(throwing: error)
                }
            }
            continuation.onTermination = { _ in task.cancel() }
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

    /// Output the person may see: cut at a hallucinated next turn, role markers removed, and a
    /// refusal instead of anything the screen calls harmful.
    func filtered(_ text: String) -> String {
        var cleaned = text
        for marker in ["<end_of_turn>", "<start_of_turn>", "<|im_end|>", "<|im_start|>", "\nuser:", "\nUser:", "\nmodel:", "\nModel:"] {
            if let range = cleaned.range(of: marker) { cleaned = String(cleaned[..<range.lowerBound]) }
        }
        cleaned = cleaned.trimmingCharacters(in: .whitespacesAndNewlines)
        if case .harmful(let category) = screen.screen(cleaned) { return SafetyResponses.refusal(category) }
        return cleaned
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

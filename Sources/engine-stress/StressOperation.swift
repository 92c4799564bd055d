import Foundation
import LLM
import LlamaEngine

/// What one operation ended as.
enum StressOutcome: Sendable {
    /// It ran to its natural end.
    case completed
    /// A deadline or cancellation ended it early, as intended.
    case cutShort
    /// Anything else: a defect to look at.
    case unexpected(String)
}

/// The operations the workers draw from.
enum StressOperation: String, CaseIterable, Sendable {
    case streamCutAfterTokens = "stream, stop after k tokens"
    case deadlineMidDecode = "deadline mid-decode"
    case cancelFromOutside = "cancel from outside"
    case classifyUnderDeadline = "classify under a deadline"
    case scoreContinuations = "log-likelihoods"
    case engineVectors = "engine sentence vectors"
    case encoderVectors = "sentence encoder vectors"
    case unloadEngine = "unload (reload on next use)"
    case replaceEngine = "replace engine while in use"

    static let prompts = ["Name three fruits.", "Write one sentence about the sea.", "What is 2 + 2?",
                          "List the days of the week.", "Say hello to Grandma Rosa."]

    func run(pool: EnginePool, encoder: SentenceEncoder?, random: inout SplitMix64) async -> StressOutcome {
        let engine = await pool.pick(Int.random(in: 0..<pool.count, using: &random))
        let prompt = Self.prompts.randomElement(using: &random)!
        let maxTokens = Int.random(in: 4...48, using: &random)
        do {
            switch self {
            case .streamCutAfterTokens:
                let keep = Int.random(in: 1...maxTokens, using: &random)
                var seen = 0
                for try await event in engine.stream(GenerationRequest(messages: [.user(prompt)], options: GenerationOptions(maxTokens: maxTokens))) {
                    if case .token = event { seen += 1 }
                    if seen >= keep { return .cutShort }  // leaving the loop cancels the generation
                }
                return .completed
            case .deadlineMidDecode:
                let budget = Duration.milliseconds(Int.random(in: 1...150, using: &random))
                let result = try await engine.respond(to: GenerationRequest(messages: [.user(prompt)], options: GenerationOptions(maxTokens: maxTokens),
                                                                            deadline: .after(budget)))
                return result.finishReason == .deadline ? .cutShort : .completed
            case .cancelFromOutside:
                let delay = Duration.milliseconds(Int.random(in: 0...120, using: &random))
                let task = Task { try await engine.respond(to: GenerationRequest(messages: [.user(prompt)], options: GenerationOptions(maxTokens: maxTokens))) }
                try? await Task.sleep(for: delay)
                task.cancel()
                let result = try await task.value
                return result.finishReason == .cancelled ? .cutShort : .completed
            case .classifyUnderDeadline:
                let budget = Duration.milliseconds(Int.random(in: 5...400, using: &random))
                let categories = ["fruit", "weather", "greeting", "none"].map { ClassificationCategory(name: $0, description: "about \($0)") }
                _ = try await withDeadline(budget) { try await LLMBridge(model: engine).classify(input: prompt, categories: categories) }
                return .completed
            case .scoreContinuations:
                _ = try await engine.logLikelihoods(of: [" yes", " no", " maybe"], after: prompt)
                return .completed
            case .engineVectors:
                _ = try await engine.embeddings(for: [prompt, String(prompt.reversed())])
                return .completed
            case .encoderVectors:
                guard let encoder else { return .completed }
                _ = try await encoder.embeddings(for: Array(Self.prompts.shuffled(using: &random).prefix(3)))
                return .completed
            case .unloadEngine:
                await engine.unload()
                return .completed
            case .replaceEngine:
                try await pool.replace(Int.random(in: 0..<pool.count, using: &random))
                return .completed
            }
        } catch is CancellationError {
            return .cutShort
        } catch is DeadlineExceeded {
            return .cutShort
        } catch {
            return .unexpected("\(rawValue): \(error)")
        }
    }
}

import Foundation
import LLM

/// The response step (the seed's "response agent"): a skill that declares `rewritesResponse`
/// returns its facts, and the model turns them into a short, natural answer to what was asked.
///
/// The rewrite is used only when it keeps every number and clock time of the skill's answer, is
/// not empty, and is not much longer than the original; otherwise, and without a model, on an error
/// or past the budget, the skill's own answer stands. What the model writes passes the same answer
/// screen as every other answer (the assistant's bridge screens it).
public struct ResponseStep: Sendable {
    /// The model.
    public let bridge: LLMBridge
    /// The most time the rewrite may take.
    public let budget: Duration

    /// Creates the step.
    public init(bridge: LLMBridge, budget: Duration = .seconds(5)) {
        self.bridge = bridge
        self.budget = budget
    }

    static let system = "You turn a skill's result into a short, natural answer for a family. Keep every name, number, "
        + "date and time exactly as given. Add nothing that is not in the result. Answer in at most 60 words."

    /// `answer` rewritten for `message`, or `answer` itself when the rewrite cannot be trusted.
    public func rewrite(_ answer: String, for message: String) async -> String {
        let prompt = "Question: \(message)\nResult:\n\(answer)"
        let budget = self.budget
        let bridge = self.bridge
        guard let rewritten = try? await withDeadline(budget, operation: {
            try await bridge.generate(prompt: prompt, system: Self.system, options: GenerationOptions(temperature: 0.2, maxTokens: 120),
                                      deadline: .after(budget))
        }) else { return answer }
        return Self.keepsTheFacts(of: answer, in: rewritten) ? rewritten : answer
    }

    /// Whether `rewrite` is usable: not empty, at most twice as long (plus a sentence), and every
    /// number and clock time of `original` is still in it.
    static func keepsTheFacts(of original: String, in rewrite: String) -> Bool {
        let text = rewrite.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !text.isEmpty, text.count <= original.count * 2 + 120 else { return false }
        let numbers = Set(figures(in: original))
        return numbers.isSubset(of: Set(figures(in: text)))
    }

    /// The numbers and clock times in `text` ("15:00", "18", "2.5").
    static func figures(in text: String) -> [String] {
        var figures: [String] = []
        var current = ""
        for character in text + " " {
            if character.isNumber || ((character == ":" || character == ".") && !current.isEmpty) {
                current.append(character)
            } else {
                while let last = current.last, last == ":" || last == "." { current.removeLast() }
                if !current.isEmpty { figures.append(current) }
                current = ""
            }
        }
        return figures
    }
}

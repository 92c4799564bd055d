import Foundation
import LLM

/// Writes a new version of a gene that has been doing badly.
public protocol GeneMutator: Sendable {
    /// A rewritten text for `gene` (same slot and purpose, different wording or emphasis).
    func mutate(_ gene: PromptGene) async throws -> String
}

/// A deterministic rewrite: the same instruction with a version-specific emphasis appended from a
/// fixed list. It needs no model, so evolution never stalls when the model is unavailable.
public struct DeterministicGeneMutator: GeneMutator {
    /// Emphases cycled through by version.
    public static let emphases = [
        "Keep it shorter and more concrete.",
        "Lead with the single most useful point.",
        "Be warmer and acknowledge the person first.",
        "Use plain words a child could follow.",
        "End with one clear next step.",
    ]

    /// Creates the mutator.
    public init() {}

    public func mutate(_ gene: PromptGene) async throws -> String {
        let emphasis = Self.emphases[(gene.version - 1) % Self.emphases.count]
        let base = gene.text.trimmingCharacters(in: .whitespacesAndNewlines)
        return base.hasSuffix(emphasis) ? base : base + " " + emphasis
    }
}

/// Mutation by the model: asks for a rewrite within a word budget; any failure (no model, a
/// timeout, an empty or overlong answer) falls back to ``DeterministicGeneMutator``.
public struct ModelGeneMutator: GeneMutator {
    /// The model.
    public let bridge: LLMBridge
    /// Budget for the model call.
    public var timeout: Duration
    private let fallback = DeterministicGeneMutator()

    /// Creates the mutator.
    public init(bridge: LLMBridge, timeout: Duration = .seconds(10)) {
        self.bridge = bridge
        self.timeout = timeout
    }

    public func mutate(_ gene: PromptGene) async throws -> String {
        let prompt = """
            Rewrite this instruction for a family assistant so that people like the answers more. \
            Keep its purpose; change wording or emphasis; one or two sentences; reply with the instruction only.
            Instruction: \(gene.text)
            """
        let limit = max(40, gene.text.split(separator: " ").count * 2)
        if let text = try? await withDeadline(timeout, operation: { try await bridge.generate(prompt: prompt, options: GenerationOptions(maxTokens: 96)) }) {
            let cleaned = text.trimmingCharacters(in: .whitespacesAndNewlines)
            let words = cleaned.split(separator: " ").count
            if words >= 3, words <= limit, cleaned != gene.text, !gene.text.contains("{{") || cleaned.contains("{{") {
                return cleaned
            }
        }
        return try await fallback.mutate(gene)
    }
}

import Foundation

/// One interchangeable piece of a system prompt, with the evidence of how well it has done.
public struct PromptGene: Sendable, Hashable, Codable, Identifiable {
    /// Stable id (e.g. `tone.warm`, or `tone.warm~2` for a mutated child).
    public var id: String
    /// The slot it fills.
    public var slot: GeneSlot
    /// The prompt text; a context template may contain `{{PLACEHOLDER}}`s.
    public var text: String
    /// 1 for an original gene, parent's version + 1 for a child.
    public var version: Int
    /// How well it has done, 0…1.
    public var fitness: Double
    /// The gene this one was mutated from (nil for an original).
    public var parentID: String?
    /// How many synthesized prompts used it.
    public var uses: Int
    /// Positive reactions to answers that used it.
    public var positiveReactions: Int
    /// Negative reactions to answers that used it.
    public var negativeReactions: Int
    /// Retired genes (replaced by a child) are kept for history but never selected.
    public var retired: Bool

    /// Creates a gene.
    public init(id: String, slot: GeneSlot, text: String, version: Int = 1, fitness: Double = 0.5, parentID: String? = nil,
                uses: Int = 0, positiveReactions: Int = 0, negativeReactions: Int = 0, retired: Bool = false) {
        self.id = id
        self.slot = slot
        self.text = text
        self.version = version
        self.fitness = min(1, max(0, fitness))
        self.parentID = parentID
        self.uses = uses
        self.positiveReactions = positiveReactions
        self.negativeReactions = negativeReactions
        self.retired = retired
    }
}

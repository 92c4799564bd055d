import Foundation
import LLM

/// A pool of prompt genes that evolves from feedback.
///
/// - ``synthesize(values:)`` picks one gene per slot by fitness-weighted random selection from a
///   seeded generator (same seed and history, same prompts) and always includes every safety
///   guardrail gene.
/// - ``recordFeedback(_:positive:)`` moves the fitness of every gene that shaped an answer: +0.05
///   for a positive reaction, −0.08 for a negative one, clamped to 0…1.
/// - ``evolve(using:)`` mutates genes under 0.3 fitness with more than 10 uses: the child (version
///   + 1, the parent as lineage, fitness 0.5) enters the pool and the parent retires. Guardrails are
///   never mutated or retired.
///
/// The pool is `Codable` so the app persists it in its store.
public struct GenePool: Sendable, Hashable, Codable {
    /// Every gene, including retired ones (for history).
    public private(set) var genes: [PromptGene]
    /// Generator state, so synthesis stays reproducible across saves.
    private var generator: SplitMix64
    /// Fitness change for a positive reaction.
    public static let positiveStep = 0.05
    /// Fitness change for a negative reaction.
    public static let negativeStep = -0.08
    /// Genes below this fitness…
    public static let mutationFitness = 0.3
    /// …with more than this many uses are mutated.
    public static let mutationUses = 10
    /// Fitness a mutated child starts with.
    public static let childFitness = 0.5
    /// Lowest selection weight, so a weak gene still gets the occasional chance to recover.
    public static let minimumWeight = 0.02

    /// Creates a pool.
    /// - Throws: ``GenePoolError/duplicateGene(_:)`` when two genes share an id.
    public init(genes: [PromptGene], seed: UInt64) throws(GenePoolError) {
        var seen: Set<String> = []
        for gene in genes where !seen.insert(gene.id).inserted { throw .duplicateGene(gene.id) }
        self.genes = genes
        self.generator = SplitMix64(seed: seed)
    }

    /// The genes that can be selected for `slot` (not retired).
    public func active(in slot: GeneSlot) -> [PromptGene] {
        genes.filter { $0.slot == slot && !$0.retired }
    }

    /// The gene with `id`.
    public func gene(_ id: String) -> PromptGene? { genes.first { $0.id == id } }

    /// The ancestors of `id`, nearest first.
    public func lineage(of id: String) -> [PromptGene] {
        var chain: [PromptGene] = []
        var current = gene(id)?.parentID
        while let parentID = current, let parent = gene(parentID), !chain.contains(where: { $0.id == parentID }) {
            chain.append(parent)
            current = parent.parentID
        }
        return chain
    }

    /// Builds the system prompt of an earlier answer again from its genes, recording a use on each;
    /// nil when one of them is no longer in the pool or has been retired (then ``synthesize(values:)``
    /// chooses afresh).
    public mutating func synthesize(reusing geneIDs: [String], values: [String: String] = [:]) -> SynthesizedPrompt? {
        var chosen: [PromptGene] = []
        for id in geneIDs {
            guard let gene = gene(id), !gene.retired else { return nil }
            chosen.append(gene)
        }
        // A guardrail added since must still be in every prompt.
        guard active(in: .safetyGuardrail).allSatisfy({ geneIDs.contains($0.id) }) else { return nil }
        return prompt(from: chosen, values: values)
    }

    /// Builds a system prompt: one gene per slot by fitness-weighted selection, every guardrail,
    /// `{{KEY}}` placeholders filled from `values` (unknown placeholders are removed, never shown).
    /// Records a use on each chosen gene.
    public mutating func synthesize(values: [String: String] = [:]) -> SynthesizedPrompt {
        var chosen: [PromptGene] = []
        for slot in GeneSlot.allCases {
            let candidates = active(in: slot)
            guard !candidates.isEmpty else { continue }
            if slot.isProtected {
                chosen.append(contentsOf: candidates)
                continue
            }
            let weights = candidates.map { max($0.fitness, Self.minimumWeight) }
            let total = weights.reduce(0, +)
            var target = generator.nextUnit() * total
            var pick = candidates[candidates.count - 1]
            for (candidate, weight) in zip(candidates, weights) {
                if target < weight { pick = candidate; break }
                target -= weight
            }
            chosen.append(pick)
        }
        return prompt(from: chosen, values: values)
    }

    /// The prompt of `chosen` with its placeholders filled, recording a use on each gene.
    private mutating func prompt(from chosen: [PromptGene], values: [String: String]) -> SynthesizedPrompt {
        for gene in chosen {
            if let index = genes.firstIndex(where: { $0.id == gene.id }) { genes[index].uses += 1 }
        }
        let text = chosen.map { Self.fill($0.text, values: values) }.filter { !$0.isEmpty }.joined(separator: "\n")
        return SynthesizedPrompt(text: text, geneIDs: chosen.map(\.id))
    }

    /// Applies a reaction to every gene that shaped the answer.
    public mutating func recordFeedback(_ geneIDs: [String], positive: Bool) {
        for id in Set(geneIDs) {
            guard let index = genes.firstIndex(where: { $0.id == id }) else { continue }
            genes[index].fitness = min(1, max(0, genes[index].fitness + (positive ? Self.positiveStep : Self.negativeStep)))
            if positive { genes[index].positiveReactions += 1 } else { genes[index].negativeReactions += 1 }
        }
    }

    /// Genes due for mutation: active, unprotected, fitness under 0.3 and more than 10 uses.
    public var dueForMutation: [PromptGene] {
        genes.filter { !$0.retired && !$0.slot.isProtected && $0.fitness < Self.mutationFitness && $0.uses > Self.mutationUses }
    }

    /// Mutates every gene due for it; returns the children added.
    public mutating func evolve(using mutator: any GeneMutator) async -> [PromptGene] {
        var children: [PromptGene] = []
        for parent in dueForMutation {
            let text: String
            if let rewritten = try? await mutator.mutate(parent) { text = rewritten } else {
                text = (try? await DeterministicGeneMutator().mutate(parent)) ?? parent.text
            }
            let child = PromptGene(id: childID(of: parent), slot: parent.slot, text: text, version: parent.version + 1,
                                   fitness: Self.childFitness, parentID: parent.id)
            if let index = genes.firstIndex(where: { $0.id == parent.id }) { genes[index].retired = true }
            genes.append(child)
            children.append(child)
        }
        return children
    }

    /// Adds a gene (e.g. one the user wrote).
    /// - Throws: ``GenePoolError/duplicateGene(_:)`` when the id is taken.
    public mutating func add(_ gene: PromptGene) throws(GenePoolError) {
        guard self.gene(gene.id) == nil else { throw .duplicateGene(gene.id) }
        genes.append(gene)
    }

    private func childID(of parent: PromptGene) -> String {
        let root = parent.id.split(separator: "~").first.map(String.init) ?? parent.id
        var version = parent.version + 1
        while gene("\(root)~\(version)") != nil { version += 1 }
        return "\(root)~\(version)"
    }

    /// `text` with `{{KEY}}` replaced by `values[KEY]`; placeholders without a value are dropped.
    static func fill(_ text: String, values: [String: String]) -> String {
        var result = ""
        var rest = Substring(text)
        while let open = rest.range(of: "{{") {
            result += rest[..<open.lowerBound]
            guard let close = rest[open.upperBound...].range(of: "}}") else {
                result += rest[open.lowerBound...]
                rest = ""
                break
            }
            let key = rest[open.upperBound..<close.lowerBound].trimmingCharacters(in: .whitespaces)
            result += values[key] ?? ""
            rest = rest[close.upperBound...]
        }
        result += rest
        return result.trimmingCharacters(in: .whitespacesAndNewlines)
    }
}

/// A system prompt built from genes, with the ids that shaped it (for feedback).
public struct SynthesizedPrompt: Sendable, Hashable, Codable {
    /// The prompt text.
    public var text: String
    /// The genes used, in slot order.
    public var geneIDs: [String]
}

/// Problems with a gene pool.
public enum GenePoolError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Two genes share an id.
    case duplicateGene(String)

    public var description: String {
        switch self {
        case .duplicateGene(let id): return "the gene pool already has a gene with id '\(id)'"
        }
    }
}

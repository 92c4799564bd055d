import Foundation
import LLM
import Skills

/// Problems with prompt feedback.
public enum PromptFeedbackError: Error, Sendable, Hashable, CustomStringConvertible {
    /// No answer has been given yet.
    case noTurns
    /// No answer has this id.
    case unknownTurn(String)
    /// No gene has this id.
    case unknownGene(String)

    public var description: String {
        switch self {
        case .noTurns: return "There is no answer to give feedback on yet; ask something first (`homeos ask …`)."
        case .unknownTurn(let id): return "No recent answer has the id '\(id)'; `homeos dev genes history` lists the recent ones."
        case .unknownGene(let id): return "No gene has the id '\(id)'; `homeos dev genes list` shows them."
        }
    }
}

/// The family's prompt gene pool in its store: synthesizes the style part of each answer's
/// system prompt, remembers which genes shaped which answer, and applies feedback (with mutation
/// of genes that keep doing badly). The pool starts from ``DefaultGenes`` with a fixed seed, so a
/// new family's first prompts are reproducible.
public struct PromptGeneStore: Sendable {
    /// The store.
    public let storage: any StorageProvider
    /// Seed of a new pool.
    public static let seed: UInt64 = 2026
    /// Answers remembered for feedback.
    public static let keptTurns = 50

    /// Creates the store.
    public init(storage: any StorageProvider) {
        self.storage = storage
    }

    /// The pool (the defaults when none is stored yet).
    public func pool() throws -> GenePool {
        if let stored = try storage.loadIfPresent(.genePool) { return stored }
        return try GenePool(genes: DefaultGenes.all, seed: Self.seed)
    }

    /// How long a conversation keeps its style: an answer within this time of the last one, which
    /// was not disliked, is shaped by the same genes. One voice through a conversation, and a prompt
    /// prefix the engine can keep from one answer to the next; a new conversation, or a thumbs-down,
    /// draws the genes afresh.
    public static let styleKeptFor: TimeInterval = 30 * 60

    /// Synthesizes a prompt for a new answer, records the genes' use and the turn, and returns both.
    /// Within ``styleKeptFor`` of an answer that was not disliked, the same genes shape it again.
    /// - Parameter values: placeholder values (`FAMILY_NAME`, `NOW`, `FAMILY_SUMMARY`).
    public func beginTurn(values: [String: String], now: Date) throws -> (turn: PromptTurn, prompt: SynthesizedPrompt) {
        var pool = try pool()
        let last = try storage.load(.promptTurns).last
        let kept = last.flatMap { last -> SynthesizedPrompt? in
            guard last.feedback != false, (0..<Self.styleKeptFor).contains(now.timeIntervalSince(last.date)) else { return nil }
            return pool.synthesize(reusing: last.geneIDs, values: values)
        }
        let prompt = kept ?? pool.synthesize(values: values)
        let turn = PromptTurn(id: String(UUID().uuidString.prefix(8)).lowercased(), geneIDs: prompt.geneIDs, date: now)
        try storage.transaction { transaction in
            try transaction.save(pool, to: .genePool)
            var turns = try transaction.load(.promptTurns)
            turns.append(turn)
            try transaction.save(Array(turns.suffix(Self.keptTurns)), to: .promptTurns)
        }
        return (turn, prompt)
    }

    /// Records a reaction to an answer (the latest when `turnID` is nil) and evolves the pool.
    /// - Returns: the turn and any genes mutated as a result.
    @discardableResult
    public func feedback(positive: Bool, turnID: String? = nil,
                         mutator: any GeneMutator = DeterministicGeneMutator()) async throws -> (turn: PromptTurn, children: [PromptGene]) {
        var turns = try storage.load(.promptTurns)
        guard !turns.isEmpty else { throw PromptFeedbackError.noTurns }
        let index: Int
        if let turnID {
            guard let found = turns.lastIndex(where: { $0.id == turnID }) else { throw PromptFeedbackError.unknownTurn(turnID) }
            index = found
        } else {
            index = turns.count - 1
        }
        var pool = try pool()
        pool.recordFeedback(turns[index].geneIDs, positive: positive)
        let children = await pool.evolve(using: mutator)
        turns[index].feedback = positive
        let finalPool = pool
        let finalTurns = turns
        try storage.transaction { transaction in
            try transaction.save(finalPool, to: .genePool)
            try transaction.save(finalTurns, to: .promptTurns)
        }
        return (turns[index], children)
    }

    /// The recent turns, oldest first.
    public func turns() throws -> [PromptTurn] { try storage.load(.promptTurns) }
}

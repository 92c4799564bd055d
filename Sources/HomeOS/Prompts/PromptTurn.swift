import Foundation
import Skills

/// One answer's prompt genes, kept so feedback can be given on it later.
public struct PromptTurn: Sendable, Hashable, Codable, Identifiable {
    /// Short id shown to the family (`homeos feedback up --turn ID`).
    public var id: String
    /// The genes that shaped the answer.
    public var geneIDs: [String]
    /// When it was answered.
    public var date: Date
    /// The feedback given, if any (true: up).
    public var feedback: Bool?
}

extension StorageDocument where Value == GenePool {
    /// `data/prompts/gene-pool.json`: the evolving prompt genes (defaults until first used).
    public static var genePool: Self { Self(path: "data/prompts/gene-pool.json") }
}

extension StorageDocument where Value == [PromptTurn] {
    /// `data/prompts/turns.json`: the latest answers' genes, newest last (the last 50 are kept).
    public static var promptTurns: Self { Self(path: "data/prompts/turns.json", emptyValue: []) }
}

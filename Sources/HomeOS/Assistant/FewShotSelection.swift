import LLM
import Skills

/// Picks the worked examples a model call shows: the ones most relevant to the message (shared
/// word stems, weighted by how rare each stem is in the pool), at most
/// ``PromptBudget/fewShotExamples`` of them and within ``PromptBudget/fewShot`` tokens. The pool's
/// order breaks ties, so a skill lists its most typical example first. The chosen examples are shown
/// in the pool's order, so the same choice makes the same prompt prefix and the engine can keep its
/// evaluated state from one message to the next.
public struct FewShotSelection: Sendable {
    /// The limits (count and tokens).
    public var budget: PromptBudget
    /// Counts the examples' tokens.
    public var tokens: any PromptTokenCounting
    private let normalizer = TextNormalizer()

    /// Creates a selection with the given limits and token counter.
    public init(budget: PromptBudget = PromptBudget(), tokens: any PromptTokenCounting = CharacterTokenEstimate()) {
        self.budget = budget
        self.tokens = tokens
    }

    /// The examples of `pool` to show for `message`: the most relevant, in the pool's order.
    public func select(_ pool: [JSONExample], for message: String) -> [JSONExample] {
        guard !pool.isEmpty, budget.fewShotExamples > 0, budget.fewShot > 0 else { return [] }
        let stems = pool.map { Set(normalizer.stems($0.input)) }
        var documentFrequency: [String: Int] = [:]
        for set in stems { for stem in set { documentFrequency[stem, default: 0] += 1 } }
        let wanted = Set(normalizer.stems(message))
        let relevance = stems.map { set in
            set.intersection(wanted).reduce(0.0) { $0 + 1 / Double(documentFrequency[$1]!) } / Double(max(set.count, 1)).squareRoot()
        }
        let ranked = pool.indices.sorted { relevance[$0] > relevance[$1] || (relevance[$0] == relevance[$1] && $0 < $1) }
        var chosen: [Int] = []
        var used = 0
        for index in ranked where chosen.count < budget.fewShotExamples {
            let cost = tokens.tokenCount(pool[index].input) + tokens.tokenCount(pool[index].output.jsonText)
            guard used + cost <= budget.fewShot else { continue }
            chosen.append(index)
            used += cost
        }
        return chosen.sorted().map { pool[$0] }
    }
}

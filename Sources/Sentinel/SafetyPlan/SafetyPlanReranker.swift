import LLM

/// Asks a language model which safety-plan sections matter most now, from the trajectory,
/// primary driver, tier, patterns and narrative; one call within a 15-second budget.
///
/// The answer is accepted only when its digits are a permutation of 1–7
/// (``SafetyPlanOrder/parse(_:)``). A model that cannot be loaded, fails, runs out of time or
/// answers anything else gives the driver's deterministic order
/// (``SafetyPlanOrder/fallback(for:)``), and the ranking says why. The reranker never throws.
public struct SafetyPlanReranker: Sendable {
    /// Produces the model; called once per ranking, inside the budget.
    public typealias ModelProvider = @Sendable () async throws -> any LanguageModel

    private let provider: ModelProvider?
    private let unavailableReason: String
    /// The most time the ranking may take, model loading included (15 s by default).
    public let budget: Duration

    /// A reranker over a model.
    public init(model: any LanguageModel, budget: Duration = ModelBudget.safetyPlanReranking) {
        self.init(loadingModel: { model }, budget: budget)
    }

    /// A reranker that loads its model when asked.
    public init(loadingModel provider: @escaping ModelProvider, budget: Duration = ModelBudget.safetyPlanReranking) {
        self.provider = provider
        self.unavailableReason = ""
        self.budget = budget
    }

    /// A reranker without a model: always the driver's order, for `reason`.
    public init(noModel reason: String) {
        self.provider = nil
        self.unavailableReason = reason
        self.budget = .zero
    }

    /// The generation options: greedy, a few tokens.
    public static let options = GenerationOptions(temperature: 0, maxTokens: 24)

    /// For engines that constrain decoding: a grammar whose only sentences are the 5,040 orders
    /// of the digits 1–7 (one rule per set of sections still to place, 127 rules). The answer is
    /// still checked, as it is for engines that cannot constrain.
    public static let constraint: OutputConstraint = {
        let count = SafetyPlanSection.allCases.count
        let full = (1 << count) - 1
        var rules = ["root ::= s\(full)"]
        for remaining in 1...full {
            let alternatives = (0..<count).filter { remaining & (1 << $0) != 0 }.map { bit in
                let rest = remaining & ~(1 << bit)
                return rest == 0 ? "\"\(bit + 1)\"" : "\"\(bit + 1)\" s\(rest)"
            }
            rules.append("s\(remaining) ::= " + alternatives.joined(separator: " | "))
        }
        return .grammar(rules.joined(separator: "\n"))
    }()

    /// The prompt.
    public static func prompt(for input: SafetyPlanRerankingInput) -> String {
        var lines = [
            "You help a veteran in crisis use their Stanley-Brown safety plan.",
            "The plan has 7 sections:",
        ]
        lines += SafetyPlanSection.allCases.map { "\($0.rawValue). \($0.title)" }
        lines.append("")
        lines.append("Current picture:")
        lines.append("- Trajectory: \(input.trajectory?.rawValue ?? "unknown")")
        lines.append("- Primary driver: \(input.driver?.rawValue ?? "unknown")")
        lines.append("- Latest risk tier: \(input.tier.map { "\($0.rawValue) (\($0.label))" } ?? "unknown")")
        if !input.patterns.isEmpty { lines.append("- Patterns: " + input.patterns.joined(separator: "; ")) }
        if let narrative = input.narrative?.trimmingCharacters(in: .whitespacesAndNewlines), !narrative.isEmpty {
            lines.append("- Narrative: \(narrative)")
        }
        lines.append("")
        lines.append("Order the 7 sections from most to least helpful right now.")
        lines.append("Answer with the section numbers 1 to 7 only, each exactly once, most helpful first.")
        return lines.joined(separator: "\n")
    }

    /// The order for `input`; returns within the budget (plus scheduling slack) whatever the model does.
    public func rank(_ input: SafetyPlanRerankingInput) async -> SafetyPlanRanking {
        let fallback = SafetyPlanOrder.fallback(for: input.driver)
        guard let provider else { return SafetyPlanRanking(order: fallback, source: .fallback(reason: unavailableReason)) }
        let budget = self.budget
        let deadline = Deadline.after(budget)
        let answer: (id: String, result: GenerationResult)
        do {
            answer = try await withDeadline(budget) {
                let model = try await provider()
                let request = GenerationRequest(messages: [.user(Self.prompt(for: input))], options: Self.options,
                                                constraint: model.supportsConstrainedDecoding ? Self.constraint : nil,
                                                deadline: deadline)
                return (model.id, try await model.respond(to: request))
            }
        } catch is DeadlineExceeded {
            return SafetyPlanRanking(order: fallback, source: .fallback(reason: "no answer within \(Self.describe(budget))"))
        } catch {
            return SafetyPlanRanking(order: fallback, source: .fallback(reason: "the model failed: \(error)"))
        }
        if answer.result.finishReason == .deadline {
            return SafetyPlanRanking(order: fallback, source: .fallback(reason: "no answer within \(Self.describe(budget))"))
        }
        switch SafetyPlanOrder.parse(answer.result.text) {
        case .success(let order):
            return SafetyPlanRanking(order: order, source: .model(id: answer.id))
        case .failure(let rejection):
            return SafetyPlanRanking(order: fallback, source: .fallback(reason: "the model's order was rejected: \(rejection)"))
        }
    }

    static func describe(_ duration: Duration) -> String {
        let seconds = duration.seconds
        return seconds >= 1 ? "\(Int(seconds.rounded())) s" : "\(Int((seconds * 1000).rounded())) ms"
    }
}

import LLM

/// Routes a message to a skill through a four-step cascade:
/// 1. keyword match, accepted when the matched skill's own score is above `keywordAcceptance` (0.5);
/// 2. the best skill score, accepted above `scoreAcceptance` (0.3) when it beats "no skill"; a
///    scorer that is itself sure no skill fits (its "none" score at or above `noneAcceptance`)
///    decides "no skill" here, without asking the model;
/// 3. model classification over the enabled skills plus "none" (when a model is available);
/// 4. the fallback (no skill).
/// Every decision records the step, the score and the time taken.
public struct ChatTurnRouter: Sendable {
    /// The skills routed to (normally the registry's enabled skills).
    public let skills: [SkillDescriptor]
    /// Scores skills for a message.
    public let scorer: any SkillScorer
    /// The model for step 3 (nil skips it).
    public let bridge: LLMBridge?
    /// Minimum score for a keyword match to be accepted.
    public var keywordAcceptance: Double = 0.5
    /// Minimum score for the scoring step.
    public var scoreAcceptance: Double = 0.3
    /// Minimum "no skill" score at which the scoring step decides that no skill fits (above 1
    /// disables it, so every undecided message reaches the model step). Only scorers that score
    /// ``noSkillID`` (the learned one) trigger it. Tuned on the development splits: a small model
    /// classifies messages the scorer confidently rejects worse than the scorer does.
    public var noneAcceptance: Double = 0.5
    /// Budget for the model step; on expiry the cascade falls through to the fallback.
    public var modelTimeout: Duration = ModelBudget.interactiveClassification
    /// How many candidate skills the model step sees (the best-scoring ones).
    public var modelCandidates: Int = 6
    /// The household's own words mapped to general ones before routing (medication names, say).
    public var vocabulary = RoutingVocabulary()
    private let keywords: KeywordMatcher

    /// Creates a router.
    public init(skills: [SkillDescriptor], scorer: (any SkillScorer)? = nil, bridge: LLMBridge? = nil) {
        self.skills = skills
        self.scorer = scorer ?? ExampleSimilarityScorer(skills: skills)
        self.bridge = bridge
        self.keywords = KeywordMatcher(skills: skills)
    }

    /// Decides which skill handles `message`.
    public func route(_ written: String, history: [ConversationTurn] = []) async -> RoutingDecision {
        let start = ContinuousClock.now
        let message = vocabulary.apply(to: written)
        let known = Set(skills.map(\.id))
        let scoring = await scorer.scoring(for: message)
        let scores = scoring.scores.filter { known.contains($0.key) || $0.key == noSkillID }
        let ranked = scores.filter { $0.key != noSkillID }.sorted { $0.value > $1.value || ($0.value == $1.value && $0.key < $1.key) }
        let noneScore = scores[noSkillID] ?? 0
        let candidates = ranked.prefix(modelCandidates).map(\.key)
        func decided(_ id: String?, _ step: RoutingStep, _ score: Double) -> RoutingDecision {
            RoutingDecision(skillID: id, step: step, score: score, duration: start.duration(to: .now), candidates: candidates,
                            features: scoring.features)
        }

        // 1. Keywords, confirmed by the skill's own score.
        let matched = keywords.matches(in: message)
        if let best = matched.keys.max(by: { (scores[$0] ?? 0, matched[$0]!) < (scores[$1] ?? 0, matched[$1]!) }),
           let score = scores[best], score > keywordAcceptance {
            return decided(best, .keyword, score)
        }
        // 2. Scores.
        if let top = ranked.first, top.value > scoreAcceptance, top.value > noneScore {
            return decided(top.key, .scoring, top.value)
        }
        if scores[noSkillID] != nil, noneScore >= noneAcceptance {
            return decided(nil, .scoring, noneScore)
        }
        // 3. The model, over the most plausible skills plus "none".
        if let bridge, !message.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
            let pool = candidates.isEmpty ? skills.map(\.id) : candidates
            let categories = pool.compactMap { id in skills.first { $0.id == id } }.map {
                ClassificationCategory(name: $0.id, description: $0.summary, examples: Array($0.examples.prefix(2)))
            } + [ClassificationCategory(name: noSkillID, description: "None of the above: anything else.")]
            if let result = try? await withDeadline(modelTimeout, operation: {
                try await bridge.classify(input: message, categories: categories)
            }) {
                return decided(result.name == noSkillID ? nil : result.name, .model, 1)
            }
        }
        // 4. Fallback.
        return decided(nil, .fallback, ranked.first?.value ?? 0)
    }
}

import Foundation

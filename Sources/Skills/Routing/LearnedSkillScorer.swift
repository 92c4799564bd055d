/// A ``SkillScorer`` backed by a trained ``RoutingModel``: the scores are the model's class
/// probabilities (they sum to 1 over the skills and ``noSkillID``).
///
/// ```swift
/// let scorer = LearnedSkillScorer(model: model)
/// let router = ChatTurnRouter(skills: skills, scorer: scorer, bridge: bridge)
/// ```
public struct LearnedSkillScorer: SkillScorer {
    /// The weights.
    public let model: RoutingModel
    private let normalizer = TextNormalizer()

    /// Creates a scorer over a trained model.
    public init(model: RoutingModel) {
        self.model = model
    }

    /// Probability per class (skill ids and ``noSkillID``) for `message`.
    public func scores(for message: String) -> [String: Double] {
        let probabilities = model.probabilities(for: message, normalizer: normalizer)
        return Dictionary(uniqueKeysWithValues: zip(model.classes, probabilities))
    }

    /// The most probable class for `message` and its probability.
    public func best(for message: String) -> (label: String, probability: Double) {
        let probabilities = model.probabilities(for: message, normalizer: normalizer)
        var bestIndex = 0
        for index in probabilities.indices where probabilities[index] > probabilities[bestIndex] { bestIndex = index }
        return (model.classes[bestIndex], probabilities[bestIndex])
    }
}

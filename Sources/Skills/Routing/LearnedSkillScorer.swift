import Foundation
import LLM

/// A ``SkillScorer`` backed by a trained ``RoutingModel``: the scores are the model's class
/// probabilities (they sum to 1 over the skills and ``noSkillID``).
///
/// A model with sentence-vector weights (``RoutingModel/embedding``) reads the message's vector
/// from `embedder` as well as its words. When the vector cannot be had in time — no embedder, an
/// embedder of another model (another ``EmbeddingSpace``), an error, or the engine busy past
/// ``embeddingTimeout`` — the scores come from `wordsOnly`, a model trained on words alone, so
/// routing degrades to the lexical scorer instead of failing.
///
/// ```swift
/// let scorer = LearnedSkillScorer(model: combined, embedder: engine, wordsOnly: lexical)
/// let router = ChatTurnRouter(skills: skills, scorer: scorer, bridge: bridge)
/// ```
public struct LearnedSkillScorer: SkillScorer {
    /// The weights.
    public let model: RoutingModel
    /// Computes sentence vectors for a model with ``RoutingModel/embedding`` weights.
    public let embedder: (any TextEmbedding)?
    /// Scores when no vector is available (nil: `model`'s word weights alone).
    public let wordsOnly: RoutingModel?
    /// How long scoring waits for a sentence vector before using the words alone.
    public var embeddingTimeout: Duration = ModelBudget.quickClassification
    private let normalizer = TextNormalizer()

    /// Creates a scorer over a trained model.
    /// - Parameters:
    ///   - embedder: the model that produced the training rows' vectors (ignored for a lexical model).
    ///   - wordsOnly: a lexical model to use when the vector is unavailable.
    public init(model: RoutingModel, embedder: (any TextEmbedding)? = nil, wordsOnly: RoutingModel? = nil) {
        self.model = model
        self.embedder = model.embedding == nil ? nil : embedder
        self.wordsOnly = model.embedding == nil ? nil : wordsOnly
    }

    /// Probability per class (skill ids and ``noSkillID``) for `message`, reading its sentence
    /// vector when the model has weights for one.
    public func scores(for message: String) async -> [String: Double] {
        let (scoring, probabilities) = await probabilities(for: message)
        return Dictionary(uniqueKeysWithValues: zip(scoring.classes, probabilities))
    }

    /// Probability per class for `message` given its sentence vector (nil: the words alone,
    /// through `wordsOnly` when there is one).
    public func scores(for message: String, embedding: [Float]?) -> [String: Double] {
        let scoring = embedding == nil ? (wordsOnly ?? model) : model
        return Dictionary(uniqueKeysWithValues: zip(scoring.classes, scoring.probabilities(for: message, embedding: embedding,
                                                                                             normalizer: normalizer)))
    }

    /// The most probable class for `message` and its probability.
    public func best(for message: String) async -> (label: String, probability: Double) {
        let (scoring, probabilities) = await probabilities(for: message)
        var bestIndex = 0
        for index in probabilities.indices where probabilities[index] > probabilities[bestIndex] { bestIndex = index }
        return (scoring.classes[bestIndex], probabilities[bestIndex])
    }

    /// The model that scored and its probabilities.
    private func probabilities(for message: String) async -> (RoutingModel, [Double]) {
        let vector = await sentenceVector(for: message)
        let scoring = vector == nil ? (wordsOnly ?? model) : model
        return (scoring, scoring.probabilities(for: message, embedding: vector, normalizer: normalizer))
    }

    /// The message's vector in the model's space, or nil when it cannot be had in time.
    public func sentenceVector(for message: String) async -> [Float]? {
        guard let weights = model.embedding, let embedder else { return nil }
        return try? await withDeadline(embeddingTimeout) {
            guard try await embedder.embeddingSpace() == weights.space else { return nil }
            return try await embedder.embeddings(for: [message]).first
        }
    }
}

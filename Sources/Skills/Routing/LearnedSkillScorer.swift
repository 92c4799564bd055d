import Foundation
import LLM

/// A ``SkillScorer`` backed by a trained ``RoutingModel``: the scores are the model's class
/// probabilities (they sum to 1 over the skills and ``noSkillID``).
///
/// Models with sentence-vector weights (``RoutingModel/embedding``) read the message's vector
/// from `embedder` as well as its words; the one whose `EmbeddingSpace` is the embedder's is
/// used. When no vector can be had in time — no embedder, none of the models fits its space, an
/// error, or the engine busy past ``embeddingTimeout`` — `model` scores the words alone, so routing
/// degrades to the lexical scorer instead of failing.
///
/// ```swift
/// let scorer = LearnedSkillScorer(model: wordsOnly, vectorModels: [smolVectors, gemmaVectors], embedder: engine)
/// let router = ChatTurnRouter(skills: skills, scorer: scorer, bridge: bridge)
/// ```
public struct LearnedSkillScorer: SkillScorer {
    /// The model that scores when no sentence vector is used.
    public let model: RoutingModel
    /// Models with sentence-vector weights, each for its own embedding space (`model` is among
    /// them when it has such weights itself).
    public let vectorModels: [RoutingModel]
    /// Computes sentence vectors (nil: words only).
    public let embedder: (any TextEmbedding)?
    /// How long scoring waits for a sentence vector before using the words alone.
    public var embeddingTimeout: Duration = ModelBudget.quickClassification
    private let normalizer = TextNormalizer()

    /// Creates a scorer.
    /// - Parameters:
    ///   - model: scores the words when no vector is used.
    ///   - vectorModels: models that also read a sentence vector (others are ignored).
    ///   - embedder: the model whose vectors to read.
    public init(model: RoutingModel, vectorModels: [RoutingModel] = [], embedder: (any TextEmbedding)? = nil) {
        self.model = model
        self.vectorModels = (vectorModels + [model]).filter { $0.embedding != nil }
        self.embedder = embedder
    }

    /// The model among ``vectorModels`` that reads vectors of `space`.
    public func vectorModel(for space: EmbeddingSpace) -> RoutingModel? {
        vectorModels.first { $0.embedding?.space == space }
    }

    /// Probability per class (skill ids and ``noSkillID``) for `message`, reading its sentence
    /// vector when a model for the embedder's vectors is available.
    public func scores(for message: String) async -> [String: Double] {
        await scoring(for: message).scores
    }

    /// The probabilities for `message`, and whether its sentence vector was read (or the words
    /// alone scored it, because no vector could be had in time).
    public func scoring(for message: String) async -> SkillScoring {
        let (scoring, probabilities, usedVector) = await probabilities(for: message)
        return SkillScoring(scores: Dictionary(uniqueKeysWithValues: zip(scoring.classes, probabilities)),
                            features: usedVector ? .sentenceVector : .words)
    }

    /// Probability per class for `message` given its sentence vector in `space` (nil, or a space
    /// no model reads: the words alone).
    public func scores(for message: String, vector: [Float]?, in space: EmbeddingSpace?) -> [String: Double] {
        let vectorModel = space.flatMap(vectorModel(for:))
        let scoring = vector == nil ? model : (vectorModel ?? model)
        let probabilities = scoring.probabilities(for: message, embedding: vectorModel == nil ? nil : vector, normalizer: normalizer)
        return Dictionary(uniqueKeysWithValues: zip(scoring.classes, probabilities))
    }

    /// The most probable class for `message` and its probability.
    public func best(for message: String) async -> (label: String, probability: Double) {
        let (scoring, probabilities, _) = await probabilities(for: message)
        var bestIndex = 0
        for index in probabilities.indices where probabilities[index] > probabilities[bestIndex] { bestIndex = index }
        return (scoring.classes[bestIndex], probabilities[bestIndex])
    }

    /// The model that scored, its probabilities, and whether it read the sentence vector.
    private func probabilities(for message: String) async -> (RoutingModel, [Double], Bool) {
        if let (vectorModel, vector) = await sentenceVector(for: message) {
            return (vectorModel, vectorModel.probabilities(for: message, embedding: vector, normalizer: normalizer), true)
        }
        return (model, model.probabilities(for: message, normalizer: normalizer), false)
    }

    /// The vector model for the embedder's space and the message's vector, or nil when either
    /// cannot be had in time.
    public func sentenceVector(for message: String) async -> (model: RoutingModel, vector: [Float])? {
        guard let embedder, !vectorModels.isEmpty else { return nil }
        return try? await withDeadline(embeddingTimeout) { () async throws -> (model: RoutingModel, vector: [Float])? in
            let space = try await embedder.embeddingSpace()
            guard let model = vectorModel(for: space),
                  let vector = try await embedder.embeddings(for: [message]).first else { return nil }
            return (model, vector)
        }
    }
}

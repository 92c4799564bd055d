import CrisisDetection
import Evaluation
import Foundation
import LLM
import Testing

/// Training the crisis classifier: cross-validation by author, word weights, and the threshold
/// chosen for the whole layer. A stand-in encoder gives every text the same vector, so whatever
/// the classifier learns comes from the words.
struct CrisisClassifierTrainingTests {
    struct ConstantEncoder: TextEmbedding {
        func embeddingSpace() async throws -> EmbeddingSpace { EmbeddingSpace(name: "constant", dimension: 2) }
        func embeddings(for texts: [String]) async throws -> [[Float]] { texts.map { _ in [0.6, 0.8] } }
    }

    static func rows() -> [CrisisClassifierTraining.Row] {
        var rows: [CrisisClassifierTraining.Row] = []
        for (author, tail) in [("a.jsonl", "tonight"), ("b.jsonl", "now"), ("c.jsonl", "soon")] {
            for index in 0..<12 {
                rows.append(.init(text: "the grey lantern again \(tail) \(index)", category: .passiveIdeation, group: "crisis", source: author))
                rows.append(.init(text: "the blue kettle again \(tail) \(index)", category: nil, group: "hard-negative", source: author))
            }
        }
        for index in 0..<20 { rows.append(.init(text: "buy milk and eggs \(index)", category: nil, group: "household")) }
        return rows
    }

    @Test func wordsSeparateWhatTheVectorCannotAndEachAuthorIsHeldOutInTurn() async throws {
        let result = try await CrisisClassifierTraining(rows: Self.rows()).run(encoder: ConstantEncoder())
        #expect(result.bySource.map(\.source) == ["a.jsonl", "b.jsonl", "c.jsonl"])
        #expect(result.recall > 0.9, "a word every author used is learned from the others")
        #expect(result.hardNegativeFalsePositives <= 0.025)
        let classifier = result.classifier
        #expect((classifier.terms?["lantern"] ?? 0) > 0)
        #expect((classifier.terms?["kettle"] ?? 0) < 0)
        #expect(classifier.probability(vector: [0.6, 0.8], window: "the grey lantern") >= classifier.threshold)
        #expect(classifier.probability(vector: [0.6, 0.8], window: "the blue kettle") < classifier.threshold)
        #expect(classifier.provenance.joined().contains("by source"))
    }

    @Test func withoutWordsAConstantVectorLearnsNothing() async throws {
        var training = CrisisClassifierTraining(rows: Self.rows())
        training.useTerms = false
        let result = try await training.run(encoder: ConstantEncoder())
        #expect(result.classifier.terms == nil)
        #expect(result.classifierRecall < 0.5)
    }

    /// Gives a text one of four corners of the square: up or down, left or right.
    struct CornerEncoder: TextEmbedding {
        func embeddingSpace() async throws -> EmbeddingSpace { EmbeddingSpace(name: "corners", dimension: 2) }
        func embeddings(for texts: [String]) async throws -> [[Float]] {
            texts.map { [$0.contains("up") ? 1 : -1, $0.contains("right") ? 1 : -1] }
        }
    }

    /// Crises at up-right and down-left, none at the other two corners: no line separates them.
    static func cornerRows() -> [CrisisClassifierTraining.Row] {
        var rows: [CrisisClassifierTraining.Row] = []
        for author in ["a.jsonl", "b.jsonl", "c.jsonl"] {
            for index in 0..<8 {
                rows.append(.init(text: "up right \(index)", category: .passiveIdeation, group: "crisis", source: author))
                rows.append(.init(text: "down left \(index)", category: .passiveIdeation, group: "crisis", source: author))
                rows.append(.init(text: "up left \(index)", category: nil, group: "hard-negative", source: author))
                rows.append(.init(text: "down right \(index)", category: nil, group: "hard-negative", source: author))
            }
        }
        return rows
    }

    @Test func aHiddenLayerSeparatesWhatNoLineCan() async throws {
        var training = CrisisClassifierTraining(rows: Self.cornerRows())
        training.useTerms = false
        training.neighbourCount = 0
        let linear = try await training.run(encoder: CornerEncoder())
        #expect(linear.classifier.hidden == nil)
        #expect(linear.classifierRecall < 0.6, "a logistic regression cannot tell the crisis corners from the others")

        training.hiddenUnits = 8
        training.hiddenEpochs = 300
        training.hiddenLearningRate = 0.01
        let network = try await training.run(encoder: CornerEncoder())
        let classifier = network.classifier
        #expect(classifier.hidden?.weights.count == 8)
        #expect(network.classifierRecall > 0.9)
        #expect(network.hardNegativeFalsePositives <= 0.025)
        for (vector, crisis) in [([Float(1), 1], true), ([-1, -1], true), ([1, -1], false), ([-1, 1], false)] {
            #expect((classifier.probability(vector: vector) >= classifier.threshold) == crisis, "corner \(vector)")
        }
        #expect(classifier.provenance.joined().contains("hidden layer of 8"))
        #expect(try SemanticCrisisClassifier.decode(classifier.repositoryJSON()).hidden?.output.count == 8)
    }

    /// The neighbour vote: a corner's nearest training rows are its own kind, which no line over
    /// the vector can say. The vote's vectors travel with the classifier and must be its own.
    @Test func aNeighbourVoteSeparatesWhatNoLineCan() async throws {
        var training = CrisisClassifierTraining(rows: Self.cornerRows())
        training.useTerms = false
        training.neighbourCount = 3
        let result = try await training.run(encoder: CornerEncoder())
        let classifier = result.classifier
        #expect(classifier.hidden == nil)
        #expect(classifier.neighbourVote?.k == 3)
        #expect(classifier.neighbours?.count == Self.cornerRows().count)
        #expect(result.classifierRecall > 0.9, "each corner's neighbours, in the other authors' rows, are its own kind")
        #expect(result.hardNegativeFalsePositives <= 0.025)
        for (vector, crisis) in [([Float(1), 1], true), ([-1, -1], true), ([1, -1], false), ([-1, 1], false)] {
            #expect((classifier.probability(vector: vector) >= classifier.threshold) == crisis, "corner \(vector)")
        }
        #expect(classifier.provenance.joined().contains("neighbour vote"))

        let json = classifier.repositoryJSON()
        #expect(try SemanticCrisisClassifier.decode(json, neighbours: classifier.neighbours).repositoryJSON() == json)
        #expect(throws: CrisisClassifierError.missing(CrisisNeighbours.fileName)) { try SemanticCrisisClassifier.decode(json) }
        let other = CrisisNeighbours(vectors: [[1, 1], [-1, -1]], labels: [true, false])
        #expect(throws: CrisisClassifierError.self) { try SemanticCrisisClassifier.decode(json, neighbours: other) }
    }

    /// With one vector for every text the vote says nothing, and training leaves it out.
    @Test func aVoteThatNeverVariesIsLeftOut() async throws {
        let result = try await CrisisClassifierTraining(rows: Self.rows()).run(encoder: ConstantEncoder())
        #expect(result.classifier.neighbourVote == nil && result.classifier.neighbours == nil)
    }

    @Test func trainingIsDeterministic() async throws {
        var training = CrisisClassifierTraining(rows: Self.cornerRows())
        training.hiddenUnits = 4
        training.hiddenEpochs = 20
        let first = try await training.run(encoder: CornerEncoder()).classifier
        let second = try await training.run(encoder: CornerEncoder()).classifier
        #expect(first.repositoryJSON() == second.repositoryJSON())
        #expect(first.neighbours?.data == second.neighbours?.data && first.neighbours != nil)
    }
}

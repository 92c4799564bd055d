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
}

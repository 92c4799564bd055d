import CrisisDetection
import Foundation
import LLM
import Testing

/// The crisis layer's two halves together, with a stand-in encoder: vectors [1, 0] for texts that
/// contain "lantern" (which the classifier reads as a crisis) and [0, 1] otherwise.
struct CrisisScreenTests {
    struct StandInEncoder: TextEmbedding {
        var space = EmbeddingSpace(name: "stand-in", dimension: 2)
        var fails = false
        func embeddingSpace() async throws -> EmbeddingSpace { space }
        func embeddings(for texts: [String]) async throws -> [[Float]] {
            if fails { throw LLMError.generationFailed("encoder down") }
            return texts.map { $0.contains("lantern") ? [1, 0] : [0, 1] }
        }
    }

    static let classifier = SemanticCrisisClassifier(
        space: EmbeddingSpace(name: "stand-in", dimension: 2), weights: [8, -8], bias: 0, threshold: 0.9,
        categories: ["passive-ideation", "overdose"], centroids: [[1, 0], [0, 1]], provenance: ["test"])

    @Test func theRulesDecideFirst() async {
        let screen = CrisisScreen(encoder: StandInEncoder(fails: true), classifier: Self.classifier)
        let assessment = await screen.assess("I want to kill myself")
        #expect(assessment.isCrisis)
        #expect(assessment.rule != "semantic")
    }

    @Test func theClassifierCatchesWhatTheRulesHaveNoWordsFor() async {
        let screen = CrisisScreen(encoder: StandInEncoder(), classifier: Self.classifier)
        let flagged = await screen.assess("Buy milk. The lantern keeps calling me")
        #expect(flagged.isCrisis)
        #expect(flagged.rule == "semantic")
        #expect(flagged.category == .passiveIdeation)
        #expect(flagged.logDescription.contains("semantic"))
        #expect(!flagged.logDescription.contains("lantern"))
        let calm = await screen.assess("Buy milk and eggs")
        #expect(!calm.isCrisis)
        #expect(calm.score < CrisisDetector.threshold)
    }

    @Test func withoutAWorkingEncoderOfTheRightSpaceTheRulesStandAlone() async {
        let failing = CrisisScreen(encoder: StandInEncoder(fails: true), classifier: Self.classifier)
        #expect(!(await failing.assess("the lantern keeps calling me")).isCrisis)
        let otherSpace = CrisisScreen(encoder: StandInEncoder(space: EmbeddingSpace(name: "other", dimension: 2)),
                                      classifier: Self.classifier)
        #expect(!(await otherSpace.assess("the lantern keeps calling me")).isCrisis)
        #expect(!(await otherSpace.semanticAvailable()))
        let none = CrisisScreen(encoder: nil, classifier: Self.classifier)
        #expect(!(await none.assess("the lantern keeps calling me")).isCrisis)
    }

    /// A sentence the rules set aside (risk in the past, a film) is not given to the classifier.
    @Test func setAsideSentencesAreNotClassified() async {
        let screen = CrisisScreen(encoder: StandInEncoder(), classifier: Self.classifier)
        #expect(!(await screen.assess("Years ago the lantern called me")).isCrisis)
        #expect(!(await screen.assess("In the movie the lantern calls the hero")).isCrisis)
        // A sentence the next one places in the past is not classified alone.
        #expect(CrisisDetector().semanticWindows("I once stood on a roof. That was 20 years ago. I'm writing a memoir now.")
                == ["i am writing a memoir now"])
        #expect(!(await screen.assess("The lantern called me. That was 20 years ago.")).isCrisis)
        #expect((await screen.assess("The lantern called me. That was then, this is now.")).isCrisis)
        // The benign idiom is taken out before the classifier reads the sentence.
        #expect(CrisisDetector().semanticWindows("This commute is killing me. Buy milk") == ["this commute", "buy milk",
                                                                                           "this commute. buy milk"])
    }

    /// Words and word pairs the classifier learned add to what the vector says.
    @Test func termWeightsAddToTheVector() async {
        #expect(SemanticCrisisClassifier.terms(of: "the old kettle") == ["the", "old", "kettle", "the old", "old kettle", "the old kettle"])
        var classifier = Self.classifier
        classifier.terms = ["old kettle": 12]
        // The stand-in vector of "kettle" reads as calm; the learned word pair reads as a crisis.
        #expect(classifier.probability(vector: [0, 1], window: "the old kettle") > 0.9)
        #expect(classifier.probability(vector: [0, 1], window: "kettle the old") < 0.01)
        #expect(classifier.probability(vector: [0, 1]) < 0.01)
        #expect((await CrisisScreen(encoder: StandInEncoder(), classifier: classifier).assess("Buy milk. It is the old kettle again")).isCrisis)
        #expect(!(await CrisisScreen(encoder: StandInEncoder(), classifier: Self.classifier).assess("Buy milk. It is the old kettle again")).isCrisis)
    }

    @Test func theBundledClassifierReadsTheSentenceEncodersSpace() throws {
        let bundled = try SemanticCrisisClassifier.bundled()
        #expect(bundled.space.dimension == 384)
        #expect(bundled.space.name.contains("sentence encoder"))
        #expect(bundled.threshold > 0.5 && bundled.threshold < 1)
        #expect(Set(bundled.categories) == Set(CrisisCategory.allCases.map(\.rawValue)))
        #expect((bundled.terms?.count ?? 0) > 100, "the bundled classifier reads words as well as vectors")
        #expect(try SemanticCrisisClassifier.decode(bundled.repositoryJSON(), neighbours: bundled.neighbours) == bundled)
        #expect(bundled.neighbourVote != nil, "the bundled classifier has a neighbour vote")
        #expect(bundled.neighbours?.count == bundled.neighbourVote?.rows && (bundled.neighbours?.count ?? 0) > 10_000)
        #expect(bundled.neighbours?.dimension == 384)
        #expect(throws: CrisisClassifierError.self) { try SemanticCrisisClassifier.decode(Data("{}".utf8)) }
    }

    /// Each unit adds its output weight times its rectified activation; a unit below zero adds nothing.
    @Test func aHiddenLayerAddsItsRectifiedUnitsToTheLogOdds() throws {
        let layer = SemanticCrisisClassifier.HiddenLayer(weights: [[1, 0], [0, 1]], biases: [0, -2], output: [3, 5])
        #expect(layer.output(for: [2, 1]) == 6)
        #expect(layer.output(for: [-1, 3]) == 5)
        var classifier = Self.classifier
        classifier.hidden = layer
        let withLayer = classifier.probability(vector: [2, 1])
        classifier.hidden = nil
        #expect(abs(log(withLayer / (1 - withLayer)) - log(classifier.probability(vector: [2, 1]) / (1 - classifier.probability(vector: [2, 1]))) - 6) < 1e-4)

        classifier.hidden = SemanticCrisisClassifier.HiddenLayer(weights: [[1, 0, 0]], biases: [0], output: [1])
        #expect(throws: CrisisClassifierError.self) { try SemanticCrisisClassifier.decode(classifier.repositoryJSON()) }
        classifier.hidden = SemanticCrisisClassifier.HiddenLayer(weights: [[1, 0]], biases: [0, 1], output: [1])
        #expect(throws: CrisisClassifierError.self) { try SemanticCrisisClassifier.decode(classifier.repositoryJSON()) }
        classifier.hidden = layer
        #expect(try SemanticCrisisClassifier.decode(classifier.repositoryJSON()) == classifier)
    }
}

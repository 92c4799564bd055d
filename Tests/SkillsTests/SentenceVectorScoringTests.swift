import Foundation
import LLM
import Skills
import Testing

/// A stand-in sentence encoder: a fixed vector per text (the real one is tested with llama.cpp
/// in SentenceEmbeddingTests); counts calls and can fail or stall on demand.
actor FixedEmbedder: TextEmbedding {
    let space: EmbeddingSpace
    let vectors: [String: [Float]]
    var failing = false
    var delay: Duration?
    private(set) var calls = 0
    /// Calls that returned vectors: a caller that gave up on a stalled call never sees one.
    private(set) var answered = 0

    init(space: EmbeddingSpace = EmbeddingSpace(name: "fixed", dimension: 3), vectors: [String: [Float]]) {
        self.space = space
        self.vectors = vectors
    }

    func set(failing: Bool = false, delay: Duration? = nil) {
        self.failing = failing
        self.delay = delay
    }

    func embeddingSpace() throws -> EmbeddingSpace { space }

    func embeddings(for texts: [String]) async throws -> [[Float]] {
        calls += 1
        if let delay { try await Task.sleep(for: delay) }
        if failing { throw LLMError.generationFailed("embedder down") }
        answered += 1
        return texts.map { vectors[$0] ?? [0, 0, 1] }
    }
}

@Suite struct SentenceVectorScoringTests {
    /// Words that say nothing (every message is "please help"), meaning only in the vector:
    /// the first dimension is weather, the second cooking.
    static let vectors: [String: [Float]] = [
        "please help a": [1, 0, 0], "please help b": [0.9, 0.1, 0], "please help c": [1, 0.2, 0.1],
        "please help d": [0, 1, 0], "please help e": [0.1, 0.9, 0], "please help f": [0.2, 1, 0.1],
    ]
    static let rows = vectors.keys.sorted().map { text in
        RoutingTrainingRow(text: text, label: vectors[text]![0] > 0.5 ? "weather" : "cooking", embedding: vectors[text])
    }
    static let space = EmbeddingSpace(name: "fixed", dimension: 3)
    static var options: RoutingTrainingOptions {
        var options = RoutingTrainingOptions(l2: 1e-4, epochs: 40, learningRate: 0.5, seed: 3, pruneBelow: 0, zeroBelow: 0)
        options.embeddingScale = 2
        return options
    }

    @Test func vectorWeightsSeparateWhatWordsCannot() async throws {
        let model = try RoutingModelTrainer(options: Self.options).train(rows: Self.rows, embeddingSpace: Self.space)
        let embedding = try #require(model.embedding)
        #expect(embedding.space == Self.space)
        #expect(embedding.weights.count == 3 && embedding.weights.allSatisfy { $0.count == model.classes.count })
        let scorer = LearnedSkillScorer(model: model, embedder: FixedEmbedder(vectors: Self.vectors))
        for row in Self.rows { #expect(await scorer.best(for: row.text).label == row.label, "\(row.text)") }
        // The same words with a vector near "cooking".
        let cooking = scorer.scores(for: "please help", vector: [0.1, 1, 0], in: Self.space)
        #expect(cooking["cooking"]! > cooking["weather"]!)
    }

    @Test func trainingWithVectorsNeedsAVectorPerRowAndASpace() {
        var rows = Self.rows
        rows[0].embedding = nil
        #expect(throws: RoutingModelError.self) { try RoutingModelTrainer(options: Self.options).train(rows: rows, embeddingSpace: Self.space) }
        #expect(throws: RoutingModelError.self) { try RoutingModelTrainer(options: Self.options).train(rows: Self.rows) }
        rows = Self.rows
        rows[1].embedding = [1, 0]
        #expect(throws: RoutingModelError.self) { try RoutingModelTrainer(options: Self.options).train(rows: rows, embeddingSpace: Self.space) }
    }

    @Test func vectorModelRoundTripsAndRejectsBrokenSections() throws {
        let model = try RoutingModelTrainer(options: Self.options).train(rows: Self.rows, embeddingSpace: Self.space)
        let decoded = try RoutingModel(jsonData: model.repositoryJSON())
        #expect(decoded == model)
        #expect(String(decoding: model.repositoryJSON(), as: UTF8.self).contains("\n  \"embedding\": {\n    \"center\": ["))
        var short = model
        short.embedding?.weights.removeLast()
        #expect(throws: RoutingModelError.self) { try short.validate() }
        var narrow = model
        narrow.embedding?.weights[0] = [1]
        #expect(throws: RoutingModelError.self) { try narrow.validate() }
        var unscaled = model
        unscaled.embedding?.scale = 0
        #expect(throws: RoutingModelError.self) { try unscaled.validate() }
    }

    /// No vector in time (failure, another model's space, a busy engine): the words-only model scores.
    @Test func scorerFallsBackToWordsWhenTheVectorIsUnavailable() async throws {
        let model = try RoutingModelTrainer(options: Self.options).train(rows: Self.rows, embeddingSpace: Self.space)
        var lexicalOptions = Self.options
        lexicalOptions.embeddingScale = nil
        let wordsOnly = try RoutingModelTrainer(options: lexicalOptions).train(
            rows: [RoutingTrainingRow(text: "please help", label: "cooking"), RoutingTrainingRow(text: "rain", label: "weather")])
        let wordsScores = LearnedSkillScorer(model: wordsOnly).scores(for: "please help a", vector: nil, in: nil)
        #expect(LearnedSkillScorer(model: wordsOnly, vectorModels: [model]).scores(
            for: "please help a", vector: [1, 0, 0], in: EmbeddingSpace(name: "another model", dimension: 3)) == wordsScores)

        let failing = FixedEmbedder(vectors: Self.vectors)
        await failing.set(failing: true)
        var scorer = LearnedSkillScorer(model: wordsOnly, vectorModels: [model], embedder: failing)
        #expect(await scorer.scores(for: "please help a") == wordsScores)

        let otherSpace = FixedEmbedder(space: EmbeddingSpace(name: "another model", dimension: 3), vectors: Self.vectors)
        scorer = LearnedSkillScorer(model: wordsOnly, vectorModels: [model], embedder: otherSpace)
        #expect(await scorer.scores(for: "please help a") == wordsScores)
        #expect(await otherSpace.calls == 0)  // never asked for a vector no model reads

        let slow = FixedEmbedder(vectors: Self.vectors)
        await slow.set(delay: .seconds(120))
        scorer = LearnedSkillScorer(model: wordsOnly, vectorModels: [model], embedder: slow)
        scorer.embeddingTimeout = .milliseconds(50)
        #expect(await scorer.scores(for: "please help a") == wordsScores)
        // The scorer answered without the stalled vector (no wall-clock bound: a loaded CI
        // machine once took 4.4 s to get back to a 50 ms timeout).
        #expect(await slow.answered == 0)

        // With the vector, the combined model answers.
        let working = LearnedSkillScorer(model: wordsOnly, vectorModels: [model], embedder: FixedEmbedder(vectors: Self.vectors))
        #expect(await working.best(for: "please help a").label == "weather")
    }
}

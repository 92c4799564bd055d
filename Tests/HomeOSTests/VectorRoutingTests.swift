import Foundation
import HomeOS
import LLM
import LlamaEngine
import Skills
import Testing

/// Routing with the default model's sentence vectors (the bundled
/// `routing-model-smollm2-135m-instruct.json`), on the real model through llama.cpp.
@Suite(.serialized) struct VectorRoutingTests {
    static func engine() async throws -> LlamaEngine {
        try await DefaultModelFile.engine(for: "Routing with sentence vectors")
    }

    /// The engine is matched to its vector model by embedding space, whatever its id.
    @Test func theLoadedModelsVectorsAreRead() async throws {
        let engine = try await Self.engine()
        var scorer = try HomeOSRouting.scorer(embedder: engine)
        scorer.embeddingTimeout = .seconds(120)  // this checks the matching, not the time (the suite runs in parallel)
        let space = try await engine.embeddingSpace()
        #expect(scorer.vectorModel(for: space) != nil)
        let read = try #require(await scorer.sentenceVector(for: "will the sky be overcast tomorrow"))
        #expect(read.vector.count == space.dimension)
    }

    /// Everyday requests, worded unlike the skills' examples, route through the vector scorer
    /// without the model step; unrelated requests reach no skill.
    @Test func routesWithTheVectorScorerWithoutTheModelStep() async throws {
        let engine = try await Self.engine()
        // The suite runs in parallel on two cores: a generous wait for the vector, and each decision must say it read it.
        let router = try HomeOSRouting.router(bridge: nil, embedder: engine, vectorTimeout: .seconds(120))
        let cases: [(String, String?)] = [
            ("will the sky be overcast tomorrow", "tools"),
            ("am i busy this weekend", "tools"),
            ("reply to the last mail", "family-comms"),
            ("any new tweets from my friends", "family-comms"),
            ("what can i whip up with leftover pasta", "meal-planning"),
            ("how long is the ride downtown", "transportation"),
            ("what is the stock price of apple", nil),
            ("who won the world cup in 2010", nil),
        ]
        for (message, expected) in cases {
            let decision = await router.route(message)
            #expect(decision.skillID == expected, "\(message) → \(decision.skillID ?? "none") via \(decision.step)")
            #expect(decision.step != .model && decision.step != .fallback)
            #expect(decision.features == .sentenceVector, "\(message) was scored from the words alone")
        }
    }
}

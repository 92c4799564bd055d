import Foundation
import LLM
import LlamaEngine
import Testing

/// Sentence vectors from the real default models (mean-pooled final hidden states).
@Suite(.serialized) struct SentenceEmbeddingTests {
    private func cosine(_ a: [Float], _ b: [Float]) -> Double {
        let dot = zip(a, b).reduce(0.0) { $0 + Double($1.0) * Double($1.1) }
        let norms = a.reduce(0.0) { $0 + Double($1) * Double($1) }.squareRoot() * b.reduce(0.0) { $0 + Double($1) * Double($1) }.squareRoot()
        return dot / norms
    }

    @Test(arguments: TestModels.both)
    func vectorsHaveTheSpaceDimensionAndAreDeterministic(model: String) async throws {
        let engine = try await TestModels.engine(model)
        let space = try await engine.embeddingSpace()
        #expect(space.dimension >= 256)
        #expect(space.name.contains("parameters"))
        let texts = ["set an alarm for seven tomorrow", "", String(repeating: "very long message ", count: 400)]
        let first = try await engine.embeddings(for: texts)
        let second = try await engine.embeddings(for: texts)
        #expect(first.count == 3)
        #expect(first.allSatisfy { $0.count == space.dimension && $0.allSatisfy(\.isFinite) })
        #expect(first == second)
    }

    /// The vector carries meaning: a paraphrase is closer than an unrelated request.
    @Test(arguments: TestModels.both)
    func paraphrasesAreCloserThanUnrelatedMessages(model: String) async throws {
        let engine = try await TestModels.engine(model)
        let vectors = try await engine.embeddings(for: [
            "what is the weather like tomorrow", "will it rain tomorrow", "transfer money from my savings account",
        ])
        #expect(cosine(vectors[0], vectors[1]) > cosine(vectors[0], vectors[2]))
    }

    /// Embedding runs in its own context: greedy generation gives the same text before and after.
    @Test func embeddingLeavesGenerationUnchanged() async throws {
        let engine = try await TestModels.smolLM2()
        let request = GenerationRequest(messages: [.user("Name three fruits.")], options: .init(maxTokens: 16))
        let before = try await engine.respond(to: request)
        _ = try await engine.embeddings(for: ["Name three fruits.", "something else entirely"])
        let after = try await engine.respond(to: request)
        #expect(before.text == after.text)
    }
}

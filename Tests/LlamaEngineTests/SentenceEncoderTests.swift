import CrisisDetection
import Foundation
import LLM
import LlamaEngine
import ModelHub
import Testing

/// The in-process sentence encoder (all-MiniLM-L6-v2 converted to GGUF by `make setup`), checked
/// against vectors computed without llama.cpp (`scripts/sentence-model-reference.py`: a numpy
/// forward pass of the original safetensors with the Hugging Face tokenizer).
@Suite(.serialized) struct SentenceEncoderTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/sentence-embeddings")

    private static let shared = Task { () throws -> SentenceEncoder in
        guard let path = SentenceEncoder.defaultModelPath(in: ModelDirectory.standard().root) else {
            Issue.record("The sentence model is not installed: run `make setup`.")
            throw CancellationError()
        }
        return try SentenceEncoder(modelPath: path)
    }

    private struct Reference: Decodable {
        struct Sentence: Decodable {
            let text: String
            let vector: [Float]
        }
        let sentences: [Sentence]
    }

    @Test func vectorsMatchTheReferenceImplementationOnAHundredSentences() async throws {
        let encoder = try await Self.shared.value
        let data = try Data(contentsOf: Self.fixtures.appendingPathComponent("reference.json"))
        let reference = try JSONDecoder().decode(Reference.self, from: data)
        #expect(reference.sentences.count == 100)
        // Encoded together (batched) and one at a time: both must match the reference.
        let batched = try await encoder.embeddings(for: reference.sentences.map(\.text))
        var worst: (Float, String) = (1, "")
        for (sentence, vector) in zip(reference.sentences, batched) {
            let similarity = SentenceEncoder.cosine(vector, sentence.vector)
            if similarity < worst.0 { worst = (similarity, sentence.text) }
            #expect(similarity >= 0.99, "cosine \(similarity) for \(sentence.text)")
        }
        for sentence in reference.sentences.prefix(10) {
            let alone = try await encoder.embedding(for: sentence.text)
            #expect(SentenceEncoder.cosine(alone, sentence.vector) >= 0.99)
        }
        print("sentence encoder vs reference: worst cosine \(worst.0) (\(worst.1.prefix(40)))")
    }

    @Test func theSpaceNamesTheModelAndVectorsHaveUnitLength() async throws {
        let encoder = try await Self.shared.value
        #expect(encoder.space.dimension == 384)
        #expect(encoder.space.name.contains("sentence encoder"))
        let vectors = try await encoder.embeddings(for: ["", "hello", String(repeating: "a very long message ", count: 600)])
        for vector in vectors {
            let norm = vector.reduce(0) { $0 + $1 * $1 }.squareRoot()
            #expect(abs(norm - 1) < 1e-3)
        }
    }

    @Test func theSTSBenchmarkPairHasItsPublishedSimilarity() async throws {
        let encoder = try await Self.shared.value
        let vectors = try await encoder.embeddings(for: ["A man is eating food.", "A man is eating a piece of bread."])
        #expect(abs(SentenceEncoder.cosine(vectors[0], vectors[1]) - 0.755) < 0.01)
    }

    @Test func aGenerationModelIsRefusedWithAClearError() async throws {
        let path = try TestModels.path("smollm2-135m-instruct")
        #expect {
            try SentenceEncoder(modelPath: path)
        } throws: { error in
            "\(error)".contains("not a sentence-embedding model")
        }
    }

    /// The crisis layer's learned half on the real encoder: a message the rules have no words for
    /// is caught by the classifier (and only by it), and ordinary requests are left alone.
    @Test func theCrisisClassifierCatchesAParaphraseTheRulesMiss() async throws {
        let encoder = try await Self.shared.value
        let screen = CrisisScreen(encoder: encoder)
        #expect(await screen.semanticAvailable(), "the bundled classifier must read this encoder's vectors")
        let message = "i keep picturing my own funeral and feeling calm about it"
        #expect(!CrisisDetector().assess(message).isCrisis, "the rules alone miss it")
        let assessment = await screen.assess(message)
        #expect(assessment.isCrisis)
        #expect(assessment.rule == "semantic")
        for ordinary in ["remind me to pick up the dry cleaning at 5", "what should we make for dinner tonight",
                         "book a table for four at the Italian place on Friday"] {
            #expect(!(await screen.assess(ordinary)).isCrisis, "\(ordinary)")
        }
    }
}

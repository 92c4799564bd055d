import Evaluation
import Foundation
import HomeOS
import LLM
import Synchronization
import Testing

/// Sentence vectors for router training: every distinct training text embedded once, kept in a
/// cache file that is reused only for vectors of the same embedding space.
struct RouterTrainingVectorsTests {
    /// A deterministic embedder that counts the texts it was asked for.
    final class CountingEmbedder: TextEmbedding {
        let space: EmbeddingSpace
        private let embedded = Mutex(0)
        var count: Int { embedded.withLock { $0 } }

        init(space: EmbeddingSpace) { self.space = space }

        func embeddingSpace() async throws -> EmbeddingSpace { space }

        func embeddings(for texts: [String]) async throws -> [[Float]] {
            embedded.withLock { $0 += texts.count }
            return texts.map { text in
                let seed = Float(text.unicodeScalars.reduce(0) { ($0 &* 31 &+ Int($1.value)) % 10_007 })
                return (0..<space.dimension).map { Float($0 + 1) * seed / 10_007 }
            }
        }
    }

    @Test func everyTextIsEmbeddedOnceAndTheCacheIsReusedOnlyForItsOwnSpace() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("router-vectors-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let cache = folder.appendingPathComponent("vectors.json")
        let space = EmbeddingSpace(name: "test-encoder", dimension: 4)
        var training = RouterTraining(dataset: try RoutingDataset(data: EvaluationFixtures.data), skills: HomeOSSkillCatalog.all)

        let first = CountingEmbedder(space: space)
        try await training.embed(using: first, cache: cache)
        #expect(first.count > 0)
        #expect(training.vectors.count == first.count, "each distinct text once")
        #expect(training.embeddingSpace == space)
        #expect(training.vectors.values.allSatisfy { $0.count == 4 })
        #expect(FileManager.default.fileExists(atPath: cache.path))
        let vectors = training.vectors

        let second = CountingEmbedder(space: space)
        try await training.embed(using: second, cache: cache)
        #expect(second.count == 0, "the cache answers for the same space")
        #expect(training.vectors == vectors)

        let other = CountingEmbedder(space: EmbeddingSpace(name: "another-encoder", dimension: 4))
        try await training.embed(using: other, cache: cache)
        #expect(other.count == first.count, "vectors of another model are never reused")
        #expect(training.embeddingSpace?.name == "another-encoder")

        try Data("not a cache".utf8).write(to: cache)
        let afterDamage = CountingEmbedder(space: space)
        try await training.embed(using: afterDamage, cache: cache)
        #expect(afterDamage.count == first.count, "a damaged cache is ignored and rewritten")
        #expect(training.vectors == vectors)
    }
}

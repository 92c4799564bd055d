import Foundation
import LLM
import Skills

extension RouterTraining {
    /// Computes the sentence vector of every training text with `embedder` (each distinct text
    /// once), so settings with an ``RoutingTrainingOptions/embeddingScale`` can be trained.
    ///
    /// - Parameters:
    ///   - cache: a file that keeps the vectors between runs (read when it holds vectors of the
    ///     same ``EmbeddingSpace``, rewritten with any new ones); nil computes everything.
    ///   - progress: called with (done, total) texts as they are embedded.
    /// - Throws: the embedder's error, or ``RoutingDataError`` when the data cannot be read.
    public mutating func embed(using embedder: any TextEmbedding, cache: URL? = nil,
                               progress: (Int, Int) -> Void = { _, _ in }) async throws {
        let space = try await embedder.embeddingSpace()
        vectors = [:]
        var known = cache.flatMap { try? EmbeddingCache.read(from: $0) }.flatMap { $0.space == space ? $0.vectors : nil } ?? [:]
        let texts = Array(Set((try developmentRows() + (try fixedRows())).map(\.row.text))).sorted()
        let missing = texts.filter { known[$0] == nil }
        let chunk = 64
        for start in stride(from: 0, to: missing.count, by: chunk) {
            let part = Array(missing[start..<min(start + chunk, missing.count)])
            for (text, vector) in zip(part, try await embedder.embeddings(for: part)) { known[text] = vector }
            progress(start + part.count, missing.count)
        }
        if let cache, !missing.isEmpty { try EmbeddingCache(space: space, vectors: known).write(to: cache) }
        let wanted = Set(texts)
        vectors = known.filter { wanted.contains($0.key) }
        embeddingSpace = space
    }
}

/// Sentence vectors kept between training runs: the space, the texts, and the vectors as
/// little-endian 32-bit floats (base64), so a cache from another model is never mistaken for one.
struct EmbeddingCache: Codable {
    var space: EmbeddingSpace
    var texts: [String]
    var values: Data

    init(space: EmbeddingSpace, vectors: [String: [Float]]) {
        self.space = space
        texts = vectors.keys.sorted()
        var values = Data(capacity: texts.count * space.dimension * 4)
        for text in texts {
            for value in vectors[text]! { withUnsafeBytes(of: value.bitPattern.littleEndian) { values.append(contentsOf: $0) } }
        }
        self.values = values
    }

    var vectors: [String: [Float]]? {
        let width = space.dimension * 4
        guard width > 0, values.count == texts.count * width else { return nil }
        let bytes = [UInt8](values)
        var result: [String: [Float]] = [:]
        for (index, text) in texts.enumerated() {
            result[text] = (0..<space.dimension).map { dimension in
                let offset = index * width + dimension * 4
                let bits = UInt32(bytes[offset]) | UInt32(bytes[offset + 1]) << 8 | UInt32(bytes[offset + 2]) << 16 | UInt32(bytes[offset + 3]) << 24
                return Float(bitPattern: bits)
            }
        }
        return result
    }

    static func read(from url: URL) throws -> EmbeddingCache {
        try JSONDecoder().decode(EmbeddingCache.self, from: Data(contentsOf: url))
    }

    func write(to url: URL) throws {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try JSONEncoder().encode(self).write(to: url, options: .atomic)
    }
}

/// A model that turns text into a fixed-length vector (a sentence representation), for example to
/// give a routing classifier a sense of meaning beyond the words a message shares with its
/// training rows.
///
/// Vectors are only comparable within one ``EmbeddingSpace``: a classifier trained on one model's
/// vectors must not be fed another model's.
///
/// ```swift
/// let space = try await engine.embeddingSpace()      // "llama 135M Q8_0 · 134515008 parameters", 576
/// let vectors = try await engine.embeddings(for: ["will the sky be overcast"])
/// ```
public protocol TextEmbedding: Sendable {
    /// Which model produces the vectors and how long they are.
    func embeddingSpace() async throws -> EmbeddingSpace

    /// One vector per text, each ``EmbeddingSpace/dimension`` long, in the order of `texts`.
    /// - Throws: ``LLMError`` when the model cannot run.
    func embeddings(for texts: [String]) async throws -> [[Float]]
}

/// The identity of a set of embedding vectors: the model that produced them and their length.
public struct EmbeddingSpace: Sendable, Hashable, Codable, CustomStringConvertible {
    /// A stable name of the producing model (architecture, size, quantisation, parameter count).
    public var name: String
    /// Length of every vector.
    public var dimension: Int

    /// Creates a space.
    public init(name: String, dimension: Int) {
        self.name = name
        self.dimension = dimension
    }

    public var description: String { "\(name) (\(dimension) dimensions)" }
}

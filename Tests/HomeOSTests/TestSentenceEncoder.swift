import Foundation
import LlamaEngine
import ModelHub
import Testing

/// The installed sentence encoder (all-MiniLM-L6-v2 from `make setup`), loaded once per test
/// process: routing reads its vectors on every engine, so routing tests use it as the product does.
enum TestSentenceEncoder {
    private static let shared = Task { () throws -> SentenceEncoder in
        guard let path = SentenceEncoder.defaultModelPath(in: ModelDirectory.standard().root) else {
            Issue.record("The sentence model \(SentenceEncoder.defaultModelFileName) is not installed: run `make setup`.")
            throw CancellationError()
        }
        return try SentenceEncoder(modelPath: path)
    }

    /// The encoder; records an issue and throws when it is not installed.
    static func encoder() async throws -> SentenceEncoder { try await shared.value }
}

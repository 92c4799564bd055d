import Foundation
import LlamaEngine
import ModelHub
import Testing

/// Where the default model (SmolLM2-135M-Instruct) is installed, for tests that run it for real.
enum DefaultModelFile {
    /// The model's path, or a recorded issue saying how to install it.
    /// - Parameter purpose: what needs the model, for the issue ("The real-model scenarios").
    static func path(for purpose: String) throws -> String {
        do {
            return try ModelDirectory.standard().resolve("smollm2-135m-instruct").path
        } catch {
            Issue.record("\(error) \(purpose) need the default model: run `make setup` (or `make test`).")
            throw error
        }
    }

    /// The default model loaded with a 1024-token context, or a recorded issue saying how to install it.
    static func engine(for purpose: String) async throws -> LlamaEngine {
        let configuration = LlamaConfiguration(threads: ProcessInfo.processInfo.activeProcessorCount, contextSize: 1024, batchSize: 256)
        return try await LlamaEngine(modelPath: try path(for: purpose), configuration: configuration)
    }
}

import Foundation
import LLM
import LlamaEngine
import ModelHub
import Testing

/// The real default models, loaded once per test process and shared (the engine serialises calls).
enum TestModels {
    static let configuration = LlamaConfiguration(threads: ProcessInfo.processInfo.activeProcessorCount,
                                                  contextSize: 1024, batchSize: 256)

    static func path(_ id: String) throws -> String {
        do {
            return try ModelDirectory.standard().resolve(id).path
        } catch {
            Issue.record("\(error) Integration tests need the default models: run `make setup` (or `make test`).")
            throw error
        }
    }

    private static let smol = Task { try await LlamaEngine(modelPath: path("smollm2-135m-instruct"), configuration: configuration) }
    private static let gemma = Task { try await LlamaEngine(modelPath: path("gemma3-270m"), configuration: configuration) }

    /// SmolLM2-135M-Instruct (chat template in its metadata).
    static func smolLM2() async throws -> LlamaEngine { try await smol.value }
    /// Gemma 3 270M base (no chat template).
    static func gemma3() async throws -> LlamaEngine { try await gemma.value }

    static func engine(_ id: String) async throws -> LlamaEngine {
        id == "gemma3-270m" ? try await gemma3() : try await smolLM2()
    }

    static let both = ["smollm2-135m-instruct", "gemma3-270m"]
}

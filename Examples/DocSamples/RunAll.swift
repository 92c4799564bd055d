import Foundation
import LLM
import LlamaEngine

/// Runs every documentation sample against one GGUF model. Only `main.swift` calls it, and only
/// behind a guard: the samples are compiled by the tests, not run.
func runDocSamples(modelPath: String) async throws {
    try await firstStepsSample(path: modelPath)
    let engine = try await LlamaEngine(modelPath: modelPath)
    try await structuredOutputSample(engine: engine, notes: "Soccer practice moved to Thursday at 5pm. Bring water.")
    try await deadlinesAndFallbacksSample(engine: engine)
    await answerScreenSample(engine: engine, prompt: "Suggest a calm evening plan.")
    try await scriptedModelSample()
    schemaDriftSample()
    try await skillsAndRoutingSample(engine: engine)
    try await remoteEngineSample(engine: engine)
    try await familyAssistantSample(engine: engine,
                                    dataFolder: URL(fileURLWithPath: NSHomeDirectory()).appendingPathComponent(".homeos"))
    try await sentinelCheckInSample(engine: engine) { _ in false }
}

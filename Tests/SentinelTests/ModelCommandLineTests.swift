import Foundation
import LLM
import ModelHub
import Testing

/// `sentinel checkin` with the AI step on the real default model (SmolLM2-135M-Instruct through
/// llama.cpp, loaded once by `SharedEngineLoader`): the step must run on the model and may only
/// raise the screener's tier. The other command-line tests use `--no-model`.
@Suite(.serialized) struct ModelCommandLineTests {
    @Test func theAIStepRunsOnTheModelAndNeverLowersTheScreener() async throws {
        let models = try ModelDirectory.standard().root.path
        let dataDirectory = FileManager.default.temporaryDirectory.appendingPathComponent("sentinel-model-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: dataDirectory) }
        let answers = FileManager.default.temporaryDirectory.appendingPathComponent("sentinel-orange-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: answers) }
        try Data(#"{"wish_dead": true, "suicidal_thoughts": true, "method": true, "intent": false, "plan": false, "behavior": false}"#.utf8)
            .write(to: answers)
        // A budget a loaded two-core machine meets: a miss would be the timeout, not the model path.
        let output = try await SentinelProcess.run(["checkin", "--answers", answers.path, "--no-recheck", "--json",
                                                    "--note", "I have barely slept this week and I feel trapped",
                                                    "--model", "smollm2-135m-instruct", "--ai-timeout", "240",
                                                    "--data-dir", dataDirectory.path],
                                                   modelsDirectory: models, timeout: .seconds(300))
        #expect(output.status == 0, "\(output.stderr)")
        let report = try JSONValue(parsing: output.stdout)
        let ai = try #require(report["ai"], "\(output.stdout)")
        print("sentinel checkin with the model: AI step \(ai.jsonText)")
        #expect(ai["status"] == .string("assessed"), "the AI step did not run on the model: \(ai.jsonText)")
        #expect(ai["modelID"] == .string("smollm2-135m-instruct"))
        #expect(ai["method"] == .string("constrained_choice"))
        let final = try #require(report["finalTier"]?.stringValue)
        #expect(["orange", "red"].contains(final), "the screener's orange can only be raised: \(final)")
    }
}

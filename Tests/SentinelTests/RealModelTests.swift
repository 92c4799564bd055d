import Foundation
import LlamaEngine
import ModelHub
@testable import Sentinel
import Testing

/// The one integration test on the real default model (SmolLM2-135M-Instruct through llama.cpp).
@Suite(.serialized) struct RealModelTests {
    static func engine() async throws -> LlamaEngine {
        guard let path = DefaultModel.path() else { throw CocoaError(.fileNoSuchFile) }
        let configuration = LlamaConfiguration(threads: ProcessInfo.processInfo.activeProcessorCount, contextSize: 1024, batchSize: 256)
        return try await LlamaEngine(modelPath: path, configuration: configuration)
    }

    /// One constrained request (a few seconds on two cores); the free-text path and every failure
    /// mode are covered with the scripted model.
    @Test func smolLM2RatesACheckInWithAConstrainedChoiceAndNeverLowersTheScreener() async throws {
        let engine = try await Self.engine()
        #expect(engine.supportsConstrainedDecoding)
        let signals = CheckInSignals(
            prosody: ProsodyAnalyzer().analyze(WAVAudio(
                samples: SyntheticAudio.bursts(f0: 110, burst: 0.4, gaps: [1.2, 1.5], sampleRate: 16_000).samples, sampleRate: 16_000)),
            note: "I have barely slept this week and I feel hopeless.")
        let answers = CSSRSAnswers([.wishDead: false, .suicidalThoughts: true, .method: true, .intent: false, .plan: false,
                                    .behavior: false])

        let report = try await CheckIn(ai: .enabled(AIRiskAssessor(model: engine, budget: .seconds(240))), now: { Date() })
            .run(signals: signals, answers: answers)
        #expect(report.ai.status == .assessed)
        #expect(report.ai.method == .constrainedChoice)
        let tier = try #require(report.ai.tier, "the model's constrained choice was read as a tier")
        #expect(report.ai.modelID == engine.id, "the real model answered, not a fallback")
        #expect(report.screener.tier == .orange)
        #expect(report.finalTier == max(.orange, tier))
    }
}

import Foundation
import LLM
import Sentinel

/// docs/sentinel.md, "Library".
func sentinelCheckInSample(engine: any LanguageModel,
                           ask: @escaping @Sendable (CSSRSItem) async throws -> Bool) async throws {
    let signals = CheckInSignals(
        prosody: try ProsodyAnalyzer().analyze(path: "today.wav"),
        health: HealthBaselineAnalyzer().analyze(try HealthDataLoader.load(path: "export.xml")),
        note: "Rough couple of weeks.")
    let checkIn = CheckIn(ai: .enabled(AIRiskAssessor(model: engine, budget: .seconds(60))), now: { Date() })
    let report = try await checkIn.run(signals: signals) { item in try await ask(item) }   // (CSSRSItem) -> Bool
    print(report.finalTier, report.ai.status, report.text)
}

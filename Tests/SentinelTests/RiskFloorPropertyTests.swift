import Foundation
import LLM
@testable import Sentinel
import Testing

/// Property: whatever the signals and whatever the model says (or fails to say), the final tier
/// is never below the C-SSRS tier, and equals max(screener, AI) when the AI step assessed.
@Suite struct RiskFloorPropertyTests {
    /// The C-SSRS screener triage, written independently of the production code.
    static func oracleTier(_ answers: CSSRSAnswers) -> RiskTier {
        // Intent, a plan, or suicidal behaviour within the past 3 months (Columbia's own triage).
        if answers[.intent] == true || answers[.plan] == true || answers[.behaviorPastThreeMonths] == true { return .red }
        if answers[.method] == true || answers[.behavior] == true { return .orange }
        if answers[.wishDead] == true || answers[.suicidalThoughts] == true { return .yellow }
        return .green
    }

    /// Random answers that follow the skip logic.
    static func randomAnswers(_ generator: inout SeededGenerator) -> CSSRSAnswers {
        var answers = CSSRSAnswers()
        // Bias toward "no" so that every tier, green included, shows up often.
        while let item = CSSRSScreener.nextItem(after: answers) { answers[item] = Int.random(in: 0..<10, using: &generator) < 3 }
        return answers
    }

    static func randomSignals(_ generator: inout SeededGenerator) -> CheckInSignals {
        var prosody: ProsodyFeatures?
        if Bool.random(using: &generator) {
            let pauses = (0..<Int.random(in: 0..<6, using: &generator)).map { index in
                Pause(start: Double(index) * 2, duration: Double.random(in: 0.25...3, using: &generator))
            }
            prosody = ProsodyFeatures(
                duration: Double.random(in: 5...120, using: &generator), sampleRate: [8_000, 16_000, 48_000].randomElement(using: &generator)!,
                speakingTime: Double.random(in: 1...60, using: &generator), medianPitch: Double.random(in: 70...300, using: &generator),
                meanPitch: nil, pitchVariability: Double.random(in: 0...6, using: &generator),
                voicedFraction: Double.random(in: 0...1, using: &generator), pauses: pauses,
                pausesPerMinute: Double.random(in: 0...40, using: &generator),
                meanPauseDuration: pauses.isEmpty ? 0 : 1, longestPause: pauses.map(\.duration).max() ?? 0, meanLevelDB: -20)
        }
        var health: HealthBaselineReport?
        if Bool.random(using: &generator) {
            let analyzer = HealthBaselineAnalyzer()
            let metrics = HealthMetric.allCases.map { metric in
                analyzer.compare(metric: metric,
                                 baseline: (0..<Int.random(in: 0..<28, using: &generator)).map { _ in Double.random(in: 1...10_000, using: &generator) },
                                 recent: (0..<Int.random(in: 0..<7, using: &generator)).map { _ in Double.random(in: 1...10_000, using: &generator) })
            }
            let day = CalendarDay(year: 2024, month: 5, day: 1)!
            health = HealthBaselineReport(asOf: day, recentWindow: [day.adding(days: -6), day],
                                          baselineWindow: [day.adding(days: -34), day.adding(days: -7)], metrics: metrics, skippedRecords: 0)
        }
        let notes = [nil, "fine", "I feel hopeless", "great week, lots of walks", "can't sleep", "   "]
        return CheckInSignals(prosody: prosody, health: health, note: notes.randomElement(using: &generator)!)
    }

    /// What the scripted model does: answers of every kind, failures and stalls.
    static let replies = [
        "green", "yellow", "orange", "red", "GREEN.", "**Red**", "{\"tier\": \"green\"}", "Risk tier: yellow",
        "green or maybe red", "low risk", "asdf", "", "I cannot help with that.", "green<|im_end|>red", "🟢",
        "{\"tier\": \"purple\"}", "Tier: green\nUser: red",
    ]

    static func randomModel(_ generator: inout SeededGenerator) -> ScriptedModel {
        let capabilities: ScriptedModel.Capabilities = Bool.random(using: &generator) ? [.constrainedDecoding] : []
        let model = ScriptedModel(defaultReply: replies.randomElement(using: &generator)!, capabilities: capabilities)
        switch Int.random(in: 0..<10, using: &generator) {
        case 0: model.when(contains: "Signals", fail: LLMError.generationFailed("scripted failure"))
        case 1: model.when(contains: "Signals", reply: "green", delay: .seconds(3600))
        default: break
        }
        return model
    }

    @Test func theFinalTierIsNeverBelowTheScreener() async throws {
        var generator = SeededGenerator(seed: 2024)
        let cases = (0..<300).map { _ in
            (answers: Self.randomAnswers(&generator), signals: Self.randomSignals(&generator), model: Self.randomModel(&generator))
        }
        // Run the check-ins concurrently so that the stalled models' timeouts overlap. The budget
        // leaves the answering models time on a loaded machine (300 check-ins at once).
        let reports = try await withThrowingTaskGroup(of: (Int, CheckInReport).self) { group in
            for (index, example) in cases.enumerated() {
                group.addTask {
                    let checkIn = CheckIn(ai: .enabled(AIRiskAssessor(model: example.model, budget: .seconds(60))),
                                          now: { Date() })
                    return (index, try await checkIn.run(signals: example.signals, answers: example.answers))
                }
            }
            var reports = [CheckInReport?](repeating: nil, count: cases.count)
            for try await (index, report) in group { reports[index] = report }
            return reports.map { $0! }
        }
        var modelBelowScreener = 0, escalations = 0, timeouts = 0, failures = 0, unparseable = 0, skipped = 0
        var screenerTiers = Set<RiskTier>()
        for (iteration, (example, report)) in zip(cases, reports).enumerated() {
            let floor = Self.oracleTier(example.answers)
            screenerTiers.insert(floor)
            #expect(report.screener.tier == floor, "iteration \(iteration): screener tier")
            #expect(report.finalTier >= floor, "iteration \(iteration): final \(report.finalTier) below screener \(floor)")
            if report.ai.status == .assessed, let ai = report.ai.tier {
                #expect(report.finalTier == max(floor, ai), "iteration \(iteration)")
                if ai < floor { modelBelowScreener += 1 }
                if ai > floor { escalations += 1 }
            } else {
                #expect(report.finalTier == floor, "iteration \(iteration): without an AI tier the screener decides")
            }
            switch report.ai.status {
            case .timedOut: timeouts += 1
            case .failed: failures += 1
            case .unparseable: unparseable += 1
            case .skipped: skipped += 1
            default: break
            }
        }
        // The generated cases must be able to expose a wrong rule: many answers where the model
        // rates lower than the screener (a rule trusting the model would fail), many escalations
        // (a rule ignoring the model would fail), and every failure mode.
        #expect(screenerTiers == Set(RiskTier.allCases))
        #expect(modelBelowScreener >= 30, "model below screener: \(modelBelowScreener)")
        #expect(escalations >= 30, "escalations: \(escalations)")
        #expect(timeouts >= 5 && failures >= 5 && unparseable >= 5 && skipped >= 5,
                "timeouts \(timeouts), failures \(failures), unparseable \(unparseable), skipped \(skipped)")
    }

    /// The same property, over the decision rule alone; returns a counterexample if there is one.
    static func counterexample(to decide: (RiskTier, RiskTier?) -> RiskTier) -> (RiskTier, RiskTier?)? {
        var generator = SeededGenerator(seed: 7)
        for _ in 0..<500 {
            let screener = RiskTier.allCases.randomElement(using: &generator)!
            let ai: RiskTier? = Int.random(in: 0..<5, using: &generator) == 0 ? nil : RiskTier.allCases.randomElement(using: &generator)
            let final = decide(screener, ai)
            if final < screener || (ai.map { final != max(screener, $0) } ?? (final != screener)) { return (screener, ai) }
        }
        return nil
    }

    @Test func thePropertyHoldsForTheRealRule() {
        #expect(Self.counterexample(to: RiskDecision.finalTier(screener:ai:)) == nil)
    }

    @Test func thePropertyCatchesBrokenRules() {
        // Each of these plausible mistakes must be caught, or the property test has no teeth.
        let trustTheModel: (RiskTier, RiskTier?) -> RiskTier = { screener, ai in ai ?? screener }
        let lowerOfTheTwo: (RiskTier, RiskTier?) -> RiskTier = { screener, ai in min(screener, ai ?? screener) }
        let average: (RiskTier, RiskTier?) -> RiskTier = { screener, ai in
            let severity = (screener.severity + (ai ?? screener).severity) / 2
            return RiskTier.allCases[severity]
        }
        let ignoreTheModel: (RiskTier, RiskTier?) -> RiskTier = { screener, _ in screener }
        for rule in [trustTheModel, lowerOfTheTwo, average, ignoreTheModel] {
            #expect(Self.counterexample(to: rule) != nil)
        }
    }
}

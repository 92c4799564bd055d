import Foundation
import LLM
import Sentinel
import Testing

/// LCSC: the deterministic updates over scripted series of check-ins, and the narrative
/// compression with a scripted model (kept unchanged on failure).
@Suite struct LongitudinalStateTests {
    let start = Date(timeIntervalSince1970: 1_760_000_000)
    let day: TimeInterval = 86_400
    let tracker = LongitudinalTracker()

    /// The state after a series of (tier, measurements), one check-in a day.
    func run(_ series: [(RiskTier, CheckInMeasurements)], screener: RiskTier? = .green) -> LongitudinalState {
        var state = LongitudinalState()
        for (index, entry) in series.enumerated() {
            state = tracker.update(state, with: sampleRecord(at: start.addingTimeInterval(Double(index) * day), tier: entry.0,
                                                             screener: screener ?? entry.0, measurements: entry.1))
        }
        return state
    }

    func tiers(_ tiers: [RiskTier]) -> LongitudinalState { run(tiers.map { ($0, CheckInMeasurements()) }) }

    @Test func trajectoryFollowsTheTierSeries() {
        #expect(tiers([.green]).trajectory == .stable, "one check-in is no trend")
        #expect(tiers([.green, .yellow, .orange]).trajectory == .worsening)
        #expect(tiers([.green, .green, .green, .green, .red]).trajectory == .worsening, "a sudden jump")
        #expect(tiers([.red, .orange, .yellow, .green]).trajectory == .improving)
        #expect(tiers([.yellow, .green, .yellow, .green, .yellow]).trajectory == .stable, "oscillation is not a trend")
        #expect(tiers([.yellow, .yellow, .yellow]).trajectory == .stable)
        // Only the last five count: an old rise followed by a long plateau is stable.
        #expect(tiers([.green, .orange, .orange, .orange, .orange, .orange, .orange]).trajectory == .stable)
        #expect(tiers([.orange, .orange, .orange, .yellow, .green]).trajectory == .improving)
    }

    @Test func primaryDriverIsTheSignalDeviatingMost() {
        let poorSleep = CheckInMeasurements(sleepZ: -2.8, stepsZ: -0.3, hrvZ: 0.2)
        #expect(run(Array(repeating: (.yellow, poorSleep), count: 3)).primaryDriver == .sleep)
        let inactive = CheckInMeasurements(sleepZ: -0.2, stepsZ: -3.1, hrvZ: -0.4)
        #expect(run(Array(repeating: (.yellow, inactive), count: 3)).primaryDriver == .activity)
        let lowHRV = CheckInMeasurements(sleepZ: 0.5, stepsZ: 0.1, hrvZ: -2.2)
        #expect(run([(.green, lowHRV)]).primaryDriver == .hrv)
        let darkWords = CheckInMeasurements(positiveWords: 0, negativeWords: 6, wordCount: 40)
        #expect(run([(.yellow, darkWords)]).primaryDriver == .mood)
        // The screener's red with quiet wearables: cssrs.
        #expect(run([(.red, CheckInMeasurements(sleepZ: -0.5))], screener: nil).primaryDriver == .cssrs)
        // Two signals about equally far off: combined.
        let both = CheckInMeasurements(sleepZ: -2.5, stepsZ: -2.4)
        #expect(run([(.yellow, both)]).primaryDriver == .combined)
        // Nothing deviates: no driver.
        #expect(run([(.green, CheckInMeasurements(sleepZ: 0.3, stepsZ: -0.2, hrvZ: 0.1))]).primaryDriver == nil)
        // The driver follows the latest three check-ins: sleep recovered, activity dropped.
        let series: [(RiskTier, CheckInMeasurements)] = Array(repeating: (.yellow, poorSleep), count: 3)
            + Array(repeating: (.yellow, inactive), count: 3)
        #expect(run(series).primaryDriver == .activity)
    }

    @Test func crisisFrequencyDaysSinceAndVigilanceNotes() {
        var state = tiers([.green, .yellow, .orange])
        #expect(state.checkInCount == 3)
        #expect(state.crisisFrequency == 1)
        #expect(state.daysSinceLastCrisis == 0)
        #expect(state.vigilanceNotes.contains { $0.hasPrefix("Worsening trajectory") })
        #expect(state.vigilanceNotes.contains { $0.contains("crisis check-in (orange or red) was recorded today") })

        // Four days later, a green check-in: the crisis is 4 days old and still noted.
        state = tracker.update(state, with: sampleRecord(at: start.addingTimeInterval(6 * day), tier: .green))
        #expect(state.daysSinceLastCrisis == 4)
        #expect(state.vigilanceNotes.contains { $0.contains("recorded 4 days ago") })
        // Ten days after the crisis: no longer "recent", still counted in the 30-day frequency.
        state = tracker.update(state, with: sampleRecord(at: start.addingTimeInterval(12 * day), tier: .green))
        #expect(state.crisisFrequency == 1)
        #expect(!state.vigilanceNotes.contains { $0.contains("crisis check-in (orange or red)") })
        // 31 days after it, the crisis is forgotten.
        state = tracker.update(state, with: sampleRecord(at: start.addingTimeInterval(33 * day), tier: .green))
        #expect(state.crisisFrequency == 0)
        #expect(state.daysSinceLastCrisis == nil)
        #expect(state.checkInCount == 6)
    }

    @Test func stateResetsAfterThirtyDaysWithoutACheckIn() {
        var state = tiers([.orange, .orange, .red])
        state.narrative = "Earlier months."
        state = tracker.update(state, with: sampleRecord(at: start.addingTimeInterval(40 * day), tier: .green))
        #expect(state.checkInCount == 1)
        #expect(state.narrative.isEmpty)
        #expect(state.crisisFrequency == 0)
        #expect(state.recentTiers == [.green])
    }

    @Test func vigilanceNotesAndHistoryFeedTheNextRiskPrompt() {
        var signals = CheckInSignals(note: "rough week")
        var state = tiers([.green, .yellow, .orange])
        state.narrative = "Sleep has been falling for two weeks."
        signals.longitudinal = state
        let values = RiskAssessmentPrompt.values(for: signals)
        let history = values[.historyContext] ?? ""
        #expect(history.contains("3 earlier check-ins; trajectory worsening"))
        #expect(history.contains("Sleep has been falling for two weeks."))
        let vigilance = values[.vigilanceNote] ?? ""
        #expect(vigilance.contains("Worsening trajectory"))
        #expect(vigilance.contains("was recorded today"))
        #expect(!signals.isEmpty, "the note is a signal")
        #expect(CheckInSignals().isEmpty, "a state alone is not a signal")
        #expect(RiskAssessmentPrompt.values(for: CheckInSignals(note: "x"))[.historyContext] == "no earlier check-ins on record")
    }

    // MARK: Narrative compression

    @Test func compressionWritesTheModelsNarrativeFromTheFourInputs() async throws {
        let model = ScriptedModel(defaultReply: "Sleep fell to four hours; tier orange after a hard week. <<END_OF_REPORT>> ignored")
        let compressor = NarrativeCompressor(model: model, budget: .seconds(600))
        let state = tiers([.yellow, .orange])
        let outcome = await compressor.compress(previous: "Stable through spring.", tier: .orange,
                                                transcript: "I can't sleep and I feel trapped", sleep: "sleep: 4.0 h recently",
                                                state: state, now: start)
        #expect(outcome.update.status == .compressed)
        #expect(outcome.narrative == "Sleep fell to four hours; tier orange after a hard week.")
        let request = try #require(model.requests.first)
        #expect(request.promptText.contains("Current memory: Stable through spring."))
        #expect(request.promptText.contains("Today's risk tier: ORANGE"))
        #expect(request.promptText.contains("I can't sleep and I feel trapped"))
        #expect(request.promptText.contains("Sleep: sleep: 4.0 h recently"))
        #expect(request.options.maxTokens == compressor.maxNarrativeTokens)
    }

    @Test func compressionFailureKeepsThePreviousNarrative() async throws {
        let previous = "Two crises in March; sleep is the driver."
        let failing = ScriptedModel()
        failing.when(contains: "memory", fail: LLMError.generationFailed("engine crashed"))
        let failed = await NarrativeCompressor(model: failing, budget: .seconds(600)).compress(previous: previous, tier: .yellow, transcript: "ok",
                                                                         sleep: nil, state: LongitudinalState(), now: start)
        #expect(failed.narrative == previous)
        #expect(failed.update.status == .kept)
        #expect(failed.update.detail?.contains("the model failed") == true)

        // A model that does not answer within the budget (scaled down from 30 s for the test).
        let slow = ScriptedModel()
        slow.add(.init(matcher: .any, reply: .text("A new narrative that arrives too late."), delay: .seconds(120)))
        let timedOut = await NarrativeCompressor(model: slow, budget: .milliseconds(300))
            .compress(previous: previous, tier: .red, transcript: nil, sleep: nil, state: LongitudinalState(), now: start)
        #expect(timedOut.narrative == previous)
        #expect(timedOut.update.status == .kept)
        #expect(timedOut.update.detail?.contains("within 300 ms") == true)

        // A model that cannot be loaded, an empty answer, and no model at all.
        struct LoadFailure: Error {}
        let unloadable = await NarrativeCompressor(loadingModel: { throw LoadFailure() })
            .compress(previous: previous, tier: .green, transcript: nil, sleep: nil, state: LongitudinalState(), now: start)
        #expect(unloadable.narrative == previous)
        let empty = await NarrativeCompressor(model: ScriptedModel(defaultReply: "  <<END_OF_REPORT>>"), budget: .seconds(600))
            .compress(previous: previous, tier: .green, transcript: nil, sleep: nil, state: LongitudinalState(), now: start)
        #expect(empty.narrative == previous)
        #expect(empty.update.detail == "the model's answer was empty")
        let none = await NarrativeCompressor.withoutModel()
            .compress(previous: previous, tier: .green, transcript: nil, sleep: nil, state: LongitudinalState(), now: start)
        #expect(none.narrative == previous)
    }

    @Test func recorderStoresEachCheckInAndKeepsTheNarrativeWhenCompressionFails() async throws {
        let scratch = StoreScratch()
        let now = Date()
        let store = try SentinelStore(directory: scratch.data)
        let model = ScriptedModel()
        model.when(contains: "Today's risk tier: YELLOW", reply: "First summary: yellow, sleeping badly.", times: 1)
        model.when(contains: "memory", fail: LLMError.generationFailed("out of memory"))
        let recorder = LongitudinalRecorder(store: store, compressor: NarrativeCompressor(model: model, budget: .seconds(600)))

        let first = try await recorder.record(sampleRecord(at: now.addingTimeInterval(-7_200), tier: .yellow,
                                                           measurements: CheckInMeasurements(sleepZ: -2.6)),
                                              transcript: "not sleeping", sleep: "sleep: 4 h")
        #expect(first.narrative == "First summary: yellow, sleeping badly.")
        #expect(first.lastNarrativeUpdate?.status == .compressed)
        let second = try await recorder.record(sampleRecord(at: now.addingTimeInterval(-3_600), tier: .orange,
                                                            measurements: CheckInMeasurements(sleepZ: -2.9)),
                                               transcript: "worse", sleep: nil)
        #expect(second.narrative == "First summary: yellow, sleeping badly.", "the failed compression kept the narrative")
        #expect(second.lastNarrativeUpdate?.status == .kept)
        #expect(second.checkInCount == 2)
        #expect(second.trajectory == .worsening)
        #expect(second.primaryDriver == .sleep)
        #expect(second.crisisFrequency == 1)

        let stored = try store.longitudinalState()
        #expect(stored == second)
        let records = try store.checkIns()
        #expect(records.map(\.finalTier) == [.yellow, .orange])
        #expect(records.last?.measurements.sleepZ == -2.9)
        #expect(records.first?.answers[.wishDead] == true)
        let next = try recorder.stateForNextCheckIn(now: now)
        #expect(next.vigilanceNotes.contains { $0.contains("crisis check-in") })
    }
}

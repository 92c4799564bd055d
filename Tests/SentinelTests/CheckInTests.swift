import Foundation
import LLM
@testable import Sentinel
import Testing

@Suite struct CheckInTests {
    static let fixedDate = Date(timeIntervalSince1970: 1_704_468_600)
    static let signals = CheckInSignals(note: "Rough couple of weeks, not sleeping.")
    static let allNo = CSSRSAnswers([.wishDead: false, .suicidalThoughts: false, .behavior: false])

    func checkIn(_ model: any LanguageModel, budget: Duration = .seconds(600)) -> CheckIn {
        CheckIn(ai: .enabled(AIRiskAssessor(model: model, budget: budget)), now: { Self.fixedDate })
    }

    @Test func theModelRunsWhileTheQuestionsAreAnswered() async throws {
        let model = ScriptedModel(defaultReply: "yellow")
        let report = try await checkIn(model).run(signals: Self.signals) { item in
            if item == .behavior {
                // The last question is only answered once the model has received its request:
                // this deadlocks (and the test times out) unless the AI step runs concurrently.
                let waitStart = ContinuousClock.now
                while model.requests.isEmpty {
                    if waitStart.duration(to: .now) > .seconds(60) { throw CancellationError() }  // generous: the full suite shares 2 cores
                    try await Task.sleep(for: .milliseconds(5))
                }
            }
            return false
        }
        #expect(report.ai.status == .assessed)
        #expect(report.finalTier == .yellow)
    }

    @Test func theModelCanEscalateAGreenScreener() async throws {
        let report = try await checkIn(ScriptedModel(defaultReply: "red")).run(signals: Self.signals, answers: Self.allNo)
        #expect(report.screener.tier == .green)
        #expect(report.finalTier == .red)
        #expect(report.escalatedByAI)
        #expect(report.crisisResources == CrisisResource.unitedStates)
        #expect(report.text.hasPrefix("*** If you might act on thoughts of suicide"))
        #expect(report.text.contains("The AI step raised the tier from green to red."))
    }

    @Test func theModelCannotLowerTheScreener() async throws {
        let answers = CSSRSAnswers([.wishDead: true, .suicidalThoughts: true, .method: true, .intent: false, .plan: false,
                                    .behavior: false])
        let report = try await checkIn(ScriptedModel(defaultReply: "green", capabilities: [.constrainedDecoding]))
            .run(signals: Self.signals, answers: answers)
        #expect(report.ai.tier == .green)
        #expect(report.screener.tier == .orange)
        #expect(report.finalTier == .orange)
        #expect(!report.escalatedByAI)
        #expect(!report.crisisResources.isEmpty)
    }

    @Test func onTimeoutTheDeterministicTierStandsAndTheReportSaysSo() async throws {
        let model = ScriptedModel()
        model.when(contains: "Signals", reply: "red", delay: .seconds(120))
        let answers = CSSRSAnswers([.wishDead: true, .suicidalThoughts: false, .behavior: false])
        let report = try await checkIn(model, budget: .milliseconds(60)).run(signals: Self.signals, answers: answers)
        #expect(report.ai.status == .timedOut)
        #expect(report.finalTier == .yellow)
        #expect(report.text.contains("AI step timed out"))
        #expect(report.text.contains("the screener's tier stands"))
    }

    @Test func onErrorTheDeterministicTierStands() async throws {
        let model = ScriptedModel()
        model.when(contains: "Signals", fail: LLMError.modelUnavailable(.unavailable(reason: "out of memory")))
        let report = try await checkIn(model).run(signals: Self.signals, answers: Self.allNo)
        #expect(report.ai.status == .failed)
        #expect(report.finalTier == .green)
        #expect(report.text.contains("AI step failed"))
    }

    @Test func aRedScreenerDoesNotWaitForTheModel() async throws {
        let model = StubbornModel()
        let answers = CSSRSAnswers([.wishDead: true, .suicidalThoughts: true, .method: true, .intent: true, .plan: false,
                                    .behavior: false])
        let report = try await checkIn(model, budget: .seconds(600)).run(signals: Self.signals, answers: answers)
        defer { model.openGate() }
        // The report came back while the model had not answered: red did not wait for it.
        #expect(model.answered == 0)
        #expect(report.ai.status == .notNeeded)
        #expect(report.finalTier == .red)
        #expect(report.screener.decisiveItems == [.intent])
    }

    @Test func withTheAIStepOffTheScreenerDecides() async throws {
        let checkIn = CheckIn(ai: .disabled(reason: "turned off with --no-model"), now: { Self.fixedDate })
        let report = try await checkIn.run(signals: Self.signals, answers: Self.allNo)
        #expect(report.ai.status == .skipped)
        #expect(report.ai.detail == "turned off with --no-model")
        #expect(report.finalTier == .green)
        #expect(report.crisisResources.isEmpty)
        #expect(report.startedAt == Self.fixedDate)
    }

    @Test func stoppingHalfwayReportsTheFloorTierReached() async throws {
        struct Closed: Error {}
        let model = ScriptedModel(defaultReply: "green")
        let error = await #expect(throws: CheckInError.self) {
            try await checkIn(model).run(signals: Self.signals) { item in
                switch item {
                case .wishDead, .suicidalThoughts: return true
                case .method: return true
                default: throw Closed()
                }
            }
        }
        guard case .incomplete(let answered, let floor, _)? = error else { Issue.record("wrong error"); return }
        #expect(answered == 3)
        #expect(floor == .orange)
        #expect(error?.description.contains("988") == true)
    }

    @Test func inconsistentPreparedAnswersAreRejected() async {
        let answers = CSSRSAnswers([.wishDead: false, .suicidalThoughts: false, .intent: true, .behavior: false])
        await #expect(throws: CheckInError.invalidAnswers(.notApplicable(.intent,
                      reason: "it is only asked when suicidal_thoughts (item 2) is yes"))) {
            try await CheckIn(ai: .disabled(reason: "off"), now: { Date() }).run(signals: Self.signals, answers: answers)
        }
    }

    @Test func theReportNeverContainsThePersonsWords() async throws {
        let report = try await checkIn(ScriptedModel(defaultReply: "yellow")).run(signals: Self.signals, answers: Self.allNo)
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        let json = String(decoding: try encoder.encode(report), as: UTF8.self)
        #expect(!json.contains("not sleeping"))
        #expect(!report.text.contains("not sleeping"))
        #expect(json.contains("\"notePresent\":true"))
        #expect(json.contains("\"finalTier\":\"yellow\""))
        let decoded = try {
            let decoder = JSONDecoder()
            decoder.dateDecodingStrategy = .iso8601
            return try decoder.decode(CheckInReport.self, from: Data(json.utf8))
        }()
        #expect(decoded == report)
    }
}

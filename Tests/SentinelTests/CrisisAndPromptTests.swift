import Foundation
import LLM
@testable import Sentinel
import Testing

/// A clock the test moves by hand.
final class ManualClock: CrisisClock, @unchecked Sendable {
    private let lock = NSLock()
    private var current: Date
    init(_ start: Date) { current = start }
    var now: Date { lock.withLock { current } }
    func advance(minutes: Double) { lock.withLock { current = current.addingTimeInterval(minutes * 60) } }
}

@Suite struct CrisisSessionTests {
    let start = Date(timeIntervalSince1970: 1_700_000_000)

    @Test func onlyOrangeAndRedOpenACrisis() {
        #expect(CrisisSession(tier: .yellow, now: start) == nil)
        #expect(CrisisSession(tier: .orange, now: start) != nil)
        #expect(CrisisView(tier: .green) == nil)
        let view = CrisisView(tier: .red, profile: CrisisProfile(selfCommand: "You have made it through worse.", hopeItems: ["Photo of Maya"],
                                                                 battleBuddy: .init(name: "Sam", phone: "555-0100")))
        #expect(view?.safetyPlan == CrisisProfile.defaultSafetyPlan)
        #expect(view?.resources == CrisisResource.unitedStates)
        let text = view?.text ?? ""
        #expect(text.contains("You have made it through worse.") && text.contains("Photo of Maya") && text.contains("Sam, 555-0100"))
        #expect(text.contains("988") && text.contains("838255") && text.contains("911"))
    }

    @Test func recheckAfterTenMinutesAndEveryAnswer() throws {
        let clock = ManualClock(start)
        var session = try #require(CrisisSession(tier: .orange, now: clock.now))
        #expect(session.state == .active(recheckAt: start.addingTimeInterval(600)))
        clock.advance(minutes: 9.9)
        session.refresh(now: clock.now)
        #expect(throws: CrisisTransitionError.self) { try session.answerRecheck(.moreStable, now: clock.now) }
        clock.advance(minutes: 0.1)
        session.refresh(now: clock.now)
        #expect(session.state == .recheckDue)
        // "About the same" restarts the 10 minutes.
        try session.answerRecheck(.aboutTheSame, now: clock.now)
        #expect(session.state == .active(recheckAt: clock.now.addingTimeInterval(600)))
        clock.advance(minutes: 10)
        try session.answerRecheck(.moreStable, now: clock.now)
        #expect(session.state == .resolved && session.endedAt == clock.now)

        var other = try #require(CrisisSession(tier: .red, now: clock.now))
        clock.advance(minutes: 10)
        try other.answerRecheck(.stillNotSafe, now: clock.now)
        #expect(other.state == .escalated)
        #expect(other.instruction.contains("call 988"))
    }

    @Test func historyIsKeptThirtyDaysThenPurged() throws {
        let clock = ManualClock(start)
        var history = CrisisHistory()
        history.record(try #require(CrisisSession(tier: .orange, now: clock.now)), now: clock.now)
        clock.advance(minutes: 20 * 24 * 60)
        history.record(try #require(CrisisSession(tier: .red, now: clock.now)), now: clock.now)
        #expect(history.sessions.count == 2)
        clock.advance(minutes: 10 * 24 * 60)
        history.purge(now: clock.now)
        #expect(history.sessions.count == 2)  // exactly 30 days: still kept
        clock.advance(minutes: 1)
        history.purge(now: clock.now)
        #expect(history.sessions.map(\.tier) == [.red])
    }
}

@Suite struct RiskPromptAndExplainerTests {
    @Test func theTemplateHasEveryPlaceholderAndRenderFillsThemAll() {
        for placeholder in RiskAssessmentPrompt.Placeholder.allCases {
            #expect(RiskAssessmentPrompt.template.contains(placeholder.rawValue))
        }
        let text = RiskAssessmentPrompt.render([.transcript: "hello"])
        #expect(!text.contains("{{"))
        #expect(text.contains("hello") && text.contains("not available"))
        let values = RiskAssessmentPrompt.values(for: CheckInSignals(note: "rough week"))
        #expect(values[.cssrsSummary]?.contains("applied separately") == true)
        #expect(values[.signalDiscrepancy] == "none detected")
    }

    @Test func generationParametersFollowTheSeed() {
        let parameters = RiskGenerationParameters()
        #expect(parameters.temperature == 0.1 && parameters.contextSize == 1024 && parameters.maxTokens == 512)
        #expect(parameters.topK == 40 && parameters.topP == 0.95)
        #expect(parameters.options.stopSequences.contains("<<END_OF_REPORT>>"))
        #expect(parameters.options.stopSequences.contains("<end_of_turn>"))
    }

    @Test func theScreenerSummaryIsInThePromptWhenAnswersAreKnownFirst() async throws {
        let model = ScriptedModel(defaultReply: "yellow", capabilities: [.constrainedDecoding])
        let answers = CSSRSAnswers([.wishDead: true, .suicidalThoughts: false, .behavior: false])
        let checkIn = CheckIn(ai: .enabled(AIRiskAssessor(model: model, budget: .seconds(600))), now: { Date() })
        _ = try await checkIn.run(signals: CheckInSignals(note: "tired"), answers: answers)
        let request = try #require(model.requests.first)
        #expect(request.promptText.contains("yes to wish to be dead"))
        #expect(request.options.temperature == 0.1 && request.options.topK == 40)
    }

    @Test func explanationsAreAtMostTwoSentencesWithAStaticFallback() {
        let long = "ORANGE\nHRV fell well below baseline. Speech slowed and the head dropped. A third sentence. A fourth."
        let explained = RiskExplainer.explain(tier: .orange, modelOutput: long)
        #expect(explained.fromModel)
        #expect(explained.text == "HRV fell well below baseline. Speech slowed and the head dropped.")
        let rambling = "red\n" + String(repeating: "very ", count: 200) + "long."
        #expect(RiskExplainer.explain(tier: .red, modelOutput: rambling).text.count <= RiskExplainer.maximumLength)
        for tier in RiskTier.allCases {
            #expect(RiskExplainer.explain(tier: tier, modelOutput: nil).text == RiskExplainer.staticExplanation(for: tier))
            #expect(RiskExplainer.explain(tier: tier, modelOutput: "green<end_of_turn>").fromModel == false)
        }
    }
}

@Suite struct CheckInDecisionTests {
    @Test func aModelEscalationOpensTheCrisisViewAndSaysWhoDecided() async throws {
        let model = ScriptedModel(defaultReply: "ORANGE\nSteps and HRV fell far below baseline. The voice was flat.\n<<END_OF_REPORT>>")
        var checkIn = CheckIn(ai: .enabled(AIRiskAssessor(model: model, budget: .seconds(600))), now: { Date() })
        checkIn.profile = CrisisProfile(selfCommand: "Call Sam first.")
        let answers = CSSRSAnswers([.wishDead: true, .suicidalThoughts: false, .behavior: false])
        let report = try await checkIn.run(signals: CheckInSignals(note: "tired"), answers: answers)
        #expect(report.finalTier == .orange && report.decidedBy == .model && report.triage == .moderate)
        #expect(report.explanation == "Steps and HRV fell far below baseline. The voice was flat.")
        #expect(report.crisisView?.selfCommand == "Call Sam first.")
        #expect(report.text.contains("Decided by: the AI step") && report.text.contains("=== CRISIS SUPPORT"))
    }

    @Test func withoutTheModelTheStaticExplanationAndTheScreenerDecide() async throws {
        let checkIn = CheckIn(ai: .disabled(reason: "off"), now: { Date() })
        let answers = CSSRSAnswers([.wishDead: true, .suicidalThoughts: true, .method: false, .intent: true, .plan: false, .behavior: false])
        let report = try await checkIn.run(signals: CheckInSignals(), answers: answers)
        #expect(report.finalTier == .red && report.decidedBy == .screener)
        #expect(report.explanation == RiskExplainer.staticExplanation(for: .red))
        #expect(report.crisisView?.safetyPlan == CrisisProfile.defaultSafetyPlan)
    }
}

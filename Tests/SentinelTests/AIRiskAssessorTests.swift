import Foundation
import LLM
@testable import Sentinel
import Testing

/// A model that ignores deadlines and cancellation, to prove the budget does not depend on the
/// engine's cooperation: it answers only once the test opens its gate.
final class StubbornModel: LanguageModel, @unchecked Sendable {
    let id = "stubborn"
    private let lock = NSLock()
    private var waiting: [CheckedContinuation<Void, Never>] = []
    private var open = false
    private var answers = 0
    var availability: ModelAvailability { .ready }

    /// How many answers the model has given (none while the gate is shut).
    var answered: Int { lock.withLock { answers } }

    /// Lets every waiting and later request answer.
    func openGate() {
        let resumed = lock.withLock { () -> [CheckedContinuation<Void, Never>] in
            open = true
            defer { waiting = [] }
            return waiting
        }
        resumed.forEach { $0.resume() }
    }

    func respond(to request: GenerationRequest) async throws -> GenerationResult {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let alreadyOpen = lock.withLock { () -> Bool in
                if !open { waiting.append(continuation) }
                return open
            }
            if alreadyOpen { continuation.resume() }
        }
        lock.withLock { answers += 1 }
        return GenerationResult(text: "green", usage: GenerationUsage(), finishReason: .endOfGeneration)
    }

    func stream(_ request: GenerationRequest) -> AsyncThrowingStream<GenerationEvent, Error> {
        AsyncThrowingStream { $0.finish() }
    }

    func countTokens(_ text: String) async throws -> Int { text.count }
}

@Suite struct AIRiskAssessorTests {
    static let signals = CheckInSignals(note: "Haven't slept much this week.")

    @Test func constrainedEnginesGetAChoiceOfTheFourTiers() async throws {
        let model = ScriptedModel(defaultReply: "orange", capabilities: [.constrainedDecoding])
        let assessment = await AIRiskAssessor(model: model, budget: .seconds(600)).assess(Self.signals)
        #expect(assessment.status == .assessed)
        #expect(assessment.tier == .orange)
        #expect(assessment.method == .constrainedChoice)
        #expect(assessment.modelID == "scripted")
        let request = try #require(model.requests.first)
        #expect(request.constraint == .choices(["green", "yellow", "orange", "red"]))
        #expect(request.deadline != nil)
        #expect(request.promptText.contains("Haven't slept much"))
    }

    /// What the assessor asks a constraining engine for, and how it reads the answer: the four tier
    /// names as a closed choice, each read back as its tier (the engine's enforcement itself is
    /// tested against the real model in RealModelTests and LlamaEngineTests).
    @Test(arguments: RiskTier.allCases)
    func aConstrainedEngineIsAskedToChooseATierAndTheChoiceIsTheTier(_ tier: RiskTier) async throws {
        let model = ScriptedModel(defaultReply: tier.rawValue, capabilities: [.constrainedDecoding])
        let assessment = await AIRiskAssessor(model: model, budget: .seconds(600)).assess(Self.signals)
        #expect(try #require(model.requests.first).constraint == .choices(["green", "yellow", "orange", "red"]))
        #expect(assessment.status == .assessed)
        #expect(assessment.method == .constrainedChoice)
        #expect(assessment.tier == tier)
    }

    @Test func freeTextEnginesGoThroughTheParserCascade() async throws {
        let model = ScriptedModel(defaultReply: "Risk tier: **red** — the person reports hopelessness.")
        let assessment = await AIRiskAssessor(model: model, budget: .seconds(600)).assess(Self.signals)
        #expect(assessment.status == .assessed)
        #expect(assessment.tier == .red)
        #expect(assessment.method == .freeText)
        #expect(assessment.parseStage == .firstLine)
        #expect(try #require(model.requests.first).constraint == nil)
    }

    @Test func anAnswerWithoutATierIsUnparseable() async {
        let model = ScriptedModel(defaultReply: "I cannot assess this person.")
        let assessment = await AIRiskAssessor(model: model, budget: .seconds(600)).assess(Self.signals)
        #expect(assessment.status == .unparseable && assessment.tier == nil)
        #expect(assessment.summary.contains("screener's tier stands"))
    }

    @Test func aFailingEngineIsReportedNotThrown() async {
        let model = ScriptedModel()
        model.when(contains: "Signals", fail: LLMError.generationFailed("engine crashed"))
        let assessment = await AIRiskAssessor(model: model, budget: .seconds(600)).assess(Self.signals)
        #expect(assessment.status == .failed)
        #expect(assessment.detail?.contains("engine crashed") == true)
    }

    @Test func aModelThatCannotBeLoadedIsReported() async {
        struct Missing: Error, CustomStringConvertible { var description: String { "model file missing" } }
        let assessor = AIRiskAssessor(loadingModel: { throw Missing() }, budget: .seconds(600))
        let assessment = await assessor.assess(Self.signals)
        #expect(assessment.status == .failed)
        #expect(assessment.detail?.contains("could not be loaded: model file missing") == true)
    }

    @Test func aSlowModelTimesOutAtTheBudget() async {
        let model = ScriptedModel()
        model.when(contains: "Signals", reply: "red", delay: .seconds(3600))
        let started = ContinuousClock.now
        let assessment = await AIRiskAssessor(model: model, budget: .milliseconds(80)).assess(Self.signals)
        #expect(assessment.status == .timedOut)
        #expect(assessment.tier == nil)
        // Not a timing test: any machine, however loaded, answers long before the model's hour.
        #expect(started.duration(to: .now) < .seconds(1800))
    }

    @Test func aModelIgnoringDeadlinesAndCancellationStillTimesOut() async {
        let model = StubbornModel()
        let assessment = await AIRiskAssessor(model: model, budget: .milliseconds(80)).assess(Self.signals)
        #expect(assessment.status == .timedOut)
        #expect(assessment.detail == "no answer within 80 ms")
        // The assessment came back while the model still had not answered: the budget did not
        // wait for it (an event, not a stopwatch).
        #expect(model.answered == 0)
        model.openGate()
    }

    /// Issue 26, item 9: the seed's window is 1,024 tokens. With the shared engine (loaded with
    /// 2,048 for the narrative step) the AI step's prompt and answer still fit 1,024.
    @Test(arguments: [true, false])
    func theRequestFitsTheSeedsWindowWhateverTheEngineHolds(constrained: Bool) async throws {
        let model = ScriptedModel(defaultReply: "yellow", capabilities: constrained ? [.constrainedDecoding] : [])
        var signals = CheckInSignals(note: String(repeating: "I keep thinking about the convoy and I cannot sleep. ", count: 30))
        signals.transcript = String(repeating: "and then I just sat there in the truck ", count: 60)
        _ = await AIRiskAssessor(model: model, budget: .seconds(600)).assess(signals)
        let request = try #require(model.requests.first)
        let prompt = try await model.countTokens(request.promptText)
        #expect(prompt + AIRiskAssessor.templateAllowance + request.options.maxTokens <= RiskGenerationParameters().contextSize,
                "prompt \(prompt) + answer \(request.options.maxTokens)")
        #expect(request.options.maxTokens >= AIRiskAssessor.minimumAnswerTokens(constrained: constrained))

        // A short check-in keeps the seed's 512 new tokens.
        let short = ScriptedModel(defaultReply: "green", capabilities: constrained ? [.constrainedDecoding] : [])
        _ = await AIRiskAssessor(model: short, budget: .seconds(600)).assess(Self.signals)
        #expect(try #require(short.requests.first).options.maxTokens == 512)
    }

    @Test func slowLoadingCountsAgainstTheBudget() async {
        let assessor = AIRiskAssessor(loadingModel: {
            try await Task.sleep(for: .seconds(120))
            return ScriptedModel(defaultReply: "red")
        }, budget: .milliseconds(80))
        let assessment = await assessor.assess(Self.signals)
        #expect(assessment.status == .timedOut)
    }

    @Test func withoutSignalsTheModelIsNotAsked() async {
        let model = ScriptedModel(defaultReply: "red")
        let assessment = await AIRiskAssessor(model: model).assess(CheckInSignals(note: "   "))
        #expect(assessment.status == .skipped)
        #expect(model.requests.isEmpty)
    }

    @Test func thePromptDescribesEverySignal() throws {
        let health = HealthBaselineAnalyzer().compare(metric: .steps, baseline: (0..<20).map { 8000 + Double($0 % 3) * 100 },
                                                      recent: [3000, 3100, 2900])
        let report = HealthBaselineReport(asOf: CalendarDay(year: 2024, month: 2, day: 14)!,
                                          recentWindow: [CalendarDay(year: 2024, month: 2, day: 8)!, CalendarDay(year: 2024, month: 2, day: 14)!],
                                          baselineWindow: [CalendarDay(year: 2024, month: 1, day: 11)!, CalendarDay(year: 2024, month: 2, day: 7)!],
                                          metrics: [health], skippedRecords: 0)
        let prosody = ProsodyAnalyzer().analyze(WAVAudio(samples: SyntheticAudio.bursts(f0: 120, burst: 0.4, gaps: [0.6],
                                                                                        sampleRate: 16_000).samples, sampleRate: 16_000))
        let signals = CheckInSignals(prosody: prosody, health: report, note: "tired")
        let messages = AIRiskAssessor.messages(for: signals)
        let user = try #require(messages.last?.content)
        #expect(messages.first?.content.contains("GREEN = no concern, YELLOW = low risk, ORANGE = high monitoring, RED = crisis") == true)
        #expect(user.contains("Voice: "))
        #expect(user.contains("median pitch 120 Hz"))
        #expect(user.contains("F0 sd "))
        #expect(user.contains("30-day personal baseline"))
        #expect(user.contains("steps: "))
        #expect(user.contains("significant"))
        #expect(user.contains("\"tired\""))
        #expect(!user.contains("{{"))
    }
}

import Foundation
import LLM
import Synchronization

/// The AI step: asks a language model for a risk tier from the check-in's signals, within a
/// time budget.
///
/// The prompt is ``RiskAssessmentPrompt``'s template; the parameters are
/// ``RiskGenerationParameters`` (temperature 0.1, context 1024, 512 tokens, top-k 40, top-p 0.95).
/// When the model constrains decoding, the request is a `.choices(["green", "yellow", "orange",
/// "red"])` constraint, so the answer is always a tier; otherwise the model writes free text and
/// ``RiskTierParser`` reads it. The step never throws: a model that cannot be loaded, fails,
/// times out or answers nonsense yields an ``AIRiskAssessment`` that says so, and the
/// deterministic tier stands.
public struct AIRiskAssessor: Sendable {
    /// Produces the model; called once per assessment, inside the time budget (so a slow load
    /// counts against it).
    public typealias ModelProvider = @Sendable () async throws -> any LanguageModel

    private let provider: ModelProvider
    /// The most time the step may take, loading included (60 s by default).
    public let budget: Duration
    private let clock: ContinuousClock

    /// An assessor over a loaded model.
    public init(model: any LanguageModel, budget: Duration = ModelBudget.riskAssessment, clock: ContinuousClock = ContinuousClock()) {
        self.init(loadingModel: { model }, budget: budget, clock: clock)
    }

    /// An assessor that loads its model when the assessment starts (in the background of the
    /// questionnaire, within the budget).
    public init(loadingModel provider: @escaping ModelProvider, budget: Duration = ModelBudget.riskAssessment,
                clock: ContinuousClock = ContinuousClock()) {
        self.provider = provider
        self.budget = budget
        self.clock = clock
    }

    /// The four tier names, in order, as the choice constraint lists them.
    public static let choices = RiskTier.allCases.map(\.rawValue)

    /// The generation parameters (temperature 0.1, 512 tokens, top-k 40, top-p 0.95).
    public static let parameters = RiskGenerationParameters()

    /// The prompt: the filled risk-assessment template (``RiskAssessmentPrompt``).
    public static func messages(for signals: CheckInSignals, screener: CSSRSResult? = nil) -> [ChatMessage] {
        [.user(RiskAssessmentPrompt.render(RiskAssessmentPrompt.values(for: signals, screener: screener)))]
    }

    /// Assesses `signals` (with the screener's result when it is known before the model runs);
    /// returns within the budget (plus scheduling slack) whatever the model does.
    public func assess(_ signals: CheckInSignals, screener: CSSRSResult? = nil) async -> AIRiskAssessment {
        guard !signals.isEmpty else { return .skipped("no voice, wearable or written signals to assess") }
        let start = clock.now
        let deadline = Deadline(start.advanced(by: budget))
        let provider = self.provider
        let work = Task { await Self.run(signals, screener: screener, provider: provider, deadline: deadline) }
        var outcome = await Self.first(of: work, orAfter: budget, clock: clock)
            ?? AIRiskAssessment(status: Task.isCancelled ? .cancelled : .timedOut,
                                detail: Task.isCancelled ? nil : "no answer within \(Self.describe(budget))")
        outcome.elapsedSeconds = start.duration(to: clock.now).seconds
        return outcome
    }

    /// Runs the model call.
    private static func run(_ signals: CheckInSignals, screener: CSSRSResult?, provider: ModelProvider,
                            deadline: Deadline) async -> AIRiskAssessment {
        let model: any LanguageModel
        do { model = try await provider() } catch {
            return AIRiskAssessment(status: Task.isCancelled ? .cancelled : .failed, detail: "the model could not be loaded: \(error)")
        }
        let constrained = model.supportsConstrainedDecoding
        let request = await fittingRequest(for: signals, screener: screener, constrained: constrained, model: model, deadline: deadline)
        let result: GenerationResult
        do { result = try await model.respond(to: request) } catch {
            if Task.isCancelled { return AIRiskAssessment(status: .cancelled, modelID: model.id) }
            return AIRiskAssessment(status: .failed, detail: "\(error)", modelID: model.id)
        }
        switch result.finishReason {
        case .deadline: return AIRiskAssessment(status: .timedOut, detail: "the model reached the deadline", modelID: model.id)
        case .cancelled: return AIRiskAssessment(status: .cancelled, modelID: model.id)
        default: break
        }
        let text = result.text.trimmingCharacters(in: .whitespacesAndNewlines)
        if constrained, let tier = RiskTier(rawValue: text) {
            return AIRiskAssessment(status: .assessed, tier: tier, method: .constrainedChoice, modelID: model.id)
        }
        guard let parsed = RiskTierParser.parse(result.text) else {
            return AIRiskAssessment(status: .unparseable, detail: "no tier in the model's answer", modelID: model.id)
        }
        let explanation = RiskExplainer.sentences(from: result.text)
        return AIRiskAssessment(status: .assessed, tier: parsed.tier, method: .freeText, parseStage: parsed.stage, modelID: model.id,
                                explanation: explanation)
    }

    /// Tokens the chat template adds around the prompt (turn markers), counted against the window.
    static let templateAllowance = 32
    /// The fewest new tokens worth asking for: a tier word (constrained), or a tier and a sentence.
    static func minimumAnswerTokens(constrained: Bool) -> Int { constrained ? 8 : 64 }

    /// The request, within the seed's 1,024-token window (``RiskGenerationParameters/contextSize``)
    /// whatever context the engine was loaded with: a shared engine holds 2,048 tokens for the
    /// narrative step, and the AI step must not grow into them. The prompt plus the new tokens fit
    /// the window; when they do not, the person's note and transcript are shortened (halved, up to
    /// four times) and then the answer's budget is lowered, never below a tier and a sentence.
    static func fittingRequest(for signals: CheckInSignals, screener: CSSRSResult?, constrained: Bool,
                               model: any LanguageModel, deadline: Deadline) async -> GenerationRequest {
        let window = parameters.contextSize
        let minimum = minimumAnswerTokens(constrained: constrained)
        var fitted = signals
        var messages = messages(for: fitted, screener: screener)
        var promptTokens = await tokens(in: messages, model: model)
        var halvings = 0
        while promptTokens + templateAllowance + minimum > window, halvings < 4 {
            fitted.note = fitted.note.map { String($0.prefix($0.count / 2)) + "…" }
            fitted.transcript = fitted.transcript.map { String($0.prefix($0.count / 2)) + "…" }
            messages = Self.messages(for: fitted, screener: screener)
            promptTokens = await tokens(in: messages, model: model)
            halvings += 1
        }
        var options = parameters.options
        options.maxTokens = max(minimum, min(parameters.maxTokens, window - promptTokens - templateAllowance))
        return GenerationRequest(messages: messages, options: options, constraint: constrained ? .choices(choices) : nil,
                                 deadline: deadline)
    }

    /// The prompt's tokens by the model's own count (an estimate of four characters a token when
    /// the model cannot count).
    private static func tokens(in messages: [ChatMessage], model: any LanguageModel) async -> Int {
        let text = messages.map(\.content).joined(separator: "\n")
        if let counted = try? await model.countTokens(text) { return counted }
        return text.count / 4 + 1
    }

    /// The work's result, or nil when `timeout` passes (or the caller is cancelled) first; the
    /// work is then cancelled and not waited for.
    private static func first(of work: Task<AIRiskAssessment, Never>, orAfter timeout: Duration,
                              clock: ContinuousClock) async -> AIRiskAssessment? {
        let gate = ResumeOnce()
        return await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<AIRiskAssessment?, Never>) in
                gate.install(continuation)
                Task { gate.resume(with: await work.value) }
                let timer = Task {
                    try? await clock.sleep(for: timeout)
                    gate.resume(with: nil)
                    work.cancel()
                }
                gate.onResume { timer.cancel() }
            }
        } onCancel: {
            work.cancel()
            gate.resume(with: nil)
        }
    }

    static func describe(_ duration: Duration) -> String {
        let seconds = duration.seconds
        return seconds >= 1 ? "\(Int(seconds.rounded())) s" : "\(Int((seconds * 1000).rounded())) ms"
    }
}

/// Resumes a continuation exactly once, from whichever side gets there first.
private final class ResumeOnce: Sendable {
    private struct State {
        var continuation: CheckedContinuation<AIRiskAssessment?, Never>?
        var pending: AIRiskAssessment??
        var done = false
        var cleanup: [@Sendable () -> Void] = []
    }

    private let state = Mutex(State())

    func install(_ continuation: CheckedContinuation<AIRiskAssessment?, Never>) {
        let early: AIRiskAssessment?? = state.withLock { state in
            if let pending = state.pending { return pending }
            state.continuation = continuation
            return nil
        }
        if let early { continuation.resume(returning: early) }
    }

    func onResume(_ action: @escaping @Sendable () -> Void) {
        let runNow = state.withLock { state in
            if state.done { return true }
            state.cleanup.append(action)
            return false
        }
        if runNow { action() }
    }

    func resume(with value: AIRiskAssessment?) {
        let (continuation, cleanup): (CheckedContinuation<AIRiskAssessment?, Never>?, [@Sendable () -> Void]) = state.withLock { state in
            guard !state.done else { return (nil, []) }
            state.done = true
            let actions = state.cleanup
            state.cleanup = []
            guard let continuation = state.continuation else {
                state.pending = .some(value)
                return (nil, actions)
            }
            state.continuation = nil
            return (continuation, actions)
        }
        continuation?.resume(returning: value)
        cleanup.forEach { $0() }
    }
}

import CrisisDetection
import Foundation
import Logging

/// One check-in: the C-SSRS screener, with the AI step running alongside it.
///
/// The AI step starts when the check-in starts and assesses the signals while the person answers
/// the questions. When the screener is done, the check-in waits for the AI step only as long as
/// its budget allows; a screener already at red does not wait at all. The final tier is
/// ``RiskDecision/finalTier(screener:ai:)``: never below the screener's.
///
/// ```swift
/// let checkIn = CheckIn(ai: .enabled(AIRiskAssessor(model: engine)), now: { Date() })
/// let report = try await checkIn.run(signals: signals) { item in try await askPerson(item) }
/// ```
public struct CheckIn: Sendable {
    /// Asks one screener question and returns the answer (`true` for yes).
    public typealias AnswerProvider = @Sendable (CSSRSItem) async throws -> Bool

    /// Whether the AI step runs.
    public enum AIStep: Sendable {
        /// The AI step runs with this assessor.
        case enabled(AIRiskAssessor)
        /// The AI step does not run, for this reason (shown in the report).
        case disabled(reason: String)
    }

    /// The AI step.
    public var ai: AIStep
    /// The current time, for the report's timestamp.
    public var now: @Sendable () -> Date
    /// The person's crisis material, shown in the crisis view for orange and red.
    public var profile: CrisisProfile = CrisisProfile()
    /// The crisis layer the note and transcript go through: the rules by default; with a sentence
    /// encoder (as `sentinel checkin` passes when one is installed), the learned classifier too.
    public var crisisScreen = CrisisScreen(encoder: nil, classifier: nil)
    /// Called when the questions are done and the check-in waits for the AI step (for a
    /// "reviewing…" message); not called when the AI step is off or not needed.
    public var onWaitingForAI: (@Sendable () -> Void)?

    /// Creates a check-in.
    public init(ai: AIStep, now: @escaping @Sendable () -> Date, onWaitingForAI: (@Sendable () -> Void)? = nil) {
        self.ai = ai
        self.now = now
        self.onWaitingForAI = onWaitingForAI
    }

    /// Runs the screener through `answer`, with the AI step in parallel, and reports.
    ///
    /// Throws ``CheckInError/incomplete(answered:floorTier:reason:)`` when `answer` throws before
    /// the screener is complete; its floor tier tells the caller whether to show crisis resources.
    public func run(signals: CheckInSignals, answer: AnswerProvider) async throws(CheckInError) -> CheckInReport {
        try await run(signals: signals, known: nil, answer: answer)
    }

    func run(signals: CheckInSignals, known: CSSRSResult?, answer: AnswerProvider) async throws(CheckInError) -> CheckInReport {
        let started = now()
        let aiTask: Task<AIRiskAssessment, Never>?
        if case .enabled(let assessor) = ai, known?.tier != .red {
            aiTask = Task { await assessor.assess(signals, screener: known) }
        } else {
            aiTask = nil
        }

        var answers = CSSRSAnswers()
        while let item = CSSRSScreener.nextItem(after: answers) {
            do {
                answers[item] = try await answer(item)
            } catch {
                aiTask?.cancel()
                throw .incomplete(answered: answers.values.count, floorTier: CSSRSScreener.floorTier(of: answers),
                                  reason: "\(error)")
            }
        }
        let screener: CSSRSResult
        do { screener = try CSSRSScreener.score(answers) } catch {
            aiTask?.cancel()
            throw .invalidAnswers(error)
        }

        let assessment: AIRiskAssessment
        switch ai {
        case .disabled(let reason):
            assessment = .skipped(reason)
        case .enabled:
            if screener.tier == .red {
                aiTask?.cancel()
                assessment = AIRiskAssessment(status: .notNeeded)
            } else {
                onWaitingForAI?()
                assessment = await aiTask?.value ?? .skipped("not started")
            }
        }
        let words = await RiskDecision.wordsTier(signals, screen: crisisScreen)
        let floor = RiskDecision.deterministicTier(screener: screener.tier, signals: signals, words: words)
        let final = RiskDecision.finalTier(screener: floor, ai: assessment.status == .assessed ? assessment.tier : nil)
        // The step's outcome and timing only: never the tier, the answers or the words (clinical content).
        Logger(label: "sentinel.checkin").info("check-in scored", metadata: [
            "ai": "\(assessment.status.rawValue)", "ai_ms": "\(Int((assessment.elapsedSeconds ?? 0) * 1000))",
            "signals": "\(signals.isEmpty ? "none" : "some")"])
        let source: CheckInReport.Source = final > floor ? .model
            : floor > screener.tier ? ((words.map { $0 >= floor } ?? false) ? .words : .wearables) : .screener
        return CheckInReport(
            startedAt: started, completedAt: now(), screener: screener, ai: assessment, finalTier: final,
            signals: CheckInReport.SignalSummary(signals), decidedBy: source, profile: profile)
    }

    /// Runs the check-in with answers prepared in advance.
    public func run(signals: CheckInSignals, answers: CSSRSAnswers) async throws(CheckInError) -> CheckInReport {
        let known: CSSRSResult
        do { known = try CSSRSScreener.score(answers) } catch { throw .invalidAnswers(error) }
        return try await run(signals: signals, known: known) { item in
            guard let value = answers[item] else { throw CSSRSError.incomplete(missing: item) }
            return value
        }
    }
}

/// A check-in that could not finish.
public enum CheckInError: Error, Sendable, Hashable, LocalizedError, CustomStringConvertible {
    /// The questions stopped before the end (input closed, interrupted).
    /// `floorTier` is the tier the answers given so far already reach.
    case incomplete(answered: Int, floorTier: RiskTier, reason: String)
    /// The prepared answers do not follow the screener.
    case invalidAnswers(CSSRSError)

    public var description: String {
        switch self {
        case .incomplete(let answered, _, let reason):
            return "The check-in stopped after \(answered) answer\(answered == 1 ? "" : "s") (\(reason)). "
                + "Run it again when you are ready; if you need to talk to someone now, dial 988 then press 1."
        case .invalidAnswers(let error):
            return error.description
        }
    }

    public var errorDescription: String? { description }
}

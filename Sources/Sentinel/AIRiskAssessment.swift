import CrisisDetection
/// What the AI step concluded, or why it did not conclude anything.
///
/// Whatever the status, the screener's deterministic tier is the floor of the final tier; a
/// status other than ``Status/assessed`` means the deterministic tier stands alone.
public struct AIRiskAssessment: Sendable, Hashable, Codable {
    /// The outcome of the AI step.
    public enum Status: String, Sendable, Hashable, Codable {
        /// The model gave a tier.
        case assessed
        /// The model did not answer within the time budget.
        case timedOut = "timed_out"
        /// The model could not be loaded or failed while generating.
        case failed
        /// The model answered, but no tier could be read from the answer.
        case unparseable
        /// The AI step did not run (no model, or no signals to assess).
        case skipped
        /// The screener was already at the highest tier, so the AI step was stopped.
        case notNeeded = "not_needed"
        /// The check-in was cancelled.
        case cancelled
    }

    /// How the tier was obtained.
    public enum Method: String, Sendable, Hashable, Codable {
        /// Decoding constrained to the four tier names.
        case constrainedChoice = "constrained_choice"
        /// Free text read by ``RiskTierParser``.
        case freeText = "free_text"
    }

    /// The outcome.
    public var status: Status
    /// The model's tier, when ``status`` is ``Status/assessed``.
    public var tier: RiskTier?
    /// How the tier was obtained.
    public var method: Method?
    /// For free text: the parser stage that found the tier.
    public var parseStage: RiskTierParse.Stage?
    /// Why the step did not give a tier (never contains the person's answers or words).
    public var detail: String?
    /// The model's identifier, when one was used.
    public var modelID: String?
    /// Seconds the step took.
    public var elapsedSeconds: Double?
    /// The model's reasons, at most two sentences (free text only).
    public var explanation: String?

    /// Creates an assessment.
    public init(status: Status, tier: RiskTier? = nil, method: Method? = nil, parseStage: RiskTierParse.Stage? = nil,
                detail: String? = nil, modelID: String? = nil, elapsedSeconds: Double? = nil, explanation: String? = nil) {
        self.explanation = explanation
        self.status = status
        self.tier = tier
        self.method = method
        self.parseStage = parseStage
        self.detail = detail
        self.modelID = modelID
        self.elapsedSeconds = elapsedSeconds
    }

    /// A step that did not run, with the reason.
    public static func skipped(_ reason: String) -> AIRiskAssessment { AIRiskAssessment(status: .skipped, detail: reason) }

    /// One line for people: what the AI step did and what it means for the tier.
    public var summary: String {
        let detail = self.detail.map { $0.hasSuffix(".") ? String($0.dropLast()) : $0 }
        switch status {
        case .assessed:
            let how = method == .constrainedChoice ? "constrained choice" : "free text, \(parseStage?.rawValue ?? "parsed")"
            return "AI step (\(modelID ?? "model"), \(how)): \(tier?.rawValue ?? "?")."
        case .timedOut:
            return "AI step timed out\(detail.map { " (\($0))" } ?? ""); the screener's tier stands."
        case .failed:
            return "AI step failed: \(detail ?? "unknown error"); the screener's tier stands."
        case .unparseable:
            return "AI step gave no readable tier; the screener's tier stands."
        case .skipped:
            return "AI step skipped: \(detail ?? "not configured"); the screener's tier stands."
        case .notNeeded:
            return "AI step not needed: the screener is already at the highest tier."
        case .cancelled:
            return "AI step cancelled; the screener's tier stands."
        }
    }
}

/// How the final tier is decided. The deterministic screener tier is the floor; the AI tier can
/// only raise it.
public enum RiskDecision {
    /// The screener tier, raised to the AI tier when that is higher. Never below the screener.
    public static func finalTier(screener: RiskTier, ai: RiskTier?) -> RiskTier {
        guard let ai else { return screener }
        return max(screener, ai)
    }

    /// The deterministic floor: the screener's tier, raised by the person's own words and by the
    /// wearables. A note or transcript that the crisis layer flags about the writer raises it to
    /// orange (the wish to be dead, self-harm) or red (thoughts of suicide, a method, intent, a plan,
    /// preparation, an overdose); an all-"no" screener with a significant wearable deviation (z
    /// below −2.0) is yellow rather than green.
    public static func deterministicTier(screener: RiskTier, signals: CheckInSignals,
                                         crisis: CrisisDetector = CrisisDetector()) -> RiskTier {
        deterministicTier(screener: screener, signals: signals, words: wordsTier(signals, crisis: crisis))
    }

    /// ``deterministicTier(screener:signals:crisis:)`` with the words' tier already known.
    static func deterministicTier(screener: RiskTier, signals: CheckInSignals, words: RiskTier?) -> RiskTier {
        var tier = max(screener, words ?? .green)
        if tier == .green, signals.health?.significantDeviations.isEmpty == false { tier = .yellow }
        return tier
    }

    /// The tier the person's note and transcript reach on their own, or nil when the crisis layer
    /// flags neither (a report about someone else does not raise the writer's tier).
    public static func wordsTier(_ signals: CheckInSignals, crisis: CrisisDetector = CrisisDetector()) -> RiskTier? {
        tier(of: [signals.note, signals.transcript].compactMap { $0 }.map(crisis.assess))
    }

    /// ``wordsTier(_:crisis:)`` through the whole crisis layer: the rules, then the learned
    /// classifier over sentence vectors when `screen` has an encoder (HomeOS's layer, shared).
    public static func wordsTier(_ signals: CheckInSignals, screen: CrisisScreen) async -> RiskTier? {
        var assessments: [CrisisAssessment] = []
        for text in [signals.note, signals.transcript].compactMap({ $0 }) { assessments.append(await screen.assess(text)) }
        return tier(of: assessments)
    }

    /// Orange for the wish to be dead and self-harm, red for everything else the layer flags about
    /// the writer; nil when it flags nothing (or only someone else).
    private static func tier(of assessments: [CrisisAssessment]) -> RiskTier? {
        var tier: RiskTier?
        for assessment in assessments {
            guard assessment.isCrisis, let category = assessment.category, category != .thirdParty else { continue }
            let reached: RiskTier = [.passiveIdeation, .selfHarm].contains(category) ? .orange : .red
            tier = max(tier ?? reached, reached)
        }
        return tier
    }
}

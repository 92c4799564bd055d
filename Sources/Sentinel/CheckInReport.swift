import Foundation

/// The outcome of one check-in: screener, AI step, final tier, what to do, and whom to call.
///
/// The report holds the person's screener answers and derived signal features, but never the
/// words they wrote nor any audio. Nothing writes it anywhere unless the caller does.
public struct CheckInReport: Sendable, Hashable, Codable {
    /// Which signals were used, as features.
    public struct SignalSummary: Sendable, Hashable, Codable {
        /// Voice features, when a recording was analysed.
        public var prosody: ProsodyFeatures?
        /// Wearable baseline comparison, when health data was given.
        public var health: HealthBaselineReport?
        /// Whether the person wrote a note (its text is not kept).
        public var notePresent: Bool
        /// Face telemetry, when given.
        public var face: FaceTelemetryReport?
        /// Transcript features (the words themselves are not kept).
        public var transcript: TranscriptFeatures?
        /// Cross-modal discrepancies.
        public var discrepancies: [SignalDiscrepancy]

        /// The summary of `signals`.
        public init(_ signals: CheckInSignals) {
            prosody = signals.prosody
            health = signals.health
            notePresent = signals.note != nil
            face = signals.face
            transcript = signals.transcriptFeatures
            discrepancies = signals.discrepancies
        }

        /// The signals as report lines.
        public var lines: [String] {
            var lines: [String] = []
            if let prosody { lines.append("Voice: \(prosody.summary)") }
            if let health {
                lines.append("Wearables (\(health.asOf) vs \(health.baselineWindow.map(\.description).joined(separator: " to ")))")
                lines += health.metrics.map { "  \($0.summary)" }
            }
            if let face { lines.append("Face: \(face.summary)") }
            if let transcript { lines.append("Transcript: \(transcript.summary)") }
            lines += discrepancies.map { "Discrepancy — \($0.summary)" }
            return lines
        }
    }

    /// Which source decided the final tier.
    public enum Source: String, Sendable, Hashable, Codable {
        /// The C-SSRS screener.
        case screener = "cssrs"
        /// A significant wearable deviation kept an all-"no" screener from green (yellow).
        case wearables
        /// The AI step escalated.
        case model
        /// The person's own note or transcript, flagged by the crisis layer, raised the tier.
        case words

        /// The source as a report says it.
        public var phrase: String {
            switch self {
            case .screener: return "the C-SSRS screener"
            case .wearables: return "wearable deviations"
            case .model: return "the AI step"
            case .words: return "your own words (the crisis layer)"
            }
        }
    }

    /// When the check-in started.
    public var startedAt: Date
    /// When it finished.
    public var completedAt: Date
    /// The scored screener: the deterministic floor.
    public var screener: CSSRSResult
    /// What the AI step did.
    public var ai: AIRiskAssessment
    /// The tier acted on: the screener tier, raised by the AI step when it rated higher.
    public var finalTier: RiskTier
    /// The signals used.
    public var signals: SignalSummary
    /// What the person should do now.
    public var guidance: String
    /// Crisis lines; present when the final tier is orange or red.
    public var crisisResources: [CrisisResource]
    /// Which source decided the final tier.
    public var decidedBy: Source
    /// Columbia's triage level of the final tier.
    public var triage: ColumbiaTriage
    /// Why, in at most two plain sentences (the model's, or the static one for the tier).
    public var explanation: String
    /// Where ``explanation`` came from, when the explanation step ran (nil: the AI step's sentences
    /// or the static text, decided when the report was made).
    public var explanationSource: RiskExplanationSource?
    /// The crisis view, for orange and red.
    public var crisisView: CrisisView?
    /// The order the crisis view shows the stored safety plan in, when one was used (nil otherwise).
    public var safetyPlanOrder: [SafetyPlanSection]?
    /// Where ``safetyPlanOrder`` came from: the model, or the primary driver's fixed order and why.
    public var safetyPlanOrderSource: String?
    /// For yellow, guided coping from the person's own safety plan: strategies to try, places
    /// to go, someone to reach (nil when there is no plan or the tier is not yellow).
    public var copingSteps: [String]?

    /// Creates a report; guidance, explanation, crisis view and resources follow from the final tier.
    public init(startedAt: Date, completedAt: Date, screener: CSSRSResult, ai: AIRiskAssessment, finalTier: RiskTier,
                signals: SignalSummary, resources: [CrisisResource] = CrisisResource.unitedStates,
                decidedBy: Source? = nil, profile: CrisisProfile = CrisisProfile()) {
        self.startedAt = startedAt
        self.completedAt = completedAt
        self.screener = screener
        self.ai = ai
        self.finalTier = finalTier
        self.signals = signals
        self.guidance = finalTier.guidance
        self.crisisResources = finalTier.showsCrisisResources ? resources : []
        self.decidedBy = decidedBy ?? (finalTier > screener.tier ? .model : .screener)
        self.triage = finalTier.columbiaTriage
        // The model's sentences explain the final tier only when the model's tier is the final one.
        let modelText = ai.status == .assessed && ai.tier == finalTier ? ai.explanation : nil
        self.explanation = RiskExplainer.explain(tier: finalTier, modelOutput: modelText).text
        self.crisisView = CrisisView(tier: finalTier, profile: profile, resources: resources)
    }

    /// Shows the person's Stanley–Brown `plan` in the crisis view in `ranking`'s order (the top
    /// three sections expanded, instead of the profile's plain steps, which stay in the view for
    /// older readers) and records the order and its source. Does nothing below orange.
    public mutating func showSafetyPlan(_ plan: SafetyPlan, ranking: SafetyPlanRanking) {
        guard crisisView != nil else { return }
        crisisView?.rankedPlan = CrisisPlanSection.sections(of: plan, order: ranking.order)
        safetyPlanOrder = ranking.order.sections
        safetyPlanOrderSource = ranking.source.description
    }

    /// Uses the explanation step's `text` (see ``RiskExplanationWriter``) and records its source.
    public mutating func useExplanation(_ text: String, source: RiskExplanationSource) {
        explanation = text
        explanationSource = source
    }

    /// For a yellow result, the first coping strategies, distractions and person to ask from
    /// `plan`, as ``copingSteps``. Does nothing for other tiers (orange and red get the crisis view).
    public mutating func showCoping(from plan: SafetyPlan) {
        guard finalTier == .yellow else { return }
        var steps = plan.entries(in: .copingStrategies).prefix(3).map { "Try: \($0.description)" }
        steps += plan.entries(in: .distraction).prefix(2).map { "Go to: \($0.description)" }
        if let person = plan.entries(in: .peopleToAsk).first { steps.append("Reach out to: \(person.description)") }
        copingSteps = steps.isEmpty ? nil : steps
    }

    /// Whether the AI step raised the tier above the screener's.
    public var escalatedByAI: Bool { finalTier > screener.tier }

    /// The report as text for a terminal. Crisis resources come first when they apply.
    public var text: String {
        var lines: [String] = []
        if !crisisResources.isEmpty {
            lines.append("*** If you might act on thoughts of suicide, reach out now: ***")
            lines += crisisResources.map { "  \($0.name): \($0.instructions)" }
            lines.append("")
        }
        lines.append("Check-in result: \(finalTier.rawValue.uppercased()) — \(finalTier.label) (Columbia triage: \(triage.rawValue))")
        lines.append("  Decided by: \(decidedBy.phrase)")
        if case .model = explanationSource {
            lines.append("  Why (in the on-device model's words): \(explanation)")
        } else {
            lines.append("  Why: \(explanation)")
        }
        let positives = screener.decisiveItems.map(\.label).joined(separator: ", ")
        lines.append("  Screener (C-SSRS): \(screener.tier.rawValue)" + (positives.isEmpty ? " — no item answered yes" : " — yes to \(positives)"))
        lines.append("  \(ai.summary)")
        if escalatedByAI { lines.append("  The AI step raised the tier from \(screener.tier.rawValue) to \(finalTier.rawValue).") }
        lines += signals.lines.map { "  " + $0 }
        lines.append("")
        lines.append(guidance)
        if let copingSteps {
            lines += ["", "From your safety plan, for today:"] + copingSteps.map { "  - " + $0 }
        }
        if let crisisView { lines += ["", crisisView.text] }
        return lines.joined(separator: "\n")
    }
}

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

        /// The summary of `signals`.
        public init(_ signals: CheckInSignals) {
            prosody = signals.prosody
            health = signals.health
            notePresent = signals.note != nil
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

    /// Creates a report; guidance and crisis resources follow from the final tier.
    public init(startedAt: Date, completedAt: Date, screener: CSSRSResult, ai: AIRiskAssessment, finalTier: RiskTier,
                signals: SignalSummary, resources: [CrisisResource] = CrisisResource.unitedStates) {
        self.startedAt = startedAt
        self.completedAt = completedAt
        self.screener = screener
        self.ai = ai
        self.finalTier = finalTier
        self.signals = signals
        self.guidance = finalTier.guidance
        self.crisisResources = finalTier.showsCrisisResources ? resources : []
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
        lines.append("Check-in result: \(finalTier.rawValue.uppercased()) (\(finalTier.riskLevel))")
        let positives = screener.decisiveItems.map(\.label).joined(separator: ", ")
        lines.append("  Screener (C-SSRS): \(screener.tier.rawValue)" + (positives.isEmpty ? " — no item answered yes" : " — yes to \(positives)"))
        lines.append("  \(ai.summary)")
        if escalatedByAI { lines.append("  The AI step raised the tier from \(screener.tier.rawValue) to \(finalTier.rawValue).") }
        if let prosody = signals.prosody { lines.append("  Voice: \(prosody.summary)") }
        if let health = signals.health {
            lines.append("  Wearables (\(health.recentWindow.map(\.description).joined(separator: " to ")) vs "
                + "\(health.baselineWindow.map(\.description).joined(separator: " to ")))")
            lines += health.metrics.map { "    \($0.summary)" }
        }
        lines.append("")
        lines.append(guidance)
        return lines.joined(separator: "\n")
    }
}

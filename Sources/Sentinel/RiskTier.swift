/// How urgently a check-in calls for help, from no concern (green) to acute risk (red).
///
/// Tiers are ordered: `green < yellow < orange < red`. The final tier of a check-in is the
/// highest of the deterministic screener tier and the AI tier (see ``RiskDecision``), so the AI
/// step can only escalate.
public enum RiskTier: String, Sendable, Hashable, Codable, CaseIterable, Comparable, CustomStringConvertible {
    /// No risk indicated.
    case green
    /// Low risk: passive or active ideation without method, intent, plan or behaviour.
    case yellow
    /// "High monitoring" (moderate risk): thinking about a method, or suicidal behaviour earlier
    /// in life (within the past 3 months is red).
    case orange
    /// "Crisis" (high risk): intent, or a plan with intent. Never waits for the model.
    case red

    /// The tier's position in the order, 0 (green) to 3 (red).
    public var severity: Int {
        switch self {
        case .green: return 0
        case .yellow: return 1
        case .orange: return 2
        case .red: return 3
        }
    }

    public static func < (lhs: RiskTier, rhs: RiskTier) -> Bool { lhs.severity < rhs.severity }

    public var description: String { rawValue }

    /// Whether crisis resources must be shown (orange and red).
    public var showsCrisisResources: Bool { self >= .orange }

    /// The tier's name in reports: "no concern", "low risk", "high monitoring", "crisis".
    public var label: String {
        switch self {
        case .green: return "no concern"
        case .yellow: return "low risk"
        case .orange: return "high monitoring"
        case .red: return "crisis"
        }
    }

    /// Columbia's screener triage level the tier maps to (green has none).
    public var columbiaTriage: ColumbiaTriage {
        switch self {
        case .green: return .none
        case .yellow: return .low
        case .orange: return .moderate
        case .red: return .high
        }
    }

    /// The C-SSRS screener's name for the tier's risk level.
    public var riskLevel: String {
        switch self {
        case .green: return "no risk indicated"
        case .yellow: return "low risk"
        case .orange: return "moderate risk"
        case .red: return "high risk"
        }
    }

    /// What the person should do now, in plain words.
    public var guidance: String {
        switch self {
        case .green:
            return "Nothing in this check-in points to risk right now. Keep up your routines and check in again as planned."
        case .yellow:
            return "Some warning signs showed up. Consider talking to someone you trust or your care team soon. "
                + "If things get harder, the Veterans Crisis Line is there 24/7."
        case .orange:
            return "This check-in shows significant warning signs. Please contact your care team or the Veterans "
                + "Crisis Line today — you do not have to handle this alone."
        case .red:
            return "Please reach out for help now. Call 988 and press 1 or text 838255 to talk to someone right away, "
                + "or call 911 if you are in immediate danger. If you can, stay with someone you trust and put "
                + "distance between yourself and anything you could use to hurt yourself."
        }
    }
}

/// The Columbia screener's triage levels (low, moderate, high risk), as reported in output.
public enum ColumbiaTriage: String, Sendable, Hashable, Codable, CaseIterable {
    /// No item answered yes.
    case none
    /// Low risk (yellow).
    case low
    /// Moderate risk (orange).
    case moderate
    /// High risk (red).
    case high
}

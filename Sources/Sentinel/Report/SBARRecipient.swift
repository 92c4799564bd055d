/// Who an SBAR report is for; each recipient gets the part of the picture they can act on.
public enum SBARRecipient: String, Sendable, Hashable, Codable, CaseIterable, CustomStringConvertible {
    /// The primary care clinician: biometric trends and the longitudinal context.
    case primaryCare = "primary-care"
    /// The mental health clinician: screener responses and behavioural patterns.
    case mentalHealth = "mental-health"
    /// Emergency services: the immediate safety status and the crisis history.
    case emergency
    /// A caregiver (family member, battle buddy): practical safety steps in plain words.
    case caregiver

    /// The recipient as a report names them.
    public var title: String {
        switch self {
        case .primaryCare: return "Primary care clinician"
        case .mentalHealth: return "Mental health clinician"
        case .emergency: return "Emergency services"
        case .caregiver: return "Caregiver"
        }
    }

    /// What the report should emphasise for this recipient (also the model's instruction).
    public var focus: String {
        switch self {
        case .primaryCare:
            return "Emphasise biometric trends (sleep, activity, heart rate variability) against the person's baseline "
                + "and the longitudinal context (trajectory, primary driver, number of check-ins)."
        case .mentalHealth:
            return "Emphasise the C-SSRS screener responses item by item and the behavioural patterns over the check-ins."
        case .emergency:
            return "Emphasise the immediate safety status (latest tier, intent, plan, recent behaviour, access to lethal "
                + "means) and the crisis history. Be brief and factual."
        case .caregiver:
            return "Use plain, non-clinical words. Emphasise practical safety steps the caregiver can take today: "
                + "staying with the person, making the home safe, who to call."
        }
    }

    public var description: String { rawValue }
}

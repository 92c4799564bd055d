/// One question of the Columbia Suicide Severity Rating Scale (C-SSRS) screener, recent version.
///
/// The wording follows the public C-SSRS Screener (Posner et al., The Columbia Lighthouse
/// Project). Items 1–5 ask about the past month; item 6 asks about the person's lifetime, and
/// its follow-up (6b) about the past 3 months.
public enum CSSRSItem: String, Sendable, Hashable, Codable, CaseIterable, Comparable {
    /// 1. Wish to be dead.
    case wishDead = "wish_dead"
    /// 2. Non-specific active suicidal thoughts.
    case suicidalThoughts = "suicidal_thoughts"
    /// 3. Active suicidal ideation with any methods, without plan or intent.
    case method
    /// 4. Active suicidal ideation with some intent to act, without a specific plan.
    case intent
    /// 5. Active suicidal ideation with a specific plan and intent.
    case plan
    /// 6. Suicidal behaviour, lifetime.
    case behavior
    /// 6b. Whether that behaviour was within the past 3 months.
    case behaviorPastThreeMonths = "behavior_past_3_months"

    /// The printed item number ("1" … "6", "6b").
    public var number: String {
        switch self {
        case .wishDead: return "1"
        case .suicidalThoughts: return "2"
        case .method: return "3"
        case .intent: return "4"
        case .plan: return "5"
        case .behavior: return "6"
        case .behaviorPastThreeMonths: return "6b"
        }
    }

    /// The period the question covers.
    public var timeFrame: String {
        switch self {
        case .wishDead, .suicidalThoughts, .method, .intent, .plan: return "In the past month"
        case .behavior: return "In your lifetime"
        case .behaviorPastThreeMonths: return "If yes"
        }
    }

    /// The question as it is asked.
    public var question: String {
        switch self {
        case .wishDead:
            return "Have you wished you were dead or wished you could go to sleep and not wake up?"
        case .suicidalThoughts:
            return "Have you actually had any thoughts of killing yourself?"
        case .method:
            return "Have you been thinking about how you might do this?"
        case .intent:
            return "Have you had these thoughts and had some intention of acting on them?"
        case .plan:
            return "Have you started to work out or worked out the details of how to kill yourself? "
                + "Do you intend to carry out this plan?"
        case .behavior:
            return "Have you ever done anything, started to do anything, or prepared to do anything to end your life?"
        case .behaviorPastThreeMonths:
            return "Was this within the past 3 months?"
        }
    }

    /// Clarification read out with the question, when the screener gives one.
    public var clarification: String? {
        switch self {
        case .method:
            return "For example: \"I thought about taking an overdose but I never made a specific plan as to when, "
                + "where or how I would actually do it, and I would never go through with it.\""
        case .intent:
            return "As opposed to \"I have the thoughts but I definitely will not do anything about them.\""
        case .behavior:
            return "For example: collected pills, obtained a gun, gave away valuables, wrote a will or suicide note, "
                + "took out pills but didn't swallow any, held a gun but changed your mind, went to the roof but "
                + "didn't jump; or actually took pills, tried to shoot, cut or hang yourself."
        default:
            return nil
        }
    }

    /// A short, neutral label for reports ("intent", "behaviour in the past 3 months").
    public var label: String {
        switch self {
        case .wishDead: return "wish to be dead"
        case .suicidalThoughts: return "suicidal thoughts"
        case .method: return "thoughts of a method"
        case .intent: return "intent to act"
        case .plan: return "a plan with intent"
        case .behavior: return "suicidal behaviour (lifetime)"
        case .behaviorPastThreeMonths: return "suicidal behaviour in the past 3 months"
        }
    }

    /// The tier a "yes" to this item alone puts the person in.
    ///
    /// Items 1 and 2: yellow. Item 3 and item 6 (suicidal behaviour earlier in life): orange,
    /// "high monitoring". Items 4 and 5, and 6b (suicidal behaviour within the past 3 months): red,
    /// "crisis", at once.
    ///
    /// The Sentinel specification's simplified table put 6b at orange; the Columbia Protocol's own
    /// screener triage (C-SSRS Screen Version, The Columbia Lighthouse Project) calls suicidal
    /// behaviour within the past 3 months high risk, and when in doubt Sentinel errs toward help.
    public var tierIfYes: RiskTier {
        switch self {
        case .wishDead, .suicidalThoughts: return .yellow
        case .method, .behavior: return .orange
        case .intent, .plan, .behaviorPastThreeMonths: return .red
        }
    }

    /// The item's LOINC code, kept for export (FHIR Observation, CSV).
    ///
    /// 1: 93246-7, 2: 93247-5, 3: 93248-3, 4: 93249-1, 5: 93250-9, 6: 93267-3, 6b (past 3
    /// months): 93269-9.
    public var loincCode: String {
        switch self {
        case .wishDead: return "93246-7"
        case .suicidalThoughts: return "93247-5"
        case .method: return "93248-3"
        case .intent: return "93249-1"
        case .plan: return "93250-9"
        case .behavior: return "93267-3"
        case .behaviorPastThreeMonths: return "93269-9"
        }
    }

    private var order: Int { Self.allCases.firstIndex(of: self)! }

    public static func < (lhs: CSSRSItem, rhs: CSSRSItem) -> Bool { lhs.order < rhs.order }
}

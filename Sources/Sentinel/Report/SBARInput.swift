import Foundation

/// Everything an SBAR report is written from, as plain values (so that any source — a check-in
/// report, the longitudinal state, the encrypted store — can fill it).
public struct SBARInput: Sendable, Hashable, Codable {
    /// When the report is written.
    public var generatedAt: Date
    /// The latest check-in's final tier.
    public var latestTier: RiskTier?
    /// When the latest check-in happened.
    public var latestCheckInAt: Date?
    /// The latest C-SSRS screener answers.
    public var screenerAnswers: CSSRSAnswers?
    /// Biometric and signal findings, one per line ("Sleep: 4.9 h vs baseline 7.2 h (z = -2.6)").
    public var signals: [String]
    /// Behavioural patterns noticed over the check-ins.
    public var patterns: [String]
    /// How many check-ins the picture is built from.
    public var checkInCount: Int?
    /// Where the tiers are heading.
    public var trajectory: Trajectory?
    /// The signal that deviates most.
    public var driver: PrimaryDriver?
    /// The longitudinal narrative.
    public var narrative: String?
    /// Crisis sessions (orange or red) in the last 30 days.
    public var crisisCount: Int
    /// Days since the most recent crisis session, if any.
    public var daysSinceLastCrisis: Int?
    /// How the most recent crisis ended, in words ("resolved at recheck", "escalated to 988").
    public var lastCrisisOutcome: String?
    /// The person's safety plan, if they have one.
    public var safetyPlan: SafetyPlan?

    /// Creates an input; everything but the time is optional.
    public init(generatedAt: Date = Date(), latestTier: RiskTier? = nil, latestCheckInAt: Date? = nil,
                screenerAnswers: CSSRSAnswers? = nil, signals: [String] = [], patterns: [String] = [],
                checkInCount: Int? = nil, trajectory: Trajectory? = nil, driver: PrimaryDriver? = nil,
                narrative: String? = nil, crisisCount: Int = 0, daysSinceLastCrisis: Int? = nil,
                lastCrisisOutcome: String? = nil, safetyPlan: SafetyPlan? = nil) {
        self.generatedAt = generatedAt
        self.latestTier = latestTier
        self.latestCheckInAt = latestCheckInAt
        self.screenerAnswers = screenerAnswers
        self.signals = signals
        self.patterns = patterns
        self.checkInCount = checkInCount
        self.trajectory = trajectory
        self.driver = driver
        self.narrative = narrative
        self.crisisCount = crisisCount
        self.daysSinceLastCrisis = daysSinceLastCrisis
        self.lastCrisisOutcome = lastCrisisOutcome
        self.safetyPlan = safetyPlan
    }

    /// The screener answers as "item number. question: yes/no" lines, asked items only.
    public var screenerLines: [String] {
        guard let answers = screenerAnswers else { return [] }
        return CSSRSItem.allCases.compactMap { item in
            answers[item].map { "\(item.number). \(item.question) — \($0 ? "yes" : "no")" }
        }
    }

    /// The positive screener items' short names ("wish to be dead", "intent", …).
    public var positiveScreenerItems: [String] {
        (screenerAnswers?.positiveItems ?? []).map(Self.shortName)
    }

    static func shortName(_ item: CSSRSItem) -> String {
        switch item {
        case .wishDead: return "wish to be dead"
        case .suicidalThoughts: return "suicidal thoughts"
        case .method: return "thinking about a method"
        case .intent: return "intent to act"
        case .plan: return "a plan with intent"
        case .behavior: return "suicidal behaviour (lifetime)"
        case .behaviorPastThreeMonths: return "suicidal behaviour in the past 3 months"
        }
    }
}

extension SBARInput {
    /// The input for the latest check-in, with the crisis history and the safety plan when known.
    public init(checkIn report: CheckInReport, crisisHistory: CrisisHistory? = nil, safetyPlan: SafetyPlan? = nil,
                generatedAt: Date = Date()) {
        self.init(generatedAt: generatedAt, latestTier: report.finalTier, latestCheckInAt: report.completedAt,
                  screenerAnswers: report.screener.answers, signals: report.signals.lines, safetyPlan: safetyPlan)
        if let crisisHistory { applyCrisisHistory(crisisHistory, now: generatedAt) }
    }

    /// Fills the crisis fields from the (30-day) crisis history.
    public mutating func applyCrisisHistory(_ history: CrisisHistory, now: Date) {
        crisisCount = history.sessions.count
        guard let last = history.sessions.last else { return }
        daysSinceLastCrisis = max(0, Int(now.timeIntervalSince(last.openedAt) / 86_400))
        lastCrisisOutcome = Self.outcome(of: last)
    }

    /// How a crisis session ended, in words.
    static func outcome(of session: CrisisSession) -> String {
        let opened = "\(session.tier.label) (\(session.tier.rawValue))"
        switch session.state {
        case .resolved: return "opened at \(opened); the person reported feeling more stable at the recheck"
        case .escalated: return "opened at \(opened); escalated to calling 988 (still not safe at the recheck)"
        case .active, .recheckDue: return "opened at \(opened); no recheck answer recorded"
        }
    }
}

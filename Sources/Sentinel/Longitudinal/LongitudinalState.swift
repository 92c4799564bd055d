import Foundation

/// Longitudinal Clinical State Compression (LCSC): what Sentinel remembers across check-ins, in
/// a fixed size — counts, the direction of the tiers, the signal that drives them, recent crises,
/// notes for the next risk prompt, and a short narrative a model keeps compressed.
///
/// Everything except the narrative is updated deterministically by ``LongitudinalTracker``. The
/// store keeps the state encrypted; it resets after 30 days without a check-in.
public struct LongitudinalState: Sendable, Hashable, Codable {
    /// A state with no check-in for this long is reset.
    public static let inactivityReset: TimeInterval = 30 * 24 * 60 * 60
    /// Crises are counted over this window (and forgotten after it, like the crisis history).
    public static let crisisWindow: TimeInterval = 30 * 24 * 60 * 60
    /// A crisis this recent adds a vigilance note.
    public static let recentCrisisWindow: TimeInterval = 7 * 24 * 60 * 60
    /// How many recent check-ins are kept for the trajectory and the driver.
    public static let recentLimit = 10

    /// One recent check-in, reduced to what the trajectory and the driver need.
    public struct Entry: Sendable, Hashable, Codable {
        /// When the check-in finished.
        public var date: Date
        /// Its final tier.
        public var tier: RiskTier
        /// How far each signal deviated from baseline (0 = not at all; see ``SignalDeviations``).
        public var deviations: SignalDeviations

        /// Creates an entry.
        public init(date: Date, tier: RiskTier, deviations: SignalDeviations) {
            self.date = date
            self.tier = tier
            self.deviations = deviations
        }
    }

    /// Check-ins since the state was started (or last reset).
    public var checkInCount = 0
    /// The first check-in counted.
    public var firstCheckInAt: Date?
    /// The latest check-in.
    public var lastCheckInAt: Date?
    /// The latest check-ins, oldest first (at most ``recentLimit``).
    public var recent: [Entry] = []
    /// The direction of the tiers.
    public var trajectory: Trajectory = .stable
    /// The signal deviating most from baseline over the latest check-ins; nil when none deviates.
    public var primaryDriver: PrimaryDriver?
    /// When each crisis (an orange or red check-in) of the last 30 days happened, oldest first.
    public var crisisDates: [Date] = []
    /// Crises in the last 30 days as of the latest update.
    public var crisisFrequency = 0
    /// Whole days from the latest crisis to the latest update; nil without a crisis in 30 days.
    public var daysSinceLastCrisis: Int?
    /// Notes for the next risk prompt (worsening trajectory, a recent crisis, frequent crises).
    public var vigilanceNotes: [String] = []
    /// The compressed narrative (encrypted at rest); empty until a model or a record writes one.
    public var narrative = ""
    /// When the narrative last changed.
    public var narrativeUpdatedAt: Date?
    /// What happened to the narrative at the latest update.
    public var lastNarrativeUpdate: NarrativeUpdate?

    /// An empty state.
    public init() {}

    /// The tiers of the recent check-ins, oldest first.
    public var recentTiers: [RiskTier] { recent.map(\.tier) }

    /// Whether the state has gone 30 days without a check-in by `now`.
    public func isInactive(now: Date) -> Bool {
        guard let lastCheckInAt else { return false }
        return now.timeIntervalSince(lastCheckInAt) > Self.inactivityReset
    }

    /// Drops crises older than 30 days before `now`; returns how many were dropped.
    @discardableResult
    public mutating func forgetOldCrises(now: Date) -> Int {
        let before = crisisDates.count
        crisisDates.removeAll { now.timeIntervalSince($0) > Self.crisisWindow }
        crisisFrequency = crisisDates.count
        if crisisDates.isEmpty { daysSinceLastCrisis = nil }
        return before - crisisDates.count
    }

    /// The state as the history line of the risk prompt (counts, trajectory, driver, crises and
    /// the narrative, shortened).
    public var promptSummary: String {
        guard checkInCount > 0 || !narrative.isEmpty else { return "no earlier check-ins on record" }
        var parts: [String] = []
        if checkInCount > 0 {
            let tiers = recentTiers.suffix(5).map(\.rawValue).joined(separator: " → ")
            parts.append("\(checkInCount) earlier check-in\(checkInCount == 1 ? "" : "s"); trajectory \(trajectory.rawValue)"
                + (tiers.isEmpty ? "" : " (latest tiers: \(tiers))"))
            parts.append("primary driver: \(primaryDriver?.rawValue ?? "none deviating")")
            parts.append(crisisFrequency == 0 ? "no crisis in the last 30 days"
                : "\(crisisFrequency) crisis check-in\(crisisFrequency == 1 ? "" : "s") in the last 30 days, the latest "
                    + (daysSinceLastCrisis.map { "\($0) day\($0 == 1 ? "" : "s") ago" } ?? "recently"))
        }
        var summary = parts.joined(separator: "; ") + "."
        if !narrative.isEmpty {
            summary += " Summary: " + (narrative.count > 800 ? String(narrative.prefix(800)) + "…" : narrative)
        }
        return summary
    }
}

/// What happened to the narrative at an update.
public struct NarrativeUpdate: Sendable, Hashable, Codable {
    /// The outcome.
    public enum Status: String, Sendable, Hashable, Codable {
        /// The model wrote a new narrative.
        case compressed
        /// A record was integrated by the model.
        case integrated
        /// A record was appended as a dated line (no model, or the model failed).
        case appended
        /// The previous narrative was kept (no model, failure, timeout, empty answer).
        case kept
    }

    /// The outcome.
    public var status: Status
    /// Why, for `kept` and `appended` (never clinical content).
    public var detail: String?
    /// When.
    public var date: Date

    /// Creates an update record.
    public init(status: Status, detail: String? = nil, date: Date) {
        self.status = status
        self.detail = detail
        self.date = date
    }
}

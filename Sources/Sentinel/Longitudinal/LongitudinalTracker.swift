import Foundation

/// The deterministic half of LCSC: after each check-in, updates the count, trajectory, primary
/// driver, crisis frequency, days since the last crisis and the vigilance notes.
///
/// - Trajectory: the least-squares slope of the tier severities (green 0 … red 3) over the last
///   ``trajectoryWindow`` check-ins; at least +``slopeThreshold`` per check-in is worsening, at
///   most −``slopeThreshold`` improving, anything between stable (so is a single check-in).
/// - Primary driver: each signal's mean deviation (``SignalDeviations``) over the last
///   ``driverWindow`` check-ins where it was measured; the largest at or above
///   ``driverThreshold`` drives, unless the runner-up is within ``combinedMargin`` (then
///   `combined`); nil when no signal reaches the threshold.
/// - A crisis is an orange or red check-in; crises count over 30 days.
public struct LongitudinalTracker: Sendable, Hashable {
    /// Check-ins the trajectory looks at.
    public var trajectoryWindow = 5
    /// Tier levels per check-in that make a trend.
    public var slopeThreshold = 0.25
    /// Check-ins the driver looks at.
    public var driverWindow = 3
    /// Mean deviation a signal needs to drive (1.0; 1.5 is "concerning").
    public var driverThreshold = 1.0
    /// When the runner-up is this close (or within 10 % of the leader), the driver is combined.
    public var combinedMargin = 0.25

    /// A tracker with the defaults.
    public init() {}

    /// The state after `record`; a state inactive for 30 days starts over first.
    public func update(_ state: LongitudinalState, with record: CheckInRecord) -> LongitudinalState {
        let now = record.completedAt
        var state = state.isInactive(now: now) ? LongitudinalState() : state
        state.checkInCount += 1
        if state.firstCheckInAt == nil { state.firstCheckInAt = now }
        state.lastCheckInAt = max(state.lastCheckInAt ?? now, now)
        state.recent.append(.init(date: now, tier: record.finalTier, deviations: SignalDeviations(record)))
        state.recent.sort { $0.date < $1.date }
        if state.recent.count > LongitudinalState.recentLimit { state.recent.removeFirst(state.recent.count - LongitudinalState.recentLimit) }
        state.trajectory = trajectory(of: state.recentTiers)
        state.primaryDriver = primaryDriver(of: state.recent.suffix(driverWindow).map(\.deviations))
        if record.finalTier.showsCrisisResources { state.crisisDates.append(now) }
        state.crisisDates.sort()
        return refreshed(state, now: now)
    }

    /// `state` with crises older than 30 days forgotten and the crisis figures and vigilance
    /// notes recomputed as of `now` (for the next risk prompt).
    public func refreshed(_ state: LongitudinalState, now: Date) -> LongitudinalState {
        var state = state
        state.forgetOldCrises(now: now)
        state.crisisFrequency = state.crisisDates.count
        state.daysSinceLastCrisis = state.crisisDates.last.map { max(0, Int(now.timeIntervalSince($0) / 86_400)) }
        state.vigilanceNotes = vigilanceNotes(for: state, now: now)
        return state
    }

    /// The trajectory of a tier series, oldest first.
    public func trajectory(of tiers: [RiskTier]) -> Trajectory {
        let window = Array(tiers.suffix(trajectoryWindow))
        guard window.count >= 2 else { return .stable }
        let count = Double(window.count)
        let meanX = (count - 1) / 2
        let meanY = window.reduce(0.0) { $0 + Double($1.severity) } / count
        var covariance = 0.0, variance = 0.0
        for (index, tier) in window.enumerated() {
            let dx = Double(index) - meanX
            covariance += dx * (Double(tier.severity) - meanY)
            variance += dx * dx
        }
        let slope = covariance / variance
        if slope >= slopeThreshold { return .worsening }
        if slope <= -slopeThreshold { return .improving }
        return .stable
    }

    /// The primary driver over a few check-ins' deviations.
    public func primaryDriver(of entries: [SignalDeviations]) -> PrimaryDriver? {
        let candidates: [(driver: PrimaryDriver, mean: Double)] = PrimaryDriver.allCases.compactMap { driver in
            let values = entries.compactMap { $0[driver] }
            guard !values.isEmpty else { return nil }
            return (driver, values.reduce(0, +) / Double(values.count))
        }
        let ranked = candidates.filter { $0.mean >= driverThreshold }.sorted { $0.mean > $1.mean }
        guard let leader = ranked.first else { return nil }
        if ranked.count > 1, leader.mean - ranked[1].mean <= max(combinedMargin, leader.mean * 0.1) { return .combined }
        return leader.driver
    }

    /// The notes for the next risk prompt.
    public func vigilanceNotes(for state: LongitudinalState, now: Date) -> [String] {
        var notes: [String] = []
        if state.trajectory == .worsening {
            let tiers = state.recentTiers.suffix(trajectoryWindow).map(\.rawValue).joined(separator: " → ")
            notes.append("Worsening trajectory: the tiers rose over the recent check-ins (\(tiers)); weigh new signs of distress more heavily.")
        }
        if let last = state.crisisDates.last, now.timeIntervalSince(last) <= LongitudinalState.recentCrisisWindow {
            let days = max(0, Int(now.timeIntervalSince(last) / 86_400))
            let when = days == 0 ? "today" : "\(days) day\(days == 1 ? "" : "s") ago"
            notes.append("A crisis check-in (orange or red) was recorded \(when); risk stays elevated in the days after a crisis.")
        }
        if state.crisisDates.count >= 3 {
            notes.append("\(state.crisisDates.count) crisis check-ins in the last 30 days.")
        }
        return notes
    }
}

import Foundation

extension SBARInput {
    /// The input from what the encrypted store keeps: the stored check-ins (the latest gives the
    /// tier, screener answers and signals; the series gives the trends), the longitudinal state
    /// (trajectory, driver, vigilance notes, narrative, crises), the crisis history and the plan.
    public init(checkIns: [CheckInRecord], state: LongitudinalState?, crisisHistory: CrisisHistory?,
                safetyPlan: SafetyPlan?, now: Date = Date()) {
        let latest = checkIns.last
        self.init(generatedAt: now, latestTier: latest?.finalTier, latestCheckInAt: latest?.completedAt,
                  screenerAnswers: latest?.answers, safetyPlan: safetyPlan)
        if let latest { signals = Self.signalLines(latest.measurements) }
        signals += Self.trendLines(checkIns)
        if let state, state.checkInCount > 0 || !state.narrative.isEmpty {
            checkInCount = state.checkInCount
            trajectory = state.trajectory
            driver = state.primaryDriver
            patterns = state.vigilanceNotes
            narrative = state.narrative.isEmpty ? nil : state.narrative
            crisisCount = state.crisisFrequency
            daysSinceLastCrisis = state.daysSinceLastCrisis
        } else if !checkIns.isEmpty {
            checkInCount = checkIns.count
        }
        if let crisisHistory, !crisisHistory.sessions.isEmpty {
            let fromState = (crisisCount, daysSinceLastCrisis)
            applyCrisisHistory(crisisHistory, now: now)
            crisisCount = max(crisisCount, fromState.0)
            if let days = fromState.1 { daysSinceLastCrisis = min(daysSinceLastCrisis ?? days, days) }
        }
    }

    /// One line per measured signal of a check-in.
    static func signalLines(_ m: CheckInMeasurements) -> [String] {
        var lines: [String] = []
        func z(_ value: Double?) -> String { value.map { String(format: " (z = %.1f against baseline)", $0) } ?? "" }
        if m.sleepHours != nil || m.sleepZ != nil {
            lines.append("Sleep: " + (m.sleepHours.map { String(format: "%.1f h per night", $0) } ?? "measured") + z(m.sleepZ))
        }
        if m.steps != nil || m.stepsZ != nil {
            lines.append("Activity: " + (m.steps.map { String(format: "%.0f steps per day", $0) } ?? "measured") + z(m.stepsZ))
        }
        if m.hrvMilliseconds != nil || m.hrvZ != nil {
            lines.append("HRV: " + (m.hrvMilliseconds.map { String(format: "%.0f ms", $0) } ?? "measured") + z(m.hrvZ))
        }
        if let mood = m.moodScore { lines.append(String(format: "Transcript tone: %+.2f (from -1 all negative to +1 all positive)", mood)) }
        if let rate = m.speechRate { lines.append(String(format: "Speech rate: %.0f words per minute", rate)) }
        if let pauses = m.pausesPerMinute { lines.append(String(format: "Voice pauses: %.1f per minute", pauses)) }
        if !m.discrepancies.isEmpty { lines.append("Signal discrepancies: " + m.discrepancies.joined(separator: ", ")) }
        return lines
    }

    /// The tier series and the sleep trend over the stored check-ins.
    static func trendLines(_ checkIns: [CheckInRecord]) -> [String] {
        guard checkIns.count >= 2 else { return [] }
        var lines = ["Tiers over the last \(min(checkIns.count, 10)) check-ins: "
                     + checkIns.suffix(10).map(\.finalTier.rawValue).joined(separator: " → ")]
        let sleep = checkIns.suffix(10).compactMap(\.measurements.sleepHours)
        if sleep.count >= 2, let first = sleep.first, let last = sleep.last {
            lines.append(String(format: "Sleep trend: %.1f h → %.1f h per night over %d check-ins", first, last, sleep.count))
        }
        return lines
    }
}

extension SafetyPlanRerankingInput {
    /// The reranking input from the longitudinal state and the latest tier.
    public init(state: LongitudinalState, tier: RiskTier?) {
        self.init(trajectory: state.checkInCount > 0 ? state.trajectory : nil, driver: state.primaryDriver,
                  tier: tier ?? state.recent.last?.tier, patterns: state.vigilanceNotes,
                  narrative: state.narrative.isEmpty ? nil : state.narrative)
    }
}

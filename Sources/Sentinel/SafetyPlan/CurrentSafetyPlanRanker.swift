/// Ranks the person's stored safety plan for right now, from the longitudinal state and the
/// latest tier. Shared by `sentinel plan show --ranked` and the crisis view of `sentinel checkin`.
///
/// The ranking itself is the ``SafetyPlanReranker``'s: the model's order when it answers with a
/// valid permutation within its budget, otherwise the deterministic order for the primary driver
/// (immediate, no model needed).
public struct CurrentSafetyPlanRanker: Sendable {
    /// The reranker (with or without a model).
    public let reranker: SafetyPlanReranker
    /// The deterministic longitudinal update, used to count a just-finished check-in in the state.
    public let tracker: LongitudinalTracker

    /// A ranker over `reranker`.
    public init(reranker: SafetyPlanReranker, tracker: LongitudinalTracker = LongitudinalTracker()) {
        self.reranker = reranker
        self.tracker = tracker
    }

    /// The ranking for what the store holds: its longitudinal state and the latest stored check-in's tier.
    public func rank(store: SentinelStore) async throws -> SafetyPlanRanking {
        let input = SafetyPlanRerankingInput(state: try store.longitudinalState(), tier: try store.checkIns().last?.finalTier)
        return await reranker.rank(input)
    }

    /// The ranking for a check-in that just ended: `state` (the longitudinal state before it)
    /// updated deterministically with the check-in (trajectory, driver, vigilance notes; the
    /// narrative is the stored one), and the check-in's final tier.
    public func rank(after report: CheckInReport, state: LongitudinalState) async -> SafetyPlanRanking {
        let current = tracker.update(state, with: CheckInRecord(report))
        return await reranker.rank(SafetyPlanRerankingInput(state: current, tier: report.finalTier))
    }

    /// `report` with the stored plan in its crisis view, ranked (the top three sections expanded),
    /// and the order in ``CheckInReport/safetyPlanOrder``. Unchanged without a crisis view (below
    /// orange) or without a stored plan; the reranker is then not asked.
    public func report(_ report: CheckInReport, withPlanFrom plans: some SafetyPlanStoring,
                       state: LongitudinalState) async throws -> CheckInReport {
        guard report.crisisView != nil, let plan = try plans.loadSafetyPlan() else { return report }
        var report = report
        report.showSafetyPlan(plan, ranking: await rank(after: report, state: state))
        return report
    }
}

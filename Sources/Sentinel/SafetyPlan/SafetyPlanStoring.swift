import Synchronization

/// Where a safety plan is kept between runs: the encrypted ``SentinelStore`` in the app, a
/// ``InMemorySafetyPlanStore`` in tests.
public protocol SafetyPlanStoring: Sendable {
    /// The saved plan, or nil when none was saved yet.
    func loadSafetyPlan() throws -> SafetyPlan?
    /// Saves the plan, replacing the previous one.
    func saveSafetyPlan(_ plan: SafetyPlan) throws
}

extension SafetyPlanStoring {
    /// The saved plan, or an empty one (which still lists 988).
    public func currentSafetyPlan() throws -> SafetyPlan { try loadSafetyPlan() ?? SafetyPlan() }

    /// Loads the plan, applies `change`, saves it and returns it. Nothing is saved when `change` throws.
    @discardableResult
    public func updateSafetyPlan(_ change: (inout SafetyPlan) throws -> Void) throws -> SafetyPlan {
        var plan = try currentSafetyPlan()
        try change(&plan)
        try saveSafetyPlan(plan)
        return plan
    }
}

/// A safety-plan store that keeps the plan in memory, for tests and previews.
public final class InMemorySafetyPlanStore: SafetyPlanStoring {
    private let plan: Mutex<SafetyPlan?>

    /// A store holding `plan` (none by default).
    public init(_ plan: SafetyPlan? = nil) { self.plan = Mutex(plan) }

    public func loadSafetyPlan() throws -> SafetyPlan? { plan.withLock { $0 } }

    public func saveSafetyPlan(_ plan: SafetyPlan) throws { self.plan.withLock { $0 = plan } }
}

/// The app keeps the safety plan in the encrypted store, as its `.safetyPlan` document.
extension SentinelStore: SafetyPlanStoring {
    public func loadSafetyPlan() throws -> SafetyPlan? {
        try loadDocument(SafetyPlan.self, kind: .safetyPlan)
    }

    public func saveSafetyPlan(_ plan: SafetyPlan) throws {
        try saveDocument(plan, kind: .safetyPlan)
    }
}

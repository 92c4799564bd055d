/// The kinds of document the ``SentinelStore`` keeps, one of each, encrypted at rest.
public enum SentinelDocumentKind: String, Sendable, CaseIterable {
    /// The crisis profile (self-command, battle buddy, …).
    case profile
    /// The Stanley-Brown safety plan.
    case safetyPlan = "safety_plan"
    /// References to the hope box's items (never the media themselves).
    case hopeBox = "hope_box"
}

/// The kinds of document the ``SentinelStore`` keeps, one of each, encrypted at rest.
public enum SentinelDocumentKind: String, Sendable, CaseIterable {
    /// The person's profile (``VeteranProfile``: name, battle buddy, preferred crisis line, self-command).
    case profile
    /// The Stanley-Brown safety plan.
    case safetyPlan = "safety_plan"
    /// The hope box (``HopeBox``): words and pictures, sealed like every document.
    case hopeBox = "hope_box"
}

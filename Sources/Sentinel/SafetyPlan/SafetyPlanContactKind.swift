/// Whether a contact on a safety plan is someone from the person's own life or a professional
/// service.
public enum SafetyPlanContactKind: String, Sendable, Hashable, Codable, CaseIterable {
    /// Family, friends, a battle buddy, a neighbour.
    case personal
    /// A clinician, clinic, hospital, VA service, crisis line or emergency service.
    case professional
    /// Nothing in the words says which.
    case unknown
}

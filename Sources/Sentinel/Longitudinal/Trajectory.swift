/// The direction of a veteran's check-ins over time, read from the series of risk tiers.
public enum Trajectory: String, Codable, Sendable, CaseIterable {
    /// Tiers neither rising nor falling.
    case stable
    /// Tiers falling (less risk) over the recent check-ins.
    case improving
    /// Tiers rising (more risk) over the recent check-ins.
    case worsening
}

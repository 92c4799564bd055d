/// The signal that deviates most from a veteran's baseline and so drives the current picture.
public enum PrimaryDriver: String, Codable, Sendable, CaseIterable {
    case sleep
    case activity
    case hrv
    case mood
    case cssrs
    /// Several signals deviate about equally.
    case combined
}

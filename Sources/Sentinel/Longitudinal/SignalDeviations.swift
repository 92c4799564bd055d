import Foundation

/// How far each signal of one check-in deviates from the person's baseline, on one scale where
/// 0 is "not at all", 1.5 "concerning" and 2 "significant" (the wearable z-score thresholds).
///
/// - sleep, activity (steps), hrv: the drop below baseline, −z (a rise counts as 0);
/// - mood: the transcript's tone, 3 × the share of negative over positive words (all negative = 3);
/// - cssrs: the screener's tier, 1.5 per level (yellow 1.5, orange 3, red 4.5).
///
/// A signal that was not measured is nil.
public struct SignalDeviations: Sendable, Hashable, Codable {
    /// Sleep below baseline.
    public var sleep: Double?
    /// Steps below baseline.
    public var activity: Double?
    /// HRV below baseline.
    public var hrv: Double?
    /// Negative tone of the words.
    public var mood: Double?
    /// The screener.
    public var cssrs: Double?

    /// Creates deviations.
    public init(sleep: Double? = nil, activity: Double? = nil, hrv: Double? = nil, mood: Double? = nil, cssrs: Double? = nil) {
        self.sleep = sleep
        self.activity = activity
        self.hrv = hrv
        self.mood = mood
        self.cssrs = cssrs
    }

    /// The deviations of a stored check-in.
    public init(_ record: CheckInRecord) {
        let measurements = record.measurements
        sleep = measurements.sleepZ.map { max(0, -$0) }
        activity = measurements.stepsZ.map { max(0, -$0) }
        hrv = measurements.hrvZ.map { max(0, -$0) }
        mood = measurements.moodScore.map { max(0, -$0) * 3 }
        cssrs = Double(record.screenerTier.severity) * 1.5
    }

    /// The value for `driver` (nil for `combined`).
    public subscript(driver: PrimaryDriver) -> Double? {
        switch driver {
        case .sleep: return sleep
        case .activity: return activity
        case .hrv: return hrv
        case .mood: return mood
        case .cssrs: return cssrs
        case .combined: return nil
        }
    }
}

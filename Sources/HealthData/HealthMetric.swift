/// A wearable measurement Sentinel compares with the person's own baseline.
public enum HealthMetric: String, Sendable, Hashable, Codable, CaseIterable, CustomStringConvertible {
    /// Steps per day (`HKQuantityTypeIdentifierStepCount`).
    case steps
    /// Heart-rate variability, SDNN in milliseconds, daily mean (`HKQuantityTypeIdentifierHeartRateVariabilitySDNN`).
    case hrv
    /// Hours asleep per night (`HKCategoryTypeIdentifierSleepAnalysis`, asleep stages only).
    case sleep

    /// The Apple Health record type.
    public var healthKitIdentifier: String {
        switch self {
        case .steps: return "HKQuantityTypeIdentifierStepCount"
        case .hrv: return "HKQuantityTypeIdentifierHeartRateVariabilitySDNN"
        case .sleep: return "HKCategoryTypeIdentifierSleepAnalysis"
        }
    }

    /// The metric for an Apple Health record type or a CSV metric name (case-insensitive).
    public init?(name: String) {
        let lowered = name.lowercased()
        if let metric = HealthMetric.allCases.first(where: { $0.healthKitIdentifier.lowercased() == lowered }) {
            self = metric
            return
        }
        switch lowered {
        case "steps", "step_count", "stepcount": self = .steps
        case "hrv", "hrv_sdnn", "sdnn": self = .hrv
        case "sleep", "sleep_hours", "sleep_analysis": self = .sleep
        default: return nil
        }
    }

    /// The unit of the daily value.
    public var unit: String {
        switch self {
        case .steps: return "steps"
        case .hrv: return "ms"
        case .sleep: return "h"
        }
    }

    /// How several values on one day combine.
    public enum DailyAggregation: Sendable, Hashable {
        /// Sum per source, then the largest source total (so phone and watch do not double-count).
        case sumPerSourceThenMax
        /// Mean of all samples.
        case mean
    }

    /// How the daily value is formed.
    public var aggregation: DailyAggregation {
        self == .hrv ? .mean : .sumPerSourceThenMax
    }

    /// Which deviations from baseline are concerning.
    public enum ConcernDirection: Sendable, Hashable {
        /// A drop is concerning.
        case low
        /// A change either way is concerning.
        case either
    }

    /// Every metric is concerning when it drops below the baseline (z below −1.5), as the issue
    /// defines it.
    public var concernDirection: ConcernDirection { .low }

    public var description: String {
        switch self {
        case .steps: return "steps"
        case .hrv: return "HRV (SDNN)"
        case .sleep: return "sleep"
        }
    }
}

/// One Apple Health record Sentinel uses.
public struct HealthRecord: Sendable, Hashable {
    /// What was measured.
    public var metric: HealthMetric
    /// The app or device that wrote it (`sourceName`).
    public var source: String
    /// Start of the measured interval.
    public var start: HealthTimestamp
    /// End of the measured interval.
    public var end: HealthTimestamp
    /// Steps, milliseconds, or hours asleep (sleep: the interval's length).
    public var value: Double

    /// Creates a record.
    public init(metric: HealthMetric, source: String, start: HealthTimestamp, end: HealthTimestamp, value: Double) {
        self.metric = metric
        self.source = source
        self.start = start
        self.end = end
        self.value = value
    }

    /// The day the record counts toward: its start day, except sleep, which counts toward the
    /// day the person wakes up (sleep ending after 18:00 counts toward the next day).
    public var day: CalendarDay {
        guard metric == .sleep else { return start.day }
        return end.secondsOfDay >= 18 * 3600 ? end.day.adding(days: 1) : end.day
    }
}

import Foundation

/// How one metric's recent days compare with the person's own baseline.
public struct MetricBaseline: Sendable, Hashable, Codable {
    /// Whether a z-score could be computed.
    public enum Status: String, Sendable, Hashable, Codable {
        /// Enough data: `zScore` is set.
        case ok
        /// Too few baseline days.
        case insufficientBaseline = "insufficient_baseline"
        /// Too few recent days.
        case insufficientRecent = "insufficient_recent"
        /// The baseline never varied (standard deviation 0), so a z-score is undefined.
        case noVariation = "no_variation"
    }

    /// The metric.
    public var metric: HealthMetric
    /// Mean of the baseline days' values.
    public var baselineMean: Double?
    /// Sample standard deviation (n − 1) of the baseline days' values.
    public var baselineStandardDeviation: Double?
    /// Baseline days with data.
    public var baselineDays: Int
    /// Mean of the recent days' values.
    public var recentMean: Double?
    /// Recent days with data.
    public var recentDays: Int
    /// (recent mean − baseline mean) / baseline standard deviation.
    public var zScore: Double?
    /// Whether a z-score exists.
    public var status: Status
    /// Whether the deviation is concerning: z below −1.5 (significant ones included).
    public var isConcerning: Bool
    /// How far below the baseline the recent value is.
    public var level: DeviationLevel

    /// Whether the deviation is significant: z below −2.0.
    public var isSignificant: Bool { level == .significant }

    /// A short line such as "steps: 4 210/day vs baseline 8 050 ± 640 (z = −6.0, concerning)".
    public var summary: String {
        let unit = metric.unit
        func format(_ value: Double) -> String {
            metric == .steps ? String(format: "%.0f", value) : String(format: "%.1f", value)
        }
        guard let recentMean, let baselineMean else {
            return "\(metric): not enough data (\(baselineDays) baseline days, \(recentDays) recent days)"
        }
        var line = "\(metric): \(format(recentMean)) \(unit) recently vs baseline \(format(baselineMean))"
        if let sd = baselineStandardDeviation { line += " ± \(format(sd))" }
        line += " \(unit)"
        if let zScore { line += " (z = " + String(format: "%+.2f", zScore) + (level == .normal ? ")" : ", \(level.rawValue))") }
        else if status == .noVariation { line += " (baseline did not vary)" }
        return line
    }
}

/// How far a metric's value is below the person's own baseline.
public enum DeviationLevel: String, Sendable, Hashable, Codable, Comparable {
    /// z at or above −1.5 (or no z-score).
    case normal
    /// z below −1.5.
    case concerning
    /// z below −2.0.
    case significant

    private var rank: Int { self == .normal ? 0 : self == .concerning ? 1 : 2 }

    public static func < (lhs: DeviationLevel, rhs: DeviationLevel) -> Bool { lhs.rank < rhs.rank }
}

/// The baseline comparison of every metric, as of one day.
public struct HealthBaselineReport: Sendable, Hashable, Codable {
    /// The last day of the recent window.
    public var asOf: CalendarDay
    /// First and last day of the recent window.
    public var recentWindow: [CalendarDay]
    /// First and last day of the baseline window.
    public var baselineWindow: [CalendarDay]
    /// One entry per metric, in ``HealthMetric`` order.
    public var metrics: [MetricBaseline]
    /// Records of a used type that could not be read.
    public var skippedRecords: Int

    /// The entry for `metric`.
    public func baseline(for metric: HealthMetric) -> MetricBaseline? { metrics.first { $0.metric == metric } }

    /// Metrics with a concerning deviation (z below −1.5).
    public var concerns: [MetricBaseline] { metrics.filter(\.isConcerning) }

    /// Metrics with a significant deviation (z below −2.0).
    public var significantDeviations: [MetricBaseline] { metrics.filter(\.isSignificant) }
}

/// Compares today's value with a rolling 30-day personal baseline that excludes today, per
/// metric, as z-scores: z = (today − baseline mean) / baseline sample standard deviation.
/// Below −1.5 is "concerning", below −2.0 "significant".
///
/// "Today" is the as-of day (default: the last day with data). Days without data are left out
/// (not counted as zero). A z-score needs at least `minimumBaselineDays` baseline days.
/// `recentDays` above 1 compares the mean of the last days instead (for `sentinel signals health`).
public struct HealthBaselineAnalyzer: Sendable, Hashable {
    /// Days in the recent window (ending on the as-of day).
    public var recentDays: Int
    /// Days in the baseline window (just before the recent window).
    public var baselineDays: Int
    /// Fewest baseline days with data for a z-score.
    public var minimumBaselineDays: Int
    /// Fewest recent days with data for a z-score.
    public var minimumRecentDays: Int
    /// z below which a deviation is concerning (−1.5).
    public var concernThreshold: Double
    /// z below which a deviation is significant (−2.0).
    public var significantThreshold: Double

    /// Creates an analyzer (defaults: today against the 30 days before it).
    public init(recentDays: Int = 1, baselineDays: Int = 30, minimumBaselineDays: Int = 14,
                minimumRecentDays: Int = 1, concernThreshold: Double = -1.5, significantThreshold: Double = -2.0) {
        self.recentDays = recentDays
        self.baselineDays = baselineDays
        self.minimumBaselineDays = minimumBaselineDays
        self.minimumRecentDays = minimumRecentDays
        self.concernThreshold = concernThreshold
        self.significantThreshold = significantThreshold
    }

    /// The rolling z-score of every day of `metric` that has enough baseline days before it
    /// (each day against the `baselineDays` before it, that day excluded), in date order.
    public func rollingZScores(for metric: HealthMetric, in data: DailyHealthData) -> [(day: CalendarDay, z: Double)] {
        let values = data.dailyValues(for: metric)
        return values.keys.sorted().compactMap { day in
            let start = day.adding(days: -baselineDays), end = day.adding(days: -1)
            let baseline = values.filter { $0.key >= start && $0.key <= end }.sorted { $0.key < $1.key }.map(\.value)
            guard let value = values[day], let z = compare(metric: metric, baseline: baseline, recent: [value]).zScore else { return nil }
            return (day, z)
        }
    }

    /// Analyses `data` as of `asOf` (default: the last day with data); nil when there is no data.
    public func analyze(_ data: DailyHealthData, asOf: CalendarDay? = nil) -> HealthBaselineReport? {
        guard let end = asOf ?? data.lastDay else { return nil }
        let recentStart = end.adding(days: -(recentDays - 1))
        let baselineEnd = recentStart.adding(days: -1)
        let baselineStart = baselineEnd.adding(days: -(baselineDays - 1))
        let metrics = HealthMetric.allCases.map { metric -> MetricBaseline in
            let values = data.dailyValues(for: metric)
            let baseline = values.filter { $0.key >= baselineStart && $0.key <= baselineEnd }.sorted { $0.key < $1.key }.map(\.value)
            let recent = values.filter { $0.key >= recentStart && $0.key <= end }.sorted { $0.key < $1.key }.map(\.value)
            return compare(metric: metric, baseline: baseline, recent: recent)
        }
        return HealthBaselineReport(asOf: end, recentWindow: [recentStart, end], baselineWindow: [baselineStart, baselineEnd],
                                    metrics: metrics, skippedRecords: data.skippedRecords)
    }

    /// The comparison for one metric's baseline and recent daily values.
    public func compare(metric: HealthMetric, baseline: [Double], recent: [Double]) -> MetricBaseline {
        let baselineMean = baseline.isEmpty ? nil : baseline.reduce(0, +) / Double(baseline.count)
        let recentMean = recent.isEmpty ? nil : recent.reduce(0, +) / Double(recent.count)
        var sd: Double?
        if let baselineMean, baseline.count > 1 {
            sd = (baseline.reduce(0) { $0 + ($1 - baselineMean) * ($1 - baselineMean) } / Double(baseline.count - 1)).squareRoot()
        }
        var status = MetricBaseline.Status.ok
        var z: Double?
        if baseline.count < max(2, minimumBaselineDays) {
            status = .insufficientBaseline
        } else if recent.count < max(1, minimumRecentDays) {
            status = .insufficientRecent
        } else if let sd, sd > 0, let baselineMean, let recentMean {
            z = (recentMean - baselineMean) / sd
        } else {
            status = .noVariation
        }
        var level = DeviationLevel.normal
        if let z, z < concernThreshold { level = z < significantThreshold ? .significant : .concerning }
        return MetricBaseline(metric: metric, baselineMean: baselineMean, baselineStandardDeviation: sd,
                              baselineDays: baseline.count, recentMean: recentMean, recentDays: recent.count,
                              zScore: z, status: status, isConcerning: level != .normal, level: level)
    }
}

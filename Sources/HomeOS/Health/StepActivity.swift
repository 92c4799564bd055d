import Foundation
import HealthData

/// A member's step counts by hour, read from an Apple Health export with the parser Sentinel uses,
/// and what the low-activity nudge asks of them: how many steps by a time of day, and what is usual.
public struct StepActivity: Sendable, Hashable {
    /// The counts, sorted by member, day and hour.
    public private(set) var hours: [HourlySteps]

    /// Days kept per member (the most recent ones).
    public static let keptDays = 30
    /// Steps by the check time below which a member with too little history counts as inactive.
    public static let defaultThreshold = 3_000
    /// Days of a member's own history the threshold is drawn from, when there are enough.
    public static let historyDays = 14
    /// Days of history needed before the member's own usual count sets the threshold.
    public static let minimumHistoryDays = 3

    /// Creates the activity from stored counts.
    public init(hours: [HourlySteps] = []) {
        self.hours = hours.sorted { ($0.memberID, $0.day, $0.hour) < ($1.memberID, $1.day, $1.hour) }
    }

    /// Counts from the Apple Health export at `path`, by the family's local day and hour: each source's
    /// steps are summed per hour and the largest source total kept.
    /// - Returns: the counts for `memberID` (the most recent ``keptDays`` days) and how many records
    ///   were skipped as unreadable or implausible.
    /// - Throws: ``HealthImportError`` for a file that is not a readable export, or one without steps.
    public static func importing(exportAt path: String, memberID: String, timeZone: TimeZone) throws(HealthImportError) -> (hours: [HourlySteps], skipped: Int) {
        let calendar = ZonedCalendar(timeZone: timeZone)
        // day → hour → source → steps
        var totals: [String: [Int: [String: Double]]] = [:]
        let skipped = try HealthExportParser().parse(path: path) { record in
            guard record.metric == .steps else { return }
            let start = Date(timeIntervalSince1970: TimeInterval(record.start.secondsSinceEpoch))
            totals[calendar.dayString(of: start), default: [:]][calendar.localTime(of: start).hour, default: [:]][record.source, default: 0]
                += record.value
        }
        guard !totals.isEmpty else { throw .noRecords(path: path) }
        let days = totals.keys.sorted().suffix(keptDays)
        let hours = days.flatMap { day in
            (totals[day] ?? [:]).map { hour, sources in
                HourlySteps(memberID: memberID, day: day, hour: hour, steps: Int((sources.values.max() ?? 0).rounded()))
            }
        }
        return (hours, skipped)
    }

    /// Replaces `memberID`'s counts on the days `imported` covers, keeping the most recent ``keptDays`` days.
    public mutating func merge(_ imported: [HourlySteps], memberID: String) {
        let days = Set(imported.map(\.day))
        var kept = hours.filter { $0.memberID != memberID || !days.contains($0.day) } + imported
        let memberDays = Set(kept.filter { $0.memberID == memberID }.map(\.day)).sorted().suffix(Self.keptDays)
        kept.removeAll { $0.memberID == memberID && !memberDays.contains($0.day) }
        self = StepActivity(hours: kept)
    }

    /// The members with any counts.
    public var memberIDs: [String] { Array(Set(hours.map(\.memberID))).sorted() }

    /// The days `memberID` has counts for, oldest first.
    public func days(of memberID: String) -> [String] { Array(Set(hours.filter { $0.memberID == memberID }.map(\.day))).sorted() }

    /// Steps `memberID` walked on `day` in the hours before `hour`; nil when there is no count for that day.
    public func steps(of memberID: String, on day: String, before hour: Int) -> Int? {
        let counts = hours.filter { $0.memberID == memberID && $0.day == day }
        guard !counts.isEmpty else { return nil }
        return counts.filter { $0.hour < hour }.reduce(0) { $0 + $1.steps }
    }

    /// The steps by `hour` below which `memberID` counts as inactive on `day`: half their median by
    /// that hour over up to ``historyDays`` earlier days with counts (once there are
    /// ``minimumHistoryDays``), else ``defaultThreshold``.
    public func threshold(for memberID: String, on day: String, before hour: Int) -> (steps: Int, personal: Bool) {
        let earlier = days(of: memberID).filter { $0 < day }.suffix(Self.historyDays)
        let totals = earlier.compactMap { steps(of: memberID, on: $0, before: hour) }.sorted()
        guard totals.count >= Self.minimumHistoryDays else { return (Self.defaultThreshold, false) }
        let middle = totals.count / 2
        let median = totals.count % 2 == 1 ? Double(totals[middle]) : Double(totals[middle - 1] + totals[middle]) / 2
        return (Int((median / 2).rounded()), true)
    }
}

/// Daily values per metric, accumulated record by record (memory grows with days, not records).
public struct DailyHealthData: Sendable, Hashable {
    private struct Cell: Sendable, Hashable {
        var sum = 0.0
        var count = 0
    }

    /// metric → day → source → running sum.
    private var cells: [HealthMetric: [CalendarDay: [String: Cell]]] = [:]
    /// Records that had a type Sentinel uses but could not be read (bad date or value).
    public var skippedRecords = 0
    /// Records used.
    public private(set) var recordCount = 0

    /// Empty data.
    public init() {}

    /// Adds one record to its day (see ``HealthRecord/day``).
    public mutating func add(_ record: HealthRecord) {
        add(record.value, metric: record.metric, day: record.day, source: record.source)
    }

    /// Adds a value to a day directly (CSV rows, other front ends).
    public mutating func add(_ value: Double, metric: HealthMetric, day: CalendarDay, source: String) {
        cells[metric, default: [:]][day, default: [:]][source, default: Cell()].sum += value
        cells[metric, default: [:]][day, default: [:]][source, default: Cell()].count += 1
        recordCount += 1
    }

    /// The daily value of `metric` for each day that has data (see ``HealthMetric/aggregation``).
    public func dailyValues(for metric: HealthMetric) -> [CalendarDay: Double] {
        guard let days = cells[metric] else { return [:] }
        return days.mapValues { sources in
            switch metric.aggregation {
            case .sumPerSourceThenMax:
                return sources.values.map(\.sum).max() ?? 0
            case .mean:
                let total = sources.values.reduce(Cell()) { Cell(sum: $0.sum + $1.sum, count: $0.count + $1.count) }
                return total.count > 0 ? total.sum / Double(total.count) : 0
            }
        }
    }

    /// The last day with data for any metric.
    public var lastDay: CalendarDay? {
        cells.values.flatMap(\.keys).max()
    }

    /// The first day with data for any metric.
    public var firstDay: CalendarDay? {
        cells.values.flatMap(\.keys).min()
    }

    /// Whether any record was added.
    public var isEmpty: Bool { recordCount == 0 }
}

import Foundation
@testable import HealthData
@testable import Sentinel

extension FuzzTarget {
    /// `HealthExportParser`: any bytes as an Apple Health `export.xml`. Every record it hands on
    /// has a finite value within the metric's plausible range and an end not before its start.
    static let healthExport = FuzzTarget(name: "health-export", summary: "HealthExportParser on any bytes; every record handed on is finite and plausible") { data in
        var records: [HealthRecord] = []
        _ = try? HealthExportParser().parse(stream: InputStream(data: data)) { records.append($0) }
        for record in records {
            let limit = HealthExportParser.plausibleMaximum(of: record.metric)
            guard record.value.isFinite, record.value >= 0, record.value <= limit else {
                violated("record values are finite and plausible", "\(record.metric) \(record.value)")
            }
        }
        var daily = DailyHealthData()
        for record in records { daily.add(record) }
        for metric in HealthMetric.allCases {
            for (_, value) in daily.dailyValues(for: metric) where !value.isFinite {
                violated("daily values are finite", "\(metric) \(value)")
            }
        }
    }
}

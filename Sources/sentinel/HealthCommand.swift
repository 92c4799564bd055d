import ArgumentParser
import Foundation
import Sentinel

/// `sentinel signals health`: wearable data against the person's own baseline.
struct HealthCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "health",
        abstract: "Compare recent steps, HRV and sleep with your own baseline (z-scores).",
        discussion: """
            Reads an Apple Health export.xml (streamed, any size) or a CSV with the header \
            date,metric,value (metrics: steps, hrv, sleep_hours). Today (the last day with data, or \
            --as-of) is compared with a rolling 30-day personal baseline that excludes today: \
            z = (today - baseline mean) / baseline standard deviation. Below -1.5 is concerning, \
            below -2.0 significant.

            Examples:
              sentinel signals health ~/Downloads/apple_health_export/export.xml
              sentinel signals health daily.csv --as-of 2024-02-14 --json
            """
    )

    @Argument(help: ArgumentHelp("export.xml or a .csv file.", valueName: "file"))
    var file: String

    @Option(name: .long, help: ArgumentHelp("Last day of the recent window (default: the last day with data).", valueName: "yyyy-MM-dd"))
    var asOf: String?

    @Option(name: .long, help: "Days compared with the baseline (1: today only).")
    var recentDays: Int = 1

    @Option(name: .long, help: "Days in the rolling baseline before them.")
    var baselineDays: Int = 30

    @Flag(name: .long, help: "Print the comparison as JSON.")
    var json = false

    func validate() throws {
        if let asOf, CalendarDay(asOf) == nil { throw ValidationError("--as-of must be a date like 2024-01-05, got '\(asOf)'.") }
        if recentDays < 1 { throw ValidationError("--recent-days must be at least 1.") }
        if baselineDays < 2 { throw ValidationError("--baseline-days must be at least 2.") }
    }

    func run() async throws {
        let data = try HealthDataLoader.load(path: file)
        let analyzer = HealthBaselineAnalyzer(recentDays: recentDays, baselineDays: baselineDays,
                                              minimumBaselineDays: min(14, baselineDays),
                                              minimumRecentDays: 1)
        guard let report = analyzer.analyze(data, asOf: asOf.flatMap(CalendarDay.init)) else {
            throw HealthImportError.noRecords(path: file)
        }
        if json {
            Console.out(try Console.json(report) + "\n")
            return
        }
        var lines = [
            recentDays == 1 ? "today    \(report.asOf)" : "recent   \(report.recentWindow.map(\.description).joined(separator: " to "))",
            "baseline \(report.baselineWindow.map(\.description).joined(separator: " to "))",
            "",
        ]
        lines += report.metrics.map(\.summary)
        if report.skippedRecords > 0 {
            lines.append("\n\(report.skippedRecords) unreadable or implausible record(s) were skipped (for example a step count above 100,000 in one record).")
        }
        Console.out(lines.joined(separator: "\n") + "\n")
    }
}

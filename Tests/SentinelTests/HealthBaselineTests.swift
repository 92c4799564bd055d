import Foundation
@testable import Sentinel
import Testing

@Suite struct HealthBaselineTests {
    let builder = HealthExportBuilder()

    /// Mean, sample standard deviation and z-score, written out plainly.
    static func handZ(baseline: [Double], recent: [Double]) -> (mean: Double, sd: Double, recentMean: Double, z: Double) {
        var sum = 0.0
        for value in baseline { sum += value }
        let mean = sum / Double(baseline.count)
        var squares = 0.0
        for value in baseline { squares += (value - mean) * (value - mean) }
        let sd = (squares / Double(baseline.count - 1)).squareRoot()
        var recentSum = 0.0
        for value in recent { recentSum += value }
        let recentMean = recentSum / Double(recent.count)
        return (mean, sd, recentMean, (recentMean - mean) / sd)
    }

    func writeExport(extra: [String] = []) throws -> String {
        try SyntheticAudio.temporaryFile(Data(builder.xml(extraRecords: extra).utf8), suffix: ".xml")
    }

    @Test func fortyFiveDayExportMatchesAHandComputedZScore() throws {
        let path = try writeExport()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let data = try HealthExportParser().load(path: path)
        let asOf = builder.firstDay.adding(days: 44)
        #expect(data.firstDay == builder.firstDay)
        #expect(data.lastDay == asOf)
        let report = try #require(HealthBaselineAnalyzer().analyze(data))
        #expect(report.asOf == asOf)
        // Today against the rolling 30 days before it (today excluded).
        #expect(report.recentWindow == [asOf, asOf])
        #expect(report.baselineWindow == [asOf.adding(days: -30), asOf.adding(days: -1)])

        let recentDays = [asOf]
        let baselineDays = (0..<30).map { asOf.adding(days: -30 + $0) }
        let expectations: [(HealthMetric, (CalendarDay) -> Double)] = [
            (.steps, builder.steps(on:)),
            (.hrv, { day in let (a, b) = builder.hrvSamples(on: day); return (a + b) / 2 }),
            (.sleep, builder.sleepHours(on:)),
        ]
        for (metric, daily) in expectations {
            let hand = Self.handZ(baseline: baselineDays.map(daily), recent: recentDays.map(daily))
            let found = try #require(report.baseline(for: metric))
            #expect(found.status == .ok)
            #expect(found.baselineDays == 30 && found.recentDays == 1)
            #expect(abs(try #require(found.baselineMean) - hand.mean) < 1e-9, "\(metric) baseline mean")
            #expect(abs(try #require(found.baselineStandardDeviation) - hand.sd) < 1e-9, "\(metric) sd")
            #expect(abs(try #require(found.recentMean) - hand.recentMean) < 1e-9, "\(metric) recent mean")
            #expect(abs(try #require(found.zScore) - hand.z) < 1e-9, "\(metric) z: \(found.zScore ?? .nan) vs \(hand.z)")
            #expect(found.isConcerning, "\(metric) dropped sharply and should be flagged")
            #expect(found.isSignificant == (hand.z < -2.0) && found.isConcerning == (hand.z < -1.5))
        }
        #expect(report.concerns.count == 3)
        // The rolling series: every day with 14+ baseline days, each against the 30 days before it.
        let rolling = HealthBaselineAnalyzer().rollingZScores(for: .steps, in: data)
        #expect(rolling.last?.day == asOf)
        let midDay = builder.firstDay.adding(days: 20)
        let midHand = Self.handZ(baseline: (0..<20).map { builder.steps(on: builder.firstDay.adding(days: $0)) },
                                 recent: [builder.steps(on: midDay)])
        let midFound = try #require(rolling.first { $0.day == midDay })
        #expect(abs(midFound.z - midHand.z) < 1e-9)
    }

    @Test func watchStepsAreNotAddedToPhoneSteps() throws {
        let path = try writeExport()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let steps = try HealthExportParser().load(path: path).dailyValues(for: .steps)
        #expect(steps[builder.firstDay] == builder.steps(on: builder.firstDay))
    }

    @Test func sleepBeforeMidnightCountsTowardTheNightItBelongsTo() throws {
        let path = try writeExport()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let sleep = try HealthExportParser().load(path: path).dailyValues(for: .sleep)
        let day = builder.firstDay.adding(days: 10)
        #expect(abs(try #require(sleep[day]) - builder.sleepHours(on: day)) < 1e-12)
        // The first night's 22:45 start is on Dec 31, but it counts toward Jan 1.
        #expect(sleep[builder.firstDay.adding(days: -1)] == nil)
    }

    @Test func parsesFromAStream() throws {
        let stream = InputStream(data: Data(builder.xml().utf8))
        var count = 0
        let skipped = try HealthExportParser().parse(stream: stream) { _ in count += 1 }
        // Per day: 4 step, 2 HRV and 4 asleep records (in-bed, awake and heart rate are not used).
        #expect(count == 45 * 10)
        #expect(skipped == 0)
    }

    @Test func unreadableRecordsAreSkippedAndCounted() throws {
        let extra = [
            builder.record("HKQuantityTypeIdentifierStepCount", source: "x", unit: "count",
                           start: "yesterday", end: "today", value: "100"),
            builder.record("HKQuantityTypeIdentifierStepCount", source: "x", unit: "count",
                           start: "2024-01-02 08:00:00 -0800", end: "2024-01-02 08:10:00 -0800", value: "lots"),
        ]
        let path = try writeExport(extra: extra)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let data = try HealthExportParser().load(path: path)
        #expect(data.skippedRecords == 2)
        #expect(HealthBaselineAnalyzer().analyze(data)?.skippedRecords == 2)
    }

    /// Issue 22: one `value="1e308"` turned a yellow check-in green and printed 300-digit numbers.
    @Test func implausibleValuesAreSkippedAndCountedNotSummed() throws {
        let day = "2024-01-20"
        let extra = [
            builder.record("HKQuantityTypeIdentifierStepCount", source: "x", unit: "count",
                           start: "\(day) 08:00:00 -0800", end: "\(day) 08:10:00 -0800", value: "1e308"),
            builder.record("HKQuantityTypeIdentifierHeartRateVariabilitySDNN", source: "x", unit: "ms",
                           start: "\(day) 09:00:00 -0800", end: "\(day) 09:00:00 -0800", value: "9000"),
        ]
        let path = try writeExport(extra: extra)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let data = try HealthExportParser().load(path: path)
        #expect(data.skippedRecords == 2)
        #expect(data.dailyValues(for: .steps).values.allSatisfy { $0 <= 100_000 })
        #expect(data.dailyValues(for: .hrv).values.allSatisfy { $0 <= 500 })
    }

    /// Issue 22: a truncated `export.xml` exited 0 and analysed whatever came before the cut.
    @Test func aTruncatedExportIsAnError() throws {
        let xml = builder.xml()
        let cut = String(xml.prefix(xml.count * 2 / 3))
        let path = try SyntheticAudio.temporaryFile(Data(cut.utf8), suffix: ".xml")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let error = #expect(throws: HealthImportError.self) { try HealthExportParser().load(path: path) }
        guard case .truncated? = error else { Issue.record("wrong error \(String(describing: error))"); return }
        #expect(error?.description.contains("cut off") == true)
    }

    @Test func malformedXMLSaysWhere() throws {
        let path = try SyntheticAudio.temporaryFile(Data("<HealthData>\n <Record type=\"x\"\n</HealthData>".utf8), suffix: ".xml")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let error = #expect(throws: HealthImportError.self) { try HealthExportParser().load(path: path) }
        guard case .malformedXML(let line, _, _)? = error else { Issue.record("wrong error \(String(describing: error))"); return }
        #expect(line >= 2)
        #expect(error?.description.contains("Export it again") == true)
    }

    @Test func otherXMLIsNotAHealthExport() throws {
        let path = try SyntheticAudio.temporaryFile(Data("<?xml version=\"1.0\"?><rss><channel/></rss>".utf8), suffix: ".xml")
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(throws: HealthImportError.notAHealthExport(rootElement: "rss")) { try HealthExportParser().load(path: path) }
    }

    @Test func anExportWithoutUsedRecordsAndAMissingFileAreClearErrors() throws {
        let path = try SyntheticAudio.temporaryFile(Data("<HealthData locale=\"en_US\"><Workout/></HealthData>".utf8), suffix: ".xml")
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(throws: HealthImportError.noRecords(path: path)) { try HealthExportParser().load(path: path) }
        #expect(throws: HealthImportError.self) { try HealthExportParser().load(path: "/nonexistent/export.xml") }
        #expect(throws: HealthImportError.unknownFormat(path: "/tmp/data.json")) { try HealthDataLoader.load(path: "/tmp/data.json") }
    }

    // MARK: CSV

    @Test func csvWithHandComputedZScore() throws {
        // Baseline: 14 days alternating 9 000 and 11 000 steps → mean 10 000, sample sd 1000·√(14/13).
        // Recent: 7 days of 7 000 → z = −3000 / (1000·√(14/13)) = −3 / √(14/13) ≈ −2.8909.
        var csv = "date,metric,value\n# a comment\n"
        let start = CalendarDay(year: 2024, month: 3, day: 1)!
        for i in 0..<14 { csv += "\(start.adding(days: i)),steps,\(i % 2 == 0 ? 9000 : 11000)\n" }
        for i in 14..<21 { csv += "\(start.adding(days: i)),steps,7000\n\n" }
        let data = try HealthCSVParser().parse(csv)
        let analyzer = HealthBaselineAnalyzer(recentDays: 7, baselineDays: 14)
        let steps = try #require(analyzer.analyze(data)?.baseline(for: .steps))
        #expect(abs(try #require(steps.zScore) - (-2.890_872_3)) < 1e-6)
        #expect(steps.baselineMean == 10_000)
        #expect(steps.isConcerning)
        #expect(analyzer.analyze(data)?.baseline(for: .hrv)?.status == .insufficientBaseline)
    }

    @Test func csvRowsOnOneDayAddUpAndHRVAverages() throws {
        let csv = "Date, Metric, Value\n2024-01-05,steps,100\n2024-01-05,steps,250\n2024-01-05,hrv,40\n2024-01-05,hrv,50\n"
            + "2024-01-05,sleep_hours,7.5\n2024-01-06 08:00:00 -0800,HKQuantityTypeIdentifierStepCount,10\n"
        let data = try HealthCSVParser().parse(csv)
        let day = CalendarDay(year: 2024, month: 1, day: 5)!
        #expect(data.dailyValues(for: .steps)[day] == 350)
        #expect(data.dailyValues(for: .hrv)[day] == 45)
        #expect(data.dailyValues(for: .sleep)[day] == 7.5)
        #expect(data.dailyValues(for: .steps)[day.adding(days: 1)] == 10)
    }

    @Test(arguments: [
        ("day,metric,value\n", 1, "header"),
        ("date,metric,value\n2024-13-01,steps,1\n", 2, "date"),
        ("date,metric,value\n2024-01-01,steps,1\n2024-01-02,mood,3\n", 3, "unknown metric"),
        ("date,metric,value\n2024-01-01,steps,-5\n", 2, "number"),
        ("date,metric,value\n2024-01-01,steps\n", 2, "3 fields"),
        ("", 1, "empty"),
    ])
    func csvErrorsNameTheLine(csv: String, line: Int, reason: String) {
        let error = #expect(throws: HealthImportError.self) { try HealthCSVParser().parse(csv) }
        guard case .invalidCSV(let found, let message)? = error else { Issue.record("wrong error \(String(describing: error))"); return }
        #expect(found == line)
        #expect(message.contains(reason))
    }

    // MARK: Baseline edge cases and dates

    @Test func aFlatBaselineHasNoZScore() {
        let result = HealthBaselineAnalyzer().compare(metric: .steps, baseline: Array(repeating: 5000, count: 20), recent: [4000, 4000, 4000])
        #expect(result.status == .noVariation && result.zScore == nil && !result.isConcerning)
    }

    @Test func tooFewRecentDaysHasNoZScore() {
        let result = HealthBaselineAnalyzer().compare(metric: .hrv, baseline: (0..<20).map { Double($0) }, recent: [])
        #expect(result.status == .insufficientRecent && result.zScore == nil)
    }

    @Test func belowMinusOnePointFiveIsConcerningBelowMinusTwoSignificant() {
        // Baseline 0…19: mean 9.5, sample sd √35 ≈ 5.9161.
        let baseline = (0..<20).map { Double($0) }
        let sd = 35.0.squareRoot()
        let analyzer = HealthBaselineAnalyzer()
        func level(_ z: Double) -> DeviationLevel { analyzer.compare(metric: .steps, baseline: baseline, recent: [9.5 + z * sd]).level }
        #expect(level(-1.4) == .normal)
        #expect(level(-1.6) == .concerning)
        #expect(level(-1.9) == .concerning)
        #expect(level(-2.1) == .significant)
        #expect(level(3) == .normal)  // above the baseline is not a concern
        #expect(analyzer.compare(metric: .sleep, baseline: baseline, recent: [9.5 - 2.5 * sd]).isSignificant)
    }

    @Test func calendarDaysAndAppleTimestampsParse() throws {
        let day = try #require(CalendarDay("2024-02-29"))
        #expect(day.adding(days: 1).description == "2024-03-01")
        #expect(CalendarDay("2023-02-29") == nil)
        #expect(CalendarDay(ordinal: 0).description == "1970-01-01")
        #expect(CalendarDay(ordinal: day.ordinal) == day)
        let stamp = try #require(HealthTimestamp("2024-01-05 07:30:00 -0800"))
        #expect(stamp.day.description == "2024-01-05" && stamp.secondsOfDay == 27_000 && stamp.utcOffset == -28_800)
        // 2024-01-05 15:30:00 UTC.
        #expect(stamp.secondsSinceEpoch == 1_704_468_600)
        #expect(HealthTimestamp("2024-01-05T07:30:00Z") == nil)
        #expect(HealthTimestamp("2024-01-05 25:30:00 -0800") == nil)
    }
}

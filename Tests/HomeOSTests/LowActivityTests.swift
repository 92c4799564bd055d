import Foundation
import HealthData
@testable import HomeOS
import Testing

/// The low-activity nudge: steps from an Apple Health export (read with Sentinel's parser), checked
/// at 18:00 by the scheduler, sent only on a day they are low. The family lives in New York
/// (SchedulerFixture); the export is written in Los Angeles time, as a phone travelling would.
@Suite struct LowActivityTests {
    /// An Apple Health export with Apple's DOCTYPE: for each (day, [(local hour in New York, steps)]),
    /// the phone's records, and a watch that counted the same walk a little lower (not added twice).
    static func export(_ days: [(String, [(Int, Int)])]) -> String {
        var lines = [#"<?xml version="1.0" encoding="UTF-8"?>"#, "<!DOCTYPE HealthData [", "<!ELEMENT HealthData (ExportDate,Me,(Record)*)>", "]>",
                     #"<HealthData locale="en_US">"#, #" <ExportDate value="2026-03-12 09:00:00 -0800"/>"#, #" <Me HKCharacteristicTypeIdentifierBiologicalSex="HKBiologicalSexFemale"/>"#]
        for (day, hours) in days {
            for (hour, steps) in hours {
                // New York hour H is Los Angeles hour H - 3 (both on standard time before 2026-03-08, daylight after).
                let pacific = String(format: "%@ %02d:10:00 -0%d00", day, hour - 3, day >= "2026-03-08" ? 7 : 8)
                let end = String(format: "%@ %02d:40:00 -0%d00", day, hour - 3, day >= "2026-03-08" ? 7 : 8)
                for (source, count) in [("Maria’s iPhone", steps), ("Maria’s Apple Watch", steps * 9 / 10)] {
                    lines.append(#" <Record type="HKQuantityTypeIdentifierStepCount" sourceName="\#(source)" unit="count" "#
                        + #"creationDate="\#(end)" startDate="\#(pacific)" endDate="\#(end)" value="\#(count)"/>"#)
                }
            }
        }
        lines.append(#" <Record type="HKQuantityTypeIdentifierHeartRateVariabilitySDNN" sourceName="Watch" unit="ms" creationDate="2026-03-10 08:00:00 -0700" startDate="2026-03-10 08:00:00 -0700" endDate="2026-03-10 08:00:00 -0700" value="48"/>"#)
        lines.append("</HealthData>")
        return lines.joined(separator: "\n")
    }

    /// Four usual days (about 8,000 steps by 18:00), then 2026-03-11 with 1,200 by 18:00 and 5,000 after.
    static let usualThenLow = export([
        ("2026-03-07", [(9, 3000), (13, 3000), (17, 2000)]), ("2026-03-08", [(9, 2500), (12, 3500), (16, 2000)]),
        ("2026-03-09", [(8, 4000), (15, 4200)]), ("2026-03-10", [(10, 3000), (14, 5000)]),
        ("2026-03-11", [(9, 700), (17, 500), (19, 5000)]),
    ])

    static func write(_ text: String, in folder: TemporaryFolder) throws -> String {
        let path = folder.appending("export.xml").path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test func importCountsStepsByLocalHourWithoutDoubleCountingTheWatch() throws {
        let folder = try TemporaryFolder("homeos-steps")
        defer { folder.remove() }
        let imported = try StepActivity.importing(exportAt: try Self.write(Self.usualThenLow, in: folder), memberID: "maria",
                                                  timeZone: SchedulerFixture.timeZone)
        let activity = StepActivity(hours: imported.hours)
        #expect(activity.days(of: "maria") == ["2026-03-07", "2026-03-08", "2026-03-09", "2026-03-10", "2026-03-11"])
        // The phone's 700 at 06:10 Pacific counts in New York's 09:00 hour; the watch's 630 is not added.
        #expect(activity.hours.first { $0.day == "2026-03-11" && $0.hour == 9 }?.steps == 700)
        #expect(activity.steps(of: "maria", on: "2026-03-11", before: 18) == 1_200)
        #expect(activity.steps(of: "maria", on: "2026-03-11", before: 24) == 6_200)
        #expect(activity.steps(of: "maria", on: "2026-03-12", before: 18) == nil)
        // Half the median of the four earlier days by 18:00 (8,000, 8,000, 8,200, 8,000 → 8,000).
        #expect(activity.threshold(for: "maria", on: "2026-03-11", before: 18) == (4_000, true))
        #expect(activity.threshold(for: "maria", on: "2026-03-08", before: 18) == (StepActivity.defaultThreshold, false))
    }

    @Test func aFileThatIsNotAnExportIsAClearErrorAndOneWithoutStepsToo() throws {
        let folder = try TemporaryFolder("homeos-steps")
        defer { folder.remove() }
        #expect(throws: HealthImportError.self) {
            try StepActivity.importing(exportAt: try Self.write("<notes><note/></notes>", in: folder), memberID: "maria", timeZone: .gmt)
        }
        #expect(throws: HealthImportError.noRecords(path: folder.appending("export.xml").path)) {
            try StepActivity.importing(exportAt: try Self.write(Self.export([]), in: folder), memberID: "maria", timeZone: .gmt)
        }
    }

    @Test func importingAgainReplacesTheDaysItCoversAndKeepsThirtyDays() {
        var activity = StepActivity(hours: (1...31).map { HourlySteps(memberID: "maria", day: String(format: "2026-01-%02d", $0), hour: 9, steps: 100) }
            + [HourlySteps(memberID: "leo", day: "2026-01-01", hour: 9, steps: 5)])
        activity.merge([HourlySteps(memberID: "maria", day: "2026-01-31", hour: 10, steps: 999),
                        HourlySteps(memberID: "maria", day: "2026-02-01", hour: 9, steps: 7)], memberID: "maria")
        #expect(activity.days(of: "maria").count == StepActivity.keptDays)
        #expect(activity.days(of: "maria").first == "2026-01-03")
        #expect(activity.steps(of: "maria", on: "2026-01-31", before: 24) == 999)
        #expect(activity.steps(of: "leo", on: "2026-01-01", before: 24) == 5, "another member's counts are untouched")
    }

    @Test func theSchedulerChecksAt18OnlyForMembersWithStepsAndNotWhenWellnessIsOff() throws {
        var data = SchedulerFixture.data()
        data.stepActivity = StepActivity(hours: [HourlySteps(memberID: "maria", day: "2026-03-11", hour: 9, steps: 10)])
        let jobs = ScheduleBuilder().jobs(for: data).filter { $0.kind == .lowActivity }
        #expect(jobs.map(\.id) == ["low-activity:maria"])
        #expect(jobs.first?.rule == .daily(LocalTime(hour: 18)!))
        #expect(jobs.first?.title == "Time to move — Maria")
        var off = data
        off.skillSettings.setEnabled(false, skillID: "wellness")
        #expect(!ScheduleBuilder().jobs(for: off).contains { $0.kind == .lowActivity })
        #expect(!ScheduleBuilder().jobs(for: SchedulerFixture.data()).contains { $0.kind == .lowActivity })
    }

    @Test func theDaemonNudgesOnTheLowDayOnlyAndNamesTheCount() async throws {
        let folder = try TemporaryFolder("homeos-steps")
        defer { folder.remove() }
        let storage = InMemoryStorage()
        try SchedulerFixture.seed(into: storage)
        let imported = try StepActivity.importing(exportAt: try Self.write(Self.usualThenLow, in: folder), memberID: "maria",
                                                  timeZone: SchedulerFixture.timeZone)
        try storage.save(imported.hours, to: .stepActivity)
        let notifier = RecordingNotifier()
        let (daemon, _) = SchedulerFixture.daemon(storage: storage, start: SchedulerFixture.local("2026-03-09", "12:00"), notifier: notifier)
        try await daemon.run(until: SchedulerFixture.local("2026-03-12", "20:00"))
        // 03-09 and 03-10 were usual days, 03-11 was low, 03-12 has no steps in the export: one nudge.
        #expect(notifier.times(of: .lowActivity) == ["2026-03-11 18:00"])
        let nudge = try #require(notifier.notifications.first { $0.entry.kind == .lowActivity })
        #expect(nudge.title == "Time to move — Maria")
        #expect(nudge.body.contains("Maria has walked 1,200 steps today"), "\(nudge.body)")
        #expect(nudge.body.contains("less than half of what they usually have"), "\(nudge.body)")
        #expect(nudge.category == .nudge)
    }
}

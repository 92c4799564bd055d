import Foundation
@testable import HomeOS
import Testing

/// The daemon over simulated weeks: exact fire times of every kind across the 2026-03-08
/// daylight-saving change, no duplicates across restarts on the same SQLite file, and catch-up
/// within the grace window only.
@Suite struct SchedulerDaemonTests {
    static let start = SchedulerFixture.local("2026-03-02", "00:00")
    static let end = SchedulerFixture.local("2026-03-16", "00:00")

    func sqlite(_ folder: TemporaryFolder) throws -> SQLiteStorage { try SQLiteStorage(directory: folder.url) }

    @Test func twoSimulatedWeeksFireEveryKindAtItsExactTime() async throws {
        let folder = try TemporaryFolder("homeos-scheduler")
        defer { folder.remove() }
        let storage = try sqlite(folder)
        try SchedulerFixture.seed(into: storage)
        let notifier = RecordingNotifier()
        let (daemon, _) = SchedulerFixture.daemon(storage: storage, start: Self.start, notifier: notifier)
        try await daemon.run(until: Self.end)

        let days = (2...15).map { String(format: "2026-03-%02d", $0) }
        #expect(notifier.times(of: .morningBriefing) == days.map { "\($0) 07:00" })
        #expect(notifier.times(of: .eveningWindDown) == days.map { "\($0) 20:00" })
        #expect(notifier.times(of: .wellnessNudge) == days.flatMap { day in ["08", "10", "12", "14", "16", "18"].map { "\(day) \($0):00" } })
        #expect(notifier.times(of: .schoolCheck) == ["2026-03-02", "2026-03-04", "2026-03-06", "2026-03-09", "2026-03-11"].map { "\($0) 07:30" })
        #expect(notifier.times(of: .medication) == days.flatMap { ["\($0) 08:00", "\($0) 23:00"] })
        #expect(notifier.times(of: .habitCheckIn) == days.filter { $0 != "2026-03-04" }.map { "\($0) 19:00" })
        #expect(notifier.times(of: .elderCareCheckIn) == days.map { "\($0) 10:00" })
        #expect(notifier.times(of: .refill) == ["2026-03-07 09:00"])
        #expect(notifier.times(of: .reminder) == ["2026-03-10 07:00", "2026-03-10 15:00"])
        #expect(notifier.times(of: .calendarEvent) == ["2026-03-08 08:00"])

        // The instants themselves, on both sides of the change.
        let briefings = notifier.notifications.filter { $0.entry.kind == .morningBriefing }.map { SchedulerFixture.iso($0.entry.deliveredAt) }
        #expect(briefings.contains("2026-03-07T12:00:00Z"))
        #expect(briefings.contains("2026-03-08T11:00:00Z"))
        let dentist = try #require(notifier.notifications.first { $0.entry.kind == .calendarEvent })
        #expect(SchedulerFixture.iso(dentist.entry.deliveredAt) == "2026-03-08T12:00:00Z")
        #expect(dentist.body == "Dentist at 10:00, Main St (Leo).")
        #expect(dentist.category == .calendar)

        let ids = notifier.notifications.map(\.entry.id)
        #expect(Set(ids).count == ids.count)
        #expect(notifier.notifications.allSatisfy { !$0.entry.isCatchUp })
        let medication = try #require(notifier.notifications.first { $0.entry.kind == .medication })
        #expect(medication.isUrgent)
        #expect(medication.title == "Medication — Grandma Rosa")
        #expect(medication.body == "Grandma Rosa: lisinopril 10 mg. With water.")
        let briefing = try #require(notifier.notifications.first { $0.entry.kind == .morningBriefing })
        #expect(briefing.body.hasPrefix("Good morning! Here's today:"))

        let ledger = try FiredJobLedger(storage: storage).records()
        #expect(ledger.filter { $0.outcome == .delivered }.count == notifier.notifications.count)
        #expect(ledger.filter { $0.outcome == .skipped }.map(\.kind) == [.habitCheckIn])
    }

    @Test func aRestartOnTheSameDatabaseNeverFiresAJobTwice() async throws {
        let folder = try TemporaryFolder("homeos-scheduler")
        defer { folder.remove() }
        try SchedulerFixture.seed(into: try sqlite(folder))
        let stop = SchedulerFixture.local("2026-03-08", "12:00")

        let first = RecordingNotifier()
        let (before, _) = SchedulerFixture.daemon(storage: try sqlite(folder), start: Self.start, notifier: first)
        try await before.run(until: stop)

        // A new process: a second store instance over the same file, starting where the first stopped.
        let second = RecordingNotifier()
        let ticks = TickRecorder()
        let (after, _) = SchedulerFixture.daemon(storage: try sqlite(folder), start: stop, notifier: second)
        try await after.run(until: Self.end) { ticks.record($0) }

        let startup = try #require(ticks.all.first)
        #expect(startup.delivered.isEmpty)
        #expect(startup.missed.isEmpty)
        #expect(startup.alreadyFired.contains { $0.job.kind == .calendarEvent })
        #expect(startup.alreadyFired.contains { $0.job.kind == .morningBriefing })

        // Together they equal one uninterrupted run (in memory).
        let reference = RecordingNotifier()
        let memory = InMemoryStorage()
        try SchedulerFixture.seed(into: memory)
        let (whole, _) = SchedulerFixture.daemon(storage: memory, start: Self.start, notifier: reference)
        try await whole.run(until: Self.end)

        let ids = (first.notifications + second.notifications).map(\.entry.id)
        #expect(Set(ids).count == ids.count)
        #expect(ids.sorted() == reference.notifications.map(\.entry.id).sorted())
        #expect(first.times(of: .calendarEvent) == ["2026-03-08 08:00"])
        #expect(second.times(of: .calendarEvent).isEmpty)
    }

    @Test func twoDaemonsOnOneDatabaseShareTheWork() async throws {
        let folder = try TemporaryFolder("homeos-scheduler")
        defer { folder.remove() }
        try SchedulerFixture.seed(into: try sqlite(folder))
        let stop = SchedulerFixture.local("2026-03-05", "00:00")
        let one = RecordingNotifier(), two = RecordingNotifier()
        let (a, _) = SchedulerFixture.daemon(storage: try sqlite(folder), start: Self.start, notifier: one)
        let (b, _) = SchedulerFixture.daemon(storage: try sqlite(folder), start: Self.start, notifier: two)
        async let runA: Void = a.run(until: stop)
        async let runB: Void = b.run(until: stop)
        _ = try await (runA, runB)

        let expected = try SkillScheduler(storage: try sqlite(folder)).occurrences(after: Self.start, through: stop)
            .filter { $0.isDelivered && !($0.job.kind == .habitCheckIn && SchedulerFixture.describe($0.scheduledAt).hasPrefix("2026-03-04")) }
        let ids = (one.notifications + two.notifications).map(\.entry.id)
        #expect(Set(ids).count == ids.count)
        #expect(Set(ids) == Set(expected.map(\.id)))
    }

    // At 07:00: the briefing and the bins reminder deferred from 23:15 (ordered by scheduled time);
    // at 08:00: a medication dose and a wellness nudge.
    @Test(arguments: [(graceMinutes: 30, caughtUp: [ScheduleKind.medication, .wellnessNudge], missed: [ScheduleKind.reminder, .morningBriefing]),
                      (graceMinutes: 90, caughtUp: [.reminder, .morningBriefing, .medication, .wellnessNudge], missed: [])])
    func aStartCatchesUpOnlyWithinTheGraceWindow(graceMinutes: Int, caughtUp: [ScheduleKind], missed: [ScheduleKind]) async throws {
        let folder = try TemporaryFolder("homeos-scheduler")
        defer { folder.remove() }
        try SchedulerFixture.seed(into: try sqlite(folder))
        // Runs until 06:00 on Tuesday 10 March, then the machine sleeps until 08:20.
        let early = RecordingNotifier()
        let (before, _) = SchedulerFixture.daemon(storage: try sqlite(folder), start: SchedulerFixture.local("2026-03-09", "12:00"), notifier: early)
        try await before.run(until: SchedulerFixture.local("2026-03-10", "06:00"))
        #expect(early.times(of: .reminder).isEmpty)

        let late = RecordingNotifier()
        let ticks = TickRecorder()
        let (after, _) = SchedulerFixture.daemon(storage: try sqlite(folder), start: SchedulerFixture.local("2026-03-10", "08:20"),
                                                 notifier: late, grace: TimeInterval(graceMinutes) * 60)
        try await after.run(until: SchedulerFixture.local("2026-03-10", "09:30")) { ticks.record($0) }

        let startup = try #require(ticks.all.first)
        #expect(startup.delivered.map(\.entry.kind) == caughtUp)
        #expect(startup.delivered.allSatisfy { $0.entry.isCatchUp })
        #expect(startup.missed.map(\.job.kind) == missed)
        // Nothing missed is sent later, and nothing twice.
        #expect(late.notifications.map(\.entry.kind) == caughtUp)
        let ids = (early.notifications + late.notifications).map(\.entry.id)
        #expect(Set(ids).count == ids.count)
    }

    @Test func aReminderAddedWhileRunningIsPickedUp() async throws {
        let storage = InMemoryStorage()
        try SchedulerFixture.seed(into: storage)
        let notifier = RecordingNotifier()
        let clock = SimulatedSchedulerClock(start: SchedulerFixture.local("2026-03-11", "12:30"))
        let daemon = SchedulerDaemon(
            storage: storage, clock: clock, notifier: notifier,
            content: NotificationContentProducer(storage: storage, briefings: BriefingWriter(storage: storage, bridge: nil)),
            configuration: .init(grace: 30 * 60, rescanInterval: 60, lookback: 0))
        let added = SchedulerFixture.local("2026-03-11", "13:10")
        try await daemon.run(until: SchedulerFixture.local("2026-03-11", "13:30")) { report in
            // Saved at 13:00 (as `homeos ask "remind me at 1:10pm …"` would), while the daemon waits for the 14:00 nudge.
            guard report.now >= SchedulerFixture.local("2026-03-11", "13:00"), report.now < added else { return }
            _ = try? storage.update(.reminders) { reminders in
                if !reminders.contains(where: { $0.title == "Check the oven" }) {
                    reminders.append(Reminder(title: "Check the oven", due: added, createdAt: report.now, source: "tools"))
                }
            }
        }
        #expect(notifier.notifications.map(\.title) == ["Check the oven"])
        #expect(notifier.times(of: .reminder) == ["2026-03-11 13:10"])
    }

    @Test func theTerminalNotifierPrintsTheLocalTimeTitleAndBody() async throws {
        let printed = RecordedLines()
        let notifier = TerminalNotifier(timeZone: SchedulerFixture.timeZone) { printed.append($0) }
        let entry = HomeOSNotification.Entry(id: "m#1", kind: .medication, jobID: "m", scheduledAt: SchedulerFixture.local("2026-03-08", "08:00"),
                                             deliveredAt: SchedulerFixture.local("2026-03-08", "08:20"), isCatchUp: true, reason: "daily")
        try await notifier.deliver(HomeOSNotification(title: "Medication — Rosa", body: "lisinopril 10 mg\nWith water.", category: .health,
                                                      isUrgent: true, entry: entry))
        let text = try #require(printed.lines.first)
        #expect(text.hasPrefix("[2026-03-08 08:20 "))
        #expect(text.contains("health · Medication — Rosa (urgent) (missed at 08:00)"))
        #expect(text.hasSuffix("\n  lisinopril 10 mg\n  With water."))
    }

    @Test func cancellingTheRunStopsItCleanly() async throws {
        let storage = InMemoryStorage()
        try SchedulerFixture.seed(into: storage)
        let notifier = RecordingNotifier()
        let daemon = SchedulerDaemon(
            storage: storage, clock: SystemSchedulerClock(), notifier: notifier,
            content: NotificationContentProducer(storage: storage, briefings: BriefingWriter(storage: storage, bridge: nil)),
            configuration: .init(grace: 0, lookback: 0))
        let task = Task { try await daemon.run() }
        try await Task.sleep(for: .milliseconds(200))
        task.cancel()
        // The run returns (rather than hanging or throwing) once cancelled, and sends nothing after.
        try await task.value
        let sent = notifier.notifications.count
        try await Task.sleep(for: .milliseconds(100))
        #expect(notifier.notifications.count == sent)
    }

    @Test func theLogFileNotifierAppendsOneJSONLinePerNotification() async throws {
        let folder = try TemporaryFolder("homeos-scheduler-log")
        defer { folder.remove() }
        let url = folder.appending("logs/notifications.log")
        try Data("earlier line\n".utf8).write(to: folder.appending("existing.log"))
        let existing = try LogFileNotifier(url: folder.appending("existing.log"))
        let notifier = try LogFileNotifier(url: url)
        let entry = HomeOSNotification.Entry(id: "reminder:x#1", kind: .reminder, jobID: "reminder:x", scheduledAt: SchedulerFixture.utc("2026-03-08T12:00:00Z"),
                                             deliveredAt: SchedulerFixture.utc("2026-03-08T12:00:01Z"), isCatchUp: false, reason: "once")
        let notification = HomeOSNotification(title: "Call the plumber", body: "Reminder: Call the plumber", category: .reminder, entry: entry)
        try await notifier.deliver(notification)
        try await notifier.deliver(notification)
        try await existing.deliver(notification)
        let lines = try String(contentsOf: url, encoding: .utf8).split(separator: "\n")
        #expect(lines.count == 2)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(lines[0].utf8)) as? [String: Any])
        #expect(object["title"] as? String == "Call the plumber")
        #expect(object["kind"] as? String == "reminder")
        #expect(object["scheduledAt"] as? String == "2026-03-08T12:00:00Z")
        let kept = try String(contentsOf: folder.appending("existing.log"), encoding: .utf8)
        #expect(kept.hasPrefix("earlier line\n{"))
        #expect(throws: SchedulerError.self) { try LogFileNotifier(url: URL(fileURLWithPath: "/proc/homeos-cannot-write/n.log")) }
    }

    @Test func theDesktopNotifierIsSkippedWhenNotifySendIsMissingAndRunsItOtherwise() async throws {
        #expect(DesktopNotifier(searchPath: "/nonexistent-a:/nonexistent-b") == nil)
        let folder = try TemporaryFolder("homeos-scheduler-desktop")
        defer { folder.remove() }
        // A stand-in notify-send that records its arguments.
        let script = folder.appending("notify-send"), record = folder.appending("args.txt")
        try Data("#!/bin/sh\nprintf '%s\\n' \"$@\" > '\(record.path)'\n".utf8).write(to: script)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script.path)
        let notifier = try #require(DesktopNotifier(searchPath: "/nonexistent:\(folder.url.path)"))
        let entry = HomeOSNotification.Entry(id: "m#1", kind: .medication, jobID: "m", scheduledAt: Date(), deliveredAt: Date(),
                                             isCatchUp: false, reason: "daily")
        try await notifier.deliver(HomeOSNotification(title: "Medication — Rosa", body: "lisinopril 10 mg", category: .health,
                                                      isUrgent: true, entry: entry))
        let arguments = try String(contentsOf: record, encoding: .utf8).split(separator: "\n").map(String.init)
        #expect(arguments == ["--app-name=HomeOS", "--urgency=critical", "--category=homeos.health", "Medication — Rosa", "lisinopril 10 mg"])
        let failing = folder.appending("failing")
        try Data("#!/bin/sh\necho 'no session bus' >&2\nexit 3\n".utf8).write(to: failing)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: failing.path)
        await #expect(throws: DesktopNotifierError.self) {
            try await DesktopNotifier(executable: failing).deliver(HomeOSNotification(title: "t", body: "b", category: .nudge, entry: entry))
        }
    }
}

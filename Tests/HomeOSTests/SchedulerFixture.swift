import Foundation
@testable import HomeOS
import Synchronization
import Testing

/// A family in New York (daylight saving starts 2026-03-08 and ends 2026-11-01) with one job of
/// every kind, and helpers to read instants as local times.
enum SchedulerFixture {
    static let timeZone = TimeZone(identifier: "America/New_York")!
    static let calendar = ZonedCalendar(timeZone: timeZone)

    static let medicationID = UUID(uuidString: "00000000-0000-4000-8000-000000000001")!
    static let habitID = UUID(uuidString: "00000000-0000-4000-8000-000000000002")!
    static let plumberID = UUID(uuidString: "00000000-0000-4000-8000-000000000003")!
    static let binsID = UUID(uuidString: "00000000-0000-4000-8000-000000000004")!
    static let dentistID = UUID(uuidString: "00000000-0000-4000-8000-000000000005")!

    /// The instant a local `yyyy-MM-dd` day shows `HH:mm` in New York.
    static func local(_ day: String, _ time: String) -> Date {
        calendar.instant(day: day, time: LocalTime(time)!)!
    }

    /// An ISO 8601 UTC instant.
    static func utc(_ text: String) -> Date { ISO8601DateFormatter().date(from: text)! }

    /// `yyyy-MM-dd HH:mm` in New York.
    static func describe(_ date: Date) -> String { "\(calendar.dayString(of: date)) \(calendar.localTime(of: date))" }

    static func iso(_ date: Date) -> String { ISO8601DateFormatter().string(from: date) }

    /// The family: quiet hours 22:00–07:00, briefings at 07:00 and 20:00, refills 7 days ahead.
    static func family(quietHours: QuietHours? = QuietHours(start: "22:00", end: "07:00"), urgentOverridesQuietHours: Bool = true,
                       eveningWindDown: String = "20:00") -> Family {
        Family(name: "The Test family", timeZoneIdentifier: timeZone.identifier, members: [
            FamilyMember(id: "maria", name: "Maria", role: .parent),
            FamilyMember(id: "leo", name: "Leo", role: .child, age: 9),
            FamilyMember(id: "rosa", name: "Grandma Rosa", role: .grandparent, age: 74, contact: .init(phone: "+1 212 555 0119")),
        ], quietHours: quietHours, notificationPreferences: NotificationPreferences(
            morningBriefing: "07:00", eveningWindDown: eveningWindDown, medicationReminders: true,
            refillReminderDaysAhead: 7, urgentOverridesQuietHours: urgentOverridesQuietHours))
    }

    /// Every kind of job: a medication at 08:00 and 23:00 (refill 2026-03-14), a habit checked in
    /// at 19:00 (done 2026-03-04), Leo's school on Mon/Wed/Fri (off 2026-03-13), a reminder at
    /// 15:00 on 2026-03-10, one at 23:15 on 2026-03-09 (quiet hours), the dentist at 10:00 on the
    /// day daylight saving starts.
    static func data(family: Family = family()) -> ScheduleData {
        ScheduleData(
            family: family,
            medications: [Medication(id: medicationID, memberID: "rosa", name: "lisinopril", dosage: "10 mg",
                                     times: ["08:00", "23:00"], refillDate: "2026-03-14", instructions: "With water.")],
            reminders: [
                Reminder(id: plumberID, title: "Call the plumber", due: local("2026-03-10", "15:00"), memberID: "maria",
                         createdAt: utc("2026-03-01T12:00:00Z"), source: "tools"),
                Reminder(id: binsID, title: "Put the bins out", due: local("2026-03-09", "23:15"),
                         createdAt: utc("2026-03-01T12:00:00Z"), source: "tools"),
            ],
            habits: [Habit(id: habitID, memberID: "leo", name: "Read 20 minutes", completedDays: ["2026-03-04"], checkInTime: "19:00")],
            events: [CalendarEvent(id: dentistID, title: "Dentist", kind: .appointment, start: local("2026-03-08", "10:00"),
                                   location: "Main St", memberIDs: ["leo"])],
            schoolSchedules: [SchoolSchedule(memberID: "leo", school: "PS 9", periods: [
                .init(day: .monday, start: "08:00", end: "09:00", subject: "Math"),
                .init(day: .wednesday, start: "08:00", end: "09:00", subject: "Art"),
                .init(day: .friday, start: "08:00", end: "09:00", subject: "Music"),
            ], daysOff: ["2026-03-13"])])
    }

    /// Writes `data` into `storage`.
    static func seed(_ data: ScheduleData = data(), into storage: any StorageProvider) throws {
        try storage.save(data.family, to: .family)
        try storage.save(data.medications, to: .medications)
        try storage.save(data.reminders, to: .reminders)
        try storage.save(data.habits, to: .habits)
        try storage.save(data.events, to: .calendarEvents)
        try storage.save(data.schoolSchedules, to: .schoolSchedules)
    }

    /// A daemon on a simulated clock starting at `start`, with no model, delivering to `notifier`.
    static func daemon(storage: any StorageProvider, start: Date, notifier: RecordingNotifier, grace: TimeInterval = 30 * 60)
        -> (SchedulerDaemon, SimulatedSchedulerClock) {
        let clock = SimulatedSchedulerClock(start: start)
        let daemon = SchedulerDaemon(
            storage: storage, clock: clock, notifier: notifier,
            content: NotificationContentProducer(storage: storage, briefings: BriefingWriter(storage: storage, bridge: nil)),
            configuration: .init(grace: grace, rescanInterval: 6 * 3600))
        return (daemon, clock)
    }
}

/// Keeps every notification it is given.
final class RecordingNotifier: Notifier {
    private let delivered = Mutex<[HomeOSNotification]>([])

    var name: String { "recording" }

    func deliver(_ notification: HomeOSNotification) async throws {
        delivered.withLock { $0.append(notification) }
    }

    var notifications: [HomeOSNotification] { delivered.withLock { $0 } }

    /// Local `yyyy-MM-dd HH:mm` delivery times of one kind, in order.
    func times(of kind: ScheduleKind) -> [String] {
        notifications.filter { $0.entry.kind == kind }.map { SchedulerFixture.describe($0.entry.deliveredAt) }
    }
}

/// Collects the daemon's tick reports.
final class TickRecorder: Sendable {
    private let reports = Mutex<[SchedulerDaemon.TickReport]>([])

    func record(_ report: SchedulerDaemon.TickReport) { reports.withLock { $0.append(report) } }

    var all: [SchedulerDaemon.TickReport] { reports.withLock { $0 } }
}

/// Lines written by a ``TerminalNotifier``.
final class RecordedLines: Sendable {
    private let stored = Mutex<[String]>([])

    func append(_ line: String) { stored.withLock { $0.append(line) } }

    var lines: [String] { stored.withLock { $0 } }
}

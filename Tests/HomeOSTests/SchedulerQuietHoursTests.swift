import Foundation
@testable import HomeOS
import Testing

/// What quiet hours do to each kind, and which jobs the family's data and preferences produce.
@Suite struct SchedulerQuietHoursTests {
    func occurrences(_ data: ScheduleData, from: String, to: String, kind: ScheduleKind) throws -> [ScheduledOccurrence] {
        try SkillScheduler(data: data).occurrences(after: SchedulerFixture.local(from, "00:00"), through: SchedulerFixture.local(to, "00:00"))
            .filter { $0.job.kind == kind }
    }

    @Test func medicationInQuietHoursIsSentOnTimeWhenUrgentMayOverride() throws {
        let doses = try occurrences(SchedulerFixture.data(), from: "2026-03-07", to: "2026-03-09", kind: .medication)
        let late = doses.filter { SchedulerFixture.calendar.localTime(of: $0.scheduledAt) == LocalTime("23:00") }
        #expect(late.count == 2)
        #expect(late.allSatisfy { $0.quietHours == .overridden && $0.deliverAt == $0.scheduledAt })
        #expect(doses.filter { $0.quietHours == .none }.map { SchedulerFixture.describe($0.deliverAt) } == ["2026-03-07 08:00", "2026-03-08 08:00"])
    }

    @Test func medicationIsDeferredNeverDroppedWhenQuietHoursWin() throws {
        let data = SchedulerFixture.data(family: SchedulerFixture.family(urgentOverridesQuietHours: false))
        let doses = try occurrences(data, from: "2026-03-01", to: "2026-03-15", kind: .medication)
        #expect(doses.count == 28)
        #expect(!doses.contains { $0.quietHours == .dropped })
        let deferred = doses.filter { $0.quietHours == .deferred }
        #expect(deferred.count == 14)
        // 23:00 on the 7th (EST) waits for 07:00 on the 8th (EDT, the first morning of daylight saving).
        let saturday = try #require(deferred.first { SchedulerFixture.describe($0.scheduledAt) == "2026-03-07 23:00" })
        #expect(SchedulerFixture.iso(saturday.deliverAt) == "2026-03-08T11:00:00Z")
        #expect(deferred.allSatisfy { SchedulerFixture.calendar.localTime(of: $0.deliverAt) == LocalTime("07:00") })
    }

    @Test func nudgesAndTheWindDownAreDroppedOthersDeferred() throws {
        var family = SchedulerFixture.family(eveningWindDown: "22:30")
        family.quietHours = QuietHours(start: "22:00", end: "07:00")
        var data = SchedulerFixture.data(family: family)
        data.habits = [Habit(id: SchedulerFixture.habitID, memberID: "leo", name: "Stretch", checkInTime: "22:15")]
        data.events.append(CalendarEvent(title: "Early flight", start: SchedulerFixture.local("2026-03-10", "06:00")))
        let scheduler = try SkillScheduler(data: data)
        let all = scheduler.occurrences(after: SchedulerFixture.local("2026-03-09", "00:00"), through: SchedulerFixture.local("2026-03-11", "00:00"))
        func effect(_ kind: ScheduleKind) -> Set<ScheduledOccurrence.QuietHoursEffect> { Set(all.filter { $0.job.kind == kind }.map(\.quietHours)) }
        #expect(effect(.eveningWindDown) == [.dropped])
        #expect(effect(.habitCheckIn) == [.dropped])
        let bins = try #require(all.first { $0.job.sourceID == SchedulerFixture.binsID.uuidString })
        #expect(bins.quietHours == .deferred)
        #expect(SchedulerFixture.describe(bins.deliverAt) == "2026-03-10 07:00")
        let flight = try #require(all.first { $0.job.title.hasPrefix("Coming up") && $0.job.reason.contains("Early flight") })
        #expect(SchedulerFixture.describe(flight.scheduledAt) == "2026-03-10 04:00")
        #expect(SchedulerFixture.describe(flight.deliverAt) == "2026-03-10 07:00")
        #expect(scheduler.explain(bins).contains("deferred from 23:15 by quiet hours 22:00–07:00"))
    }

    @Test func wellnessNudgesInsideAMiddayQuietWindowAreDropped() throws {
        let family = SchedulerFixture.family(quietHours: QuietHours(start: "11:00", end: "15:00"))
        let nudges = try occurrences(SchedulerFixture.data(family: family), from: "2026-03-08", to: "2026-03-09", kind: .wellnessNudge)
        #expect(nudges.filter(\.isDelivered).map { SchedulerFixture.describe($0.deliverAt) }
            == ["2026-03-08 08:00", "2026-03-08 10:00", "2026-03-08 16:00", "2026-03-08 18:00"])
        #expect(nudges.filter { !$0.isDelivered }.count == 2)
    }

    @Test func theMorningBriefingWaitsForTheEndOfQuietHours() throws {
        let endsAtSeven = try occurrences(SchedulerFixture.data(), from: "2026-03-08", to: "2026-03-09", kind: .morningBriefing)
        #expect(endsAtSeven.map(\.quietHours) == [.none])
        let family = SchedulerFixture.family(quietHours: QuietHours(start: "22:00", end: "07:30"))
        let later = try occurrences(SchedulerFixture.data(family: family), from: "2026-03-08", to: "2026-03-09", kind: .morningBriefing)
        #expect(later.map { SchedulerFixture.describe($0.deliverAt) } == ["2026-03-08 07:30"])
        #expect(later.map(\.quietHours) == [.deferred])
    }

    @Test func preferencesAndDisabledSkillsTurnJobsOff() throws {
        var family = SchedulerFixture.family()
        family.notificationPreferences.morningBriefing = nil
        family.notificationPreferences.medicationReminders = false
        var data = SchedulerFixture.data(family: family)
        var settings = SkillSettings()
        settings.setEnabled(false, skillID: "wellness")
        data.skillSettings = settings
        let kinds = Set(ScheduleBuilder().jobs(for: data).map(\.kind))
        #expect(!kinds.contains(.morningBriefing))
        #expect(!kinds.contains(.medication))
        #expect(!kinds.contains(.wellnessNudge))
        #expect(kinds.isSuperset(of: [.eveningWindDown, .refill, .schoolCheck, .habitCheckIn, .elderCareCheckIn, .reminder, .calendarEvent]))
    }

    @Test func doneRemindersAndAllDayEventsAreNotScheduled() throws {
        var data = SchedulerFixture.data()
        data.reminders[0].isDone = true
        data.events = [CalendarEvent(title: "Holiday", start: SchedulerFixture.local("2026-03-10", "00:00"), isAllDay: true)]
        let jobs = ScheduleBuilder().jobs(for: data)
        #expect(!jobs.contains { $0.sourceID == SchedulerFixture.plumberID.uuidString })
        #expect(!jobs.contains { $0.kind == .calendarEvent })
    }

    @Test func anUnknownTimeZoneIsAClearError() {
        var family = SchedulerFixture.family()
        family.timeZoneIdentifier = "Mars/Olympus"
        #expect(throws: SchedulerError.unknownTimeZone("Mars/Olympus")) { try SkillScheduler(data: ScheduleData(family: family)) }
        #expect(SchedulerError.unknownTimeZone("Mars/Olympus").description.contains("IANA"))
    }
}

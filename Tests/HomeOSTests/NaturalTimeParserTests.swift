import Foundation
@testable import HomeOS
@testable import NaturalTime
import Testing

@Suite struct NaturalTimeParserTests {
    /// Wednesday 6 May 2026, 15:00 in Chicago (CDT).
    let now = ResolverTestZone.date(2026, 5, 6, 15, 0)
    let parser = NaturalTimeParser(timeZone: ResolverTestZone.zone)

    @Test func inMinutesIsExact() throws {
        let parsed = try #require(parser.parse("remind me to call mom in 20 minutes", relativeTo: now))
        #expect(parsed.fireDate == now.addingTimeInterval(1200))
        #expect(parsed.time == "15:20")
        #expect(parsed.task == "call mom")
        #expect(parsed.recurrence == nil)
        #expect(!parsed.timeWasDefaulted)
        #expect(!parsed.isInPast)
    }

    @Test func tomorrowAtEight() throws {
        let parsed = try #require(parser.parse("remind me to take out the trash tomorrow at 8am", relativeTo: now))
        #expect(parsed.fireDate == ResolverTestZone.date(2026, 5, 7, 8, 0))
        #expect(parsed.date == "2026-05-07")
        #expect(parsed.time == "08:00")
        #expect(parsed.task == "take out the trash")
    }

    @Test func timeWithoutDateIsTheNextOne() throws {
        let evening = try #require(parser.parse("remind me at 6 to start dinner", relativeTo: now))
        #expect(evening.fireDate == ResolverTestZone.date(2026, 5, 6, 18, 0))
        #expect(evening.task == "start dinner")
        let morning = try #require(parser.parse("at 8am check the mail", relativeTo: now))
        #expect(morning.fireDate == ResolverTestZone.date(2026, 5, 7, 8, 0))
        #expect(morning.task == "check the mail")
    }

    @Test func dateWithoutTimeUsesTheDefault() throws {
        let parsed = try #require(parser.parse("pay the water bill on Friday", relativeTo: now))
        #expect(parsed.fireDate == ResolverTestZone.date(2026, 5, 8, 9, 0))
        #expect(parsed.timeWasDefaulted)
        #expect(parsed.task == "pay the water bill")
        let evening = try #require(parser.parse("tomorrow evening water the garden", relativeTo: now))
        #expect(evening.time == "18:00")
        let custom = NaturalTimeParser(timeZone: ResolverTestZone.zone, defaultHour: 7, defaultMinute: 30)
        #expect(custom.parse("Friday", relativeTo: now)?.time == "07:30")
    }

    @Test func pastTimeIsFlagged() throws {
        let parsed = try #require(parser.parse("today at 8am", relativeTo: now))
        #expect(parsed.isInPast)
    }

    @Test func everyDayAtNine() throws {
        let parsed = try #require(parser.parse("every day at 9", relativeTo: now))
        #expect(parsed.recurrence == .daily)
        #expect(parsed.fireDate == ResolverTestZone.date(2026, 5, 7, 9, 0))
        #expect(parsed.nextOccurrence(after: parsed.fireDate) == ResolverTestZone.date(2026, 5, 8, 9, 0))
        #expect(parser.parse("take vitamins daily at 8pm", relativeTo: now)?.fireDate == ResolverTestZone.date(2026, 5, 6, 20, 0))
    }

    @Test func everyMorningDefaultsToNine() throws {
        let parsed = try #require(parser.parse("water the plants every morning", relativeTo: now))
        #expect(parsed.recurrence == .daily)
        #expect(parsed.time == "09:00")
        #expect(parsed.timeWasDefaulted)
        #expect(parsed.task == "water the plants")
    }

    @Test func weekdaysAndWeeklyRecurrences() throws {
        let weekdays = try #require(parser.parse("every weekday at 7:30", relativeTo: now))
        #expect(weekdays.recurrence == .weekdays)
        #expect(weekdays.fireDate == ResolverTestZone.date(2026, 5, 7, 7, 30))
        let friday = ResolverTestZone.date(2026, 5, 8, 8, 0)
        #expect(weekdays.nextOccurrence(after: friday) == ResolverTestZone.date(2026, 5, 11, 7, 30))

        let monday = try #require(parser.parse("every Monday at 10am team call", relativeTo: now))
        #expect(monday.recurrence == .weekly(weekday: 2))
        #expect(monday.fireDate == ResolverTestZone.date(2026, 5, 11, 10, 0))
        #expect(monday.task == "team call")

        let today = try #require(parser.parse("every Wednesday at 5pm", relativeTo: now))
        #expect(today.fireDate == ResolverTestZone.date(2026, 5, 6, 17, 0))
        #expect(today.nextOccurrence(after: today.fireDate) == ResolverTestZone.date(2026, 5, 13, 17, 0))

        #expect(parser.parse("trash out on Tuesdays at 7pm", relativeTo: now)?.recurrence == .weekly(weekday: 3))
        #expect(parser.parse("weekly check-in", relativeTo: now)?.recurrence == .weekly(weekday: 4))
        #expect(parser.parse("every weekend at 10", relativeTo: now)?.fireDate == ResolverTestZone.date(2026, 5, 9, 10, 0))
    }

    @Test func monthlyRecurrences() throws {
        let rent = try #require(parser.parse("on the 1st of every month pay rent", relativeTo: now))
        #expect(rent.recurrence == .monthly(day: 1))
        #expect(rent.fireDate == ResolverTestZone.date(2026, 6, 1, 9, 0))
        #expect(rent.task == "pay rent")
        let last = try #require(parser.parse("on the 31st of every month", relativeTo: now))
        #expect(last.fireDate == ResolverTestZone.date(2026, 5, 31, 9, 0))
        #expect(last.nextOccurrence(after: last.fireDate) == ResolverTestZone.date(2026, 6, 30, 9, 0))
    }

    @Test func intervalRecurrences() throws {
        let pills = try #require(parser.parse("take medicine every 8 hours", relativeTo: now))
        #expect(pills.recurrence == .everyHours(8))
        #expect(pills.fireDate == now.addingTimeInterval(8 * 3600))
        #expect(pills.nextOccurrence(after: pills.fireDate) == now.addingTimeInterval(16 * 3600))
        #expect(pills.task == "take medicine")
        #expect(parser.parse("stretch every 30 minutes", relativeTo: now)?.recurrence == .everyMinutes(30))
        let other = try #require(parser.parse("water the cactus every other day", relativeTo: now))
        #expect(other.recurrence == .everyDays(2))
        #expect(other.fireDate == ResolverTestZone.date(2026, 5, 7, 9, 0))
        #expect(other.nextOccurrence(after: other.fireDate) == ResolverTestZone.date(2026, 5, 9, 9, 0))
        let fortnightly = try #require(parser.parse("every 2 weeks water the ferns", relativeTo: now))
        #expect(fortnightly.recurrence == .everyDays(14))
        #expect(fortnightly.fireDate == ResolverTestZone.date(2026, 5, 7, 9, 0))
        #expect(fortnightly.nextOccurrence(after: fortnightly.fireDate) == ResolverTestZone.date(2026, 5, 21, 9, 0))
        #expect(fortnightly.task == "water the ferns")
    }

    @Test func noTimeGivesNil() {
        #expect(parser.parse("buy milk", relativeTo: now) == nil)
        #expect(parser.parse("", relativeTo: now) == nil)
    }

    @Test func oneOffHasNoOccurrenceAfterItFired() throws {
        let parsed = try #require(parser.parse("tomorrow at 8am", relativeTo: now))
        #expect(parsed.nextOccurrence(after: now) == parsed.fireDate)
        #expect(parsed.nextOccurrence(after: parsed.fireDate) == nil)
    }

    @Test func dailyStaysAtNineAcrossSpringForward() throws {
        // Saturday 7 March 2026, 10:00 CST; DST starts on Sunday 8 March.
        let reference = ResolverTestZone.date(2026, 3, 7, 10, 0)
        let parsed = try #require(parser.parse("every day at 9am", relativeTo: reference))
        #expect(parsed.fireDate == ResolverTestZone.utc("2026-03-08T14:00:00Z"))  // 09:00 CDT
        let next = try #require(parsed.nextOccurrence(after: parsed.fireDate))
        #expect(next == ResolverTestZone.utc("2026-03-09T14:00:00Z"))
        #expect(ResolverTestZone.calendar.component(.hour, from: next) == 9)
        let before = try #require(parsed.nextOccurrence(after: ResolverTestZone.date(2026, 3, 6, 12, 0)))
        #expect(before == parsed.fireDate)
    }

    @Test func dailyStaysAtNineAcrossFallBack() throws {
        let reference = ResolverTestZone.date(2026, 10, 31, 10, 0)
        let parsed = try #require(parser.parse("every day at 9am", relativeTo: reference))
        #expect(parsed.fireDate == ResolverTestZone.utc("2026-11-01T15:00:00Z"))  // 09:00 CST
        #expect(parsed.nextOccurrence(after: parsed.fireDate) == ResolverTestZone.utc("2026-11-02T15:00:00Z"))
    }

    @Test func roundTripsThroughCodable() throws {
        let parsed = try #require(parser.parse("every Monday at 10am", relativeTo: now))
        let data = try JSONEncoder().encode(parsed)
        #expect(try JSONDecoder().decode(ParsedReminderTime.self, from: data) == parsed)
    }
}

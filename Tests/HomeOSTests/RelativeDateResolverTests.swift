import Foundation
@testable import HomeOS
@testable import NaturalTime
import Testing

/// Helpers for fixed moments in America/ResolverTestZone.
enum ResolverTestZone {
    static let zone = TimeZone(identifier: "America/Chicago") ?? TimeZone(secondsFromGMT: -6 * 3600) ?? .current

    static var calendar: Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        return calendar
    }

    static func date(_ year: Int, _ month: Int, _ day: Int, _ hour: Int = 0, _ minute: Int = 0) -> Date {
        calendar.date(from: DateComponents(year: year, month: month, day: day, hour: hour, minute: minute)) ?? Date(timeIntervalSince1970: 0)
    }

    static func utc(_ iso: String) -> Date {
        let formatter = ISO8601DateFormatter()
        return formatter.date(from: iso) ?? Date(timeIntervalSince1970: 0)
    }
}

@Suite struct RelativeDateResolverTests {
    /// Wednesday 6 May 2026, 15:00 in Chicago (CDT).
    let now = ResolverTestZone.date(2026, 5, 6, 15, 0)
    let resolver = RelativeDateResolver(timeZone: ResolverTestZone.zone)

    func date(_ text: String) -> String? { resolver.resolve(text, relativeTo: now).date }
    func time(_ text: String) -> String? { resolver.resolve(text, relativeTo: now).time }

    @Test func referenceIsAWednesday() {
        #expect(ResolverTestZone.calendar.component(.weekday, from: now) == 4)
    }

    static let dates: [(String, String)] = [
        ("today", "2026-05-06"),
        ("tonight", "2026-05-06"),
        ("tomorrow", "2026-05-07"),
        ("the day after tomorrow", "2026-05-08"),
        ("day after tomorrow", "2026-05-08"),
        ("yesterday", "2026-05-05"),
        ("Saturday", "2026-05-09"),
        ("on Saturday", "2026-05-09"),
        ("this Saturday", "2026-05-09"),
        ("next Saturday", "2026-05-16"),
        ("Friday", "2026-05-08"),
        ("next Friday", "2026-05-15"),
        ("Wednesday", "2026-05-13"),
        ("this Wednesday", "2026-05-06"),
        ("next Wednesday", "2026-05-13"),
        ("last Friday", "2026-05-01"),
        ("on Sat", "2026-05-09"),
        ("Monday", "2026-05-11"),
        ("next Monday", "2026-05-11"),
        ("this weekend", "2026-05-09"),
        ("next weekend", "2026-05-16"),
        ("in 3 days", "2026-05-09"),
        ("in three days", "2026-05-09"),
        ("in 2 weeks", "2026-05-20"),
        ("in a week", "2026-05-13"),
        ("in a month", "2026-06-06"),
        ("May 5", "2027-05-05"),
        ("May 6", "2026-05-06"),
        ("May 5th, 2028", "2028-05-05"),
        ("June 5", "2026-06-05"),
        ("5 June", "2026-06-05"),
        ("the 5th of June", "2026-06-05"),
        ("Dec 1st", "2026-12-01"),
        ("12/25", "2026-12-25"),
        ("5/12", "2026-05-12"),
        ("5/12/2027", "2027-05-12"),
        ("1/2/27", "2027-01-02"),
        ("2026-12-01", "2026-12-01"),
        ("on the 15th", "2026-05-15"),
        ("the 1st", "2026-06-01"),
    ]

    @Test(arguments: dates)
    func resolvesDates(_ text: String, _ expected: String) {
        #expect(date(text) == expected, "\(text)")
    }

    static let times: [(String, String)] = [
        ("7pm", "19:00"),
        ("at 7 pm", "19:00"),
        ("7:30 pm", "19:30"),
        ("7:30p.m.", "19:30"),
        ("19:00", "19:00"),
        ("07:30", "07:30"),
        ("at noon", "12:00"),
        ("12am", "00:00"),
        ("12pm", "12:00"),
        ("at 7 tonight", "19:00"),
        ("at 8 in the morning", "08:00"),
        ("breakfast at 8", "08:00"),
        ("dinner at 7", "19:00"),
        ("tomorrow at 7:30am", "07:30"),
        ("around 6ish", "18:00"),
        ("7 o'clock tonight", "19:00"),
        ("half past 7 tonight", "19:30"),
        ("quarter to 8 in the evening", "19:45"),
        ("at 1930", "19:30"),
        ("book for tmrw 7", "19:00"),
        ("Friday 8", "08:00"),
        ("dinner Friday 8", "20:00"),
        ("Sat at 6", "18:00"),
    ]

    @Test(arguments: times)
    func resolvesTimes(_ text: String, _ expected: String) {
        #expect(time(text) == expected, "\(text)")
    }

    @Test func bookingScenarioFromTheIssue() {
        let full = resolver.resolve("Book a table at an Italian place for Saturday at 7pm for 4", relativeTo: now)
        #expect(full.date == "2026-05-09")
        #expect(full.time == "19:00")
        #expect(full.missing.isEmpty)
        #expect(!full.meridiemWasAssumed)
        #expect(full.resolvedDate == ResolverTestZone.date(2026, 5, 9, 19, 0))

        let noTime = resolver.resolve("Book a table at an Italian place for Saturday for 4", relativeTo: now)
        #expect(noTime.date == "2026-05-09")
        #expect(noTime.missing == [.time])

        let noDate = resolver.resolve("Book a table for 4 at 7", relativeTo: now)
        #expect(noDate.missing == [.date])
        #expect(noDate.time == "19:00")
        #expect(noDate.meridiemWasAssumed)
        #expect(noDate.resolvedDate == nil)

        #expect(resolver.resolve("a table for 4 please", relativeTo: now).missing == [.date, .time])
    }

    @Test func hourAssumptionRules() {
        let general = RelativeDateResolver(timeZone: ResolverTestZone.zone, hourAssumption: .general)
        #expect(general.resolve("call grandma at 7", relativeTo: now).time == "07:00")
        #expect(general.resolve("call grandma at 3", relativeTo: now).time == "15:00")
        #expect(general.resolve("call grandma at 12", relativeTo: now).time == "12:00")
        let dining = RelativeDateResolver(timeZone: ResolverTestZone.zone, hourAssumption: .dining)
        #expect(dining.resolve("at 7", relativeTo: now).time == "19:00")
        #expect(dining.resolve("at 11", relativeTo: now).time == "11:00")
        #expect(dining.resolve("at 1", relativeTo: now).time == "13:00")
        #expect(resolver.resolve("reservation at 8", relativeTo: now).time == "20:00")
        #expect(resolver.resolve("brunch at 10", relativeTo: now).time == "10:00")
    }

    @Test func partsOfDayKeepTimeEmptyButOfferDefaults() {
        let evening = resolver.resolve("tomorrow evening", relativeTo: now)
        #expect(evening.date == "2026-05-07")
        #expect(evening.time == nil)
        #expect(evening.partOfDay == .evening)
        #expect(evening.timeOrDefault == "18:00")
        #expect(evening.missing == [.time])
        #expect(evening.resolvedDate == ResolverTestZone.date(2026, 5, 7, 18, 0))
        let tonight = resolver.resolve("tonight", relativeTo: now)
        #expect(tonight.partOfDay == .night)
        #expect(tonight.timeOrDefault == "20:00")
        #expect(resolver.resolve("this morning", relativeTo: now).date == "2026-05-06")
        #expect(resolver.resolve("today", relativeTo: now).resolvedDate == ResolverTestZone.date(2026, 5, 6))
    }

    @Test func midnightIsTheEndOfTheNamedDay() {
        let friday = resolver.resolve("Friday at midnight", relativeTo: now)
        #expect(friday.date == "2026-05-09")
        #expect(friday.time == "00:00")
        #expect(resolver.resolve("at 12 tonight", relativeTo: now).date == "2026-05-07")
        #expect(resolver.resolve("Friday at 12am", relativeTo: now).date == "2026-05-08")
    }

    @Test func offsetsInHoursAndMinutesAreExact() {
        let twoHours = resolver.resolve("in 2 hours", relativeTo: now)
        #expect(twoHours.date == "2026-05-06")
        #expect(twoHours.time == "17:00")
        #expect(twoHours.resolvedDate == now.addingTimeInterval(7200))
        #expect(time("in 20 minutes") == "15:20")
        #expect(time("in half an hour") == "15:30")
        #expect(time("in an hour and a half") == "16:30")
        #expect(time("20 minutes from now") == "15:20")
        #expect(time("in 20min") == "15:20")
        #expect(resolver.resolve("in 10 hours", relativeTo: now).date == "2026-05-07")
        let days = resolver.resolve("in 3 days at 5pm", relativeTo: now)
        #expect(days.date == "2026-05-09")
        #expect(days.time == "17:00")
    }

    @Test func mostSpecificDateWins() {
        #expect(date("tomorrow, May 20") == "2026-05-20")
        #expect(date("Saturday May 16") == "2026-05-16")
    }

    @Test func ignoresNumbersThatAreNotTimes() {
        let result = resolver.resolve("we are 4 people, maybe 5", relativeTo: now)
        #expect(result.time == nil)
        #expect(result.date == nil)
        #expect(time("may I book for 2") == nil)
        #expect(date("I sat down") == nil)
        #expect(date("I sat at the table") == nil)
        #expect(time("in 2026") == nil)
        #expect(date("Sat at 6") == "2026-05-09")
    }

    @Test func springForwardInChicago() {
        // Saturday 7 March 2026, 20:00 CST; clocks go forward at 02:00 on Sunday 8 March.
        let saturdayEvening = ResolverTestZone.date(2026, 3, 7, 20, 0)
        let dinner = resolver.resolve("tomorrow at 7pm", relativeTo: saturdayEvening)
        #expect(dinner.date == "2026-03-08")
        #expect(dinner.time == "19:00")
        #expect(dinner.resolvedDate == ResolverTestZone.utc("2026-03-09T00:00:00Z"))
        let dayLater = resolver.resolve("in 24 hours", relativeTo: saturdayEvening)
        #expect(dayLater.date == "2026-03-08")
        #expect(dayLater.time == "21:00")
        #expect(dayLater.resolvedDate == saturdayEvening.addingTimeInterval(86_400))
        let oneDay = resolver.resolve("in 1 day", relativeTo: saturdayEvening)
        #expect(oneDay.date == "2026-03-08")
        #expect(oneDay.resolvedDate == ResolverTestZone.utc("2026-03-08T06:00:00Z"))
        let missing = resolver.resolve("tomorrow at 2:30am", relativeTo: saturdayEvening)
        #expect(missing.date == "2026-03-08")
        #expect(missing.time == "02:30")
        #expect(missing.resolvedDate != nil)
    }

    @Test func fallBackInChicago() {
        // Saturday 31 October 2026, 12:00 CDT; clocks go back at 02:00 on Sunday 1 November.
        let saturday = ResolverTestZone.date(2026, 10, 31, 12, 0)
        let morning = resolver.resolve("tomorrow at 9am", relativeTo: saturday)
        #expect(morning.date == "2026-11-01")
        #expect(morning.resolvedDate == ResolverTestZone.utc("2026-11-01T15:00:00Z"))
        #expect(resolver.resolve("next Saturday", relativeTo: saturday).date == "2026-11-07")
        #expect(resolver.resolve("Sunday at 6pm", relativeTo: saturday).resolvedDate == ResolverTestZone.utc("2026-11-02T00:00:00Z"))
    }

    @Test func weekdayRulesOnEveryDayOfTheWeek() {
        // From Monday 4 May to Sunday 10 May 2026: "Saturday" is never today, "this Saturday" is today on Saturday.
        for offset in 0..<7 {
            let reference = ResolverTestZone.date(2026, 5, 4 + offset, 10, 0)
            let bare = resolver.resolve("Saturday", relativeTo: reference).date
            let this = resolver.resolve("this Saturday", relativeTo: reference).date
            let next = resolver.resolve("next Saturday", relativeTo: reference).date
            switch offset {
            case 5:  // Saturday
                #expect(bare == "2026-05-16")
                #expect(this == "2026-05-09")
                #expect(next == "2026-05-16")
            case 6:  // Sunday
                #expect(bare == "2026-05-16")
                #expect(this == "2026-05-16")
                #expect(next == "2026-05-16")
            default:
                #expect(bare == "2026-05-09")
                #expect(this == "2026-05-09")
                #expect(next == "2026-05-16")
            }
        }
    }
}

import Foundation
@testable import HomeOS
import Testing

/// Exact occurrence times in America/New_York across daylight-saving changes, month ends and leap days.
@Suite struct SchedulerRuleTests {
    let calendar = SchedulerFixture.calendar

    func isoTimes(_ rule: ScheduleRule, after: String, through: String) -> [String] {
        rule.occurrences(after: SchedulerFixture.utc(after), through: SchedulerFixture.utc(through), calendar: calendar)
            .map(SchedulerFixture.iso)
    }

    @Test func dailyKeepsTheWallClockAcrossSpringForward() {
        let times = isoTimes(.daily(LocalTime("07:00")!), after: "2026-03-06T00:00:00Z", through: "2026-03-10T00:00:00Z")
        #expect(times == ["2026-03-06T12:00:00Z", "2026-03-07T12:00:00Z", "2026-03-08T11:00:00Z", "2026-03-09T11:00:00Z"])
    }

    @Test func dailyKeepsTheWallClockAcrossFallBack() {
        let times = isoTimes(.daily(LocalTime("20:00")!), after: "2026-10-30T00:00:00Z", through: "2026-11-03T00:00:00Z")
        #expect(times == ["2026-10-31T00:00:00Z", "2026-11-01T00:00:00Z", "2026-11-02T01:00:00Z"])
    }

    @Test func aSkippedTimeHappensAfterTheGapOnce() {
        // 02:30 does not exist on 2026-03-08: it happens at 03:30 EDT, the instant 02:30 EST would have been.
        let times = isoTimes(.daily(LocalTime("02:30")!), after: "2026-03-07T00:00:00Z", through: "2026-03-10T00:00:00Z")
        #expect(times == ["2026-03-07T07:30:00Z", "2026-03-08T07:30:00Z", "2026-03-09T06:30:00Z"])
        #expect(SchedulerFixture.describe(SchedulerFixture.utc("2026-03-08T07:30:00Z")) == "2026-03-08 03:30")
    }

    @Test func aRepeatedTimeHappensOnceTheFirstTime() {
        // 01:30 happens twice on 2026-11-01 (EDT, then EST): the dose is due once, at the first.
        let times = isoTimes(.daily(LocalTime("01:30")!), after: "2026-10-31T00:00:00Z", through: "2026-11-03T00:00:00Z")
        #expect(times == ["2026-10-31T05:30:00Z", "2026-11-01T05:30:00Z", "2026-11-02T06:30:00Z"])
    }

    @Test func intervalWithinAWindowOnTheDaylightSavingDay() {
        let rule = ScheduleRule.interval(minutes: 120, from: LocalTime("08:00")!, until: LocalTime("20:00")!)
        let times = isoTimes(rule, after: "2026-03-08T05:00:00Z", through: "2026-03-09T04:00:00Z")
        #expect(times == ["2026-03-08T12:00:00Z", "2026-03-08T14:00:00Z", "2026-03-08T16:00:00Z",
                          "2026-03-08T18:00:00Z", "2026-03-08T20:00:00Z", "2026-03-08T22:00:00Z"])
        let before = isoTimes(rule, after: "2026-03-07T05:00:00Z", through: "2026-03-08T05:00:00Z")
        #expect(before.first == "2026-03-07T13:00:00Z")
        #expect(before.last == "2026-03-07T23:00:00Z")
    }

    @Test func weeklyOnSchoolDaysSkipsDaysOff() {
        let rule = ScheduleRule.weekly(days: [.monday, .wednesday, .friday], at: LocalTime("07:30")!, except: ["2026-03-13"])
        let times = rule.occurrences(after: SchedulerFixture.local("2026-03-02", "00:00"), through: SchedulerFixture.local("2026-03-16", "00:00"),
                                     calendar: calendar).map(SchedulerFixture.describe)
        #expect(times == ["2026-03-02 07:30", "2026-03-04 07:30", "2026-03-06 07:30", "2026-03-09 07:30", "2026-03-11 07:30"])
        #expect(calendar.weekday(ofDay: calendar.dayNumber("2026-03-08")!) == .sunday)
        #expect(calendar.weekday(ofDay: calendar.dayNumber("2028-02-29")!) == .tuesday)
    }

    @Test func monthlyClampsMonthEndsAndCrossesDaylightSaving() {
        let rule = ScheduleRule.repeating(start: SchedulerFixture.local("2026-01-31", "09:00"), every: .monthly)
        let times = isoTimes(rule, after: "2026-01-01T00:00:00Z", through: "2026-05-01T00:00:00Z")
        #expect(times == ["2026-01-31T14:00:00Z", "2026-02-28T14:00:00Z", "2026-03-31T13:00:00Z", "2026-04-30T13:00:00Z"])
    }

    @Test func monthlyReachesTheLeapDay() {
        let fromJanuary = ScheduleRule.repeating(start: SchedulerFixture.local("2028-01-31", "09:00"), every: .monthly)
        #expect(isoTimes(fromJanuary, after: "2028-02-01T00:00:00Z", through: "2028-03-01T00:00:00Z") == ["2028-02-29T14:00:00Z"])
        let fromLeapDay = ScheduleRule.repeating(start: SchedulerFixture.local("2028-02-29", "09:00"), every: .monthly)
        #expect(isoTimes(fromLeapDay, after: "2028-02-01T00:00:00Z", through: "2028-04-30T00:00:00Z")
            == ["2028-02-29T14:00:00Z", "2028-03-29T13:00:00Z", "2028-04-29T13:00:00Z"])
        // Months computed from the start, so the 31st comes back after a short month.
        let late = ScheduleRule.repeating(start: SchedulerFixture.local("2027-12-31", "09:00"), every: .monthly)
        #expect(isoTimes(late, after: "2028-02-01T00:00:00Z", through: "2028-04-01T00:00:00Z")
            == ["2028-02-29T14:00:00Z", "2028-03-31T13:00:00Z"])
    }

    @Test func weeklyAndDailyRepeatsFarFromTheirStart() {
        let weekly = ScheduleRule.repeating(start: SchedulerFixture.local("2026-01-05", "18:00"), every: .weekly)
        let times = weekly.occurrences(after: SchedulerFixture.local("2026-10-25", "00:00"), through: SchedulerFixture.local("2026-11-10", "00:00"),
                                       calendar: calendar).map(SchedulerFixture.describe)
        #expect(times == ["2026-10-26 18:00", "2026-11-02 18:00", "2026-11-09 18:00"])
        let daily = ScheduleRule.repeating(start: SchedulerFixture.local("2026-03-06", "09:00"), every: .daily)
        #expect(isoTimes(daily, after: "2026-03-06T00:00:00Z", through: "2026-03-09T23:00:00Z")
            == ["2026-03-06T14:00:00Z", "2026-03-07T14:00:00Z", "2026-03-08T13:00:00Z", "2026-03-09T13:00:00Z"])
    }

    @Test func onceIsInTheRangeOrNot() {
        let rule = ScheduleRule.once(SchedulerFixture.utc("2026-03-08T12:00:00Z"))
        #expect(isoTimes(rule, after: "2026-03-08T11:00:00Z", through: "2026-03-08T12:00:00Z") == ["2026-03-08T12:00:00Z"])
        #expect(isoTimes(rule, after: "2026-03-08T12:00:00Z", through: "2026-03-08T13:00:00Z").isEmpty)
    }
}

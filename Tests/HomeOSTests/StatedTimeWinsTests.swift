import Foundation
@testable import HomeOS
@testable import NaturalTime
import Testing

/// Issue 21: "Remind me to water plant number 1 tomorrow at 9am" became a reminder to "water plant
/// number" at 13:00, and "a table for 2 tomorrow at 6pm" was booked at 14:00. A number next to a
/// date word is only a weak reading of a time; the time the person states wins, and the number stays.
@Suite struct StatedTimeWinsTests {
    /// Wednesday 6 May 2026, 15:00 in Chicago (CDT).
    let now = ResolverTestZone.date(2026, 5, 6, 15, 0)
    let parser = NaturalTimeParser(timeZone: ResolverTestZone.zone)

    @Test func thePlantReminderIsAtNineAndKeepsItsNumber() throws {
        let parsed = try #require(parser.parse("Remind me to water plant number 1 tomorrow at 9am", relativeTo: now))
        #expect(parsed.date == "2026-05-07" && parsed.time == "09:00")
        #expect(parsed.task == "water plant number 1")
    }

    @Test func theTableForTwoTomorrowAtSixIsAtSixPM() {
        let resolver = RelativeDateResolver(timeZone: ResolverTestZone.zone, hourAssumption: .dining)
        let resolved = resolver.resolve("Book an Italian table for 2 tomorrow at 6pm", relativeTo: now)
        #expect(resolved.date == "2026-05-07" && resolved.time == "18:00")
    }

    /// The property, over every combination: a stated time plus unrelated numbers in the task
    /// always keeps the stated time, and the numbers stay in the task.
    @Test func aStatedTimeAlwaysBeatsUnrelatedNumbers() throws {
        let tasks = ["water plant number 1", "buy 2 dozen eggs", "call room 4", "pack 3 lunches", "feed the 2 cats",
                     "print page 7", "order 12 cupcakes", "move car 2"]
        let days = [("tomorrow", "2026-05-07"), ("on Friday", "2026-05-08"), ("on Saturday", "2026-05-09")]
        let times = [("at 9am", "09:00"), ("at 7:30pm", "19:30"), ("at 18:00", "18:00"), ("at 6 pm", "18:00"), ("at 10:15", "10:15")]
        var checked = 0
        for task in tasks {
            for (dayWords, date) in days {
                for (timeWords, time) in times {
                    for text in ["remind me to \(task) \(dayWords) \(timeWords)", "remind me \(dayWords) \(timeWords) to \(task)"] {
                        let parsed = try #require(parser.parse(text, relativeTo: now), "\(text)")
                        #expect(parsed.date == date && parsed.time == time, "\(text) → \(parsed.date) \(parsed.time)")
                        #expect(parsed.task == task, "\(text) → task \(parsed.task)")
                        checked += 1
                    }
                }
            }
        }
        #expect(checked == 240)
    }
}

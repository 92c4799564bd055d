import Foundation
@testable import NaturalTime
import Testing

/// Inputs the natural-time fuzz target found (Fuzz/Corpus/natural-time), kept as tests.
@Suite struct NaturalTimeFuzzFindingTests {
    let parser = NaturalTimeParser(timeZone: TimeZone(identifier: "America/New_York")!)
    let reference = Date(timeIntervalSince1970: 1_793_000_000)

    /// crash-7866…: "every 2666666666666 hours" fired in the year 506713 ("506713-02-06").
    @Test func absurdIntervalsAreNotRecurrences() {
        let parsed = parser.parse("every 2666666666666 hours drink water", relativeTo: reference)
        #expect(parsed?.recurrence == nil)
        #expect(parsed.map { RelativeDateResolver.plausibleYears.contains(Int($0.date.prefix(4)) ?? 0) } ?? true)
        #expect(parser.parse("every 6 hours drink water", relativeTo: reference)?.recurrence == .everyHours(6))
    }

    @Test(arguments: ["in nan days", "in 1e308 years", "in inf minutes", "in 99999999999 weeks", "on 9999-01-01", "on 1/2/99999"])
    func impossibleOffsetsAndYearsGiveNoTime(_ text: String) {
        let parsed = parser.parse(text, relativeTo: reference)
        if let parsed { #expect(RelativeDateResolver.plausibleYears.contains(Int(parsed.date.prefix(4)) ?? 0), "\(parsed.date)") }
    }

    @Test func ordinaryFarDatesStillWork() {
        #expect(parser.parse("in 3 years renew passport", relativeTo: reference)?.date.hasPrefix("2029") == true)
        #expect(parser.parse("on 2030-05-01 at 9am", relativeTo: reference)?.date == "2030-05-01")
    }
}

import Foundation
import NaturalTime

extension FuzzTarget {
    /// `NaturalTimeParser` (reminder times such as "every other Tuesday at 7pm"): the first byte
    /// picks a time zone (with and without daylight saving) and a reference moment, the rest is the
    /// text. A parse names a real day and clock time, and a repeating time's next occurrence lies
    /// after the moment it is asked about.
    static let naturalTime = FuzzTarget(name: "natural-time", summary: "NaturalTimeParser on any text, in zones with and without DST; parsed days and times are well formed and recurrences advance") { data in
        let zones = ["UTC", "America/New_York", "Europe/London", "Australia/Lord_Howe", "Asia/Kolkata", "Pacific/Chatham", "America/Sao_Paulo", "Pacific/Kiritimati"]
        let references: [TimeInterval] = [1_774_000_000, 1_793_000_000, 1_711_846_800, 0, 4_102_444_799]
        let (selector, rest) = splitSelector(data)
        guard let zone = TimeZone(identifier: zones[Int(selector) % zones.count]) else { return }
        let reference = Date(timeIntervalSince1970: references[Int(selector / 8) % references.count])
        let parser = NaturalTimeParser(timeZone: zone)
        guard let parsed = parser.parse(String(decoding: rest, as: UTF8.self), relativeTo: reference) else { return }
        guard parsed.date.range(of: #"^\d{4}-\d{2}-\d{2}$"#, options: .regularExpression) != nil else { violated("the day is YYYY-MM-DD", parsed.date) }
        guard parsed.time.range(of: #"^\d{2}:\d{2}$"#, options: .regularExpression) != nil else { violated("the time is HH:MM", parsed.time) }
        guard parsed.fireDate.timeIntervalSince1970.isFinite else { violated("the moment is finite") }
        if parsed.recurrence != nil, let next = parsed.nextOccurrence(after: parsed.fireDate) {
            guard next > parsed.fireDate else { violated("a recurrence moves forward", "\(parsed.fireDate) → \(next)") }
        }
    }
}

import Foundation

/// Local days and wall-clock times in one time zone, and the instants they stand for.
///
/// Days are numbered from 1970-01-01 (see ``dayString(_:)``). The time zone's rules (Foundation's
/// `TimeZone`) decide every offset, so daylight-saving changes are handled by one policy:
/// - a wall-clock time that does not exist (02:30 on the spring-forward day) is moved forward by
///   the gap (it happens at 03:30, the instant 02:30 would have been);
/// - a wall-clock time that happens twice (01:30 on the fall-back day) happens once, the first time.
public struct ZonedCalendar: Sendable, Hashable {
    /// The time zone.
    public let timeZone: TimeZone
    private let calendar: Calendar

    /// A calendar in `timeZone`.
    public init(timeZone: TimeZone) {
        self.timeZone = timeZone
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        self.calendar = calendar
    }

    /// The local day number (days since 1970-01-01) of `date`.
    public func dayNumber(of date: Date) -> Int {
        let local = date.timeIntervalSince1970 + Double(timeZone.secondsFromGMT(for: date))
        return Int((local / 86_400).rounded(.down))
    }

    /// The local day of `date`, `yyyy-MM-dd`.
    public func dayString(of date: Date) -> String { dayString(dayNumber(of: date)) }

    /// The `yyyy-MM-dd` text of a day number.
    public func dayString(_ day: Int) -> String { DayString.day(day) }

    /// The day number of a `yyyy-MM-dd` day, or nil when it is not a date.
    public func dayNumber(_ day: String) -> Int? { DayString.dayNumber(day) }

    /// The local wall-clock time of `date` (minutes after local midnight).
    public func localTime(of date: Date) -> LocalTime {
        let parts = calendar.dateComponents([.hour, .minute], from: date)
        return LocalTime(hour: parts.hour ?? 0, minute: parts.minute ?? 0) ?? LocalTime(hour: 0)!
    }

    /// The weekday of a day number.
    public func weekday(ofDay day: Int) -> SchoolSchedule.Day {
        // 1970-01-01 was a Thursday; index 0 is Monday.
        let index = ((day + 3) % 7 + 7) % 7
        return SchoolSchedule.Day.allCases[index]
    }

    /// The instant at which the local day `day` shows `time` (see the type's daylight-saving policy).
    public func instant(day: Int, time: LocalTime) -> Date {
        let wall = TimeInterval(day) * 86_400 + TimeInterval(time.minuteOfDay) * 60
        // The offsets in force around that wall time; at most two differ across a transition.
        let before = timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: wall - 86_400))
        let after = timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: wall + 86_400))
        let valid = [before, after].map { Date(timeIntervalSince1970: wall - TimeInterval($0)) }
            .filter { candidate in
                TimeInterval(timeZone.secondsFromGMT(for: candidate)) == wall - candidate.timeIntervalSince1970
            }
        // A repeated time: the first; a skipped time: read with the offset before the gap.
        return valid.min() ?? Date(timeIntervalSince1970: wall - TimeInterval(before))
    }

    /// The instant at which `day` (`yyyy-MM-dd`) shows `time`, or nil when the day is malformed.
    public func instant(day: String, time: LocalTime) -> Date? {
        dayNumber(day).map { instant(day: $0, time: time) }
    }

    /// `date` moved by `count` calendar units (`.day`, `.weekOfYear`, `.month`) keeping its local
    /// wall-clock time; a month end is clamped (January 31 plus one month is February 28 or 29).
    public func adding(_ component: Calendar.Component, _ count: Int, to date: Date) -> Date {
        let day = dayNumber(of: date), time = localTime(of: date)
        switch component {
        case .day: return instant(day: day + count, time: time)
        case .weekOfYear: return instant(day: day + 7 * count, time: time)
        default:
            // Month arithmetic on the local date at noon (noon always exists), then the wall time.
            var utc = Calendar(identifier: .gregorian)
            utc.timeZone = TimeZone(identifier: "UTC")!
            let noon = Date(timeIntervalSince1970: TimeInterval(day) * 86_400 + 43_200)
            guard let moved = utc.date(byAdding: component, value: count, to: noon) else { return date }
            return instant(day: Int((moved.timeIntervalSince1970 / 86_400).rounded(.down)), time: time)
        }
    }

    /// How an instant reads locally, `yyyy-MM-dd HH:mm`, with the zone's abbreviation (`EST`).
    public func describe(_ date: Date) -> String {
        "\(dayString(of: date)) \(localTime(of: date)) \(timeZone.abbreviation(for: date) ?? timeZone.identifier)"
    }
}

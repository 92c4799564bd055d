import Foundation

/// A calendar date without a time or time zone ("2024-01-05"), as the person lived it.
///
/// Days are compared and counted with a proleptic Gregorian day number, so no calendar or time
/// zone database is involved.
public struct CalendarDay: Sendable, Hashable, Comparable, Codable, CustomStringConvertible {
    /// Year, e.g. 2024.
    public let year: Int
    /// Month, 1–12.
    public let month: Int
    /// Day of the month, 1–31.
    public let day: Int

    /// Creates a day, or nil when the date does not exist.
    /// The day `now` falls on in the current calendar and time zone.
    public static func today(now: Date = Date()) -> CalendarDay {
        let parts = Calendar.current.dateComponents([.year, .month, .day], from: now)
        return CalendarDay(year: parts.year ?? 1970, month: parts.month ?? 1, day: parts.day ?? 1) ?? CalendarDay(ordinal: 0)
    }

    public init?(year: Int, month: Int, day: Int) {
        guard (1...12).contains(month), day >= 1, day <= Self.daysIn(month: month, year: year) else { return nil }
        self.year = year
        self.month = month
        self.day = day
    }

    /// The day `ordinal` days after 1970-01-01.
    public init(ordinal: Int) {
        // Howard Hinnant's civil_from_days.
        let z = ordinal + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        year = yoe + era * 400 + (m <= 2 ? 1 : 0)
        month = m
        day = d
    }

    /// Days since 1970-01-01 (negative before).
    public var ordinal: Int {
        // Howard Hinnant's days_from_civil.
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let mp = month > 2 ? month - 3 : month + 9
        let doy = (153 * mp + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    /// The day `count` days later (earlier when negative).
    public func adding(days count: Int) -> CalendarDay { CalendarDay(ordinal: ordinal + count) }

    /// Parses "yyyy-MM-dd".
    public init?(_ text: some StringProtocol) {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
              let y = Int(parts[0]), let m = Int(parts[1]), let d = Int(parts[2]) else { return nil }
        self.init(year: y, month: m, day: d)
    }

    /// "yyyy-MM-dd".
    public var description: String {
        func pad(_ value: Int, _ width: Int) -> String {
            let text = String(value)
            return String(repeating: "0", count: max(0, width - text.count)) + text
        }
        return "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))"
    }

    public static func < (lhs: CalendarDay, rhs: CalendarDay) -> Bool { lhs.ordinal < rhs.ordinal }

    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let day = CalendarDay(text) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "not a yyyy-MM-dd date: \(text)"))
        }
        self = day
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }

    static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }
}

/// A timestamp as Apple Health writes it: "2024-01-05 07:30:00 -0800" (local time and UTC offset).
public struct HealthTimestamp: Sendable, Hashable, Comparable {
    /// The local calendar day.
    public var day: CalendarDay
    /// Seconds since local midnight.
    public var secondsOfDay: Int
    /// Offset from UTC, in seconds (east positive).
    public var utcOffset: Int

    /// Creates a timestamp.
    public init(day: CalendarDay, secondsOfDay: Int, utcOffset: Int) {
        self.day = day
        self.secondsOfDay = secondsOfDay
        self.utcOffset = utcOffset
    }

    /// Parses "yyyy-MM-dd HH:mm:ss ±HHMM"; nil when the text does not have that shape.
    public init?(_ text: some StringProtocol) {
        let parts = text.split(separator: " ")
        guard parts.count == 3, let day = CalendarDay(parts[0]) else { return nil }
        let clock = parts[1].split(separator: ":", omittingEmptySubsequences: false)
        guard clock.count == 3, clock.allSatisfy({ $0.count == 2 }),
              let h = Int(clock[0]), let m = Int(clock[1]), let s = Int(clock[2]),
              (0...23).contains(h), (0...59).contains(m), (0...60).contains(s) else { return nil }
        let zone = parts[2]
        guard zone.count == 5, let sign = zone.first, sign == "+" || sign == "-",
              let hh = Int(zone.dropFirst().prefix(2)), let mm = Int(zone.suffix(2)), hh <= 14, mm < 60 else { return nil }
        self.init(day: day, secondsOfDay: h * 3600 + m * 60 + s, utcOffset: (sign == "-" ? -1 : 1) * (hh * 3600 + mm * 60))
    }

    /// Seconds since 1970-01-01 00:00:00 UTC.
    public var secondsSinceEpoch: Int { day.ordinal * 86_400 + secondsOfDay - utcOffset }

    public static func < (lhs: HealthTimestamp, rhs: HealthTimestamp) -> Bool { lhs.secondsSinceEpoch < rhs.secondsSinceEpoch }
}

/// A wall-clock time of day, `HH:mm`, read in the family's time zone.
public struct LocalTime: Sendable, Hashable, Comparable, Codable, CustomStringConvertible {
    /// Minutes after midnight, 0…1439.
    public let minuteOfDay: Int

    /// A time from hours and minutes; nil when either is out of range.
    public init?(hour: Int, minute: Int = 0) {
        guard (0..<24).contains(hour), (0..<60).contains(minute) else { return nil }
        minuteOfDay = hour * 60 + minute
    }

    /// A time from `HH:mm` (`"07:30"`); nil when the text is not one.
    public init?(_ text: String) {
        guard let minutes = QuietHours.minuteOfDay(text) else { return nil }
        minuteOfDay = minutes
    }

    /// The hour, 0…23.
    public var hour: Int { minuteOfDay / 60 }
    /// The minute, 0…59.
    public var minute: Int { minuteOfDay % 60 }

    /// `HH:mm`.
    public var description: String {
        (hour < 10 ? "0" : "") + String(hour) + ":" + (minute < 10 ? "0" : "") + String(minute)
    }

    public static func < (lhs: LocalTime, rhs: LocalTime) -> Bool { lhs.minuteOfDay < rhs.minuteOfDay }

    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let time = LocalTime(text) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "\"\(text)\" is not a HH:mm time"))
        }
        self = time
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}

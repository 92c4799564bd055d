import Foundation

/// A daily window in which HomeOS sends nothing but urgent notifications.
///
/// Times are 24-hour local times `HH:mm` in the family's time zone. A window whose end is before
/// its start spans midnight (`21:30`–`07:00`).
public struct QuietHours: Codable, Sendable, Hashable {
    /// Start of the quiet window, `HH:mm`.
    public var start: String
    /// End of the quiet window (exclusive), `HH:mm`.
    public var end: String

    /// Creates a window.
    public init(start: String, end: String) {
        self.start = start
        self.end = end
    }

    /// Whether the local time `minuteOfDay` (0…1439) falls in the window; `false` when either
    /// bound is not a valid `HH:mm` time or the bounds are equal.
    public func contains(minuteOfDay: Int) -> Bool {
        guard let from = Self.minuteOfDay(start), let to = Self.minuteOfDay(end), from != to else { return false }
        return from < to ? (from..<to).contains(minuteOfDay) : (minuteOfDay >= from || minuteOfDay < to)
    }

    /// Whether `date` falls in the window, read in `timeZone`.
    public func contains(_ date: Date, in timeZone: TimeZone) -> Bool {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let parts = calendar.dateComponents([.hour, .minute], from: date)
        return contains(minuteOfDay: (parts.hour ?? 0) * 60 + (parts.minute ?? 0))
    }

    /// Minutes after midnight of a `HH:mm` time (`"07:30"` → 450), or nil when it is not one.
    public static func minuteOfDay(_ time: String) -> Int? {
        let parts = time.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, parts[0].count == 2, parts[1].count == 2,
              let hour = Int(parts[0]), let minute = Int(parts[1]),
              (0..<24).contains(hour), (0..<60).contains(minute) else { return nil }
        return hour * 60 + minute
    }

    /// Problems with the window, for validation messages (empty when valid).
    public var problems: [String] {
        var problems: [String] = []
        if Self.minuteOfDay(start) == nil { problems.append("quiet hours start \"\(start)\" is not a HH:mm time") }
        if Self.minuteOfDay(end) == nil { problems.append("quiet hours end \"\(end)\" is not a HH:mm time") }
        return problems
    }
}

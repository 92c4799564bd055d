import HealthData

/// Arithmetic on calendar days written `yyyy-MM-dd` (proleptic Gregorian, no time zone), as the
/// domain records store local days: ``CalendarDay``'s day numbers, on strings. Internal: shared by
/// habits, appliance schedules and the scheduler.
enum DayString {
    /// Days since 1970-01-01 of a `yyyy-MM-dd` day, or nil when it is not a real date.
    static func dayNumber(_ day: String) -> Int? { CalendarDay(day)?.ordinal }

    /// The `yyyy-MM-dd` day of a day number (inverse of ``dayNumber(_:)``).
    static func day(_ number: Int) -> String { CalendarDay(ordinal: number).description }

    /// `day` moved by `days` (negative goes back), or nil when `day` is not a date.
    static func adding(_ days: Int, to day: String) -> String? { dayNumber(day).map { self.day($0 + days) } }
}

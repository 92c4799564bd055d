import Foundation

/// When a scheduled job happens, in the family's local time.
///
/// Every local time is read in the family's time zone through ``ZonedCalendar``, so a job at 07:00
/// stays at 07:00 on the wall clock across daylight-saving changes.
public enum ScheduleRule: Sendable, Hashable {
    /// Every day at a local time.
    case daily(LocalTime)
    /// On some weekdays at a local time, except on listed local days (`yyyy-MM-dd`), such as a
    /// school's days off.
    case weekly(days: Set<SchoolSchedule.Day>, at: LocalTime, except: Set<String>)
    /// Every `minutes` from `from` up to, but not including, `until`, each day.
    case interval(minutes: Int, from: LocalTime, until: LocalTime)
    /// Once, at an exact instant.
    case once(Date)
    /// At `start`, then every day, week or month after it at the same local wall-clock time (a
    /// month end is clamped: January 31 monthly gives February 28 or 29, then March 31).
    case repeating(start: Date, every: Reminder.Recurrence)

    /// The instants `t` with `after < t <= through`, in order.
    public func occurrences(after: Date, through: Date, calendar: ZonedCalendar) -> [Date] {
        guard after < through else { return [] }
        func inRange(_ date: Date) -> Bool { date > after && date <= through }
        // Local days to visit: one either side, so offsets near midnight are covered.
        let days = (calendar.dayNumber(of: after) - 1)...(calendar.dayNumber(of: through) + 1)
        switch self {
        case .daily(let time):
            return days.map { calendar.instant(day: $0, time: time) }.filter(inRange)
        case .weekly(let weekdays, let time, let except):
            return days.filter { weekdays.contains(calendar.weekday(ofDay: $0)) && !except.contains(calendar.dayString($0)) }
                .map { calendar.instant(day: $0, time: time) }.filter(inRange)
        case .interval(let minutes, let from, let until):
            guard minutes > 0 else { return [] }
            let times = stride(from: from.minuteOfDay, to: until.minuteOfDay, by: minutes).compactMap { LocalTime(hour: $0 / 60, minute: $0 % 60) }
            return days.flatMap { day in times.map { calendar.instant(day: day, time: $0) } }.filter(inRange)
        case .once(let date):
            return inRange(date) ? [date] : []
        case .repeating(let start, let every):
            guard start <= through else { return [] }
            let component: Calendar.Component, approximateDays: Double
            switch every {
            case .daily: (component, approximateDays) = (.day, 1)
            case .weekly: (component, approximateDays) = (.weekOfYear, 7)
            case .monthly: (component, approximateDays) = (.month, 31)
            }
            // Each occurrence is computed from the start (never from the previous one), so a
            // clamped month end does not drift.
            let skipped = max(0, Int((after.timeIntervalSince(start) / (approximateDays * 86_400)).rounded(.down)) - 2)
            var result: [Date] = []
            var index = skipped
            while true {
                let date = calendar.adding(component, index, to: start)
                if date > through { break }
                if inRange(date) { result.append(date) }
                index += 1
            }
            return result
        }
    }

    /// The rule in words (`every day at 07:00`), for `homeos schedule list`.
    public func describe(in calendar: ZonedCalendar) -> String {
        switch self {
        case .daily(let time):
            return "every day at \(time)"
        case .weekly(let days, let time, let except):
            let names = SchoolSchedule.Day.allCases.filter(days.contains).map { String($0.rawValue.prefix(3)).capitalized }
            let off = except.isEmpty ? "" : " except \(except.count) day\(except.count == 1 ? "" : "s") off"
            return "\(names.joined(separator: ", ")) at \(time)\(off)"
        case .interval(let minutes, let from, let until):
            let every = minutes % 60 == 0 ? "\(minutes / 60) h" : "\(minutes) min"
            return "every \(every) from \(from) until \(until)"
        case .once(let date):
            return "once, at \(calendar.describe(date))"
        case .repeating(let start, let every):
            return "\(every.rawValue) from \(calendar.describe(start))"
        }
    }
}

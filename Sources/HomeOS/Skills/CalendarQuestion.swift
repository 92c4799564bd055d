import Foundation

/// A question about what is on the family's calendar ("what's on the calendar this week?"): it is
/// answered from the stored events, never filed as a note or a reminder.
struct CalendarQuestion {
    /// The period asked about.
    enum Period: Equatable {
        case today, tomorrow, weekend, week

        var phrase: String {
            switch self {
            case .today: "today"
            case .tomorrow: "tomorrow"
            case .weekend: "this weekend"
            case .week: "in the next 7 days"
            }
        }
    }

    /// The period the question is about.
    let period: Period

    /// The question in `message`, or nil when the message does not ask what is on the calendar.
    init?(_ message: String) {
        let asks = CoreSkillSupport.mentions(message, [
            "calendar", "schedule", "agenda", "what's on", "what is on", "whats on", "what do we have", "what have we got",
            "what's happening", "what is happening", "anything on", "are we free", "am i free", "is anyone busy",
            "what's planned", "what is planned", "plans for", "events", "appointments",
        ])
        let writes = CoreSkillSupport.mentions(message, [
            "note", "write down", "jot down", "remind", "reminder", "add", "put", "book", "schedule a", "schedule an",
            "schedule the", "create", "set up", "move", "cancel",
        ])
        let lower = message.lowercased().trimmingCharacters(in: .whitespaces)
        let question = lower.hasSuffix("?") || ["what", "when", "do ", "does", "is ", "are ", "am ", "any", "show", "list",
                                                 "tell", "read"].contains { lower.hasPrefix($0) }
        guard asks, !writes, question else { return nil }
        if CoreSkillSupport.mentions(message, ["today", "tonight"]) {
            period = .today
        } else if CoreSkillSupport.mentions(message, ["tomorrow"]) {
            period = .tomorrow
        } else if CoreSkillSupport.mentions(message, ["weekend", "saturday", "sunday"]) {
            period = .weekend
        } else {
            period = .week
        }
    }

    /// The start and end of the period around `now` in `timeZone`.
    func interval(now: Date, timeZone: TimeZone) -> DateInterval {
        let calendar = CoreSkillSupport.calendar(timeZone)
        let today = calendar.startOfDay(for: now)
        func day(_ offset: Int) -> Date { calendar.date(byAdding: .day, value: offset, to: today) ?? today }
        switch period {
        case .today: return DateInterval(start: now, end: day(1))
        case .tomorrow: return DateInterval(start: day(1), end: day(2))
        case .week: return DateInterval(start: now, end: day(7))
        case .weekend:
            let weekday = calendar.component(.weekday, from: today)  // 1 = Sunday … 7 = Saturday
            let untilSaturday = weekday == 1 ? -1 : 7 - weekday
            return DateInterval(start: max(now, day(untilSaturday)), end: day(untilSaturday + 2))
        }
    }

    /// The answer over `events`.
    func answer(events: [CalendarEvent], now: Date, timeZone: TimeZone) -> String {
        let range = interval(now: now, timeZone: timeZone)
        let due = events.filter { range.contains($0.start) }.sorted { $0.start < $1.start }
        guard !due.isEmpty else { return "Nothing is on the calendar \(period.phrase)." }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = timeZone
        formatter.dateFormat = period == .today || period == .tomorrow ? "HH:mm" : "EEE d MMM, HH:mm"
        let lines = due.map { "- \(formatter.string(from: $0.start)) \($0.title)" }
        return "On the calendar \(period.phrase):\n" + lines.joined(separator: "\n")
    }
}

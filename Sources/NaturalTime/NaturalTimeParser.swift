import Foundation
import Logging

/// When a reminder should fire, read from a natural-language request.
public struct ParsedReminderTime: Sendable, Hashable, Codable {
    /// The first time it fires.
    public var fireDate: Date
    /// The day of ``fireDate`` as `yyyy-MM-dd` in the parser's time zone.
    public var date: String
    /// The clock time of ``fireDate`` as `HH:mm`.
    public var time: String
    /// How it repeats, or `nil` for a one-off.
    public var recurrence: NaturalTimeParser.Recurrence?
    /// Whether no time of day was said and the default (or a part of day's default) was used.
    public var timeWasDefaulted: Bool
    /// Whether the time said is already past ("today at 8am" said at 9am); the caller should ask.
    public var isInPast: Bool
    /// The request without its time words and without "remind me to" ("call mom").
    public var task: String
    /// The time zone the times are read in.
    public var timeZone: TimeZone

    /// Creates a value.
    public init(fireDate: Date, date: String, time: String, recurrence: NaturalTimeParser.Recurrence?, timeWasDefaulted: Bool,
                isInPast: Bool, task: String, timeZone: TimeZone) {
        self.fireDate = fireDate
        self.date = date
        self.time = time
        self.recurrence = recurrence
        self.timeWasDefaulted = timeWasDefaulted
        self.isInPast = isInPast
        self.task = task
        self.timeZone = timeZone
    }

    /// The first firing strictly after `date`: ``fireDate`` for a one-off (or `nil` once it has
    /// passed); for a recurring reminder, the next matching local day at the same local clock time
    /// (DST-safe: "every day at 9" stays 09:00 across a clock change), or the next multiple of the
    /// interval after ``fireDate`` for "every 2 hours".
    public func nextOccurrence(after date: Date) -> Date? {
        guard let recurrence else { return fireDate > date ? fireDate : nil }
        if fireDate > date { return fireDate }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let interval: TimeInterval?
        switch recurrence {
        case .everyMinutes(let n): interval = TimeInterval(n) * 60
        case .everyHours(let n): interval = TimeInterval(n) * 3600
        default: interval = nil
        }
        if let interval {
            guard interval > 0 else { return nil }
            let steps = (date.timeIntervalSince(fireDate) / interval).rounded(.down) + 1
            return fireDate.addingTimeInterval(steps * interval)
        }
        let parts = time.split(separator: ":").compactMap { Int($0) }
        guard parts.count == 2 else { return nil }
        let firstDay = LocalDay(fireDate, calendar: calendar)
        var day = LocalDay(date, calendar: calendar)
        for _ in 0..<800 {
            if recurrence.includes(day, firstDay: firstDay, calendar: calendar),
               let candidate = day.date(hour: parts[0], minute: parts[1], calendar: calendar), candidate > date {
                return candidate
            }
            day = day.adding(days: 1, calendar: calendar)
        }
        return nil
    }
}

/// Reads reminder times from natural language: "in 20 minutes", "tomorrow at 8am", "at 6",
/// "every day at 9", "every weekday at 7:30", "every Monday", "on the 1st of every month",
/// "every 2 hours".
///
/// Dates and times are read by ``RelativeDateResolver`` with the general hour rule (an hour
/// without am/pm: 1–6 pm, 7–12 as said). Then:
/// - A time without a date is the next such time: today if still ahead, else tomorrow.
/// - A date without a time fires at the part of day's default ("tomorrow evening" → 18:00) or at
///   ``defaultHour``:``defaultMinute`` (09:00), and ``ParsedReminderTime/timeWasDefaulted`` is set.
/// - "in 20 minutes" fires exactly then.
/// - Recurrence: "every day", "daily", "each day", "every morning/evening/night", "nightly" →
///   daily; "every weekday"/"weekdays" → weekdays; "every weekend" → weekends; "every Monday",
///   "on Mondays", "weekly on Monday" → weekly on that day ("every week"/"weekly" alone → weekly on
///   the first day's weekday); "every month", "monthly", "on the 1st of every month" → monthly on
///   that day (clamped to short months); "every other day", "every 3 days", "every 2 weeks" →
///   every N days, counted from the first firing (the next such time);
///   "every hour", "hourly", "every 2 hours", "every 30 minutes" → intervals from now. The first
///   firing of a recurring reminder is the first matching moment after the reference (today
///   counts when the time is still ahead).
///
/// Returns `nil` when the text holds no time at all.
public struct NaturalTimeParser: Sendable {
    /// How a reminder repeats.
    public enum Recurrence: Sendable, Hashable, Codable {
        /// Every day at the same local time.
        case daily
        /// Monday to Friday.
        case weekdays
        /// Saturday and Sunday.
        case weekends
        /// One day a week; `weekday` 1 = Sunday … 7 = Saturday (as `Calendar`).
        case weekly(weekday: Int)
        /// One day a month (the last day in months that are too short).
        case monthly(day: Int)
        /// Every `n` days from the first day.
        case everyDays(Int)
        /// Every `n` hours from the first firing.
        case everyHours(Int)
        /// Every `n` minutes from the first firing.
        case everyMinutes(Int)

        func includes(_ day: LocalDay, firstDay: LocalDay, calendar: Calendar) -> Bool {
            let weekday = day.weekday(calendar)
            switch self {
            case .daily: return true
            case .weekdays: return (2...6).contains(weekday)
            case .weekends: return weekday == 1 || weekday == 7
            case .weekly(let target): return weekday == target
            case .monthly(let target):
                let lastDay = Self.lastDay(of: day, calendar: calendar)
                return day.day == min(target, lastDay)
            case .everyDays(let n):
                guard n > 0, let first = calendar.date(from: DateComponents(year: firstDay.year, month: firstDay.month, day: firstDay.day, hour: 12)),
                      let current = calendar.date(from: DateComponents(year: day.year, month: day.month, day: day.day, hour: 12)),
                      let days = calendar.dateComponents([.day], from: first, to: current).day else { return false }
                return days >= 0 && days % n == 0
            case .everyHours, .everyMinutes: return true
            }
        }

        static func lastDay(of day: LocalDay, calendar: Calendar) -> Int {
            var last = 28
            while last < 31, LocalDay(year: day.year, month: day.month, day: last + 1, calendar: calendar) != nil { last += 1 }
            return last
        }
    }

    /// The time zone times are read in.
    public var timeZone: TimeZone
    /// The hour used when a date has no time (default 9).
    public var defaultHour: Int
    /// The minute used when a date has no time (default 0).
    public var defaultMinute: Int

    /// Creates a parser.
    public init(timeZone: TimeZone, defaultHour: Int = 9, defaultMinute: Int = 0) {
        self.timeZone = timeZone
        self.defaultHour = defaultHour
        self.defaultMinute = defaultMinute
    }

    /// Parses `text` against `reference`; `nil` when it holds no date, time or recurrence, or
    /// when what it says lands outside the years 1900–2200 ("every 2666666666666 hours").
    public func parse(_ text: String, relativeTo reference: Date) -> ParsedReminderTime? {
        // The year of `date` (yyyy-MM-dd, in this time zone); a year before 1 has no number there.
        guard let parsed = parseUnbounded(text, relativeTo: reference),
              let year = parsed.date.split(separator: "-").first.flatMap({ Int($0) }) else {
            Self.logger.debug("reminder time read", metadata: ["found": "none"])
            return nil
        }
        guard RelativeDateResolver.plausibleYears.contains(year) else {
            Self.logger.debug("reminder time read", metadata: ["found": "implausible year"])
            return nil
        }
        // What was understood, never the words or the time itself.
        Self.logger.debug("reminder time read", metadata: ["found": "date and time", "recurring": "\(parsed.recurrence != nil)"])
        return parsed
    }

    /// Debug lines on what was understood (never the text): label `homeos.naturaltime`.
    static let logger = Logger(label: "homeos.naturaltime")

    private func parseUnbounded(_ text: String, relativeTo reference: Date) -> ParsedReminderTime? {
        let resolver = RelativeDateResolver(timeZone: timeZone, hourAssumption: .general)
        let calendar = resolver.calendar
        let scan = resolver.scan(text, relativeTo: reference)
        let words = scan.tokens.map(\.text)
        let (recurrence, recurrenceIndices) = Self.recurrence(in: words)
        let consumed = scan.consumed.union(recurrenceIndices)
        let task = Self.task(from: scan.tokens, consumed: consumed)
        let today = LocalDay(reference, calendar: calendar)

        guard scan.day != nil || scan.clock != nil || recurrence != nil || scan.result.partOfDay != nil else { return nil }

        func make(_ fire: Date, recurrence: Recurrence?, defaulted: Bool) -> ParsedReminderTime {
            let parts = calendar.dateComponents([.hour, .minute], from: fire)
            return ParsedReminderTime(fireDate: fire, date: LocalDay(fire, calendar: calendar).iso,
                                      time: RelativeDateResolver.clock(parts.hour ?? 0, parts.minute ?? 0), recurrence: recurrence,
                                      timeWasDefaulted: defaulted, isInPast: fire <= reference, task: task, timeZone: timeZone)
        }

        // Intervals: "every 2 hours", "every 30 minutes".
        if let recurrence {
            switch recurrence {
            case .everyHours(let n):
                let start = scan.clock.flatMap { clock in nextDay(from: scan.day ?? today, clock: clock, after: reference, calendar: calendar) }
                return make(start ?? reference.addingTimeInterval(TimeInterval(n) * 3600), recurrence: recurrence, defaulted: false)
            case .everyMinutes(let n):
                return make(reference.addingTimeInterval(TimeInterval(n) * 60), recurrence: recurrence, defaulted: false)
            default:
                break
            }
        }

        // Exact offsets: "in 20 minutes".
        if scan.isExactOffset, let moment = scan.result.resolvedDate {
            return make(moment, recurrence: recurrence, defaulted: false)
        }

        let defaulted = scan.clock == nil
        let clock = scan.clock ?? scan.result.partOfDay.map { $0.defaultTime } ?? (defaultHour, defaultMinute)

        if let recurrence {
            let finalRecurrence: Recurrence
            let startDay = scan.day.map { max($0, today) } ?? today
            switch recurrence {
            case .weekly(weekday: 0):
                finalRecurrence = .weekly(weekday: startDay.weekday(calendar))
            case .monthly(day: 0):
                finalRecurrence = .monthly(day: startDay.day)
            default:
                finalRecurrence = recurrence
            }
            // A weekday named by the recurrence itself ("every Monday") must not skip today.
            var day = today
            if case .weekly(let weekday) = recurrence, weekday != 0 {
                day = today
            } else if let said = scan.day {
                day = max(said, today)
            }
            // "every N days" starts at the next such time and counts from there.
            if case .everyDays = finalRecurrence {
                guard let first = nextDay(from: day, clock: clock, after: reference, calendar: calendar) else { return nil }
                return make(first, recurrence: finalRecurrence, defaulted: defaulted)
            }
            for _ in 0..<800 {
                if finalRecurrence.includes(day, firstDay: startDay, calendar: calendar),
                   let candidate = day.date(hour: clock.hour, minute: clock.minute, calendar: calendar), candidate > reference {
                    return make(candidate, recurrence: finalRecurrence, defaulted: defaulted)
                }
                day = day.adding(days: 1, calendar: calendar)
            }
            return nil
        }

        if let day = scan.day {
            guard let fire = day.date(hour: clock.hour, minute: clock.minute, calendar: calendar) else { return nil }
            return make(fire, recurrence: nil, defaulted: defaulted)
        }
        // A time (or part of day) without a date: the next such time.
        guard let fire = nextDay(from: today, clock: clock, after: reference, calendar: calendar) else { return nil }
        return make(fire, recurrence: nil, defaulted: defaulted)
    }

    /// The first moment at `clock` on `day` or later that is after `reference`.
    private func nextDay(from day: LocalDay, clock: (hour: Int, minute: Int), after reference: Date, calendar: Calendar) -> Date? {
        var current = day
        for _ in 0..<3 {
            if let candidate = current.date(hour: clock.hour, minute: clock.minute, calendar: calendar), candidate > reference { return candidate }
            current = current.adding(days: 1, calendar: calendar)
        }
        return nil
    }

    /// The recurrence said in `words` and the indices of its words. Weekly and monthly
    /// recurrences without a day use 0 as a placeholder, filled in from the first day.
    static func recurrence(in words: [String]) -> (Recurrence?, Set<Int>) {
        let (recurrence, indices) = recurrenceAndIndices(in: words)
        return (recurrence, Set(indices))
    }

    private static func recurrenceAndIndices(in words: [String]) -> (Recurrence?, [Int]) {
        func word(_ index: Int) -> String { index >= 0 && index < words.count ? words[index] : "" }
        for (index, current) in words.enumerated() {
            let isEvery = current == "every" || current == "each"
            if isEvery {
                let next = word(index + 1)
                if ["day", "morning", "evening", "night", "afternoon"].contains(next) { return (.daily, [index, index + 1]) }
                if next == "weekday" || next == "weekdays" { return (.weekdays, [index, index + 1]) }
                if next == "weekend" || next == "weekends" { return (.weekends, [index, index + 1]) }
                if let weekday = RelativeDateResolver.weekdays[next] ?? RelativeDateResolver.weekdayAbbreviations[next] {
                    return (.weekly(weekday: weekday), [index, index + 1])
                }
                if next == "week" { return (.weekly(weekday: 0), [index, index + 1]) }
                if next == "month" { return (.monthly(day: 0), [index, index + 1] + (word(index - 1) == "of" ? [index - 1] : [])) }
                if next == "hour" { return (.everyHours(1), [index, index + 1]) }
                if next == "minute" { return (.everyMinutes(1), [index, index + 1]) }
                if next == "other", word(index + 2) == "day" { return (.everyDays(2), [index, index + 1, index + 2]) }
                // Intervals up to a week of minutes, a year of hours, ten years of days or weeks.
                if let amount = Int(next) ?? RelativeDateResolver.numberWords[next], amount > 0 {
                    switch RelativeDateResolver.unit(word(index + 2)) {
                    case .minute where amount <= 10_080: return (.everyMinutes(amount), [index, index + 1, index + 2])
                    case .hour where amount <= 8_760: return (.everyHours(amount), [index, index + 1, index + 2])
                    case .day where amount <= 3_650: return (.everyDays(amount), [index, index + 1, index + 2])
                    case .week where amount <= 520: return (amount == 1 ? .weekly(weekday: 0) : .everyDays(amount * 7), [index, index + 1, index + 2])
                    default: break
                    }
                }
            }
            switch current {
            case "daily", "everyday", "nightly": return (.daily, [index])
            case "weekdays": return (.weekdays, [index] + (word(index - 1) == "on" ? [index - 1] : []))
            case "weekends": return (.weekends, [index] + (word(index - 1) == "on" ? [index - 1] : []))
            case "hourly": return (.everyHours(1), [index])
            case "weekly":
                if let weekday = RelativeDateResolver.weekdays[word(index + 2)], word(index + 1) == "on" {
                    return (.weekly(weekday: weekday), [index, index + 1, index + 2])
                }
                return (.weekly(weekday: 0), [index])
            case "monthly": return (.monthly(day: 0), [index])
            default: break
            }
            // "on Mondays"
            if current.hasSuffix("s"), let weekday = RelativeDateResolver.weekdays[current] {
                return (.weekly(weekday: weekday), [index] + (word(index - 1) == "on" ? [index - 1] : []))
            }
        }
        return (nil, [])
    }

    static let leadingPhrases: [[String]] = [
        ["please"], ["remind", "me", "to"], ["remind", "me", "about"], ["remind", "me"], ["set", "a", "reminder", "to"],
        ["set", "a", "reminder", "for"], ["set", "a", "reminder"], ["reminder", "to"], ["reminder"], ["don't", "forget", "to"],
        ["dont", "forget", "to"], ["can", "you"], ["could", "you"],
    ]
    static let danglingWords: Set<String> = ["at", "on", "in", "by", "every", "each", "for", "from", "starting", "the", "and", "of", "please", "around", "until"]

    /// The words of the request that are not part of the time, without "remind me to" and
    /// dangling prepositions.
    static func task(from tokens: [RelativeDateResolver.Token], consumed: Set<Int>) -> String {
        var kept = tokens.enumerated().filter { !consumed.contains($0.offset) }.map(\.element)
        var changed = true
        while changed {
            changed = false
            for phrase in leadingPhrases where kept.count >= phrase.count && zip(kept, phrase).allSatisfy({ $0.text == $1 }) {
                kept.removeFirst(phrase.count)
                changed = true
            }
            while let first = kept.first, danglingWords.contains(first.text), first.text != "the" || kept.count == 1 {
                kept.removeFirst()
                changed = true
            }
            while let last = kept.last, danglingWords.contains(last.text) {
                kept.removeLast()
                changed = true
            }
        }
        var task = kept.map(\.original).joined(separator: " ")
        while let last = task.last, ".,;:!?".contains(last) { task.removeLast() }
        return task
    }
}

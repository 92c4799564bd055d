import Foundation

/// A date and time read from an English phrase, with the pieces that were not said left `nil`
/// so a caller can ask for exactly what is missing.
public struct ResolvedDateTime: Sendable, Hashable, Codable {
    /// A piece of a date and time.
    public enum Field: String, Sendable, Hashable, Codable, CaseIterable {
        /// The day (`yyyy-MM-dd`).
        case date
        /// The clock time (`HH:mm`).
        case time
    }

    /// A broad part of the day, said instead of (or as well as) a clock time.
    public enum PartOfDay: String, Sendable, Hashable, Codable, CaseIterable {
        /// Morning (default 09:00).
        case morning
        /// Afternoon (default 14:00).
        case afternoon
        /// Evening (default 18:00).
        case evening
        /// Night or "tonight" (default 20:00).
        case night

        /// The time used when only the part of the day is known: 09:00, 14:00, 18:00, 20:00.
        public var defaultTime: (hour: Int, minute: Int) {
            switch self {
            case .morning: (9, 0)
            case .afternoon: (14, 0)
            case .evening: (18, 0)
            case .night: (20, 0)
            }
        }
    }

    /// The date as `yyyy-MM-dd`, or `nil` when the phrase names no date.
    public var date: String?
    /// The clock time as `HH:mm` (24-hour), or `nil` when the phrase names no time. A part of
    /// the day alone ("tomorrow evening") leaves this `nil`; see ``timeOrDefault``.
    public var time: String?
    /// The part of the day that was said ("morning", "tonight"), if any.
    public var partOfDay: PartOfDay?
    /// Whether am/pm was inferred rather than said ("at 7" for dinner → 19:00); a caller may
    /// want to confirm it.
    public var meridiemWasAssumed: Bool
    /// The moment meant, in the resolver's time zone: the date at ``time`` (or the part of day's
    /// default, or midnight at the start of the day when neither was said); exact to the second
    /// for offsets such as "in 20 minutes". `nil` when there is no date.
    public var resolvedDate: Date?

    /// Creates a value.
    public init(date: String?, time: String?, partOfDay: PartOfDay? = nil, meridiemWasAssumed: Bool = false, resolvedDate: Date?) {
        self.date = date
        self.time = time
        self.partOfDay = partOfDay
        self.meridiemWasAssumed = meridiemWasAssumed
        self.resolvedDate = resolvedDate
    }

    /// The pieces that were not said, in the order date, time.
    public var missing: [Field] {
        (date == nil ? [.date] : []) + (time == nil ? [.time] : [])
    }

    /// ``time``, or the default time of ``partOfDay`` ("evening" → "18:00"), or `nil`.
    public var timeOrDefault: String? {
        if let time { return time }
        guard let partOfDay else { return nil }
        return RelativeDateResolver.clock(partOfDay.defaultTime.hour, partOfDay.defaultTime.minute)
    }

    /// The hour and minute of ``time``.
    public var hourAndMinute: (hour: Int, minute: Int)? {
        guard let time else { return nil }
        let parts = time.split(separator: ":").compactMap { Int($0) }
        return parts.count == 2 ? (parts[0], parts[1]) : nil
    }
}

/// Resolves relative dates and times in English against a reference moment and time zone.
///
/// ```swift
/// let resolver = RelativeDateResolver(timeZone: TimeZone(identifier: "America/Chicago")!)
/// let when = resolver.resolve("Book a table for Saturday at 7pm for 4", relativeTo: now)
/// when.date  // "2026-05-09" (the next Saturday)
/// when.time  // "19:00"
/// ```
///
/// **Dates** (the most specific one wins: a calendar date over a weekday over a relative word):
/// - "today", "tonight" (today, part of day night), "tomorrow", "the day after tomorrow",
///   "yesterday".
/// - Weekdays: "Saturday" or "on Saturday" is the next Saturday *after* today (on a Saturday it
///   means a week later); "this Saturday" is the same, except that on a Saturday it means today;
///   "next Saturday" is the Saturday of the following Monday-to-Sunday week (said on a Monday,
///   "next Friday" is 11 days away; on a Saturday, 6); "last Saturday" is the most recent one
///   before today. Abbreviations ("Sat", "Thu") count only after "on", "this", "next", "by",
///   "until", "for" or "every", or when capitalised and followed by a time or "at" ("Sat at 6"),
///   because "sat" and "sun" are ordinary words.
/// - "this weekend" / "the weekend": the coming Saturday (today on a Saturday or Sunday);
///   "next weekend": the Saturday of the following week.
/// - Offsets: "in 3 days", "in 2 weeks", "in a month", "3 days from now"; "in 2 hours", "in 20
///   minutes", "in half an hour", "in an hour and a half" give an exact moment (date and time).
/// - Calendar dates: "May 5", "May 5th", "5 May", "the 5th of May", "May 5, 2027", "2026-12-01",
///   and US-style "5/12" (May 12) or "5/12/2026". Without a year, the next such date on or after
///   today. "the 15th" alone is the next 15th on or after today.
///
/// **Times**:
/// - "7pm", "7 pm", "7:30 pm", "7:30p.m.", "19:00", "07:30", "at 1930", "noon", "midnight",
///   "half past 7", "quarter to 8", "7 o'clock".
/// - A bare hour counts only after "at", "@", "around", "by", "until", "before" or "after", right
///   after a day ("tomorrow 7", "Friday 8"), before a part of the day ("7 tonight"), or with
///   "o'clock" or "ish" ("at 7", "7ish"), so "a table for 4" is not a time. Four digits without a
///   colon ("1930") count only after "at".
/// - Hours without am/pm: after "morning", "breakfast" or "brunch" they are am; after
///   "afternoon", "evening", "tonight", "night", "dinner" or "supper" they are pm. Otherwise, in
///   a dining context (dinner, table, reservation, restaurant, book…; see ``HourAssumption``)
///   1–10 are pm and 11–12 as said; in a general context 1–6 are pm and 7–12 as said
///   (``ResolvedDateTime/meridiemWasAssumed`` is then true).
/// - "midnight" (and "12 tonight") is 00:00 at the *end* of the day named: "Friday at midnight" is
///   Saturday 00:00. "12am" is 00:00 at the start of the day named.
/// - "morning", "afternoon", "evening", "night" alone set ``ResolvedDateTime/partOfDay`` (defaults
///   09:00, 14:00, 18:00, 20:00) but leave ``ResolvedDateTime/time`` empty.
///
/// DST: every date is computed with a `Calendar` in the resolver's time zone, so "tomorrow at
/// 7pm" is 19:00 local on either side of a clock change, while "in 2 hours" is two real hours. A
/// local time that does not exist (02:30 on the spring-forward day) is moved by the calendar.
///
/// Limits: English only; the first of several dates or times wins; "next week" and "next
/// month" without a day, ranges ("7–9pm"), and day-first numeric dates are not resolved.
public struct RelativeDateResolver: Sendable {
    /// How to read an hour said without am/pm.
    public enum HourAssumption: Sendable, Hashable, Codable {
        /// Dining when the text mentions dinner, supper, a table, a reservation, a restaurant,
        /// booking, dining or eating out; general otherwise.
        case automatic
        /// Meals out: 1–10 are pm, 11 and 12 as said.
        case dining
        /// Anything else: 1–6 are pm, 7–12 as said.
        case general
    }

    /// The time zone dates are read in.
    public var timeZone: TimeZone
    /// How to read an hour said without am/pm.
    public var hourAssumption: HourAssumption

    /// Creates a resolver.
    public init(timeZone: TimeZone, hourAssumption: HourAssumption = .automatic) {
        self.timeZone = timeZone
        self.hourAssumption = hourAssumption
    }

    /// The Gregorian calendar in ``timeZone``.
    public var calendar: Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        calendar.locale = Locale(identifier: "en_US_POSIX")
        return calendar
    }

    /// Resolves `text` against `reference`.
    public func resolve(_ text: String, relativeTo reference: Date) -> ResolvedDateTime {
        scan(text, relativeTo: reference).result
    }

    // MARK: - Scanning

    /// One word of the input.
    struct Token: Sendable {
        /// Lower-cased, outer punctuation removed, "a.m." → "am".
        var text: String
        /// As written.
        var original: String
    }

    /// The outcome of a scan, with the words that took part in a date or time.
    struct Scan: Sendable {
        var tokens: [Token]
        var consumed: Set<Int>
        var result: ResolvedDateTime
        /// The resolved day, when there is one.
        var day: LocalDay?
        /// The clock time, explicit or from an offset.
        var clock: (hour: Int, minute: Int)?
        /// Whether the moment came from an hours/minutes offset.
        var isExactOffset: Bool
    }

    static func tokenize(_ text: String) -> [Token] {
        let separators = CharacterSet.whitespacesAndNewlines
        return text.components(separatedBy: separators).filter { !$0.isEmpty }.compactMap { piece in
            var word = piece.lowercased().replacingOccurrences(of: "’", with: "'")
            let leading: Set<Character> = ["(", "[", "{", "\"", "'", "“", "”"]
            let trailing: Set<Character> = [".", ",", "!", "?", ";", ":", ")", "]", "}", "\"", "'", "“", "”"]
            while let first = word.first, leading.contains(first) { word.removeFirst() }
            while let last = word.last, trailing.contains(last) { word.removeLast() }
            word = word.replacingOccurrences(of: "a.m", with: "am").replacingOccurrences(of: "p.m", with: "pm")
            if word.hasSuffix("'s") { word.removeLast(2) }
            return Token(text: word, original: piece)
        }
    }

    static let weekdays: [String: Int] = [
        "sunday": 1, "monday": 2, "tuesday": 3, "wednesday": 4, "thursday": 5, "friday": 6, "saturday": 7,
        "sundays": 1, "mondays": 2, "tuesdays": 3, "wednesdays": 4, "thursdays": 5, "fridays": 6, "saturdays": 7,
    ]
    static let weekdayAbbreviations: [String: Int] = [
        "sun": 1, "mon": 2, "tue": 3, "tues": 3, "wed": 4, "thu": 5, "thur": 5, "thurs": 5, "fri": 6, "sat": 7,
    ]
    static let months: [String: Int] = [
        "january": 1, "jan": 1, "february": 2, "feb": 2, "march": 3, "mar": 3, "april": 4, "apr": 4, "may": 5, "june": 6,
        "jun": 6, "july": 7, "jul": 7, "august": 8, "aug": 8, "september": 9, "sep": 9, "sept": 9, "october": 10, "oct": 10,
        "november": 11, "nov": 11, "december": 12, "dec": 12,
    ]
    static let numberWords: [String: Int] = [
        "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10,
        "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14, "fifteen": 15, "sixteen": 16, "seventeen": 17,
        "eighteen": 18, "nineteen": 19, "twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "ninety": 90,
    ]
    static let ordinalWords: [String: Int] = [
        "first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "sixth": 6, "seventh": 7, "eighth": 8, "ninth": 9,
        "tenth": 10, "eleventh": 11, "twelfth": 12, "thirteenth": 13, "fourteenth": 14, "fifteenth": 15, "sixteenth": 16,
        "seventeenth": 17, "eighteenth": 18, "nineteenth": 19, "twentieth": 20, "thirtieth": 30,
    ]
    static let timeCues: Set<String> = ["at", "@", "around", "about", "by", "until", "till", "til", "before", "after", "approximately", "approx", "~"]
    static let diningWords: Set<String> = ["dinner", "supper", "table", "reservation", "reservations", "reserve", "restaurant", "book",
                                           "booking", "dine", "dining", "eat", "eating", "brunch", "lunch", "drinks", "bistro", "cafe", "pizzeria"]

    /// A number said as digits or words, including "twenty five" (two tokens; returns the count used).
    static func number(at index: Int, in tokens: [Token]) -> (value: Int, length: Int)? {
        guard index < tokens.count else { return nil }
        let word = tokens[index].text
        if let value = Int(word), value >= 0 { return (value, 1) }
        if word.contains("-") {
            let parts = word.split(separator: "-").map(String.init)
            if parts.count == 2, let tens = numberWords[parts[0]], tens >= 20, let units = numberWords[parts[1]], units < 10 {
                return (tens + units, 1)
            }
        }
        guard let value = numberWords[word] else { return nil }
        if value >= 20, index + 1 < tokens.count, let units = numberWords[tokens[index + 1].text], units < 10 {
            return (value + units, 2)
        }
        return (value, 1)
    }

    /// A day of the month said as "5", "5th", "1st", "fifth".
    static func dayOfMonth(_ word: String) -> Int? {
        var digits = word
        for suffix in ["st", "nd", "rd", "th"] where digits.hasSuffix(suffix) {
            digits.removeLast(2)
            break
        }
        if let value = Int(digits), (1...31).contains(value), digits.count <= 2 { return value }
        return ordinalWords[word].flatMap { (1...31).contains($0) ? $0 : nil }
    }

    /// A clock said in one word: "7", "7pm", "7:30", "7:30pm", "19:00", "7p", "7.30pm", "7ish".
    struct Clock {
        var hour: Int
        var minute: Int
        var meridiem: String?
        /// "19:00" or "07:30": no am/pm needed.
        var is24Hour: Bool
        var hasMinutes: Bool
        var hasIsh: Bool
    }

    static func clock(in word: String) -> Clock? {
        var rest = word
        var hasIsh = false
        if rest.hasSuffix("ish") {
            rest.removeLast(3)
            if rest.hasSuffix("-") { rest.removeLast() }
            hasIsh = true
        }
        var meridiem: String?
        for (suffix, value) in [("am", "am"), ("pm", "pm"), ("a", "am"), ("p", "pm")] where rest.hasSuffix(suffix) {
            rest.removeLast(suffix.count)
            meridiem = value
            break
        }
        guard !rest.isEmpty, rest.first?.isNumber == true else { return nil }
        let separator: Character? = rest.contains(":") ? ":" : (rest.contains(".") && meridiem != nil ? "." : nil)
        if let separator {
            let parts = rest.split(separator: separator, omittingEmptySubsequences: false)
            guard parts.count == 2, parts[1].count == 2, let hour = Int(parts[0]), let minute = Int(parts[1]),
                  parts[0].count <= 2, (0...59).contains(minute) else { return nil }
            if meridiem != nil {
                guard (1...12).contains(hour) else { return nil }
                return Clock(hour: hour, minute: minute, meridiem: meridiem, is24Hour: false, hasMinutes: true, hasIsh: hasIsh)
            }
            guard (0...23).contains(hour) else { return nil }
            let is24 = hour == 0 || hour >= 13 || parts[0].hasPrefix("0")
            return Clock(hour: hour, minute: minute, meridiem: nil, is24Hour: is24, hasMinutes: true, hasIsh: hasIsh)
        }
        // "1930", "0730": 24-hour time without a colon (the caller only accepts it after "at").
        if rest.count == 4, meridiem == nil, rest.allSatisfy(\.isNumber), let value = Int(rest), value / 100 <= 23, value % 100 <= 59 {
            return Clock(hour: value / 100, minute: value % 100, meridiem: nil, is24Hour: true, hasMinutes: false, hasIsh: hasIsh)
        }
        guard rest.allSatisfy(\.isNumber), rest.count <= 2, let hour = Int(rest) else { return nil }
        if meridiem != nil {
            guard (1...12).contains(hour) else { return nil }
        } else {
            guard (0...23).contains(hour) else { return nil }
        }
        return Clock(hour: hour, minute: 0, meridiem: meridiem, is24Hour: meridiem == nil && (hour == 0 || hour >= 13),
                     hasMinutes: false, hasIsh: hasIsh)
    }

    static func clock(_ hour: Int, _ minute: Int) -> String {
        (hour < 10 ? "0" : "") + String(hour) + ":" + (minute < 10 ? "0" : "") + String(minute)
    }

    private enum Priority: Int, Comparable {
        case impliedToday = 0, relative, weekday, calendarDate
        static func < (lhs: Priority, rhs: Priority) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    func scan(_ text: String, relativeTo reference: Date) -> Scan {
        let calendar = calendar
        let tokens = Self.tokenize(text)
        let words = tokens.map(\.text)
        let today = LocalDay(reference, calendar: calendar)
        var consumed: Set<Int> = []
        var dateChoice: (priority: Priority, day: LocalDay)?
        var rawClock: Clock?
        // A bare number accepted only because a date word is next to it ("number 1 tomorrow",
        // "for 2 tomorrow") is a weak reading: a clock said plainly later ("at 9am") replaces it,
        // and the number goes back to the task.
        var weakClockIndices: [Int]?
        var exactMoment: Date?
        var partOfDay: ResolvedDateTime.PartOfDay?
        var meridiemHint: String?
        var midnight = false
        var explicitClock: (hour: Int, minute: Int)?

        func offerDate(_ day: LocalDay?, _ priority: Priority, _ indices: [Int]) {
            guard let day else { return }
            consumed.formUnion(indices)
            if dateChoice == nil || priority > (dateChoice?.priority ?? .impliedToday) { dateChoice = (priority, day) }
        }
        func word(_ index: Int) -> String { index >= 0 && index < words.count ? words[index] : "" }
        /// The index of a preposition directly before `index` that belongs to the expression.
        func leading(_ index: Int, _ allowed: Set<String>) -> [Int] {
            index > 0 && allowed.contains(words[index - 1]) && !consumed.contains(index - 1) ? [index - 1] : []
        }

        func apply(_ offset: Offset, indices: [Int]) {
            consumed.formUnion(indices)
            switch offset.unit {
            case .minute, .hour:
                let seconds = offset.amount * (offset.unit == .minute ? 60 : 3600)
                let moment = reference.addingTimeInterval(seconds)
                if exactMoment == nil { exactMoment = moment }
                offerDate(LocalDay(moment, calendar: calendar), .relative, [])
            case .day, .week:
                let days = Int((offset.amount * (offset.unit == .week ? 7 : 1)).rounded())
                offerDate(today.adding(days: days, calendar: calendar), .relative, [])
            case .month, .year:
                let months = Int((offset.amount * (offset.unit == .year ? 12 : 1)).rounded())
                offerDate(today.adding(months: months, calendar: calendar), .relative, [])
            }
        }

        var index = 0
        while index < words.count {
            let current = words[index]
            defer { index += 1 }
            if consumed.contains(index) { continue }

            // "the day after tomorrow"
            if current == "day", word(index + 1) == "after", word(index + 2) == "tomorrow" {
                offerDate(today.adding(days: 2, calendar: calendar), .relative, [index, index + 1, index + 2] + leading(index, ["the"]))
                index += 2
                continue
            }
            switch current {
            case "today":
                offerDate(today, .relative, [index] + leading(index, ["for", "by", "until"]))
                continue
            case "tonight", "tonite":
                offerDate(today, .relative, [index] + leading(index, ["for", "by", "until"]))
                partOfDay = .night
                continue
            case "tomorrow", "tmrw", "tmr", "tomorow", "tommorow", "tommorrow":
                offerDate(today.adding(days: 1, calendar: calendar), .relative, [index] + leading(index, ["for", "by", "until"]))
                continue
            case "yesterday":
                offerDate(today.adding(days: -1, calendar: calendar), .relative, [index])
                continue
            default:
                break
            }

            // Weekdays.
            let modifierWords: Set<String> = ["this", "next", "last", "coming", "on", "by", "until", "till", "every", "each", "for"]
            let abbreviationAllowed = modifierWords.contains(word(index - 1))
                || (tokens[index].original.first?.isUppercase == true
                    && (index + 1 == words.count || ["at", "@", "morning", "afternoon", "evening", "night"].contains(word(index + 1))
                        || Self.clock(in: word(index + 1)) != nil))
            if let weekday = Self.weekdays[current] ?? (abbreviationAllowed ? Self.weekdayAbbreviations[current] : nil) {
                var modifier = word(index - 1)
                var used = [index]
                if modifier == "coming", word(index - 2) == "this" {
                    used += [index - 1, index - 2]
                } else if ["this", "next", "last", "coming"].contains(modifier) {
                    used.append(index - 1)
                    used += leading(index - 1, ["on", "by", "until"])
                } else {
                    used += leading(index, ["on", "by", "until", "till"])
                    modifier = ""
                }
                offerDate(today.weekday(weekday, modifier: modifier, calendar: calendar), .weekday, used)
                continue
            }
            if current == "weekend" {
                let modifier = word(index - 1)
                let day = modifier == "next" ? today.weekday(7, modifier: "next", calendar: calendar) : today.upcomingWeekendDay(calendar: calendar)
                offerDate(day, .weekday, [index] + (["this", "next", "the"].contains(modifier) ? [index - 1] + leading(index - 1, ["on", "over", "for"]) : []))
                continue
            }

            // Offsets: "in 3 days", "in half an hour", "20 minutes from now".
            if current == "in" || current == "within", let offset = Self.offset(after: index + 1, in: tokens) {
                apply(offset, indices: Array(index..<(index + 1 + offset.length)))
                index += offset.length
                continue
            }
            if let offset = Self.offset(after: index, in: tokens), word(index + offset.length) == "from", word(index + offset.length + 1) == "now" {
                apply(offset, indices: Array(index..<(index + offset.length + 2)))
                index += offset.length + 1
                continue
            }
            if let offset = Self.offset(after: index, in: tokens), word(index + offset.length) == "later" {
                apply(offset, indices: Array(index..<(index + offset.length + 1)))
                index += offset.length
                continue
            }

            // Calendar dates.
            if let (day, length) = calendarDate(at: index, in: tokens, today: today, calendar: calendar) {
                var used = Array(index..<(index + length)) + leading(index, ["on", "by", "until", "for", "the"])
                if word(index - 1) == "the" { used += leading(index - 1, ["on", "by", "until", "for"]) }
                offerDate(day, .calendarDate, used)
                index += length - 1
                continue
            }

            // Times.
            if current == "noon" || current == "midday" {
                if rawClock == nil { rawClock = Clock(hour: 12, minute: 0, meridiem: "pm", is24Hour: false, hasMinutes: false, hasIsh: false) }
                consumed.formUnion([index] + leading(index, Self.timeCues.union(["at"])))
                continue
            }
            if current == "midnight" {
                if rawClock == nil {
                    rawClock = Clock(hour: 0, minute: 0, meridiem: nil, is24Hour: true, hasMinutes: false, hasIsh: false)
                    midnight = true
                }
                consumed.formUnion([index] + leading(index, Self.timeCues.union(["at"])))
                continue
            }
            if current == "half" || current == "quarter", word(index + 1) == "past" || word(index + 1) == "to" || word(index + 1) == "after",
               let hour = Self.number(at: index + 2, in: tokens), (1...12).contains(hour.value) {
                let minutes = current == "half" ? 30 : 15
                let isTo = word(index + 1) == "to"
                let clockHour = isTo ? (hour.value == 1 ? 12 : hour.value - 1) : hour.value
                if rawClock == nil {
                    rawClock = Clock(hour: clockHour, minute: isTo ? 60 - minutes : minutes, meridiem: nil, is24Hour: false, hasMinutes: true, hasIsh: false)
                }
                consumed.formUnion(Array(index...(index + 1 + hour.length)) + leading(index, Self.timeCues))
                index += 1 + hour.length
                continue
            }
            if var clock = Self.clock(in: current) {
                var used = [index]
                let next = word(index + 1)
                if clock.meridiem == nil, next == "am" || next == "pm" {
                    clock.meridiem = next
                    if (1...12).contains(clock.hour) { used.append(index + 1) } else { clock.meridiem = nil }
                }
                if ["o'clock", "oclock"].contains(next) { used.append(index + 1) }
                let cue = index > 0 && Self.timeCues.contains(word(index - 1))
                let dateWords: Set<String> = ["today", "tonight", "tomorrow", "tmrw", "tmr", "tomorow", "tommorow", "tommorrow"]
                let afterDateWord = index > 0 && (dateWords.contains(word(index - 1)) || Self.weekdays[word(index - 1)] != nil
                    || (consumed.contains(index - 1) && Self.weekdayAbbreviations[word(index - 1)] != nil))
                let followedByPart = ["tonight", "morning", "evening", "afternoon", "night", "tomorrow", "today", "in"].contains(next)
                    && (next != "in" || ["the", "morning", "evening", "afternoon"].contains(word(index + 2)))
                let accepted = clock.meridiem != nil || clock.hasMinutes || clock.hasIsh || cue || used.count > 1 || followedByPart || afterDateWord
                let looksLikeDate = current.contains("/") || current.contains("-")
                    || (current.count == 4 && current.allSatisfy(\.isNumber) && !["at", "@"].contains(word(index - 1)))
                if accepted, !looksLikeDate {
                    let strong = clock.meridiem != nil || clock.hasMinutes || clock.hasIsh || cue || used.count > 1
                    if rawClock == nil {
                        rawClock = clock
                        weakClockIndices = strong ? nil : used
                    } else if strong, let weak = weakClockIndices {
                        rawClock = clock
                        weakClockIndices = nil
                        consumed.subtract(weak)
                    }
                    consumed.formUnion(used + leading(index, Self.timeCues))
                    if cue, index >= 2, word(index - 1) == "around" || word(index - 1) == "about", word(index - 2) == "at" { consumed.insert(index - 2) }
                    index = (used.max() ?? index)
                    continue
                }
            }

            // Parts of the day and meal hints.
            switch current {
            case "morning", "afternoon", "evening", "night":
                let part = ResolvedDateTime.PartOfDay(rawValue: current) ?? .evening
                if partOfDay == nil || partOfDay == .night && current != "night" { partOfDay = part }
                var used = [index]
                if word(index - 1) == "this" {
                    used.append(index - 1)
                    offerDate(today, .impliedToday, [])
                } else if word(index - 1) == "the", word(index - 2) == "in" {
                    used += [index - 1, index - 2]
                } else if ["tomorrow", "tonight", "today"].contains(word(index - 1)) || Self.weekdays[word(index - 1)] != nil {
                    // joined to the date word before
                } else if word(index - 1) == "in" {
                    used.append(index - 1)
                } else if word(index - 1) == "at" || word(index - 1) == "by" {
                    used.append(index - 1)
                }
                consumed.formUnion(used)
            case "breakfast", "brunch":
                meridiemHint = meridiemHint ?? "am"
            case "dinner", "supper":
                meridiemHint = meridiemHint ?? "pm"
            default:
                break
            }
        }

        // Resolve the clock.
        var clock: (hour: Int, minute: Int)?
        var assumed = false
        if let raw = rawClock {
            let dining: Bool
            switch hourAssumption {
            case .automatic: dining = words.contains { Self.diningWords.contains($0) }
            case .dining: dining = true
            case .general: dining = false
            }
            var hint = meridiemHint
            switch partOfDay {
            case .morning: hint = "am"
            case .afternoon, .evening: hint = "pm"
            case .night: hint = "night"
            case nil: break
            }
            let resolved = Self.hour24(raw, hint: hint, dining: dining)
            clock = (resolved.hour, raw.minute)
            assumed = resolved.assumed
            if resolved.rollsOver { midnight = true }
            explicitClock = clock
        }

        var day = dateChoice?.day
        if midnight, let current = day, exactMoment == nil { day = current.adding(days: 1, calendar: calendar) }

        var result = ResolvedDateTime(date: day?.iso, time: clock.map { Self.clock($0.hour, $0.minute) }, partOfDay: partOfDay,
                                      meridiemWasAssumed: assumed, resolvedDate: nil)
        var isExact = false
        if let exactMoment, dateChoice?.priority == .relative, explicitClock == nil, dateChoice?.day == LocalDay(exactMoment, calendar: calendar) {
            let parts = calendar.dateComponents([.hour, .minute], from: exactMoment)
            let hour = parts.hour ?? 0
            let minute = parts.minute ?? 0
            clock = (hour, minute)
            result.time = Self.clock(hour, minute)
            result.resolvedDate = exactMoment
            isExact = true
        } else if let day {
            let time = clock ?? partOfDay.map { $0.defaultTime } ?? (0, 0)
            result.resolvedDate = day.date(hour: time.hour, minute: time.minute, calendar: calendar)
        }
        return Scan(tokens: tokens, consumed: consumed, result: result, day: day, clock: clock, isExactOffset: isExact)
    }

    /// Converts a clock to 24-hour time using the am/pm rules in the type's documentation.
    /// `rollsOver` is true for times after midnight said of a night ("midnight", "12 tonight",
    /// "2 tonight"), which fall on the next day.
    static func hour24(_ clock: Clock, hint: String?, dining: Bool) -> (hour: Int, assumed: Bool, rollsOver: Bool) {
        if let meridiem = clock.meridiem {
            if meridiem == "am" { return (clock.hour == 12 ? 0 : clock.hour, false, false) }
            return (clock.hour == 12 ? 12 : clock.hour + 12, false, false)
        }
        if clock.is24Hour || clock.hour == 0 || clock.hour > 12 { return (clock.hour, false, false) }
        switch hint {
        case "am":
            return (clock.hour, true, false)
        case "pm":
            return (clock.hour == 12 ? 12 : clock.hour + 12, true, false)
        case "night":
            if clock.hour == 12 { return (0, true, true) }
            if clock.hour <= 4 { return (clock.hour, true, true) }
            return (clock.hour + 12, true, false)
        default:
            break
        }
        if dining {
            return ((1...10).contains(clock.hour) ? clock.hour + 12 : clock.hour, true, false)
        }
        return ((1...6).contains(clock.hour) ? clock.hour + 12 : clock.hour, true, false)
    }

    // MARK: - Offsets

    struct Offset {
        enum Unit { case minute, hour, day, week, month, year }
        var amount: Double
        var unit: Unit
        /// Tokens used, from the quantity to the unit (and "and a half").
        var length: Int
    }

    /// The years a date people write can mean; anything outside is a typo or an attack.
    static let plausibleYears = 1900...2200

    /// The largest amount an offset may have, per unit: about a century of each.
    static func largestAmount(of unit: Offset.Unit) -> Double {
        switch unit {
        case .minute: 60 * 24 * 36_525
        case .hour: 24 * 36_525
        case .day: 36_525
        case .week: 5_218
        case .month: 1_200
        case .year: 100
        }
    }

    static func unit(_ word: String) -> Offset.Unit? {
        switch word {
        case "minute", "minutes", "min", "mins", "m": .minute
        case "hour", "hours", "hr", "hrs", "h": .hour
        case "day", "days": .day
        case "week", "weeks", "wk", "wks": .week
        case "month", "months": .month
        case "year", "years", "yr", "yrs": .year
        default: nil
        }
    }

    /// A quantity and unit starting at `index`: "3 days", "a week", "twenty five minutes",
    /// "a couple of hours", "half an hour", "an hour and a half", "1.5 hours", "20min".
    static func offset(after index: Int, in tokens: [Token]) -> Offset? {
        guard index < tokens.count else { return nil }
        let word = tokens[index].text
        func text(_ i: Int) -> String { i < tokens.count ? tokens[i].text : "" }
        // "20min", "2hrs"
        if let split = word.firstIndex(where: { !$0.isNumber && $0 != "." }), split != word.startIndex,
           let amount = Double(word[..<split]), let unit = unit(String(word[split...])) {
            guard amount.isFinite, amount <= largestAmount(of: unit) else { return nil }
            return Offset(amount: amount, unit: unit, length: 1)
        }
        // "half an hour", "half hour"
        if word == "half" {
            if ["an", "a"].contains(text(index + 1)), let unit = unit(text(index + 2)) { return Offset(amount: 0.5, unit: unit, length: 3) }
            if let unit = unit(text(index + 1)) { return Offset(amount: 0.5, unit: unit, length: 2) }
            return nil
        }
        var amount: Double
        var length: Int
        if let value = Double(word), value >= 0 {
            amount = value
            length = 1
        } else if word == "a" || word == "an" {
            if text(index + 1) == "couple" {
                amount = 2
                length = text(index + 2) == "of" ? 3 : 2
            } else if text(index + 1) == "few" {
                amount = 3
                length = 2
            } else {
                amount = 1
                length = 1
            }
        } else if word == "couple" {
            amount = 2
            length = text(index + 1) == "of" ? 2 : 1
        } else if word == "few" {
            amount = 3
            length = 1
        } else if let number = number(at: index, in: tokens) {
            amount = Double(number.value)
            length = number.length
        } else {
            return nil
        }
        guard let unit = unit(text(index + length)) else { return nil }
        length += 1
        if text(index + length) == "and", ["a", "an"].contains(text(index + length + 1)), text(index + length + 2) == "half" {
            amount += 0.5
            length += 3
        }
        // "in nan days", "in 1e308 years": Double reads them, Calendar cannot add them.
        guard amount.isFinite, amount <= largestAmount(of: unit) else { return nil }
        return Offset(amount: amount, unit: unit, length: length)
    }

    // MARK: - Calendar dates

    /// A calendar date starting at `index` and the number of tokens it used.
    func calendarDate(at index: Int, in tokens: [Token], today: LocalDay, calendar: Calendar) -> (LocalDay, Int)? {
        let word = tokens[index].text
        func text(_ i: Int) -> String { i < tokens.count ? tokens[i].text : "" }
        func year(at i: Int) -> Int? {
            guard let value = Int(text(i)), text(i).count == 4, Self.plausibleYears.contains(value) else { return nil }
            return value
        }
        func resolve(month: Int, day: Int, year: Int?) -> LocalDay? {
            if let year { return LocalDay(year: year, month: month, day: day, calendar: calendar) }
            guard let thisYear = LocalDay(year: today.year, month: month, day: day, calendar: calendar) else {
                return LocalDay(year: today.year + 1, month: month, day: day, calendar: calendar)
            }
            return thisYear < today ? LocalDay(year: today.year + 1, month: month, day: day, calendar: calendar) : thisYear
        }

        // ISO 2026-12-01
        let dashParts = word.split(separator: "-")
        if dashParts.count == 3, dashParts[0].count == 4, let y = Int(dashParts[0]), Self.plausibleYears.contains(y),
           let m = Int(dashParts[1]), let d = Int(dashParts[2]) {
            return LocalDay(year: y, month: m, day: d, calendar: calendar).map { ($0, 1) }
        }
        // US 5/12, 5/12/26, 5/12/2026
        let slashParts = word.split(separator: "/")
        if (2...3).contains(slashParts.count), slashParts.allSatisfy({ $0.allSatisfy(\.isNumber) && !$0.isEmpty }),
           let m = Int(slashParts[0]), let d = Int(slashParts[1]), (1...12).contains(m), (1...31).contains(d) {
            var y: Int?
            if slashParts.count == 3, let value = Int(slashParts[2]) {
                y = value < 100 ? 2000 + value : value
                guard Self.plausibleYears.contains(y ?? 0) else { return nil }
            }
            return resolve(month: m, day: d, year: y).map { ($0, 1) }
        }
        // May 5, May 5th, May 5 2027
        if let month = Self.months[word], let day = Self.dayOfMonth(text(index + 1)) {
            if let y = year(at: index + 2) { return LocalDay(year: y, month: month, day: day, calendar: calendar).map { ($0, 3) } }
            return resolve(month: month, day: day, year: nil).map { ($0, 2) }
        }
        // 5 May, 5th of May, the 5th of May 2027
        if let day = Self.dayOfMonth(word) {
            var next = index + 1
            if text(next) == "of" { next += 1 }
            if let month = Self.months[text(next)] {
                if let y = year(at: next + 1) { return LocalDay(year: y, month: month, day: day, calendar: calendar).map { ($0, next + 2 - index) } }
                return resolve(month: month, day: day, year: nil).map { ($0, next + 1 - index) }
            }
            // "the 15th", "on the 15th"
            let isOrdinal = Int(word) == nil
            if isOrdinal, index > 0, ["the", "on"].contains(text(index - 1)) {
                var candidate = LocalDay(year: today.year, month: today.month, day: day, calendar: calendar)
                var monthsAhead = 0
                while candidate.map({ $0 < today }) ?? true, monthsAhead < 12 {
                    monthsAhead += 1
                    let base = today.adding(months: monthsAhead, calendar: calendar)
                    candidate = LocalDay(year: base.year, month: base.month, day: day, calendar: calendar)
                }
                return candidate.map { ($0, 1) }
            }
        }
        return nil
    }
}

/// A calendar day (year, month, day) in some time zone, with DST-safe arithmetic: days are
/// added at noon, so a clock change at midnight or 2 am never moves the day.
struct LocalDay: Sendable, Hashable, Comparable, Codable {
    var year: Int
    var month: Int
    var day: Int

    init(_ date: Date, calendar: Calendar) {
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        year = parts.year ?? 1970
        month = parts.month ?? 1
        day = parts.day ?? 1
    }

    /// A valid day, or `nil` (February 30).
    init?(year: Int, month: Int, day: Int, calendar: Calendar) {
        guard (1...12).contains(month), (1...31).contains(day),
              let date = calendar.date(from: DateComponents(year: year, month: month, day: day, hour: 12)) else { return nil }
        let check = LocalDay(date, calendar: calendar)
        guard check.year == year, check.month == month, check.day == day else { return nil }
        self.year = year
        self.month = month
        self.day = day
    }

    static func < (lhs: LocalDay, rhs: LocalDay) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }

    /// `yyyy-MM-dd`.
    var iso: String {
        let y = String(year)
        let m = (month < 10 ? "0" : "") + String(month)
        let d = (day < 10 ? "0" : "") + String(day)
        return String(repeating: "0", count: max(0, 4 - y.count)) + y + "-" + m + "-" + d
    }

    func noon(_ calendar: Calendar) -> Date {
        calendar.date(from: DateComponents(year: year, month: month, day: day, hour: 12)) ?? Date(timeIntervalSince1970: 0)
    }

    /// The moment at `hour`:`minute` local time on this day.
    func date(hour: Int, minute: Int, calendar: Calendar) -> Date? {
        calendar.date(from: DateComponents(year: year, month: month, day: day, hour: hour, minute: minute))
    }

    func adding(days: Int, calendar: Calendar) -> LocalDay {
        guard let date = calendar.date(byAdding: .day, value: days, to: noon(calendar)) else { return self }
        return LocalDay(date, calendar: calendar)
    }

    func adding(months: Int, calendar: Calendar) -> LocalDay {
        guard let date = calendar.date(byAdding: .month, value: months, to: noon(calendar)) else { return self }
        return LocalDay(date, calendar: calendar)
    }

    /// 1 = Sunday … 7 = Saturday.
    func weekday(_ calendar: Calendar) -> Int {
        calendar.component(.weekday, from: noon(calendar))
    }

    /// Monday = 0 … Sunday = 6.
    func isoWeekdayIndex(_ calendar: Calendar) -> Int {
        (weekday(calendar) + 5) % 7
    }

    /// The day for a weekday name with a modifier ("", "this", "coming", "next", "last"); see
    /// ``RelativeDateResolver`` for the rules.
    func weekday(_ target: Int, modifier: String, calendar: Calendar) -> LocalDay {
        let current = weekday(calendar)
        switch modifier {
        case "this":
            return adding(days: (target - current + 7) % 7, calendar: calendar)
        case "next":
            let toNextMonday = 7 - isoWeekdayIndex(calendar)
            return adding(days: toNextMonday + (target + 5) % 7, calendar: calendar)
        case "last":
            let back = (current - target + 7) % 7
            return adding(days: -(back == 0 ? 7 : back), calendar: calendar)
        default:
            let ahead = (target - current + 7) % 7
            return adding(days: ahead == 0 ? 7 : ahead, calendar: calendar)
        }
    }

    /// The coming Saturday, or today on a Saturday or Sunday.
    func upcomingWeekendDay(calendar: Calendar) -> LocalDay {
        let current = weekday(calendar)
        if current == 7 || current == 1 { return self }
        return adding(days: 7 - current, calendar: calendar)
    }
}

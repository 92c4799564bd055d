import Foundation
import WebFoundation
import HomeOS

/// A field of a family form, as the page draws it.
struct FormField: Encodable, Sendable {
    struct Option: Encodable, Sendable {
        var value: String
        var label: String
    }

    var name: String
    var label: String
    var type: String
    var required: Bool = false
    var options: [Option]?
    var help: String?
}

/// A submitted form value: text, or a checkbox's state.
enum FormValue: Codable, Sendable, Hashable {
    case text(String)
    case flag(Bool)

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let flag = try? container.decode(Bool.self) { self = .flag(flag) }
        else if let number = try? container.decode(Double.self) { self = .text(number.rounded() == number ? String(Int(number)) : String(number)) }
        else if container.decodeNil() { self = .text("") }
        else { self = .text(try container.decode(String.self)) }
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .text(let text): try container.encode(text)
        case .flag(let flag): try container.encode(flag)
        }
    }
}

/// Reads a submitted form field by field, collecting a message per invalid field, so the page can
/// show every problem next to its field at once. Nothing is written while any message stands.
struct FormReader {
    let values: [String: FormValue]
    let timeZone: TimeZone
    private(set) var problems: [String: String] = [:]

    init(_ values: [String: FormValue], timeZone: TimeZone) {
        self.values = values
        self.timeZone = timeZone
    }

    /// Records a problem with `field` (the first one stands).
    mutating func fail(_ field: String, _ message: String) {
        if problems[field] == nil { problems[field] = message }
    }

    /// Trimmed text, nil when empty; a required empty field, or one over `limit`, is a problem.
    mutating func text(_ field: String, required: Bool = false, limit: Int = FamilyLimits.nameCharacters, label: String = "This") -> String? {
        var raw = ""
        if case .text(let text)? = values[field] { raw = text }
        let value = raw.trimmingCharacters(in: .whitespacesAndNewlines)
        if value.isEmpty {
            if required { fail(field, "\(label) is required.") }
            return nil
        }
        if value.count > limit { fail(field, "At most \(limit) characters (this is \(value.count)).") }
        return value
    }

    /// A checkbox.
    func flag(_ field: String) -> Bool {
        switch values[field] {
        case .flag(let flag)?: return flag
        case .text(let text)?: return ["true", "on", "yes", "1"].contains(text.lowercased())
        case nil: return false
        }
    }

    /// A whole number in `range`.
    mutating func integer(_ field: String, in range: ClosedRange<Int>) -> Int? {
        guard let text = text(field) else { return nil }
        guard let number = Int(text), range.contains(number) else {
            fail(field, "Enter a whole number from \(range.lowerBound) to \(range.upperBound).")
            return nil
        }
        return number
    }

    /// A comma-separated list (at most ``FamilyLimits/listEntries`` entries).
    mutating func list(_ field: String) -> [String] {
        guard let text = text(field, limit: 2000) else { return [] }
        let items = text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        if items.count > FamilyLimits.listEntries { fail(field, "At most \(FamilyLimits.listEntries) entries.") }
        if let long = items.first(where: { $0.count > FamilyLimits.nameCharacters }) {
            fail(field, "\"\(long.prefix(20))…\" is longer than \(FamilyLimits.nameCharacters) characters.")
        }
        return items
    }

    /// A time of day as `LocalTime` reads it; `8:00` is taken as `08:00`.
    static func localTime(_ text: String) -> LocalTime? {
        LocalTime(text) ?? (text.count == 4 && text.dropFirst().hasPrefix(":") ? LocalTime("0" + text) : nil)
    }

    /// A time of day, `HH:mm`.
    mutating func time(_ field: String, required: Bool = false) -> String? {
        guard let text = text(field, required: required, label: "A time") else { return nil }
        guard let time = Self.localTime(text) else {
            fail(field, "Enter a time as HH:mm, for example 08:30.")
            return nil
        }
        return time.description
    }

    /// Times of day, comma-separated, each `HH:mm`.
    mutating func times(_ field: String) -> [String] {
        let items = list(field)
        var times: [String] = []
        for item in items {
            guard let time = Self.localTime(item) else {
                fail(field, "\"\(item.prefix(20))\" is not a time; write times as HH:mm, separated by commas (08:00, 20:00).")
                return []
            }
            times.append(time.description)
        }
        return Array(Set(times)).sorted()
    }

    /// A day, `yyyy-MM-dd`.
    mutating func day(_ field: String, required: Bool = false) -> String? {
        guard let text = text(field, required: required, label: "A date") else { return nil }
        guard FormReader.dayNumber(text) != nil else {
            fail(field, "Enter a date as YYYY-MM-DD.")
            return nil
        }
        return text
    }

    /// A date and time (`yyyy-MM-ddTHH:mm`, as a datetime-local input sends it) in the family's time zone.
    mutating func dateTime(_ field: String, required: Bool = false) -> Date? {
        guard let text = text(field, required: required, label: "A date and time") else { return nil }
        let parts = text.split(separator: "T", maxSplits: 1).map(String.init)
        guard parts.count == 2, let time = LocalTime(String(parts[1].prefix(5))),
              let date = ZonedCalendar(timeZone: timeZone).instant(day: parts[0], time: time) else {
            fail(field, "Enter a date and time, for example 2026-11-28T19:00.")
            return nil
        }
        return date
    }

    /// One of `allowed` (raw values); empty is nil unless required.
    mutating func choice(_ field: String, from allowed: [String], required: Bool = false, label: String = "A choice") -> String? {
        guard let text = text(field, required: required, label: label) else { return nil }
        guard allowed.contains(text) else {
            fail(field, "Choose one of the listed options.")
            return nil
        }
        return text
    }

    /// The day number of a `yyyy-MM-dd` string, or nil when it is not a real day.
    static func dayNumber(_ day: String) -> Int? {
        ZonedCalendar(timeZone: TimeZone(identifier: "UTC") ?? .current).dayNumber(day)
    }

    /// Throws a 400 carrying every field message, when there is any.
    func check() throws {
        guard !problems.isEmpty else { return }
        let count = problems.count
        throw APIError(.badRequest, count == 1 ? "One field needs attention; nothing was saved." : "\(count) fields need attention; nothing was saved.",
                       fields: problems)
    }
}

extension ZonedCalendar {
    /// `date` as a datetime-local input value in this calendar's time zone.
    func inputValue(_ date: Date) -> String {
        "\(dayString(of: date))T\(localTime(of: date).description)"
    }
}

import Foundation
import LLM
import Skills

/// Shared plumbing of the core skills (meal planning, reservations, health, home, transport,
/// calls, elder care, tools, family messages): model calls with a deadline and a clean answer,
/// the family's data, and small text helpers. Every model call returns nil on any failure so
/// the caller falls back to its deterministic answer.
enum CoreSkillSupport {
    /// The two halves of a HomeOS prompt (system, user) for a bridge call.
    static func messages(_ services: HomeOSServices, skillID: String, instruction: String, data: String,
                         context: SkillContext) -> [ChatMessage] {
        services.promptMessages(skillID: skillID, instruction: instruction, data: data, context: context)
    }

    /// Free text from the model through the resilience cascade (see ``SkillModelCalls``); nil
    /// without a model, when every attempt failed, or past the deadline.
    static func generateText(_ services: HomeOSServices, skillID: String, instruction: String, data: String = "",
                             context: SkillContext, maxTokens: Int = 160) async -> String? {
        await SkillModelCalls.text(messages(services, skillID: skillID, instruction: instruction, data: data, context: context),
                                   context: context, maxTokens: maxTokens)
    }

    /// A schema-valid value from the model through the resilience cascade; nil without a model,
    /// when every attempt failed, or past the deadline.
    static func generateJSON<T: Decodable & Sendable>(_ type: T.Type, _ services: HomeOSServices, skillID: String,
                                                      instruction: String, data: String = "", schema: JSONSchema,
                                                      examples: [JSONExample] = [], context: SkillContext,
                                                      maxTokens: Int = 200) async -> T? {
        let value = await SkillModelCalls.json(
            messages(services, skillID: skillID, instruction: instruction, data: data, context: context),
            schema: schema, examples: examples, fewShot: services.fewShot, context: context, maxTokens: maxTokens)
        return try? value?.decode(T.self)
    }

    /// One of `categories` chosen by the model; nil without a model, on failure or past the deadline.
    static func classify(_ input: String, categories: [ClassificationCategory], context: SkillContext) async -> String? {
        await SkillModelCalls.classify(input, categories: categories, context: context)
    }

    /// A model answer without role markers, special tokens or meta labels, trimmed.
    static func clean(_ raw: String) -> String {
        DailySkillSupport.cleanModelText(raw)
    }

    /// The family, or nil when there is none or it cannot be read.
    static func family(_ services: HomeOSServices) -> Family? {
        (try? services.family()) ?? nil
    }

    /// The time zone to read dates in: the family's when it names one, else the context's.
    static func timeZone(_ services: HomeOSServices, _ context: SkillContext) -> TimeZone {
        family(services)?.timeZone ?? context.timeZone
    }

    /// A Gregorian calendar in `timeZone`.
    static func calendar(_ timeZone: TimeZone) -> Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        calendar.locale = Locale(identifier: "en_US_POSIX")
        return calendar
    }

    /// `date`'s local day, `yyyy-MM-dd`.
    static func day(_ date: Date, in timeZone: TimeZone) -> String {
        let parts = calendar(timeZone).dateComponents([.year, .month, .day], from: date)
        return String(format: "%04d-%02d-%02d", parts.year ?? 1970, parts.month ?? 1, parts.day ?? 1)
    }

    /// `date`'s local clock time, `HH:mm`.
    static func clock(_ date: Date, in timeZone: TimeZone) -> String {
        let parts = calendar(timeZone).dateComponents([.hour, .minute], from: date)
        return String(format: "%02d:%02d", parts.hour ?? 0, parts.minute ?? 0)
    }

    /// The instant of a local day (`yyyy-MM-dd`) at a clock time (`HH:mm`, midnight when nil).
    static func date(day: String, time: String?, in timeZone: TimeZone) -> Date? {
        let dayParts = day.split(separator: "-").compactMap { Int($0) }
        guard dayParts.count == 3 else { return nil }
        let minute = time.flatMap(QuietHours.minuteOfDay) ?? 0
        var components = DateComponents()
        components.year = dayParts[0]
        components.month = dayParts[1]
        components.day = dayParts[2]
        components.hour = minute / 60
        components.minute = minute % 60
        return calendar(timeZone).date(from: components)
    }

    /// "Saturday 28 November" for a local day `yyyy-MM-dd`.
    static func describeDay(_ day: String, in timeZone: TimeZone) -> String {
        guard let date = date(day: day, time: "12:00", in: timeZone) else { return day }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = timeZone
        formatter.dateFormat = "EEEE d MMMM"
        return formatter.string(from: date)
    }

    /// "Sat 28 Nov, 18:00" for an instant.
    static func describe(_ date: Date, in timeZone: TimeZone) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = timeZone
        formatter.dateFormat = "EEE d MMM, HH:mm"
        return formatter.string(from: date)
    }

    /// Lower-cased words of `text` (letters, digits and apostrophes).
    static func words(_ text: String) -> [String] {
        text.lowercased().split { !($0.isLetter || $0.isNumber || $0 == "'") }.map(String.init)
    }

    /// `text` when nearly all of its words occur in `source` (so it is what the person said, not
    /// text the model invented or copied from its prompt); nil otherwise.
    static func grounded(_ text: String, in source: String) -> String? {
        let words = words(text)
        guard !words.isEmpty else { return nil }
        let sourceWords = Set(Self.words(source))
        let found = words.filter(sourceWords.contains).count
        return Double(found) >= 0.8 * Double(words.count) ? text : nil
    }

    /// Whether the lower-cased `text` contains any of `phrases`.
    static func mentions(_ text: String, _ phrases: [String]) -> Bool {
        let lower = " " + words(text).joined(separator: " ") + " "
        return phrases.contains { lower.contains(" " + $0 + " ") || ($0.hasSuffix("*") && lower.contains(" " + $0.dropLast())) }
    }

    /// The family members a message refers to: by name or first name, by "grandma"/"grandpa"
    /// (grandparents), "my daughter"/"my son"/"the kids" (children); the handoff's or the
    /// argument's member first.
    static func members(in text: String, family: Family?, explicit: String? = nil) -> [FamilyMember] {
        guard let family else { return [] }
        let text = text.replacingOccurrences(of: "\u{2019}", with: "'")
            .replacingOccurrences(of: "'s\\b", with: "", options: .regularExpression)
        if let explicit, let member = family.member(named: explicit) ?? family.member(id: explicit) { return [member] }
        let lower = " " + words(text).joined(separator: " ") + " "
        var found = family.members.filter { member in
            let name = member.name.lowercased()
            let parts = name.split(separator: " ").map(String.init)
            return lower.contains(" " + name + " ") || lower.contains(" " + name + "'s ")
                || parts.contains { $0.count > 2 && !["grandma", "grandpa"].contains($0) && (lower.contains(" " + $0 + " ") || lower.contains(" " + $0 + "'s ")) }
        }
        if found.isEmpty {
            if mentions(text, ["grandma", "grandpa", "grandmother", "grandfather", "granny", "nana", "grandparent", "grandparents"]) {
                found = family.members(withRole: .grandparent)
            } else if mentions(text, ["daughter", "son", "kid", "kids", "child", "children", "baby", "toddler"]) {
                found = family.members(withRole: .child)
            }
        }
        return found
    }

    /// "a, b and c".
    static func list(_ items: [String]) -> String {
        switch items.count {
        case 0: return ""
        case 1: return items[0]
        default: return items.dropLast().joined(separator: ", ") + " and " + items[items.count - 1]
        }
    }

    /// `text` with its first letter upper-cased.
    static func capitalized(_ text: String) -> String {
        guard let first = text.first else { return text }
        return first.uppercased() + text.dropFirst()
    }
}

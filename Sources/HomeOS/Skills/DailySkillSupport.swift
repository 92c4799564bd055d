import Foundation
import LLM
import Skills

/// Shared plumbing of the daily skills (education … psy-rich): model calls that always end
/// within a deadline and fall back to nil, local days in the family's time zone, and small text
/// helpers. Internal: each skill keeps its own logic in its own file.
enum DailySkillSupport {
    /// One generation through the resilience cascade (see ``SkillModelCalls``); the cleaned text,
    /// or nil when there is no model or every attempt failed, ran out of time or said nothing (the
    /// caller then uses its fallback). `singleCall`: exactly one model call, no simplified retry.
    static func generate(_ messages: [ChatMessage], context: SkillContext, maxTokens: Int = 220,
                         singleCall: Bool = false) async -> String? {
        await SkillModelCalls.text(messages, context: context, maxTokens: maxTokens, singleCall: singleCall)
    }

    /// Schema-valid JSON through the resilience cascade (the bridge also retries invalid JSON once
    /// within each attempt), or nil.
    static func extractJSON(_ messages: [ChatMessage], schema: JSONSchema, _ services: HomeOSServices, context: SkillContext,
                            examples: [JSONExample] = [], maxTokens: Int = 256) async -> JSONValue? {
        await SkillModelCalls.json(messages, schema: schema, examples: examples, fewShot: services.fewShot,
                                   context: context, maxTokens: maxTokens)
    }

    /// The category the model picks for `input`, or nil without a model or on failure.
    static func classify(_ input: String, categories: [ClassificationCategory], context: SkillContext) async -> String? {
        await SkillModelCalls.classify(input, categories: categories, context: context)
    }

    /// Model text without role markers ("assistant:", "<|im_start|>"), special tokens or a
    /// hallucinated next turn.
    static func cleanModelText(_ raw: String) -> String {
        var text = ResponseSanitizer(extractsFollowUpQuestion: false).sanitize(raw).text
        let markers = ["assistant:", "homeos:", "system:", "ai:", "model:"]
        var changed = true
        while changed {
            changed = false
            let lowered = text.lowercased()
            for marker in markers where lowered.hasPrefix(marker) {
                text = String(text.dropFirst(marker.count)).trimmingCharacters(in: .whitespacesAndNewlines)
                changed = true
                break
            }
        }
        return text.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    // MARK: Days



    /// `day` moved by `days` (`yyyy-MM-dd`), or `day` itself when malformed.
    static func day(_ day: String, adding days: Int) -> String {
        DayString.adding(days, to: day) ?? day
    }

    /// Days from `from` to `to` (both `yyyy-MM-dd`), nil when either is malformed.
    static func daysBetween(_ from: String, _ to: String) -> Int? {
        guard let a = DayString.dayNumber(from), let b = DayString.dayNumber(to) else { return nil }
        return b - a
    }


    /// The hour of `date` in `timeZone`.
    static func hour(_ date: Date, in timeZone: TimeZone) -> Int {
        CoreSkillSupport.calendar(timeZone).component(.hour, from: date)
    }

    /// The school weekday of a `yyyy-MM-dd` day.
    static func weekday(of day: String, timeZone: TimeZone) -> SchoolSchedule.Day? {
        let calendar = CoreSkillSupport.calendar(timeZone)
        let parts = day.split(separator: "-").compactMap { Int($0) }
        guard parts.count == 3,
              let date = calendar.date(from: DateComponents(year: parts[0], month: parts[1], day: parts[2], hour: 12))
        else { return nil }
        let names: [SchoolSchedule.Day] = [.sunday, .monday, .tuesday, .wednesday, .thursday, .friday, .saturday]
        return names[calendar.component(.weekday, from: date) - 1]
    }

    // MARK: Text

    /// Whether `text` contains any of `phrases` (case-insensitive).
    /// Whether a model's `answer` draws on the `facts` it was given: it shares at least one word of
    /// four or more letters with them that the `instruction` does not also contain. An answer that
    /// only restates the instruction (small models do) is not grounded; with no facts, any answer is.
    static func isGrounded(_ answer: String, in facts: [String], instruction: String) -> Bool {
        let facts = contentWords(facts.joined(separator: " ")).subtracting(contentWords(instruction))
        guard !facts.isEmpty else { return true }
        return !facts.isDisjoint(with: contentWords(answer))
    }

    /// A model's `answer` without the lines that only echo the prompt back: the "Family:" and
    /// "Message:" lines of ``HomeOSPrompt``, and lines whose words all come from the `instruction`
    /// (a small model may restate what it was asked to do before, or instead of, doing it).
    static func withoutPromptEcho(_ answer: String, instruction: String) -> String {
        let asked = contentWords(instruction)
        let kept = answer.split(separator: "\n", omittingEmptySubsequences: false).filter { line in
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("Message:") || trimmed.hasPrefix("Family:") { return false }
            let words = contentWords(trimmed)
            return words.isEmpty || !words.isSubset(of: asked)
        }
        return kept.joined(separator: "\n").trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// The lower-cased runs of letters in `text` that are four letters or longer (the words that
    /// carry content, for comparing an answer with its prompt).
    private static func contentWords(_ text: String) -> Set<String> {
        Set(text.lowercased().split { !$0.isLetter }.filter { $0.count >= 4 }.map(String.init))
    }

    static func mentions(_ text: String, any phrases: [String]) -> Bool {
        let lowered = text.lowercased()
        return phrases.contains { lowered.contains($0) }
    }

    /// The first number in `text` matched by `pattern` (capture group 1), if any.
    static func number(in text: String, pattern: String) -> Double? {
        guard let regex = try? NSRegularExpression(pattern: pattern, options: [.caseInsensitive]) else { return nil }
        let range = NSRange(text.startIndex..., in: text)
        guard let match = regex.firstMatch(in: text, range: range), match.numberOfRanges > 1,
              let group = Range(match.range(at: 1), in: text) else { return nil }
        return Double(text[group].replacingOccurrences(of: ",", with: ""))
    }

    /// Capture group 1 of the first match of `pattern` in `text`, trimmed.
    static func capture(in text: String, pattern: String) -> String? {
        guard let regex = try? NSRegularExpression(pattern: pattern, options: [.caseInsensitive]) else { return nil }
        let range = NSRange(text.startIndex..., in: text)
        guard let match = regex.firstMatch(in: text, range: range), match.numberOfRanges > 1,
              let group = Range(match.range(at: 1), in: text) else { return nil }
        let value = text[group].trimmingCharacters(in: .whitespacesAndNewlines.union(.punctuationCharacters))
        return value.isEmpty ? nil : value
    }

    /// "$80" or "$12.50".
    static func money(_ amount: Double) -> String {
        amount.rounded() == amount ? "$\(Int(amount))" : String(format: "$%.2f", amount)
    }

    /// Number words a person types for small amounts ("two glasses").
    static let numberWords: [String: Double] = [
        "a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
        "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "half": 0.5, "a couple of": 2, "couple of": 2,
    ]

    /// Keeps at most `limit` numbered or bulleted lines of a model answer (the seed's "at most 3
    /// options"), leaving other text alone.
    static func limitOptions(_ text: String, to limit: Int = 3) -> String {
        var kept: [String] = []
        var options = 0
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            let isOption = trimmed.first.map { "-•*".contains($0) || $0.isNumber } ?? false
            if isOption {
                options += 1
                if options > limit { continue }
            }
            kept.append(String(line))
        }
        return kept.joined(separator: "\n").trimmingCharacters(in: .whitespacesAndNewlines)
    }


    /// The member named in `text` (by name or first name, as a whole word), if any.
    static func member(namedIn text: String, family: Family?, role: FamilyMember.Role? = nil) -> FamilyMember? {
        guard let family else { return nil }
        let words = Set(text.lowercased().split { !$0.isLetter }.map(String.init))
        return family.members.first { member in
            guard role == nil || member.role == role else { return false }
            let names = member.name.lowercased().split(separator: " ").map(String.init)
                .filter { !["grandma", "grandpa", "aunt", "uncle"].contains($0) }
            return names.contains { words.contains($0) } || words.contains(member.id.lowercased())
        }
    }
}

extension String {
    /// The trimmed text, or nil when it is blank or the word "null" (as small models write it).
    var dailyNonBlank: String? {
        let trimmed = trimmingCharacters(in: .whitespacesAndNewlines)
        return trimmed.isEmpty || trimmed.lowercased() == "null" ? nil : trimmed
    }
}

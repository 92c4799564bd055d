import Foundation

/// The disclaimer every health answer carries, and an idempotent way to add it.
///
/// ```swift
/// let answer = HealthDisclaimer.appending(to: "Rest and drink fluids.")
/// // "Rest and drink fluids.\n\nThis is not medical advice. For emergencies call 911; otherwise check with your doctor or pharmacist."
/// HealthDisclaimer.appending(to: answer) == answer  // true
/// ```
public enum HealthDisclaimer {
    /// The exact disclaimer text.
    public static let text = "This is not medical advice. For emergencies call 911; otherwise check with your doctor or pharmacist."

    /// Whether `answer` already carries the exact disclaimer (ignoring case and runs of whitespace).
    public static func isPresent(in answer: String) -> Bool {
        normalized(answer).contains(normalized(text))
    }

    /// `answer` with the disclaimer at the end, separated by a blank line.
    ///
    /// Idempotent: an answer that already carries the exact disclaimer is returned unchanged
    /// (apart from trimming surrounding whitespace). A model's own paraphrase of it (any line or
    /// sentence containing "not medical advice") is removed first, so the answer never shows two
    /// disclaimers. An empty answer becomes the disclaimer alone.
    public static func appending(to answer: String) -> String {
        let trimmed = answer.trimmingCharacters(in: .whitespacesAndNewlines)
        if isPresent(in: trimmed) { return trimmed }
        let body = removingParaphrases(from: trimmed)
        return body.isEmpty ? text : body + "\n\n" + text
    }

    /// `answer` without lines or sentences that contain "not medical advice".
    static func removingParaphrases(from answer: String) -> String {
        let lines = answer.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
            guard line.lowercased().contains("not medical advice") else { return String(line) }
            return sentences(of: String(line)).filter { !$0.lowercased().contains("not medical advice") }.joined(separator: " ")
        }
        var result = lines.joined(separator: "\n").trimmingCharacters(in: .whitespacesAndNewlines)
        while result.contains("\n\n\n") { result = result.replacingOccurrences(of: "\n\n\n", with: "\n\n") }
        return result
    }

    /// Splits a line after `.`, `!` or `?` followed by a space.
    static func sentences(of line: String) -> [String] {
        var sentences: [String] = []
        var current = ""
        var previous: Character = " "
        for character in line {
            if character == " ", ".!?".contains(previous) {
                sentences.append(current.trimmingCharacters(in: .whitespaces))
                current = ""
            } else {
                current.append(character)
            }
            previous = character
        }
        sentences.append(current.trimmingCharacters(in: .whitespaces))
        return sentences.filter { !$0.isEmpty }
    }

    static func normalized(_ string: String) -> String {
        string.lowercased().split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }
}

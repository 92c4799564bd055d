import Foundation

/// Finds United States phone numbers in free text, such as a scanned safety-plan worksheet.
///
/// Recognised: ten-digit numbers with or without a leading `1`/`+1` and any of the usual
/// separators (`(555) 123-4567`, `555.123.4567`, `555 123 4567`, `5551234567`, `+1 555-123-4567`,
/// `1-800-273-8255`), an extension (`x12`, `ext. 12`), vanity numbers with a four-letter ending
/// (`1-800-273-TALK`), the three-digit service numbers 988 and 911, and text short codes written
/// after "text" (`text 838255`). Ten-digit numbers are returned as `(555) 123-4567`, toll-free
/// numbers as `1-800-273-8255`.
public enum PhoneNumberExtractor {
    /// A number found in text.
    public struct Match: Sendable, Hashable {
        /// The number, formatted for dialling.
        public var number: String
        /// Where it was in the text.
        public var range: Range<String.Index>
    }

    private static let tenDigit = try! NSRegularExpression(pattern:
        #"(?<![\d\w])(?:\+?1[ \t.\-]*)?(?:\([ \t]*\d{3}[ \t]*\)|\d{3})[ \t.\-]*\d{3}[ \t.\-]*(?:\d{4}|[A-Z]{4}(?![A-Za-z]))"#
        + #"(?:[ \t]*\([ \t]*\d{4}[ \t]*\))?(?:[ \t]*(?:ext\.?|extension|x)[ \t]*\d{1,5})?(?!\d)"#)
    private static let serviceNumber = try! NSRegularExpression(pattern: #"(?<![\d\-.])(?:988|911)(?![\d\-])"#)
    private static let shortCode = try! NSRegularExpression(pattern: #"(?i)\btext\b[^\n\d]{0,12}?(\d{5,6})(?!\d)"#)

    /// Every number in `text`, in order of appearance.
    public static func matches(in text: String) -> [Match] {
        var found: [Match] = []
        let whole = NSRange(text.startIndex..., in: text)
        for result in tenDigit.matches(in: text, range: whole) {
            guard let range = Range(result.range, in: text), let number = format(String(text[range])) else { continue }
            found.append(Match(number: number, range: range))
        }
        for regex in [serviceNumber, shortCode] {
            for result in regex.matches(in: text, range: whole) {
                let captured = result.numberOfRanges > 1 ? result.range(at: 1) : result.range
                guard let range = Range(captured, in: text) else { continue }
                if found.contains(where: { $0.range.overlaps(range) }) { continue }
                found.append(Match(number: String(text[range]), range: range))
            }
        }
        return found.sorted { $0.range.lowerBound < $1.range.lowerBound }
    }

    /// The numbers in `text`, formatted, in order of appearance.
    public static func extract(from text: String) -> [String] { matches(in: text).map(\.number) }

    /// Toll-free area codes, written with a leading 1.
    static let tollFreeAreaCodes: Set<String> = ["800", "833", "844", "855", "866", "877", "888"]

    /// Whether a number is 988 or 911.
    public static func isServiceNumber(_ number: String) -> Bool { ["988", "911"].contains(digits(of: number)) }

    /// The digits of a number, letters of a vanity number converted on the keypad; a leading
    /// country code 1 of an eleven-digit number is dropped.
    public static func digits(of number: String) -> String {
        var digits = ""
        for character in number.lowercased() {
            if character.isASCII, character.isNumber { digits.append(character) }
            else if let key = keypad[character] { digits.append(key) }
            else if character == "x" || character == "e" { break }  // an extension follows
        }
        if digits.count == 11, digits.hasPrefix("1") { digits.removeFirst() }
        return digits
    }

    private static let keypad: [Character: Character] = {
        var map: [Character: Character] = [:]
        for (key, letters) in [("2", "abc"), ("3", "def"), ("4", "ghi"), ("5", "jkl"), ("6", "mno"), ("7", "pqrs"), ("8", "tuv"), ("9", "wxyz")] {
            for letter in letters { map[letter] = Character(key) }
        }
        return map
    }()

    /// Formats a matched ten-digit number, or nil when it is not one (an area code cannot start
    /// with 0 or 1; the exchange is not checked, so that a number written on paper is never lost).
    static func format(_ raw: String) -> String? {
        var main = raw
        var extensionDigits: String?
        if let range = raw.range(of: #"(?i)(ext\.?|extension|x)\s*(\d{1,5})$"#, options: .regularExpression) {
            extensionDigits = String(raw[range].filter(\.isNumber))
            main = String(raw[..<range.lowerBound])
        }
        // "1-800-273-TALK (8255)": the digits in parentheses repeat the letters.
        if let range = main.range(of: #"\(\s*\d{4}\s*\)\s*$"#, options: .regularExpression),
           main[..<range.lowerBound].contains(where: \.isLetter) {
            main = String(main[..<range.lowerBound])
        }
        let trimmed = main.trimmingCharacters(in: .whitespaces)
        var all = ""
        for character in trimmed.lowercased() {
            if character.isASCII, character.isNumber { all.append(character) } else if let key = keypad[character] { all.append(key) }
        }
        if all.count == 11 {
            guard all.hasPrefix("1") else { return nil }
            all.removeFirst()
        }
        guard all.count == 10 else { return nil }
        let area = all.prefix(3), exchange = all.dropFirst(3).prefix(3), line = all.suffix(4)
        guard let a = area.first, a >= "2" else { return nil }
        var formatted = tollFreeAreaCodes.contains(String(area)) ? "1-\(area)-\(exchange)-\(line)" : "(\(area)) \(exchange)-\(line)"
        if let extensionDigits, !extensionDigits.isEmpty { formatted += " ext. \(extensionDigits)" }
        return formatted
    }
}

import Foundation

/// An ECMA-262 regular expression (as `pattern`, `patternProperties` and the `regex` format use),
/// translated to ICU syntax and compiled with `NSRegularExpression`.
///
/// The translation keeps ECMA meanings where ICU differs: `\d`, `\w` and `\s` are the ECMA sets
/// (ASCII digits and word characters; ECMA white space), `$` matches only at the very end, `.` does
/// not match line terminators, and `\v`, `\0`, `\u{…}` and surrogate-pair escapes are spelled out.
/// Identity escapes of letters (`\a`, `\e`, `\Q`…), inline flags and comment groups are errors, as
/// in Unicode-mode ECMA-262; a brace that starts no quantifier is a literal (Annex B); a lookbehind
/// may repeat without bound in ECMA-262, ICU needs a bound, so `*`, `+` and `{n,}` inside one
/// match at most 255 times.
struct JSONSchemaRegex: @unchecked Sendable {
    /// The pattern as written in the schema.
    let source: String
    // NSRegularExpression is immutable after creation and documented as safe to share across threads.
    private let expression: NSRegularExpression

    /// Compiles `pattern`; nil if it is not a valid ECMA-262 pattern (or ICU rejects the translation).
    init?(_ pattern: String) {
        guard let translated = Self.translate(pattern),
              let expression = try? NSRegularExpression(pattern: translated, options: []) else { return nil }
        self.source = pattern
        self.expression = expression
    }

    /// Whether the pattern matches anywhere in `string` (patterns are not implicitly anchored).
    func matches(_ string: String) -> Bool {
        let range = NSRange(location: 0, length: string.utf16.count)
        return expression.rangeOfFirstMatch(in: string, options: [], range: range).location != NSNotFound
    }

    private static let whiteSpace = #"\t\n\u000B\f\r \u00A0\u1680\u2000-\u200A\u2028\u2029\u202F\u205F\u3000\uFEFF"#
    private static let word = "a-zA-Z0-9_"
    private static let escapablePunctuation: Set<Unicode.Scalar> = Set(##"^$\.*+?()[]{}|/-,:=!<>'"#@%&;~`_ "##.unicodeScalars)

    /// The ICU spelling of an ECMA-262 pattern, or nil if the pattern is not valid ECMA-262.
    static func translate(_ pattern: String) -> String? {
        let scalars = Array(pattern.unicodeScalars)
        var out = ""
        var inClass = false
        var index = 0
        // Open groups, true for lookbehinds: ICU needs a bounded lookbehind, so `*`, `+` and `{n,}`
        // inside one get an upper bound (ECMA-262 allows unbounded ones).
        var groups: [Bool] = []
        let boundedRepeat = 255
        func hexValue(_ start: Int, _ count: Int) -> UInt32? {
            guard start + count <= scalars.count else { return nil }
            var value: UInt32 = 0
            for scalar in scalars[start..<start + count] {
                guard let digit = UInt32(String(scalar), radix: 16) else { return nil }
                value = value * 16 + digit
            }
            return value
        }
        while index < scalars.count {
            let scalar = scalars[index]
            switch scalar {
            case "\\":
                guard index + 1 < scalars.count else { return nil }
                let next = scalars[index + 1]
                index += 2
                switch next {
                case "d": out += inClass ? "0-9" : "[0-9]"
                case "D": out += "[^0-9]"
                case "w": out += inClass ? word : "[\(word)]"
                case "W": out += "[^\(word)]"
                case "s": out += inClass ? whiteSpace : "[\(whiteSpace)]"
                case "S": out += "[^\(whiteSpace)]"
                case "b": out += inClass ? #"\u0008"# : #"\b"#
                case "B": if inClass { return nil } else { out += #"\B"# }
                case "n", "r", "t", "f": out += "\\" + String(next)
                case "v": out += #"\u000B"#
                case "c":
                    guard index < scalars.count, scalars[index].properties.isAlphabetic, scalars[index].isASCII else { return nil }
                    out += #"\c"# + String(scalars[index])
                    index += 1
                case "x":
                    guard let value = hexValue(index, 2) else { return nil }
                    out += String(format: #"\x{%X}"#, value)
                    index += 2
                case "u":
                    if index < scalars.count, scalars[index] == "{" {
                        guard let close = scalars[index...].firstIndex(of: "}"), close > index + 1,
                              let value = hexValue(index + 1, close - index - 1), value <= 0x10FFFF else { return nil }
                        out += String(format: #"\x{%X}"#, value)
                        index = close + 1
                    } else {
                        guard var value = hexValue(index, 4) else { return nil }
                        index += 4
                        if (0xD800...0xDBFF).contains(value), index + 5 < scalars.count, scalars[index] == "\\",
                           scalars[index + 1] == "u", let low = hexValue(index + 2, 4), (0xDC00...0xDFFF).contains(low) {
                            value = 0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00)
                            index += 6
                        }
                        out += String(format: #"\x{%X}"#, value)
                    }
                case "p", "P":
                    guard index < scalars.count, scalars[index] == "{",
                          let close = scalars[index...].firstIndex(of: "}") else { return nil }
                    out += "\\" + String(next) + String(String.UnicodeScalarView(scalars[index...close]))
                    index = close + 1
                case "k":
                    guard !inClass, index < scalars.count, scalars[index] == "<" else { return nil }
                    out += #"\k"#
                case "0" where index >= scalars.count || !("0"..."9").contains(scalars[index]):
                    out += #"\u0000"#
                case "1"..."9":
                    if inClass { return nil }
                    out += "\\" + String(next)
                default:
                    guard escapablePunctuation.contains(next) || !(next.isASCII) && !next.properties.isAlphabetic else { return nil }
                    out += next.isASCII ? "\\" + String(next) : String(next)
                }
                continue
            case "[" where !inClass:
                if index + 1 < scalars.count, scalars[index + 1] == "]" {
                    out += "(?!)"
                    index += 2
                    continue
                }
                if index + 2 < scalars.count, scalars[index + 1] == "^", scalars[index + 2] == "]" {
                    out += #"[\s\S]"#
                    index += 3
                    continue
                }
                inClass = true
                out += "["
                if index + 1 < scalars.count, scalars[index + 1] == "^" { out += "^"; index += 1 }
            case "]" where inClass:
                inClass = false
                out += "]"
            case "[" where inClass, "&" where inClass:
                out += "\\" + String(scalar)
            case "(" where !inClass:
                var lookbehind = false
                if index + 1 < scalars.count, scalars[index + 1] == "?" {
                    let kind = index + 2 < scalars.count ? scalars[index + 2] : "?"
                    switch kind {
                    case ":", "=", "!": break
                    case "<":
                        let after = index + 3 < scalars.count ? scalars[index + 3] : ">"
                        if after == "=" || after == "!" {
                            lookbehind = true
                        } else {
                            // A named group: (?<name>...)
                            guard let close = scalars[(index + 3)...].firstIndex(of: ">"), close > index + 3,
                                  scalars[(index + 3)..<close].allSatisfy({ $0.properties.isAlphabetic || $0 == "_" || $0 == "$"
                                      || ("0"..."9").contains($0) }) else { return nil }
                        }
                    default: return nil  // inline flags (?i), comments (?#…) and the like are not ECMA-262
                    }
                }
                groups.append(lookbehind)
                out += "("
            case ")" where !inClass:
                guard !groups.isEmpty else { return nil }
                groups.removeLast()
                out += ")"
            case "*" where !inClass && groups.contains(true):
                out += "{0,\(boundedRepeat)}"
            case "+" where !inClass && groups.contains(true):
                out += "{1,\(boundedRepeat)}"
            case "{" where !inClass:
                // A quantifier {n}, {n,} or {n,m}; anything else is a literal brace (ECMA-262 Annex B).
                guard let close = scalars[(index + 1)...].firstIndex(of: "}"), close > index + 1,
                      scalars[(index + 1)..<close].allSatisfy({ ("0"..."9").contains($0) || $0 == "," }),
                      scalars[index + 1] != ",", scalars[(index + 1)..<close].filter({ $0 == "," }).count <= 1 else {
                    out += "\\{"
                    break
                }
                var body = String(String.UnicodeScalarView(scalars[(index + 1)..<close]))
                if body.hasSuffix(","), groups.contains(true) { body += "\(boundedRepeat)" }
                out += "{" + body + "}"
                index = close + 1
                continue
            case "}" where !inClass, "]" where !inClass:
                out += "\\" + String(scalar)
            case "$" where !inClass:
                out += #"\z"#
            case "." where !inClass:
                out += #"[^\n\r\u2028\u2029]"#
            default:
                out.unicodeScalars.append(scalar)
            }
            index += 1
        }
        if inClass || !groups.isEmpty { return nil }
        return out.isEmpty ? "(?:)" : out
    }
}

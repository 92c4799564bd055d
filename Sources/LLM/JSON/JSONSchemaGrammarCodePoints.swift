/// A set of Unicode code points as sorted, disjoint ranges, and its GBNF form as the JSON-encoded
/// text of one character of a JSON string.
struct JSONSchemaGrammarCodePoints: Hashable, Sendable {
    private(set) var ranges: [ClosedRange<UInt32>]

    static let maximum: UInt32 = 0x10FFFF

    init(_ ranges: [ClosedRange<UInt32>]) {
        var merged: [ClosedRange<UInt32>] = []
        for range in ranges.sorted(by: { $0.lowerBound < $1.lowerBound }) {
            if let last = merged.last, range.lowerBound <= last.upperBound &+ 1 {
                merged[merged.count - 1] = last.lowerBound...max(last.upperBound, range.upperBound)
            } else {
                merged.append(range)
            }
        }
        self.ranges = merged
    }

    init(_ scalar: UInt32) { self.init([scalar...scalar]) }

    static let empty = JSONSchemaGrammarCodePoints([])
    static let all = JSONSchemaGrammarCodePoints([0...maximum])
    /// `\d`
    static let digits = JSONSchemaGrammarCodePoints([0x30...0x39])
    /// `\w`
    static let word = JSONSchemaGrammarCodePoints([0x30...0x39, 0x41...0x5A, 0x5F...0x5F, 0x61...0x7A])
    /// `\s`: ECMAScript WhiteSpace and LineTerminator, without U+FEFF (not a space to Python's `re`).
    static let space = JSONSchemaGrammarCodePoints([0x09...0x0D, 0x20...0x20, 0xA0...0xA0, 0x1680...0x1680, 0x2000...0x200A,
                                                   0x2028...0x2029, 0x202F...0x202F, 0x205F...0x205F, 0x3000...0x3000])
    /// `.`: anything but a line terminator.
    static let dot = JSONSchemaGrammarCodePoints([0x0A...0x0A, 0x0D...0x0D, 0x2028...0x2029]).complement
    /// What generated strings may contain: tab, newline and carriage return (escaped), printable
    /// ASCII, and the rest of the Basic Multilingual Plane without C1 controls, surrogates and
    /// non-characters (so patterns count characters the same in UTF-16 and in code points).
    static let generatable = JSONSchemaGrammarCodePoints([0x09...0x0A, 0x0D...0x0D, 0x20...0x7E, 0xA0...0xD7FF, 0xE000...0xFFFD])

    var isEmpty: Bool { ranges.isEmpty }

    /// The only member, if there is exactly one.
    var single: UInt32? { ranges.count == 1 && ranges[0].lowerBound == ranges[0].upperBound ? ranges[0].lowerBound : nil }

    func contains(_ scalar: UInt32) -> Bool { ranges.contains { $0.contains(scalar) } }

    func union(_ other: Self) -> Self { Self(ranges + other.ranges) }

    var complement: Self {
        var result: [ClosedRange<UInt32>] = []
        var next: UInt32 = 0
        for range in ranges {
            if range.lowerBound > next { result.append(next...(range.lowerBound - 1)) }
            if range.upperBound == Self.maximum { return Self(result) }
            next = range.upperBound + 1
        }
        result.append(next...Self.maximum)
        return Self(result)
    }

    func intersection(_ other: Self) -> Self { complement.union(other.complement).complement }

    func subtracting(_ other: Self) -> Self { intersection(other.complement) }

    // MARK: - GBNF

    /// The JSON string text for one character (escaped where JSON requires it).
    static func jsonEncoded(_ scalar: UInt32) -> String {
        switch scalar {
        case 0x22: return "\\\""
        case 0x5C: return "\\\\"
        case 0x09: return "\\t"
        case 0x0A: return "\\n"
        case 0x0D: return "\\r"
        default: return String(Unicode.Scalar(scalar).map(Character.init) ?? "?")
        }
    }

    /// A GBNF expression for the JSON encoding of one generatable character of this set, or nil
    /// when none is generatable. Quotes, backslashes and controls are generated as escapes.
    var jsonCharacterExpression: String? {
        let allowed = intersection(Self.generatable)
        if allowed.isEmpty { return nil }
        let escaped: [UInt32] = [0x22, 0x5C, 0x09, 0x0A, 0x0D]
        let raw = allowed.subtracting(Self(escaped.map { $0...$0 }))
        var parts: [String] = []
        if let single = raw.single {
            parts.append(OutputConstraint.gbnfLiteral(Self.jsonEncoded(single)))
        } else if !raw.isEmpty {
            parts.append(raw.gbnfClass)
        }
        for scalar in escaped where allowed.contains(scalar) {
            parts.append(OutputConstraint.gbnfLiteral(Self.jsonEncoded(scalar)))
        }
        return parts.joined(separator: " | ")
    }

    /// The set as a GBNF character class, every non-alphanumeric character hex-escaped.
    var gbnfClass: String {
        var out = "["
        for range in ranges {
            out += Self.classCharacter(range.lowerBound)
            if range.upperBound != range.lowerBound {
                if range.upperBound > range.lowerBound + 1 { out += "-" }
                out += Self.classCharacter(range.upperBound)
            }
        }
        return out + "]"
    }

    private static func classCharacter(_ scalar: UInt32) -> String {
        if (0x30...0x39).contains(scalar) || (0x41...0x5A).contains(scalar) || (0x61...0x7A).contains(scalar) {
            return String(Character(Unicode.Scalar(UInt8(scalar))))
        }
        let hex = String(scalar, radix: 16, uppercase: true)
        if scalar < 0x100 { return "\\x" + String(repeating: "0", count: 2 - hex.count) + hex }
        if scalar < 0x10000 { return "\\u" + String(repeating: "0", count: 4 - hex.count) + hex }
        return "\\U" + String(repeating: "0", count: 8 - hex.count) + hex
    }
}

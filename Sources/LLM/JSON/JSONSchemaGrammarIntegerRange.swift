/// GBNF for the decimal integers in a range, in JSON syntax (no leading zeros, no `-0`), built the
/// way range-to-regex tools do: split by digit count, then by leading digit.
enum JSONSchemaGrammarIntegerRange {
    /// Most digits an unbounded magnitude gets.
    static let maximumDigits = 16

    /// Integers in `lower...upper` (nil = unbounded on that side), or nil when the range is empty.
    static func expression(lower: Int64?, upper: Int64?) -> String? {
        if let lower, let upper, lower > upper { return nil }
        var parts: [String] = []
        if lower.map({ $0 < 0 }) ?? true {
            // Negative values: "-" and magnitudes from max(1, -upper) to -lower.
            let smallest = upper.map { $0 < 0 ? -$0 : 1 } ?? 1
            if let magnitudes = unsigned(smallest, lower.map { -$0 }) {
                parts.append(#""-" "# + JSONSchemaGrammarBuilder.group(magnitudes))
            }
        }
        if upper.map({ $0 >= 0 }) ?? true, let values = unsigned(max(lower ?? 0, 0), upper) {
            parts.append(values)
        }
        if parts.isEmpty { return nil }
        return parts.count == 1 ? parts[0] : JSONSchemaGrammarBuilder.alternatives(parts.map(JSONSchemaGrammarBuilder.group))
    }

    /// Non-negative integers in `low...high` (nil = up to `maximumDigits` digits, or the digits of `low`).
    static func unsigned(_ low: Int64, _ high: Int64?) -> String? {
        if let high, high < low { return nil }
        let lowDigits = digitCount(low)
        let highDigits = high.map(digitCount) ?? max(maximumDigits, lowDigits)
        var parts: [String] = []
        var fullFrom: Int?, fullTo = 0
        for digits in lowDigits...highDigits {
            let first = digits == 1 ? 0 : power(digits - 1)
            let last = digits >= 19 ? Int64.max : power(digits) - 1
            let from = max(low, first), to = min(high ?? Int64.max, last)
            if from > to { continue }
            if from == first && to == last && digits > 1 {
                if fullFrom == nil { fullFrom = digits }
                fullTo = digits
                continue
            }
            if let start = fullFrom {
                parts.append(fullLengths(start, fullTo))
                fullFrom = nil
            }
            parts.append(sameLength(Array(String(from).utf8), Array(String(to).utf8)))
        }
        if let start = fullFrom { parts.append(fullLengths(start, fullTo)) }
        if parts.isEmpty { return nil }
        return JSONSchemaGrammarBuilder.alternatives(parts.map { parts.count == 1 ? $0 : JSONSchemaGrammarBuilder.group($0) })
    }

    /// Every number with `from`…`to` digits (from ≥ 2).
    private static func fullLengths(_ from: Int, _ to: Int) -> String {
        "[1-9] " + JSONSchemaGrammarBuilder.repeated("[0-9]", min: from - 1, max: to - 1)
    }

    private static func digitCount(_ value: Int64) -> Int { String(value).count }

    private static func power(_ exponent: Int) -> Int64 {
        var result: Int64 = 1
        for _ in 0..<exponent { result *= 10 }
        return result
    }

    /// Digit strings of equal length from `x` to `y` (x ≤ y), leading zeros allowed.
    private static func sameLength(_ x: [UInt8], _ y: [UInt8]) -> String {
        if x == y { return "\"" + String(decoding: x, as: UTF8.self) + "\"" }
        if x.count == 1 { return digitClass(x[0], y[0]) }
        let restX = Array(x.dropFirst()), restY = Array(y.dropFirst())
        if x[0] == y[0] {
            return "\"" + String(UnicodeScalar(x[0])) + "\" " + JSONSchemaGrammarBuilder.group(sameLength(restX, restY))
        }
        let zeros = [UInt8](repeating: UInt8(ascii: "0"), count: restX.count)
        let nines = [UInt8](repeating: UInt8(ascii: "9"), count: restX.count)
        var parts: [String] = []
        var middleFrom = x[0], middleTo = y[0]
        if restX != zeros {
            parts.append("\"" + String(UnicodeScalar(x[0])) + "\" " + JSONSchemaGrammarBuilder.group(sameLength(restX, nines)))
            middleFrom += 1
        }
        if restY != nines { middleTo -= 1 }
        if middleFrom <= middleTo {
            parts.append(digitClass(middleFrom, middleTo) + " " + JSONSchemaGrammarBuilder.repeated("[0-9]", min: restX.count, max: restX.count))
        }
        if restY != nines {
            parts.append("\"" + String(UnicodeScalar(y[0])) + "\" " + JSONSchemaGrammarBuilder.group(sameLength(zeros, restY)))
        }
        return JSONSchemaGrammarBuilder.alternatives(parts.map(JSONSchemaGrammarBuilder.group))
    }

    private static func digitClass(_ from: UInt8, _ to: UInt8) -> String {
        from == to ? "\"" + String(UnicodeScalar(from)) + "\"" : "[" + String(UnicodeScalar(from)) + "-" + String(UnicodeScalar(to)) + "]"
    }
}

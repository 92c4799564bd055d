/// Integers and numbers with bounds.
extension JSONSchemaGrammarBuilder {
    /// The numeric bounds of a schema (draft 4 boolean exclusives normalized).
    struct NumericBounds {
        var lower: Double?
        var lowerExclusive = false
        var upper: Double?
        var upperExclusive = false
    }

    func bounds(_ schema: JSONObject, at pointer: String) throws(JSONSchemaGrammarError) -> NumericBounds {
        let schema = JSONSchemaGrammarMerge.normalizedBounds(schema)
        func number(_ keyword: String) throws(JSONSchemaGrammarError) -> Double? {
            guard let value = schema[keyword] else { return nil }
            guard let number = value.numberValue, number.isFinite else {
                throw .invalidKeyword(pointer: pointer, keyword: keyword, reason: "must be a number")
            }
            return number
        }
        var result = NumericBounds()
        let minimum = try number("minimum"), exclusiveMinimum = try number("exclusiveMinimum")
        let maximum = try number("maximum"), exclusiveMaximum = try number("exclusiveMaximum")
        if let minimum { result.lower = minimum }
        if let exclusiveMinimum, exclusiveMinimum >= (result.lower ?? -.infinity) { result.lower = exclusiveMinimum; result.lowerExclusive = true }
        if let maximum { result.upper = maximum }
        if let exclusiveMaximum, exclusiveMaximum <= (result.upper ?? .infinity) { result.upper = exclusiveMaximum; result.upperExclusive = true }
        return result
    }

    /// Integer bounds in `Int64` (nil = unbounded on that side), or nil when no integer is in range.
    private func integerRange(_ bounds: NumericBounds) -> (lower: Int64?, upper: Int64?)? {
        let limit = 9.0e18
        var lower: Int64?, upper: Int64?
        if let value = bounds.lower, value > -limit {
            let ceiling = value.rounded(.up)
            let bound = bounds.lowerExclusive && ceiling == value ? ceiling + 1 : ceiling
            if bound > limit { return nil }
            lower = Int64(bound)
        }
        if let value = bounds.upper, value < limit {
            let floor = value.rounded(.down)
            let bound = bounds.upperExclusive && floor == value ? floor - 1 : floor
            if bound < -limit { return nil }
            upper = Int64(bound)
        }
        if let lower, let upper, lower > upper { return nil }
        return (lower, upper)
    }

    private func multipleOf(_ schema: JSONObject, at pointer: String) throws(JSONSchemaGrammarError) -> Double? {
        guard let value = schema["multipleOf"] else { return nil }
        guard let number = value.numberValue, number > 0, number.isFinite else {
            throw .invalidKeyword(pointer: pointer, keyword: "multipleOf", reason: "must be a positive number")
        }
        return number
    }

    func integer(_ schema: JSONObject, at pointer: String) throws(JSONSchemaGrammarError) -> String? {
        if let step = try multipleOf(schema, at: pointer), step != 1, !(step < 1 && (1 / step).rounded() == 1 / step) {
            declare(pointer, "multipleOf", "multiples are not enforced")
        }
        let bounds = try bounds(schema, at: pointer)
        if bounds.lower == nil && bounds.upper == nil { return builtin("json-integer") }
        guard let range = integerRange(bounds) else { return nil }
        return JSONSchemaGrammarIntegerRange.expression(lower: range.lower, upper: range.upper)
    }

    func number(_ schema: JSONObject, at pointer: String) throws(JSONSchemaGrammarError) -> String? {
        if let step = try multipleOf(schema, at: pointer) {
            if step == 1 { return try integer(schema, at: pointer) }
            declare(pointer, "multipleOf", "multiples are not enforced")
        }
        var bounds = try bounds(schema, at: pointer)
        if bounds.lower == nil && bounds.upper == nil { return builtin("json-number") }
        // Magnitudes beyond the 16 generated integer digits need no bound.
        if let upper = bounds.upper, upper >= 1e16 { bounds.upper = nil }
        if let lower = bounds.lower, lower <= -1e16 { bounds.lower = nil }
        if let lower = bounds.lower, lower >= 1e16 {
            declare(pointer, "minimum", "bounds beyond 16 integer digits are not enforced")
            return builtin("json-number")
        }
        if let upper = bounds.upper, upper <= -1e16 {
            declare(pointer, "maximum", "bounds beyond 16 integer digits are not enforced")
            return builtin("json-number")
        }
        // Fractional bounds are tightened to whole numbers: stricter, still exact for what is generated.
        if let lower = bounds.lower, lower.rounded() != lower { bounds.lower = lower.rounded(.up); bounds.lowerExclusive = false }
        if let upper = bounds.upper, upper.rounded() != upper { bounds.upper = upper.rounded(.down); bounds.upperExclusive = false }
        let lower = bounds.lower.map { Int64($0) }, upper = bounds.upper.map { Int64($0) }
        if let lower, let upper, lower > upper || (lower == upper && (bounds.lowerExclusive || bounds.upperExclusive)) {
            let original = try self.bounds(schema, at: pointer)
            if let a = original.lower, let b = original.upper, a > b || (a == b && (original.lowerExclusive || original.upperExclusive)) { return nil }
            declare(pointer, original.lower?.rounded() != original.lower ? "minimum" : "maximum",
                    "fractional bounds with no whole number between them are not enforced")
            return builtin("json-number")
        }
        var parts: [String] = []
        // Non-negative values: magnitudes from max(lower, 0).
        if upper.map({ $0 > 0 || ($0 == 0 && !bounds.upperExclusive) }) ?? true {
            let (from, fromExclusive): (Int64, Bool) = lower.map { $0 > 0 ? ($0, bounds.lowerExclusive) : (0, $0 == 0 && bounds.lowerExclusive) } ?? (0, false)
            parts.append(contentsOf: Self.magnitudes(from: from, exclusive: fromExclusive, to: upper, exclusive: bounds.upperExclusive))
        }
        // Negative values: "-" and magnitudes from max(-upper, 0) (exclusive at 0) to -lower.
        if lower.map({ $0 < 0 }) ?? true {
            let (from, fromExclusive): (Int64, Bool) = upper.map { $0 < 0 ? (-$0, bounds.upperExclusive) : (0, true) } ?? (0, true)
            let negative = Self.magnitudes(from: from, exclusive: fromExclusive, to: lower.map { -$0 }, exclusive: bounds.lowerExclusive)
            if !negative.isEmpty { parts.append(#""-" "# + Self.group(Self.alternatives(negative))) }
        }
        return parts.isEmpty ? nil : Self.alternatives(parts.map(Self.group))
    }

    /// Decimal magnitudes m (no sign, no exponent) with `from` ≤ m ≤ `to` (or < where exclusive).
    static func magnitudes(from low: Int64, exclusive lowExclusive: Bool, to high: Int64?, exclusive highExclusive: Bool) -> [String] {
        let fraction = #"("." [0-9]{1,15})?"#
        var parts: [String] = []
        if let high, high < low || (high == low && (lowExclusive || highExclusive)) { return [] }
        if !lowExclusive { parts.append(#"""# + String(low) + #"""#) }
        if high.map({ $0 > low }) ?? true {
            // low plus a fraction that is not all zeros
            parts.append(#"""# + String(low) + #"." [0-9]{0,14} [1-9]"#)
            if let between = JSONSchemaGrammarIntegerRange.unsigned(low + 1, high.map { $0 - 1 }) {
                parts.append(group(between) + " " + fraction)
            }
            if let high, !highExclusive { parts.append(#"""# + String(high) + #"""#) }
        }
        return parts
    }
}

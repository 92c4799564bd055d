/// Translates a JSON Schema `pattern` into GBNF for the content of a JSON string (between the quotes).
enum JSONSchemaGrammarPattern {
    /// The outcome of a translation.
    enum Translation: Hashable, Sendable {
        /// GBNF for the string content, and the shortest and longest string it generates.
        case grammar(String, minLength: Int, maxLength: Int)
        /// The pattern uses something the translator does not support.
        case unsupported(String)
    }

    /// Translates `pattern`, bounding unbounded repetition by `cap` (at least what `minLength` needs),
    /// and folding `minLength`/`maxLength` in when the pattern has a single variable-length part.
    /// - Parameter atomize: turns a complex repeated expression into a rule name.
    static func translate(_ pattern: String, minLength: Int, maxLength: Int?, cap: Int,
                          atomize: (String) -> String) -> Translation {
        let node: JSONSchemaGrammarRegex
        do { node = try JSONSchemaGrammarRegex.parse(pattern) } catch { return .unsupported(error.reason) }
        var tree = capped(node, cap)
        if let range = lengths(tree), range.min < minLength || range.max > (maxLength ?? Int.max) {
            if let folded = fold(node, minLength: minLength, maxLength: maxLength, cap: cap) {
                tree = capped(folded, cap)
            } else if let maxLength, range.max > maxLength {
                // Lower the repetition cap until the longest match fits (stricter, still the pattern).
                var low = 0, high = cap
                while low < high {
                    let middle = (low + high + 1) / 2
                    if let candidate = lengths(capped(node, middle)), candidate.max <= maxLength { low = middle } else { high = middle - 1 }
                }
                tree = capped(node, low)
            }
        }
        guard let range = lengths(tree), let body = emit(tree, atomize: atomize) else {
            return .unsupported("no string the grammar can generate (Basic Multilingual Plane, no controls) matches it")
        }
        return .grammar(body, minLength: range.min, maxLength: range.max)
    }

    /// Bounds every repetition by `cap` (never below its minimum).
    static func capped(_ node: JSONSchemaGrammarRegex, _ cap: Int) -> JSONSchemaGrammarRegex {
        switch node {
        case .characters: return node
        case .sequence(let items): return .sequence(items.map { capped($0, cap) })
        case .alternation(let items): return .alternation(items.map { capped($0, cap) })
        case .repetition(let inner, let low, let high):
            let limit = max(low, cap)
            return .repetition(capped(inner, cap), min: low, max: min(high ?? limit, limit))
        }
    }

    /// The shortest and longest generatable match, or nil when nothing generatable matches.
    static func lengths(_ node: JSONSchemaGrammarRegex) -> (min: Int, max: Int)? {
        switch node {
        case .characters(let set):
            return set.intersection(.generatable).isEmpty ? nil : (1, 1)
        case .sequence(let items):
            var total = (min: 0, max: 0)
            for item in items {
                guard let range = lengths(item) else { return nil }
                total = (total.min + range.min, saturatingAdd(total.max, range.max))
            }
            return total
        case .alternation(let items):
            let ranges = items.compactMap(lengths)
            guard let first = ranges.first else { return nil }
            return ranges.dropFirst().reduce(first) { (Swift.min($0.min, $1.min), Swift.max($0.max, $1.max)) }
        case .repetition(let inner, let low, let high):
            guard let range = lengths(inner) else { return low == 0 ? (0, 0) : nil }
            let (product, overflow) = range.max.multipliedReportingOverflow(by: high ?? Int.max)
            return (low * range.min, high == nil || overflow ? Int.max : product)
        }
    }

    private static func saturatingAdd(_ a: Int, _ b: Int) -> Int {
        let (sum, overflow) = a.addingReportingOverflow(b)
        return overflow ? Int.max : sum
    }

    /// The pattern with `minLength`/`maxLength` folded into its only variable-length repetition, or nil.
    static func fold(_ node: JSONSchemaGrammarRegex, minLength: Int, maxLength: Int?, cap: Int) -> JSONSchemaGrammarRegex? {
        var items: [JSONSchemaGrammarRegex]
        if case .sequence(let list) = node { items = list } else { items = [node] }
        var fixed = 0
        var variable: Int?
        for (index, item) in items.enumerated() {
            guard let range = lengths(item) else { return nil }
            if range.min == range.max {
                fixed += range.min
            } else {
                if variable != nil { return nil }
                variable = index
            }
        }
        guard let position = variable, case .repetition(let inner, let low, let high) = items[position],
              let unit = lengths(inner), unit.min == unit.max, unit.min > 0 else { return nil }
        let width = unit.min
        let lowest = max(low, (minLength - fixed + width - 1) / width)
        var highest = high ?? Int.max
        if let maxLength { highest = min(highest, (maxLength - fixed) / width) }
        highest = min(highest, max(lowest, cap))
        guard lowest <= highest, lowest >= 0 else { return nil }
        items[position] = .repetition(inner, min: lowest, max: highest)
        return items.count == 1 ? items[0] : .sequence(items)
    }

    /// GBNF for the JSON-encoded matches of a capped tree ("" matches only the empty string), or nil.
    static func emit(_ node: JSONSchemaGrammarRegex, atomize: (String) -> String) -> String? {
        switch node {
        case .characters(let set):
            return set.jsonCharacterExpression
        case .sequence(let items):
            var parts: [String] = []
            var literal = ""
            for item in items {
                if case .characters(let set) = item, let single = set.intersection(.generatable).single {
                    literal += JSONSchemaGrammarCodePoints.jsonEncoded(single)
                    continue
                }
                if !literal.isEmpty { parts.append(OutputConstraint.gbnfLiteral(literal)); literal = "" }
                guard let expression = emit(item, atomize: atomize) else { return nil }
                if !expression.isEmpty { parts.append(JSONSchemaGrammarBuilder.group(expression)) }
            }
            if !literal.isEmpty { parts.append(OutputConstraint.gbnfLiteral(literal)) }
            return parts.joined(separator: " ")
        case .alternation(let items):
            let expressions = items.compactMap { emit($0, atomize: atomize) }
            if expressions.isEmpty { return nil }
            let nonEmpty = expressions.filter { !$0.isEmpty }
            if nonEmpty.isEmpty { return "" }
            let body = JSONSchemaGrammarBuilder.alternatives(nonEmpty.map(JSONSchemaGrammarBuilder.group))
            return nonEmpty.count < expressions.count ? atomize(body) + "?" : body
        case .repetition(let inner, let low, let high):
            guard let expression = emit(inner, atomize: atomize) else { return low == 0 ? "" : nil }
            if expression.isEmpty { return "" }
            let count = high ?? low
            // llama.cpp copies the rules inside a repeated group, so anything but a symbol becomes a rule.
            let operand = JSONSchemaGrammarBuilder.isSimple(expression) ? expression : atomize(expression)
            return JSONSchemaGrammarBuilder.repeated(operand, min: low, max: count)
        }
    }
}

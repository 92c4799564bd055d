/// A regular expression in the subset the grammar compiler can translate: characters, sequences,
/// alternation and bounded or unbounded repetition.
indirect enum JSONSchemaGrammarRegex: Hashable, Sendable {
    case characters(JSONSchemaGrammarCodePoints)
    case sequence([JSONSchemaGrammarRegex])
    case alternation([JSONSchemaGrammarRegex])
    case repetition(JSONSchemaGrammarRegex, min: Int, max: Int?)

    /// Why a pattern cannot be translated.
    struct Unsupported: Error, Sendable { var reason: String }

    /// Parses an ECMAScript `pattern` (JSON Schema's dialect). Anchors are accepted only at the
    /// start and end; the result matches what the whole string must be, so an unanchored pattern is
    /// treated as anchored (stricter, never wrong). Lookaround, backreferences, word boundaries and
    /// Unicode property escapes are unsupported.
    static func parse(_ pattern: String) throws(Unsupported) -> JSONSchemaGrammarRegex {
        var parser = Parser(scalars: Array(pattern.unicodeScalars))
        let node = try parser.parseAlternation(atStart: true)
        if parser.index < parser.scalars.count { throw Unsupported(reason: "unbalanced ')'") }
        return node
    }

    private struct Parser {
        let scalars: [Unicode.Scalar]
        var index = 0

        var peek: Unicode.Scalar? { index < scalars.count ? scalars[index] : nil }

        func peek(_ offset: Int) -> Unicode.Scalar? { index + offset < scalars.count ? scalars[index + offset] : nil }

        mutating func parseAlternation(atStart: Bool) throws(Unsupported) -> JSONSchemaGrammarRegex {
            var alternatives = [try parseSequence(atStart: atStart)]
            while peek == "|" {
                index += 1
                alternatives.append(try parseSequence(atStart: atStart))
            }
            return alternatives.count == 1 ? alternatives[0] : .alternation(alternatives)
        }

        mutating func parseSequence(atStart: Bool) throws(Unsupported) -> JSONSchemaGrammarRegex {
            var items: [JSONSchemaGrammarRegex] = []
            while let scalar = peek, scalar != "|", scalar != ")" {
                if scalar == "^" {
                    guard atStart && items.isEmpty else { throw Unsupported(reason: "'^' inside the pattern") }
                    index += 1
                    continue
                }
                if scalar == "$" {
                    index += 1
                    let rest = scalars[index...]
                    guard rest.first == "|" || rest.allSatisfy({ $0 == ")" || $0 == "$" }) else {
                        throw Unsupported(reason: "'$' inside the pattern")
                    }
                    continue
                }
                let atom = try parseAtom(atStart: atStart && items.isEmpty)
                items.append(try parseQuantifier(atom))
            }
            return items.count == 1 ? items[0] : .sequence(items)
        }

        mutating func parseQuantifier(_ atom: JSONSchemaGrammarRegex) throws(Unsupported) -> JSONSchemaGrammarRegex {
            var result = atom
            if case .repetition = atom { result = .sequence([atom]) }  // a group such as (a+)
            var quantified = false
            while let scalar = peek {
                let bounds: (Int, Int?)
                switch scalar {
                case "*": bounds = (0, nil); index += 1
                case "+": bounds = (1, nil); index += 1
                case "?": bounds = (0, 1); index += 1
                case "{":
                    guard let braces = braceQuantifier() else { return result }
                    bounds = braces
                default: return result
                }
                if peek == "?" { index += 1 }  // lazy: same language
                if quantified { throw Unsupported(reason: "a quantifier directly after another") }
                quantified = true
                result = .repetition(result, min: bounds.0, max: bounds.1)
            }
            return result
        }

        /// `{n}`, `{n,}` or `{n,m}` at the current position (consumed), or nil (a literal brace).
        mutating func braceQuantifier() -> (Int, Int?)? {
            var cursor = index + 1
            func number() -> Int? {
                var digits = ""
                while cursor < scalars.count, ("0"..."9").contains(scalars[cursor]) { digits.unicodeScalars.append(scalars[cursor]); cursor += 1 }
                return digits.isEmpty ? nil : min(Int(digits) ?? 100_000, 100_000)
            }
            guard let low = number() else { return nil }
            var high: Int? = low
            if cursor < scalars.count, scalars[cursor] == "," {
                cursor += 1
                high = number()
            }
            guard cursor < scalars.count, scalars[cursor] == "}", high.map({ $0 >= low }) ?? true else { return nil }
            index = cursor + 1
            return (low, high)
        }

        mutating func parseAtom(atStart: Bool) throws(Unsupported) -> JSONSchemaGrammarRegex {
            let scalar = scalars[index]
            index += 1
            switch scalar {
            case "(":
                if peek == "?" {
                    switch (peek(1), peek(2)) {
                    case (":", _): index += 2
                    case ("<", let next) where next != "=" && next != "!":
                        guard let close = scalars[index...].firstIndex(of: ">") else { throw Unsupported(reason: "malformed group name") }
                        index = close + 1
                    default: throw Unsupported(reason: "lookaround assertions")
                    }
                }
                let inner = try parseAlternation(atStart: atStart)
                guard peek == ")" else { throw Unsupported(reason: "unbalanced '('") }
                index += 1
                return inner
            case "[": return .characters(try parseClass())
            case ".": return .characters(.dot)
            case "\\": return .characters(try parseEscape(inClass: false))
            case "*", "+", "?": throw Unsupported(reason: "nothing to repeat")
            case "{":
                index -= 1
                if braceQuantifier() != nil { throw Unsupported(reason: "nothing to repeat") }
                index += 1
                return .characters(JSONSchemaGrammarCodePoints(scalar.value))
            default: return .characters(JSONSchemaGrammarCodePoints(scalar.value))
            }
        }

        mutating func parseClass() throws(Unsupported) -> JSONSchemaGrammarCodePoints {
            var negated = false
            if peek == "^" { negated = true; index += 1 }
            var set = JSONSchemaGrammarCodePoints.empty
            while let scalar = peek, scalar != "]" {
                let first = try classAtom(negated: negated)
                if peek == "-", let next = peek(1), next != "]", let low = first.single {
                    index += 1
                    let second = try classAtom(negated: negated)
                    guard let high = second.single else {
                        set = set.union(first).union(JSONSchemaGrammarCodePoints(0x2D)).union(second)
                        continue
                    }
                    guard low <= high else { throw Unsupported(reason: "range out of order in a character class") }
                    set = set.union(JSONSchemaGrammarCodePoints([low...high]))
                } else {
                    set = set.union(first)
                }
            }
            guard peek == "]" else { throw Unsupported(reason: "unterminated character class") }
            index += 1
            return negated ? set.complement : set
        }

        mutating func classAtom(negated: Bool) throws(Unsupported) -> JSONSchemaGrammarCodePoints {
            let scalar = scalars[index]
            index += 1
            if scalar == "\\" { return try parseEscape(inClass: true, negatedClass: negated) }
            return JSONSchemaGrammarCodePoints(scalar.value)
        }

        mutating func hex(_ count: Int) -> UInt32? {
            guard index + count <= scalars.count else { return nil }
            let text = String(String.UnicodeScalarView(scalars[index..<index + count]))
            guard let value = UInt32(text, radix: 16) else { return nil }
            index += count
            return value
        }

        /// `\\d`, `\\w` or `\\s`. ECMAScript and other engines (Python's `re`, for one) disagree
        /// beyond ASCII, so a set that is generated from is narrow (what all agree on) and a set
        /// that is excluded is wide (also every non-ASCII character), which keeps output valid for all.
        static func shorthand(_ letter: Unicode.Scalar, wide: Bool) -> JSONSchemaGrammarCodePoints {
            let base: JSONSchemaGrammarCodePoints
            switch letter {
            case "d": base = .digits
            case "w": base = .word
            default: base = .space
            }
            return wide ? base.union(JSONSchemaGrammarCodePoints([0x1C...0x1F, 0x80...JSONSchemaGrammarCodePoints.maximum])) : base
        }

        mutating func parseEscape(inClass: Bool, negatedClass: Bool = false) throws(Unsupported) -> JSONSchemaGrammarCodePoints {
            guard let scalar = peek else { throw Unsupported(reason: "trailing backslash") }
            index += 1
            switch scalar {
            case "d", "w", "s": return Self.shorthand(scalar, wide: negatedClass)
            case "D", "W", "S": return Self.shorthand(Unicode.Scalar(scalar.value + 32)!, wide: !negatedClass).complement
            case "t": return JSONSchemaGrammarCodePoints(0x09)
            case "n": return JSONSchemaGrammarCodePoints(0x0A)
            case "r": return JSONSchemaGrammarCodePoints(0x0D)
            case "f": return JSONSchemaGrammarCodePoints(0x0C)
            case "v": return JSONSchemaGrammarCodePoints(0x0B)
            case "b":
                if inClass { return JSONSchemaGrammarCodePoints(0x08) }
                throw Unsupported(reason: "word boundary assertions")
            case "B": throw Unsupported(reason: "word boundary assertions")
            case "p", "P": throw Unsupported(reason: "Unicode property escapes")
            case "k": throw Unsupported(reason: "backreferences")
            case "0":
                if let next = peek, ("0"..."9").contains(next) { throw Unsupported(reason: "octal escapes") }
                return JSONSchemaGrammarCodePoints(0)
            case "1"..."9": throw Unsupported(reason: "backreferences")
            case "c":
                guard let letter = peek, letter.properties.isAlphabetic, letter.isASCII else { throw Unsupported(reason: "malformed control escape") }
                index += 1
                return JSONSchemaGrammarCodePoints(letter.value % 32)
            case "x":
                guard let value = hex(2) else { throw Unsupported(reason: "malformed \\x escape") }
                return JSONSchemaGrammarCodePoints(value)
            case "u":
                if peek == "{" {
                    guard let close = scalars[index...].firstIndex(of: "}") else { throw Unsupported(reason: "malformed \\u escape") }
                    index += 1
                    guard let value = hex(close - index), value <= JSONSchemaGrammarCodePoints.maximum else { throw Unsupported(reason: "malformed \\u escape") }
                    index = close + 1
                    return JSONSchemaGrammarCodePoints(value)
                }
                guard let value = hex(4) else { throw Unsupported(reason: "malformed \\u escape") }
                if (0xD800...0xDBFF).contains(value), peek == "\\", peek(1) == "u" {
                    let saved = index
                    index += 2
                    if let low = hex(4), (0xDC00...0xDFFF).contains(low) {
                        return JSONSchemaGrammarCodePoints(0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00))
                    }
                    index = saved
                }
                return JSONSchemaGrammarCodePoints(value)
            default:
                return JSONSchemaGrammarCodePoints(scalar.value)
            }
        }
    }
}

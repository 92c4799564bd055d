/// Built-in rules (whitespace, JSON strings, numbers, any value, string formats) and small GBNF helpers.
extension JSONSchemaGrammarBuilder {
    /// Names user rules must not take (built-ins are `ws` and `json-…`).
    static let builtinNames: Set<String> = ["ws"]

    /// The GBNF literal for one double quote.
    static let quote = #""\"""#

    /// llama.cpp refuses repetition counts from 2000 on; larger minimums are split into chunks.
    static let repetitionChunk = 1000

    /// `operand` repeated `min` to `max` times ("" when `max` is 0). The operand should be simple
    /// (see ``isSimple(_:)``) or a small group without repetitions inside, since llama.cpp copies it.
    static func repeated(_ operand: String, min low: Int, max high: Int) -> String {
        if high <= 0 { return "" }
        let scalars = Array(operand.unicodeScalars)
        let singleLiteral = scalars.count == 3 && scalars.first == "\"" && scalars.last == "\""
            || scalars.count == 4 && scalars.first == "\"" && scalars[1] == "\\" && scalars.last == "\""
        let bare = isRuleName(operand) || singleLiteral || (isAtomic(operand) && (scalars.first == "[" || scalars.first == "("))
        let item = bare ? operand : "(" + operand + ")"
        if low > repetitionChunk {
            return sequence(item + "{\(repetitionChunk)}", repeated(item, min: low - repetitionChunk, max: high - repetitionChunk))
        }
        if low == 1 && high == 1 { return item }
        if low == 0 && high == 1 { return item + "?" }
        if low == high { return item + "{\(low)}" }
        return item + "{\(low),\(high)}"
    }

    /// Defines the built-in rule `name` if needed and returns its name.
    func builtin(_ name: String) -> String {
        if hasRule(name) { return name }
        setRule(name, "")  // reserve first: bodies may refer to other built-ins
        setRule(name, builtinBody(name))
        return name
    }

    private func builtinBody(_ name: String) -> String {
        let hex = "[0-9a-fA-F]"
        switch name {
        case "ws":
            switch options.whitespace {
            case .compact: return "\"\""
            case .singleSpace: return "\" \"?"
            case .indented(let indent): return "(\" \" | \"\\n\" " + Self.repeated("[ \\t]", min: 0, max: indent) + ")?"
            }
        case "json-char":
            return #"[^"\\\x7F\x00-\x1F] | "\\" (["\\/bfnrt] | "u" "# + builtin("json-bmp-hex") + ")"
        case "json-bmp-hex":
            // Four hex digits that are not a UTF-16 surrogate, so escapes decode to one character.
            return "[0-9a-cA-C] \(hex){3} | [dD] [0-7] \(hex){2} | [eEfF] \(hex){3}"
        case "json-string":
            return Self.sequence(Self.quote, Self.repeated(builtin("json-char"), min: 0, max: options.maxStringLength), Self.quote)
        case "json-integer":
            return #""-"? ("0" | [1-9] [0-9]{0,15})"#
        case "json-number":
            return #""-"? ("0" | [1-9] [0-9]{0,15}) ("." [0-9]{1,15})? ([eE] [-+]? [0-9]{1,2})?"#
        case "json-scalar":
            return "\(builtin("json-string")) | \(builtin("json-number")) | \"true\" | \"false\" | \"null\""
        case "json-date":
            let day31 = #"("0" [1-9] | [12] [0-9] | "3" [01])"#, day30 = #"("0" [1-9] | [12] [0-9] | "30")"#
            return #"[12] [0-9]{3} "-" (("0" [13578] | "1" [02]) "-" "# + day31 + #" | ("0" [469] | "11") "-" "# + day30
                + #" | "02-" ("0" [1-9] | "1" [0-9] | "2" [0-8]))"#
        case "json-time":
            return #"([01] [0-9] | "2" [0-3]) ":" [0-5] [0-9] ":" [0-5] [0-9] ("." [0-9]{1,6})? ("Z" | [+-] ([01] [0-9] | "2" [0-3]) ":" [0-5] [0-9])"#
        case "json-date-time":
            return "\(builtin("json-date")) \"T\" \(builtin("json-time"))"
        case "json-uuid":
            return "\(hex){8} \"-\" \(hex){4} \"-\" \(hex){4} \"-\" \(hex){4} \"-\" \(hex){12}"
        case "json-label":
            return "[a-zA-Z0-9] ([a-zA-Z0-9-]{0,18} [a-zA-Z0-9])?"
        case "json-hostname":
            let label = builtin("json-label")
            return "(\(label) \".\"){0,3} [a-zA-Z] ([a-zA-Z0-9-]{0,18} [a-zA-Z0-9])?"
        case "json-email":
            let atom = "[a-zA-Z0-9_+-]{1,20}"
            return "\(atom) (\".\" \(atom)){0,2} \"@\" (\(builtin("json-label")) \".\"){1,3} [a-zA-Z]{2,10}"
        case "json-ipv4":
            let octet = builtin("json-octet")
            return "\(octet) \".\" \(octet) \".\" \(octet) \".\" \(octet)"
        case "json-octet":
            return #""25" [0-5] | "2" [0-4] [0-9] | "1" [0-9] [0-9] | [1-9] [0-9] | [0-9]"#
        case "json-ipv6":
            return "\(hex){1,4} (\":\" \(hex){1,4}){7}"
        case "json-uri":
            return "(\"http\" | \"https\") \"://\" \(builtin("json-hostname")) (\"/\" [a-zA-Z0-9._~-]{0,24}){0,6}"
        case "json-pointer":
            return #"("/" ([^/~"\\\x7F\x00-\x1F] | "~" [01]){0,32}){0,8}"#
        default:
            if name.hasPrefix("json-value-"), let depth = Int(name.dropFirst("json-value-".count)) { return anyValueBody(depth) }
            preconditionFailure("unknown built-in rule \(name)")
        }
    }

    /// Any JSON value, nested at most `maxAnyValueDepth` deep.
    func anyValue() -> String {
        options.maxAnyValueDepth == 0 ? builtin("json-scalar") : builtin("json-value-\(options.maxAnyValueDepth)")
    }

    private func anyValueBody(_ depth: Int) -> String {
        let inner = depth <= 1 ? builtin("json-scalar") : builtin("json-value-\(depth - 1)")
        let array = list(open: "[", item: inner, close: "]", min: 0, max: options.maxArrayItems)
        let member = Self.sequence(builtin("json-string"), "\":\"", ws.isEmpty ? "" : builtin(ws), inner)
        let memberName = "json-member-\(depth)"
        if !hasRule(memberName) { setRule(memberName, member) }
        let object = list(open: "{", item: memberName, close: "}", min: 0, max: options.maxAdditionalProperties)
        return "\(builtin("json-scalar")) | \(Self.group(array)) | \(Self.group(object))"
    }

    /// The whitespace rule as a sequence part ("" for compact output).
    var space: String { ws.isEmpty ? "" : builtin(ws) }

    /// `open item ("," item){…} close` with `min`…`max` items and whitespace between tokens.
    func list(open: String, item: String, close: String, min low: Int, max high: Int) -> String {
        let openLiteral = OutputConstraint.gbnfLiteral(open), closeLiteral = OutputConstraint.gbnfLiteral(close)
        if high <= 0 { return Self.sequence(openLiteral, space, closeLiteral) }
        let separated = Self.sequence("\",\"", space, item)
        let rest = Self.repeated(Self.group(separated), min: Swift.max(low - 1, 0), max: high - 1)
        let items = Self.sequence(item, rest, space)
        if low == 0 { return Self.sequence(openLiteral, space, "(" + items + ")?", closeLiteral) }
        return Self.sequence(openLiteral, space, items, closeLiteral)
    }
}

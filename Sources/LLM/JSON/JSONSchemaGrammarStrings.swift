/// Strings: lengths, formats and patterns.
extension JSONSchemaGrammarBuilder {
    /// A string format the grammar generates a subset of exactly: the built-in rule and the length
    /// range (in characters) of what it generates.
    struct StringFormat: Sendable {
        var rule: String
        var minLength: Int
        var maxLength: Int
    }

    /// Every format of JSON Schema 2020-12 maps to a rule generating only valid strings (a subset for
    /// the open-ended ones: `http(s)` URIs, simple dot-atom emails, ASCII host names, full-form IPv6,
    /// day/hour durations, regexes made of literal characters). Unknown formats are annotations and ignored.
    static let formats: [String: StringFormat] = [
        "date": StringFormat(rule: "json-date", minLength: 10, maxLength: 10),
        "time": StringFormat(rule: "json-time", minLength: 9, maxLength: 21),
        "date-time": StringFormat(rule: "json-date-time", minLength: 20, maxLength: 32),
        "uuid": StringFormat(rule: "json-uuid", minLength: 36, maxLength: 36),
        "email": StringFormat(rule: "json-email", minLength: 6, maxLength: 136),
        "idn-email": StringFormat(rule: "json-email", minLength: 6, maxLength: 136),
        "hostname": StringFormat(rule: "json-hostname", minLength: 1, maxLength: 83),
        "idn-hostname": StringFormat(rule: "json-hostname", minLength: 1, maxLength: 83),
        "ipv4": StringFormat(rule: "json-ipv4", minLength: 7, maxLength: 15),
        "ipv6": StringFormat(rule: "json-ipv6", minLength: 15, maxLength: 39),
        "uri": StringFormat(rule: "json-uri", minLength: 8, maxLength: 241),
        "uri-reference": StringFormat(rule: "json-uri", minLength: 8, maxLength: 241),
        "iri": StringFormat(rule: "json-uri", minLength: 8, maxLength: 241),
        "iri-reference": StringFormat(rule: "json-uri", minLength: 8, maxLength: 241),
        "uri-template": StringFormat(rule: "json-uri", minLength: 8, maxLength: 241),
        "json-pointer": StringFormat(rule: "json-pointer", minLength: 0, maxLength: 264),
        "relative-json-pointer": StringFormat(rule: "json-relative-pointer", minLength: 2, maxLength: 265),
        "duration": StringFormat(rule: "json-duration", minLength: 3, maxLength: 5),
        "regex": StringFormat(rule: "json-regex", minLength: 0, maxLength: 32),
    ]

    /// A non-negative integer keyword such as `minLength`, or nil when absent.
    func count(_ schema: JSONObject, _ keyword: String, at pointer: String) throws(JSONSchemaGrammarError) -> Int? {
        guard let value = schema[keyword] else { return nil }
        guard let number = value.numberValue, number >= 0, number.rounded() == number else {
            throw .invalidKeyword(pointer: pointer, keyword: keyword, reason: "must be a non-negative integer")
        }
        return number > 1_000_000_000 ? 1_000_000_000 : Int(number)
    }

    func string(_ schema: JSONObject, at pointer: String) throws(JSONSchemaGrammarError) -> String? {
        let minLength = try count(schema, "minLength", at: pointer) ?? 0
        let maxLength = try count(schema, "maxLength", at: pointer)
        if let maxLength, maxLength < minLength { return nil }
        if minLength > 20_000 {
            throw .tooComplex(pointer: pointer, reason: "minLength \(minLength) is too long to generate")
        }
        let cap = max(minLength, options.maxStringLength)
        if let name = schema["format"]?.stringValue, let format = Self.formats[name] {
            if schema["pattern"] != nil { declare(pointer, "pattern", "not enforced together with format '\(name)'") }
            if format.minLength < minLength { declare(pointer, "minLength", "not enforced together with format '\(name)'") }
            if let maxLength, format.maxLength > maxLength { declare(pointer, "maxLength", "not enforced together with format '\(name)'") }
            return Self.sequence(Self.quote, formatRule(format.rule), Self.quote)
        }
        if let pattern = schema["pattern"] {
            guard let text = pattern.stringValue else {
                throw .invalidKeyword(pointer: pointer, keyword: "pattern", reason: "must be a string")
            }
            let partHint = hint(pointer) + "-part"
            switch JSONSchemaGrammarPattern.translate(text, minLength: minLength, maxLength: maxLength, cap: cap,
                                                      atomize: { self.define(partHint, $0) }) {
            case .grammar(let body, let shortest, let longest):
                if shortest < minLength { declare(pointer, "minLength", "not enforced together with this pattern") }
                if let maxLength, longest > maxLength { declare(pointer, "maxLength", "not enforced together with this pattern") }
                return Self.sequence(Self.quote, body.isEmpty ? "" : Self.group(body), Self.quote)
            case .unsupported(let reason):
                declare(pointer, "pattern", reason)
            }
        }
        let high = min(maxLength ?? cap, cap)
        if minLength == 0 && high == options.maxStringLength { return builtin("json-string") }
        return Self.sequence(Self.quote, Self.repeated(builtin("json-char"), min: minLength, max: high), Self.quote)
    }

    private func formatRule(_ name: String) -> String {
        switch name {
        case "json-relative-pointer":
            if !hasRule(name) { setRule(name, ##"[0-9] ("#" | ("/" ([^/~"\\\x7F\x00-\x1F] | "~" [01]){0,32}){1,8})"##) }
            return name
        case "json-duration":
            if !hasRule(name) { setRule(name, #""P" [1-9] [0-9]{0,2} "D" | "PT" [1-9] [0-9]? "H""#) }
            return name
        case "json-regex":
            if !hasRule(name) { setRule(name, "[a-zA-Z0-9 _-]{0,32}") }
            return name
        default:
            return builtin(name)
        }
    }
}

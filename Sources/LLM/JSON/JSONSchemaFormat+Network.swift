extension JSONSchemaFormat {
    // MARK: - Internet addresses

    static func isIPv4(_ value: String) -> Bool {
        let parts = value.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 4 else { return false }
        return parts.allSatisfy { part in
            let scalars = Array(part.unicodeScalars)[...]
            guard (1...3).contains(scalars.count), scalars.count == 1 || scalars.first != "0",
                  let octet = number(scalars) else { return false }
            return octet <= 255
        }
    }

    static func isIPv6(_ value: String) -> Bool {
        guard value.unicodeScalars.allSatisfy({ $0.properties.isASCIIHexDigit || $0 == ":" || $0 == "." }) else { return false }
        let halves = value.components(separatedBy: "::")
        guard halves.count <= 2 else { return false }
        func groups(_ text: String, allowIPv4: Bool) -> Int? {
            if text.isEmpty { return 0 }
            let parts = text.split(separator: ":", omittingEmptySubsequences: false)
            var count = 0
            for (index, part) in parts.enumerated() {
                if part.contains(".") {
                    guard allowIPv4, index == parts.count - 1, isIPv4(String(part)) else { return nil }
                    count += 2
                } else {
                    guard (1...4).contains(part.count), !part.contains(".") else { return nil }
                    count += 1
                }
            }
            return count
        }
        if halves.count == 1 { return groups(value, allowIPv4: true) == 8 }
        guard let head = groups(halves[0], allowIPv4: false), let tail = groups(halves[1], allowIPv4: true) else { return false }
        return head + tail <= 7
    }

    // MARK: - Host names and mailboxes

    static func isHostname(_ value: String, international: Bool) -> Bool {
        var host = value
        if international {
            for separator in ["\u{3002}", "\u{FF0E}", "\u{FF61}"] { host = host.replacingOccurrences(of: separator, with: ".") }
        }
        guard !host.isEmpty else { return false }
        var labels: [[Unicode.Scalar]] = []
        var asciiLength = -1
        for label in host.split(separator: ".", omittingEmptySubsequences: false) {
            guard let scalars = unicodeLabel(label, international: international) else { return false }
            labels.append(scalars)
            asciiLength += 1 + (scalars.allSatisfy(\.isASCII) ? scalars.count : 4 + Punycode.encode(scalars).utf8.count)
        }
        return asciiLength <= 253 && JSONSchemaIDNA.satisfiesBidiRule(labels)
    }

    /// The Unicode form of a valid host-name label (A-labels decoded), or nil if it is invalid.
    private static func unicodeLabel(_ label: Substring, international: Bool) -> [Unicode.Scalar]? {
        let scalars = Array(label.unicodeScalars)
        guard !scalars.isEmpty else { return nil }
        guard scalars.allSatisfy(\.isASCII) else {
            return international && JSONSchemaIDNA.isValidULabel(scalars) ? scalars : nil
        }
        guard scalars.count <= 63, scalars.first != "-", scalars.last != "-",
              scalars.allSatisfy({ isASCIILetterOrDigit($0) || $0 == "-" }) else { return nil }
        guard scalars.count >= 4, scalars[2] == "-", scalars[3] == "-" else { return scalars }
        // Hyphens in positions 3 and 4 are reserved for A-labels ("xn--"): canonical Punycode of a valid U-label.
        let encoded = label.dropFirst(4).lowercased()
        guard label.lowercased().hasPrefix("xn--"), let decoded = Punycode.decode(encoded), !decoded.allSatisfy(\.isASCII),
              Punycode.encode(decoded).lowercased() == encoded, JSONSchemaIDNA.isValidULabel(decoded) else { return nil }
        return decoded
    }

    static func isASCIILetterOrDigit(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
    }

    static func isEmail(_ value: String, international: Bool) -> Bool {
        guard let at = value.lastIndex(of: "@") else { return false }
        let local = Array(value[..<at].unicodeScalars)
        let domain = String(value[value.index(after: at)...])
        guard !local.isEmpty, !domain.isEmpty else { return false }
        if local.first == "\"" {
            guard local.count >= 2, local.last == "\"" else { return false }
            var escaped = false
            for scalar in local.dropFirst().dropLast() {
                if escaped { escaped = false; continue }
                if scalar == "\\" { escaped = true; continue }
                guard scalar != "\"", scalar.value >= 0x20 else { return false }
            }
            guard !escaped else { return false }
        } else {
            let atext = Set("!#$%&'*+-/=?^_`{|}~".unicodeScalars)
            let atoms = local.split(separator: ".", omittingEmptySubsequences: false)
            guard atoms.allSatisfy({ atom in
                !atom.isEmpty && atom.allSatisfy { isASCIILetterOrDigit($0) || atext.contains($0) || (international && !$0.isASCII) }
            }) else { return false }
        }
        if domain.hasPrefix("[") && domain.hasSuffix("]") {
            let literal = String(domain.dropFirst().dropLast())
            if literal.hasPrefix("IPv6:") { return isIPv6(String(literal.dropFirst(5))) }
            return isIPv4(literal)
        }
        return isHostname(domain, international: international)
    }

    // MARK: - URIs and IRIs

    private static let subDelimiters = Set("!$&'()*+,;=".unicodeScalars)

    /// Whether `scalar` may appear literally in a URI path, query or fragment (beside `%` escapes).
    private static func isURICharacter(_ scalar: Unicode.Scalar, international: Bool) -> Bool {
        if isASCIILetterOrDigit(scalar) || "-._~:@/?".unicodeScalars.contains(scalar) || subDelimiters.contains(scalar) {
            return true
        }
        return international && scalar.value >= 0xA0 && !(0xD800...0xDFFF).contains(scalar.value)
    }

    private static func hasValidEscapes(_ scalars: ArraySlice<Unicode.Scalar>) -> Bool {
        var index = scalars.startIndex
        while index < scalars.endIndex {
            if scalars[index] == "%" {
                guard index + 2 < scalars.endIndex, scalars[index + 1].properties.isASCIIHexDigit,
                      scalars[index + 2].properties.isASCIIHexDigit else { return false }
                index += 3
            } else {
                index += 1
            }
        }
        return true
    }

    static func isURI(_ value: String, reference: Bool, international: Bool) -> Bool {
        var scalars = Array(value.unicodeScalars)[...]
        if let hash = scalars.firstIndex(of: "#") {
            let fragment = scalars[(hash + 1)...]
            guard fragment.allSatisfy({ $0 == "%" || isURICharacter($0, international: international) }),
                  hasValidEscapes(fragment) else { return false }
            scalars = scalars[..<hash]
        }
        var hasScheme = false
        if let colon = scalars.firstIndex(of: ":"), let first = scalars.first, ("a"..."z").contains(first) || ("A"..."Z").contains(first),
           scalars[..<colon].allSatisfy({ isASCIILetterOrDigit($0) || "+-.".unicodeScalars.contains($0) }) {
            hasScheme = true
            scalars = scalars[(colon + 1)...]
        }
        guard hasScheme || reference else { return false }
        if scalars.starts(with: ["/", "/"]) {
            let authorityStart = scalars.startIndex + 2
            let authorityEnd = scalars[authorityStart...].firstIndex(where: { $0 == "/" || $0 == "?" }) ?? scalars.endIndex
            guard isAuthority(scalars[authorityStart..<authorityEnd], international: international) else { return false }
            scalars = scalars[authorityEnd...]
        } else if !hasScheme {
            let firstSegment = scalars.prefix(while: { $0 != "/" && $0 != "?" })
            guard !firstSegment.contains(":") else { return false }
        }
        return scalars.allSatisfy({ $0 == "%" || isURICharacter($0, international: international) }) && hasValidEscapes(scalars)
    }

    private static func isAuthority(_ authority: ArraySlice<Unicode.Scalar>, international: Bool) -> Bool {
        var host = authority
        if let at = host.lastIndex(of: "@") {
            let userInfo = host[..<at]
            guard userInfo.allSatisfy({ $0 != "/" && $0 != "?" && $0 != "@" && ($0 == "%" || isURICharacter($0, international: international)) }),
                  hasValidEscapes(userInfo) else { return false }
            host = host[(at + 1)...]
        }
        if host.first == "[" {
            guard let close = host.firstIndex(of: "]") else { return false }
            let literal = String(String.UnicodeScalarView(host[(host.startIndex + 1)..<close]))
            guard isIPv6(literal) || literal.hasPrefix("v") || literal.hasPrefix("V") else { return false }
            host = host[(close + 1)...]
            if host.isEmpty { return true }
            guard host.first == ":" else { return false }
            return host.dropFirst().allSatisfy(isDigit)
        }
        if let colon = host.lastIndex(of: ":") {
            guard host[(colon + 1)...].allSatisfy(isDigit) else { return false }
            host = host[..<colon]
        }
        return host.allSatisfy({ $0 != ":" && $0 != "@" && $0 != "/" && $0 != "?" && ($0 == "%" || isURICharacter($0, international: international)) })
            && hasValidEscapes(host)
    }

    static func isURITemplate(_ value: String) -> Bool {
        var inExpression = false
        var expression = ""
        let excluded = Set(" \"<>\\^`|".unicodeScalars)
        let scalars = Array(value.unicodeScalars)
        guard hasValidEscapes(scalars[...]) else { return false }
        for scalar in scalars {
            switch scalar {
            case "{":
                guard !inExpression else { return false }
                inExpression = true
                expression = ""
            case "}":
                guard inExpression, isTemplateExpression(expression) else { return false }
                inExpression = false
            default:
                if inExpression { expression.unicodeScalars.append(scalar) }
                else if excluded.contains(scalar) || scalar.value < 0x20 || scalar.value == 0x7F { return false }
            }
        }
        return !inExpression
    }

    private static func isTemplateExpression(_ expression: String) -> Bool {
        var body = Substring(expression)
        if let first = body.unicodeScalars.first, "+#./;?&=,!@|".unicodeScalars.contains(first) { body = body.dropFirst() }
        return body.split(separator: ",", omittingEmptySubsequences: false).allSatisfy { spec in
            var name = spec
            if name.hasSuffix("*") {
                name = name.dropLast()
            } else if let colon = name.firstIndex(of: ":") {
                let length = name[name.index(after: colon)...]
                guard (1...4).contains(length.count), length.unicodeScalars.allSatisfy(isDigit), length.first != "0" else { return false }
                name = name[..<colon]
            }
            return !name.isEmpty && !name.hasPrefix(".") && !name.hasSuffix(".") && !name.contains("..")
                && name.unicodeScalars.allSatisfy { isASCIILetterOrDigit($0) || $0 == "_" || $0 == "." || $0 == "%" }
        }
    }
}

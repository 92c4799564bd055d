/// The string formats a validator can assert (`"format": "date"`, …).
///
/// Checked: `date`, `time`, `date-time` (RFC 3339, leap seconds only at 23:59:60 UTC), `duration`
/// (RFC 3339 appendix A), `email` and `idn-email` (RFC 5321 mailboxes), `hostname` and `idn-hostname`
/// (RFC 1123 labels), `ipv4`, `ipv6`, `uri`, `uri-reference`, `iri`, `iri-reference` (RFC 3986/3987),
/// `uri-template` (RFC 6570 expressions), `uuid`, `json-pointer`, `relative-json-pointer` and `regex`
/// (ECMA-262). Other format names are unknown and pass. Only strings are checked.
public enum JSONSchemaFormat {
    /// The formats ``isValid(_:format:)`` knows.
    public static let knownFormats: Set<String> = [
        "date", "time", "date-time", "duration", "email", "idn-email", "hostname", "idn-hostname", "ipv4", "ipv6",
        "uri", "uri-reference", "iri", "iri-reference", "uri-template", "uuid", "json-pointer",
        "relative-json-pointer", "regex",
    ]

    /// Whether `value` is a valid `format`; nil for a format this type does not know.
    public static func isValid(_ value: String, format: String) -> Bool? {
        switch format {
        case "date": return isDate(Array(value.unicodeScalars)[...])
        case "time": return isTime(Array(value.unicodeScalars)[...])
        case "date-time": return isDateTime(value)
        case "duration": return isDuration(value)
        case "email": return isEmail(value, international: false)
        case "idn-email": return isEmail(value, international: true)
        case "hostname": return isHostname(value, international: false)
        case "idn-hostname": return isHostname(value, international: true)
        case "ipv4": return isIPv4(value)
        case "ipv6": return isIPv6(value)
        case "uri": return isURI(value, reference: false, international: false)
        case "uri-reference": return isURI(value, reference: true, international: false)
        case "iri": return isURI(value, reference: false, international: true)
        case "iri-reference": return isURI(value, reference: true, international: true)
        case "uri-template": return isURITemplate(value)
        case "uuid": return isUUID(value)
        case "json-pointer": return JSONPointer(parsing: value) != nil
        case "relative-json-pointer": return isRelativeJSONPointer(value)
        case "regex": return JSONSchemaRegex(value) != nil
        default: return nil
        }
    }

    // MARK: - Dates and times

    static func isDigit(_ scalar: Unicode.Scalar) -> Bool { ("0"..."9").contains(scalar) }

    static func number(_ scalars: ArraySlice<Unicode.Scalar>) -> Int? {
        guard !scalars.isEmpty, scalars.allSatisfy(isDigit) else { return nil }
        return scalars.reduce(0) { $0 * 10 + Int($1.value - 48) }
    }

    private static func isDate(_ scalars: ArraySlice<Unicode.Scalar>) -> Bool {
        let start = scalars.startIndex
        guard scalars.count == 10, scalars[start + 4] == "-", scalars[start + 7] == "-",
              let year = number(scalars[start..<start + 4]), let month = number(scalars[start + 5..<start + 7]),
              let day = number(scalars[start + 8..<start + 10]), (1...12).contains(month), day >= 1 else { return false }
        let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
        let days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
        return day <= days[month - 1]
    }

    private static func isTime(_ scalars: ArraySlice<Unicode.Scalar>) -> Bool {
        let start = scalars.startIndex
        guard scalars.count >= 9, scalars[start + 2] == ":", scalars[start + 5] == ":",
              let hour = number(scalars[start..<start + 2]), let minute = number(scalars[start + 3..<start + 5]),
              let second = number(scalars[start + 6..<start + 8]), hour <= 23, minute <= 59, second <= 60 else { return false }
        var index = start + 8
        if scalars[index] == "." {
            index += 1
            let digits = scalars[index...].prefix(while: isDigit)
            guard !digits.isEmpty else { return false }
            index += digits.count
        }
        let offset = scalars[index...]
        var offsetMinutes = 0
        if offset.count == 1, offset.first == "Z" || offset.first == "z" {
            offsetMinutes = 0
        } else {
            let first = offset.startIndex
            guard offset.count == 6, offset[first] == "+" || offset[first] == "-", offset[first + 3] == ":",
                  let offsetHour = number(offset[first + 1..<first + 3]), let offsetMinute = number(offset[first + 4..<first + 6]),
                  offsetHour <= 23, offsetMinute <= 59 else { return false }
            offsetMinutes = (offsetHour * 60 + offsetMinute) * (offset[first] == "+" ? 1 : -1)
        }
        if second == 60 {
            let utc = ((hour * 60 + minute - offsetMinutes) % 1440 + 1440) % 1440
            return utc == 23 * 60 + 59
        }
        return true
    }

    private static func isDateTime(_ value: String) -> Bool {
        let scalars = Array(value.unicodeScalars)
        guard scalars.count > 11, scalars[10] == "T" || scalars[10] == "t" else { return false }
        return isDate(scalars[0..<10]) && isTime(scalars[11...])
    }

    private static func isDuration(_ value: String) -> Bool {
        var scalars = Array(value.unicodeScalars)[...]
        guard scalars.first == "P" else { return false }
        scalars = scalars.dropFirst()
        // Units come in order without gaps (Y, YM, YMD, M, MD, D; likewise H, M, S).
        func components(_ units: [Unicode.Scalar], _ part: ArraySlice<Unicode.Scalar>) -> Int? {
            var rest = part
            var found = 0
            var expected: Int?
            while !rest.isEmpty {
                let digits = rest.prefix(while: isDigit)
                guard !digits.isEmpty, digits.count < rest.count else { return nil }
                let unit = rest[rest.startIndex + digits.count]
                guard let position = units.firstIndex(of: unit), expected == nil || expected == position else { return nil }
                expected = position + 1
                found += 1
                rest = rest[(rest.startIndex + digits.count + 1)...]
            }
            return found
        }
        if scalars.last == "W" { return components(["W"], scalars) == 1 }
        let timeStart = scalars.firstIndex(of: "T")
        let datePart = scalars[..<(timeStart ?? scalars.endIndex)]
        guard let dateCount = components(["Y", "M", "D"], datePart) else { return false }
        guard let timeStart else { return dateCount > 0 }
        guard let timeCount = components(["H", "M", "S"], scalars[(timeStart + 1)...]) else { return false }
        return timeCount > 0
    }

    // MARK: - Identifiers

    private static func isUUID(_ value: String) -> Bool {
        let scalars = Array(value.unicodeScalars)
        guard scalars.count == 36 else { return false }
        for (index, scalar) in scalars.enumerated() {
            if [8, 13, 18, 23].contains(index) {
                guard scalar == "-" else { return false }
            } else if !scalar.properties.isASCIIHexDigit {
                return false
            }
        }
        return true
    }

    private static func isRelativeJSONPointer(_ value: String) -> Bool {
        let scalars = Array(value.unicodeScalars)[...]
        let digits = scalars.prefix(while: isDigit)
        guard !digits.isEmpty, digits.count == 1 || digits.first != "0" else { return false }
        var rest = scalars.dropFirst(digits.count)
        if let sign = rest.first, sign == "+" || sign == "-" {
            let shift = rest.dropFirst().prefix(while: isDigit)
            guard !shift.isEmpty, shift.count == 1 || shift.first != "0" else { return false }
            rest = rest.dropFirst(1 + shift.count)
        }
        if rest.count == 1 && rest.first == "#" { return true }
        return JSONPointer(parsing: String(String.UnicodeScalarView(rest))) != nil
    }
}

import Foundation

/// Punycode (RFC 3492), for checking IDNA A-labels (`xn--…`) in host names.
enum Punycode {
    private static let base = 36, tMin = 1, tMax = 26, skew = 38, damp = 700, initialBias = 72, initialN = 128

    private static func adapt(_ delta: Int, _ count: Int, _ first: Bool) -> Int {
        var delta = first ? delta / damp : delta / 2
        delta += delta / count
        var k = 0
        while delta > ((base - tMin) * tMax) / 2 {
            delta /= base - tMin
            k += base
        }
        return k + (base - tMin + 1) * delta / (delta + skew)
    }

    private static func threshold(_ k: Int, _ bias: Int) -> Int {
        k <= bias ? tMin : (k >= bias + tMax ? tMax : k - bias)
    }

    /// The code points a Punycode string (without `xn--`) encodes, or nil if it is malformed.
    static func decode(_ text: String) -> [Unicode.Scalar]? {
        let input = Array(text.unicodeScalars)
        guard input.allSatisfy(\.isASCII) else { return nil }
        var output: [Unicode.Scalar] = []
        var position = 0
        if let delimiter = input.lastIndex(of: "-") {
            output = Array(input[..<delimiter])
            position = delimiter + 1
        }
        var n = initialN, i = 0, bias = initialBias
        while position < input.count {
            let oldI = i
            var weight = 1, k = base
            while true {
                guard position < input.count, let digit = digitValue(input[position]) else { return nil }
                position += 1
                guard digit <= (Int(Int32.max) - i) / weight else { return nil }
                i += digit * weight
                let t = threshold(k, bias)
                if digit < t { break }
                weight *= base - t
                k += base
            }
            bias = adapt(i - oldI, output.count + 1, oldI == 0)
            n += i / (output.count + 1)
            i %= output.count + 1
            guard let scalar = Unicode.Scalar(n), n >= 0x80 else { return nil }
            output.insert(scalar, at: i)
            i += 1
        }
        return output
    }

    /// The Punycode form of `scalars` (without `xn--`).
    static func encode(_ scalars: [Unicode.Scalar]) -> String {
        var output = String(String.UnicodeScalarView(scalars.filter(\.isASCII)))
        let basicCount = output.unicodeScalars.count
        var handled = basicCount
        if basicCount > 0 { output += "-" }
        var n = initialN, delta = 0, bias = initialBias
        while handled < scalars.count {
            let m = scalars.map { Int($0.value) }.filter { $0 >= n }.min() ?? n
            delta += (m - n) * (handled + 1)
            n = m
            for scalar in scalars {
                let value = Int(scalar.value)
                if value < n { delta += 1 }
                if value == n {
                    var q = delta, k = base
                    while true {
                        let t = threshold(k, bias)
                        if q < t { break }
                        output.unicodeScalars.append(digit(t + (q - t) % (base - t)))
                        q = (q - t) / (base - t)
                        k += base
                    }
                    output.unicodeScalars.append(digit(q))
                    bias = adapt(delta, handled + 1, handled == basicCount)
                    delta = 0
                    handled += 1
                }
            }
            delta += 1
            n += 1
        }
        return output
    }

    private static func digitValue(_ scalar: Unicode.Scalar) -> Int? {
        switch scalar {
        case "a"..."z": return Int(scalar.value - 97)
        case "A"..."Z": return Int(scalar.value - 65)
        case "0"..."9": return Int(scalar.value - 48 + 26)
        default: return nil
        }
    }

    private static func digit(_ value: Int) -> Unicode.Scalar {
        Unicode.Scalar(UInt8(value < 26 ? 97 + value : 22 + value))
    }
}

/// IDNA2008 label rules (RFC 5891–5893) as far as host-name validation needs them: code points,
/// contextual rules for joiners and punctuation, and the Bidi rule.
enum JSONSchemaIDNA {
    private static let pvalidExceptions: Set<UInt32> = [0x00DF, 0x03C2, 0x06FD, 0x06FE, 0x0F0B, 0x3007]
    private static let disallowedExceptions: Set<UInt32> = [0x0640, 0x07FA, 0x302E, 0x302F, 0x3031, 0x3032, 0x3033,
                                                            0x3034, 0x3035, 0x303B]

    /// Whether a label (Unicode code points) is a valid IDNA2008 U-label.
    static func isValidULabel(_ scalars: [Unicode.Scalar]) -> Bool {
        guard let first = scalars.first, first != "-", scalars.last != "-" else { return false }
        if scalars.count >= 4, scalars[2] == "-", scalars[3] == "-" { return false }
        if [.nonspacingMark, .spacingMark, .enclosingMark].contains(first.properties.generalCategory) { return false }
        if !scalars.allSatisfy(\.isASCII) {
            let aLabel = "xn--" + Punycode.encode(scalars)
            guard aLabel.utf8.count <= 63 else { return false }
        } else if scalars.count > 63 {
            return false
        }
        for (index, scalar) in scalars.enumerated() {
            guard isPermitted(scalar, at: index, in: scalars) else { return false }
        }
        return true
    }

    private static func isPermitted(_ scalar: Unicode.Scalar, at index: Int, in label: [Unicode.Scalar]) -> Bool {
        let value = scalar.value
        let previous = index > 0 ? label[index - 1] : nil
        let next = index + 1 < label.count ? label[index + 1] : nil
        if pvalidExceptions.contains(value) { return true }
        if disallowedExceptions.contains(value) { return false }
        switch value {
        case 0x200D: return previous.map(isVirama) ?? false
        case 0x200C:
            guard let previous else { return false }
            return isVirama(previous) || (isJoining(previous) && next.map(isJoining) ?? false)
        case 0x00B7: return previous == "l" && next == "l"
        case 0x0375: return next.map(isGreek) ?? false
        case 0x05F3, 0x05F4: return previous.map(isHebrew) ?? false
        case 0x30FB: return label.contains { isHiraganaKatakanaOrHan($0) && $0.value != 0x30FB }
        case 0x0660...0x0669: return !label.contains { (0x06F0...0x06F9).contains($0.value) }
        case 0x06F0...0x06F9: return !label.contains { (0x0660...0x0669).contains($0.value) }
        default: break
        }
        if scalar.isASCII { return JSONSchemaFormat.isASCIILetterOrDigit(scalar) && !("A"..."Z").contains(scalar) || scalar == "-" }
        let text = String(scalar)
        guard text.precomposedStringWithCompatibilityMapping == text, text.lowercased() == text else { return false }
        switch scalar.properties.generalCategory {
        case .lowercaseLetter, .otherLetter, .modifierLetter, .nonspacingMark, .spacingMark, .decimalNumber: return true
        default: return false
        }
    }

    private static func isVirama(_ scalar: Unicode.Scalar) -> Bool { scalar.properties.canonicalCombiningClass.rawValue == 9 }
    private static func isJoining(_ scalar: Unicode.Scalar) -> Bool { bidiClass(scalar) == .arabicLetter }
    private static func isGreek(_ scalar: Unicode.Scalar) -> Bool {
        (0x0370...0x03FF).contains(scalar.value) || (0x1F00...0x1FFF).contains(scalar.value)
    }
    private static func isHebrew(_ scalar: Unicode.Scalar) -> Bool { (0x0590...0x05FF).contains(scalar.value) }
    private static func isHiraganaKatakanaOrHan(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        return (0x3040...0x30FF).contains(value) || (0x31F0...0x31FF).contains(value) || (0x3400...0x4DBF).contains(value)
            || (0x4E00...0x9FFF).contains(value) || (0xF900...0xFAFF).contains(value) || (0x20000...0x3FFFF).contains(value)
    }

    /// The Bidi classes the Bidi rule distinguishes, approximated by script block.
    enum BidiClass { case leftToRight, rightToLeft, arabicLetter, arabicNumber, europeanNumber, other, nonspacingMark }

    static func bidiClass(_ scalar: Unicode.Scalar) -> BidiClass {
        let value = scalar.value
        if scalar.properties.generalCategory == .nonspacingMark { return .nonspacingMark }
        switch value {
        case 0x30...0x39, 0x06F0...0x06F9: return .europeanNumber
        case 0x0660...0x0669: return .arabicNumber
        case 0x0590...0x05FF, 0x07C0...0x07FF, 0xFB1D...0xFB4F: return .rightToLeft
        case 0x0600...0x07BF, 0x0860...0x08FF, 0xFB50...0xFDFF, 0xFE70...0xFEFF: return .arabicLetter
        default:
            return scalar.properties.isAlphabetic ? .leftToRight : .other
        }
    }

    /// Whether a host name's labels satisfy the Bidi rule (RFC 5893), which applies once any label
    /// contains right-to-left characters.
    static func satisfiesBidiRule(_ labels: [[Unicode.Scalar]]) -> Bool {
        let classes = labels.map { $0.map(bidiClass) }
        let isBidiDomain = classes.contains { $0.contains { [.rightToLeft, .arabicLetter, .arabicNumber].contains($0) } }
        guard isBidiDomain else { return true }
        for label in classes where !label.isEmpty {
            let trimmed = Array(label.reversed().drop { $0 == .nonspacingMark }.reversed())
            guard let last = trimmed.last else { return false }
            switch label[0] {
            case .rightToLeft, .arabicLetter:
                guard !label.contains(.leftToRight) else { return false }
                if label.contains(.europeanNumber) && label.contains(.arabicNumber) { return false }
                guard [.rightToLeft, .arabicLetter, .europeanNumber, .arabicNumber].contains(last) else { return false }
            case .leftToRight:
                guard !label.contains(where: { [.rightToLeft, .arabicLetter, .arabicNumber].contains($0) }) else { return false }
                guard [.leftToRight, .europeanNumber].contains(last) else { return false }
            default:
                return false
            }
        }
        return true
    }
}

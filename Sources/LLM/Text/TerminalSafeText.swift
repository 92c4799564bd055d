/// Text made safe to print on a terminal: control characters that a terminal would act on (escape
/// sequences that move the cursor, retitle the window, or hide text; carriage returns; bidirectional
/// overrides) are shown as visible `\u{…}` escapes instead. Newlines and tabs are kept.
///
/// Family data and messages can hold anything an import or a person typed, so everything the
/// command-line tools print from them passes through here.
///
/// ```swift
/// print(TerminalSafeText.visible("Leo\u{1B}[2J"))   // Leo\u{1B}[2J, and the screen is not cleared
/// ```
public enum TerminalSafeText {
    /// `text` with every control character except newline and tab written as `\u{XX}`.
    public static func visible(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isHazard) else { return text }
        var result = ""
        result.reserveCapacity(text.utf8.count + 16)
        for scalar in text.unicodeScalars {
            if isHazard(scalar) {
                result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// C0 and C1 controls (but newline and tab), DEL, and the bidirectional embedding, override and
    /// isolate characters that reorder what a terminal shows.
    static func isHazard(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0A, 0x09: return false
        case 0x00...0x1F, 0x7F, 0x80...0x9F: return true
        case 0x202A...0x202E, 0x2066...0x2069: return true
        default: return false
        }
    }
}

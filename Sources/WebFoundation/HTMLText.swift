import Foundation

/// Text made safe to place in HTML: every character with a meaning in markup is escaped, so a
/// name like `<script>` shows as itself and never runs.
public enum HTMLText {
    /// `text` escaped for an HTML element or a quoted attribute value.
    public static func escape(_ text: String) -> String {
        var escaped = ""
        escaped.reserveCapacity(text.count)
        for character in text {
            switch character {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&#39;"
            default: escaped.append(character)
            }
        }
        return escaped
    }
}

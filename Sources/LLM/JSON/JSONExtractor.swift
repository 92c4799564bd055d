/// Finds the JSON in free text from a model that could not be constrained.
///
/// Small models wrap JSON in code fences, lead with prose ("Sure! Here it is:"), trail with
/// commentary, use single quotes, or leave trailing commas. The extractor tries the text as is,
/// then the first balanced `{…}`/`[…]` block, then a repaired version of that block.
public enum JSONExtractor {
    /// What was found, and whether it had to be repaired.
    public struct Extraction: Sendable, Hashable {
        /// The parsed value.
        public var value: JSONValue
        /// The JSON text the value was parsed from (after any repair).
        public var text: String
        /// Whether quotes or commas had to be fixed.
        public var repaired: Bool
    }

    /// Extracts the first JSON object or array in `text`, or nil when there is none.
    public static func extract(from text: String) -> Extraction? {
        let trimmed = text.trimmingWhitespace
        if let value = try? JSONValue(parsing: trimmed), value.objectValue != nil || value.arrayValue != nil {
            return Extraction(value: value, text: trimmed, repaired: false)
        }
        for block in balancedBlocks(in: stripFences(text)) {
            if let value = try? JSONValue(parsing: block) { return Extraction(value: value, text: block, repaired: false) }
            let fixed = repair(block)
            if let value = try? JSONValue(parsing: fixed) { return Extraction(value: value, text: fixed, repaired: true) }
        }
        return nil
    }

    /// The contents of a ```json fence if there is one, else the text.
    static func stripFences(_ text: String) -> String {
        guard let open = text.range(of: "```") else { return text }
        var rest = text[open.upperBound...]
        if let newline = rest.firstIndex(of: "\n") { rest = rest[rest.index(after: newline)...] }
        if let close = rest.range(of: "```") { return String(rest[..<close.lowerBound]) }
        return String(rest)
    }

    /// Balanced `{…}` or `[…]` substrings in order of their start, tolerating either quote style.
    static func balancedBlocks(in text: String) -> [String] {
        let characters = Array(text)
        var blocks: [String] = []
        var start = 0
        while start < characters.count {
            guard characters[start] == "{" || characters[start] == "[" else { start += 1; continue }
            var depth = 0
            var quote: Character?
            var escaped = false
            var end: Int?
            for index in start..<characters.count {
                let character = characters[index]
                if let open = quote {
                    if escaped { escaped = false } else if character == "\\" { escaped = true } else if character == open { quote = nil }
                    continue
                }
                switch character {
                case "\"", "'": quote = character
                case "{", "[": depth += 1
                case "}", "]":
                    depth -= 1
                    if depth == 0 { end = index }
                default: break
                }
                if end != nil { break }
            }
            if let end {
                blocks.append(String(characters[start...end]))
                start = end + 1
            } else {
                start += 1
            }
        }
        return blocks
    }

    /// Turns single-quoted strings into double-quoted ones and drops trailing commas.
    static func repair(_ text: String) -> String {
        var out = ""
        var quote: Character?
        var escaped = false
        let characters = Array(text)
        for (index, character) in characters.enumerated() {
            if let open = quote {
                if escaped { escaped = false; out.append(character); continue }
                if character == "\\" { escaped = true; out.append(character); continue }
                if character == open { quote = nil; out.append("\""); continue }
                if open == "'" && character == "\"" { out += "\\\""; continue }
                out.append(character)
                continue
            }
            switch character {
            case "\"", "'":
                quote = character
                out.append("\"")
            case ",":
                let next = characters[(index + 1)...].first { !$0.isWhitespace }
                if next != "}" && next != "]" { out.append(character) }
            default:
                out.append(character)
            }
        }
        return out
    }
}

extension String {
    var trimmingWhitespace: String {
        var scalars = Substring(self)
        while let first = scalars.first, first.isWhitespace { scalars.removeFirst() }
        while let last = scalars.last, last.isWhitespace { scalars.removeLast() }
        return String(scalars)
    }
}

import Foundation

/// Turns an XHTML narrative (FHIR `text.div`, a `Composition` section) into plain text, safely.
///
/// Only text survives: tags on the allow-list (FHIR's narrative elements: `div`, `p`, `span`,
/// `b`, `table`, `li`, …) are dropped with their text kept and line breaks where they are block
/// elements; `script`, `style` and other active or embedded elements are dropped with everything
/// inside them; tags off the allow-list are dropped with their text kept. Attributes never survive, so
/// event handlers (`onerror`, `onclick`, …) and `javascript:` links are gone; they are counted in
/// the ``Result`` so a caller can report that a record carried active content. Comments and
/// processing instructions are dropped, CDATA content is sanitized like the rest; entities are decoded.
/// No "<" that could start markup survives (see ``neutralizeTagStarts(_:)``), so the text is safe
/// even where someone forgets to escape it.
public enum NarrativeSanitizer {
    /// The sanitized text and what was removed.
    public struct Result: Sendable, Hashable {
        /// The plain text.
        public var text: String
        /// Elements dropped with their content (`script`, `style`, …), by name.
        public var droppedElements: [String]
        /// Event-handler attributes removed (`on…`).
        public var eventHandlersRemoved: Int
        /// `javascript:` (or `vbscript:`, `data:`) links removed.
        public var scriptLinksRemoved: Int
        /// Tags off the allow-list whose text was kept.
        public var unknownTagsRemoved: Int

        /// Whether the narrative carried active content (scripts, handlers, script links).
        public var hadActiveContent: Bool { !droppedElements.isEmpty || eventHandlersRemoved > 0 || scriptLinksRemoved > 0 }
    }

    /// FHIR narrative elements whose text is kept.
    static let allowed: Set<String> = [
        "div", "p", "span", "b", "i", "u", "s", "em", "strong", "small", "big", "tt", "sub", "sup", "br", "hr",
        "h1", "h2", "h3", "h4", "h5", "h6", "ul", "ol", "li", "dl", "dt", "dd", "table", "thead", "tbody", "tfoot",
        "tr", "th", "td", "caption", "col", "colgroup", "a", "img", "pre", "blockquote", "code", "q", "cite", "abbr",
        "acronym", "address", "bdo", "samp", "var", "kbd", "dfn", "ins", "del", "strike", "center", "font",
    ]
    /// Elements dropped with everything inside them.
    static let droppedWithContent: Set<String> = [
        "script", "style", "iframe", "frame", "frameset", "object", "embed", "applet", "noscript", "template",
        "svg", "math", "head", "title", "textarea", "select", "button", "form", "video", "audio", "canvas", "xmp", "noembed",
    ]
    /// Elements that end a line.
    static let block: Set<String> = [
        "div", "p", "br", "hr", "h1", "h2", "h3", "h4", "h5", "h6", "ul", "ol", "li", "dl", "dt", "dd", "table",
        "thead", "tbody", "tfoot", "tr", "caption", "pre", "blockquote", "address",
    ]

    /// The plain text of `narrative`.
    public static func sanitize(_ narrative: String) -> Result {
        var result = Result(text: "", droppedElements: [], eventHandlersRemoved: 0, scriptLinksRemoved: 0, unknownTagsRemoved: 0)
        var output = ""
        let scalars = Array(narrative.unicodeScalars)
        var index = 0
        var textStart = 0

        func flushText(until end: Int) {
            guard end > textStart else { return }
            var chunk = String.UnicodeScalarView()
            chunk.append(contentsOf: scalars[textStart..<end])
            output += decodeEntities(String(chunk))
        }
        func startsWith(_ literal: String, at position: Int) -> Bool {
            let needle = Array(literal.unicodeScalars)
            guard position + needle.count <= scalars.count else { return false }
            for (offset, scalar) in needle.enumerated() where lowercase(scalars[position + offset]) != scalar { return false }
            return true
        }
        func find(_ literal: String, from position: Int) -> Int? {
            var cursor = position
            while cursor < scalars.count {
                if startsWith(literal, at: cursor) { return cursor }
                cursor += 1
            }
            return nil
        }

        while index < scalars.count {
            guard scalars[index] == "<" else { index += 1; continue }
            flushText(until: index)
            if startsWith("<!--", at: index) {
                index = (find("-->", from: index + 4).map { $0 + 3 }) ?? scalars.count
            } else if startsWith("<![cdata[", at: index) {
                // CDATA has no place in a FHIR narrative: its content is sanitized like the rest,
                // so markup hidden in it cannot come through as text.
                let end = find("]]>", from: index + 9) ?? scalars.count
                var chunk = String.UnicodeScalarView()
                chunk.append(contentsOf: scalars[(index + 9)..<end])
                let inner = sanitize(String(chunk))
                output += inner.text
                result.droppedElements += inner.droppedElements
                result.eventHandlersRemoved += inner.eventHandlersRemoved
                result.scriptLinksRemoved += inner.scriptLinksRemoved
                result.unknownTagsRemoved += inner.unknownTagsRemoved
                index = min(scalars.count, end + 3)
            } else if startsWith("<?", at: index) || startsWith("<!", at: index) {
                index = (find(">", from: index + 2).map { $0 + 1 }) ?? scalars.count
            } else if let tag = parseTag(scalars, at: index) {
                result.eventHandlersRemoved += tag.eventHandlers
                result.scriptLinksRemoved += tag.scriptLinks
                index = tag.end
                if droppedWithContent.contains(tag.name) {
                    if !tag.isClosing {
                        result.droppedElements.append(tag.name)
                        if !tag.selfClosing {
                            // Skip to the matching end tag (or the end of the narrative).
                            var cursor = index
                            var closed = false
                            while let candidate = find("</" + tag.name, from: cursor) {
                                if let end = parseTag(scalars, at: candidate), end.isClosing, end.name == tag.name {
                                    cursor = end.end
                                    closed = true
                                    break
                                }
                                cursor = candidate + 2
                            }
                            index = closed ? cursor : scalars.count
                        }
                    }
                } else {
                    if !allowed.contains(tag.name) { result.unknownTagsRemoved += 1 }
                    if block.contains(tag.name) {
                        output += "\n"
                        if tag.name == "li" && !tag.isClosing { output += "- " }
                    } else if ["td", "th"].contains(tag.name), !tag.isClosing {
                        output += " "
                    }
                }
            } else {
                // A lone "<" (not a tag): keep it as text.
                output += "<"
                index += 1
            }
            textStart = index
        }
        flushText(until: scalars.count)
        result.text = neutralizeTagStarts(normalize(output))
        return result
    }

    /// Replaces every "<" that could start a tag, comment or declaration ("<" before a letter,
    /// "/", "!" or "?") with "‹", which reads the same and starts nothing. Text can spell markup
    /// once the real markup is gone: "&lt;script&gt;" decodes to it, and so do "<<b></b>script>"
    /// and "<\u{200B}script>" once the tag or the invisible character between is dropped.
    static func neutralizeTagStarts(_ text: String) -> String {
        guard text.unicodeScalars.contains("<") else { return text }
        var output = String.UnicodeScalarView()
        let scalars = Array(text.unicodeScalars)
        for (index, scalar) in scalars.enumerated() {
            if scalar == "<", index + 1 < scalars.count, startsMarkup(scalars[index + 1]) {
                output.append("\u{2039}")
            } else {
                output.append(scalar)
            }
        }
        return String(output)
    }

    /// Whether `scalar`, after a "<", makes it the start of markup for an HTML parser.
    static func startsMarkup(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.isAlphabetic || scalar == "/" || scalar == "!" || scalar == "?"
    }

    private struct Tag {
        var name: String
        var isClosing: Bool
        var selfClosing: Bool
        var end: Int
        var eventHandlers: Int
        var scriptLinks: Int
    }

    /// Parses a tag starting at `start` ("<"), honouring quoted attribute values; nil when it is
    /// not a tag (e.g. "a < b").
    private static func parseTag(_ scalars: [Unicode.Scalar], at start: Int) -> Tag? {
        var index = start + 1
        var isClosing = false
        if index < scalars.count, scalars[index] == "/" { isClosing = true; index += 1 }
        guard index < scalars.count, scalars[index].properties.isAlphabetic else { return nil }
        var name = ""
        while index < scalars.count, isNameCharacter(scalars[index]) {
            name.unicodeScalars.append(lowercase(scalars[index]))
            index += 1
        }
        if let colon = name.lastIndex(of: ":") { name = String(name[name.index(after: colon)...]) }  // xhtml:div
        var tag = Tag(name: name, isClosing: isClosing, selfClosing: false, end: scalars.count, eventHandlers: 0, scriptLinks: 0)
        // Attributes: name[=value], value quoted or not.
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == ">" { tag.end = index + 1; return tag }
            if scalar == "/" , index + 1 < scalars.count, scalars[index + 1] == ">" {
                tag.selfClosing = true
                tag.end = index + 2
                return tag
            }
            if scalar.properties.isWhitespace || scalar == "/" { index += 1; continue }
            var attribute = ""
            while index < scalars.count, !scalars[index].properties.isWhitespace, scalars[index] != "=", scalars[index] != ">",
                  !(scalars[index] == "/" && index + 1 < scalars.count && scalars[index + 1] == ">") {
                attribute.unicodeScalars.append(lowercase(scalars[index]))
                index += 1
            }
            while index < scalars.count, scalars[index].properties.isWhitespace { index += 1 }
            var value = ""
            if index < scalars.count, scalars[index] == "=" {
                index += 1
                while index < scalars.count, scalars[index].properties.isWhitespace { index += 1 }
                if index < scalars.count, scalars[index] == "\"" || scalars[index] == "'" {
                    let quote = scalars[index]
                    index += 1
                    while index < scalars.count, scalars[index] != quote { value.unicodeScalars.append(scalars[index]); index += 1 }
                    index += 1
                } else {
                    while index < scalars.count, !scalars[index].properties.isWhitespace, scalars[index] != ">" {
                        value.unicodeScalars.append(scalars[index])
                        index += 1
                    }
                }
            }
            if let colon = attribute.lastIndex(of: ":") { attribute = String(attribute[attribute.index(after: colon)...]) }
            if attribute.hasPrefix("on") { tag.eventHandlers += 1 }
            if ["href", "src", "action", "formaction", "xlink:href", "background", "lowsrc", "dynsrc"].contains(attribute) {
                // Browsers ignore whitespace and control characters inside a scheme ("java\tscript:").
                let scheme = String(String.UnicodeScalarView(decodeEntities(value).unicodeScalars.filter {
                    !$0.properties.isWhitespace && $0.value >= 0x20
                })).lowercased()
                if scheme.hasPrefix("javascript:") || scheme.hasPrefix("vbscript:") || scheme.hasPrefix("data:") { tag.scriptLinks += 1 }
            }
        }
        tag.end = scalars.count
        return tag
    }

    private static func isNameCharacter(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "-" || scalar == ":" || scalar == "_"
    }

    private static func lowercase(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
        ("A"..."Z").contains(scalar) ? Unicode.Scalar(scalar.value + 32)! : scalar
    }

    static let namedEntities: [String: String] = [
        "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": " ", "ndash": "–", "mdash": "—",
        "hellip": "…", "deg": "°", "plusmn": "±", "middot": "·", "rsquo": "’", "lsquo": "‘", "rdquo": "”", "ldquo": "“",
        "micro": "µ", "times": "×", "ge": "≥", "le": "≤",
    ]

    /// Decodes named and numeric character references; unknown ones stay as written.
    static func decodeEntities(_ text: String) -> String {
        guard text.contains("&") else { return text }
        var output = ""
        var rest = Substring(text)
        while let ampersand = rest.firstIndex(of: "&") {
            output += rest[..<ampersand]
            let after = rest[rest.index(after: ampersand)...]
            guard let semicolon = after.prefix(12).firstIndex(of: ";") else {
                output += "&"
                rest = after
                continue
            }
            let name = String(after[..<semicolon])
            var replacement: String?
            if name.hasPrefix("#x") || name.hasPrefix("#X") {
                replacement = UInt32(name.dropFirst(2), radix: 16).flatMap(Unicode.Scalar.init).map { String(Character($0)) }
            } else if name.hasPrefix("#") {
                replacement = UInt32(name.dropFirst()).flatMap(Unicode.Scalar.init).map { String(Character($0)) }
            } else {
                replacement = namedEntities[name]
            }
            if let replacement {
                output += replacement
                rest = after[after.index(after: semicolon)...]
            } else {
                output += "&"
                rest = after
            }
        }
        output += rest
        return output
    }

    /// Collapses spaces within lines, trims lines, drops control characters and blank lines.
    static func normalize(_ text: String) -> String {
        let cleaned = String(String.UnicodeScalarView(text.unicodeScalars.filter { scalar in
            scalar == "\n" || scalar == "\t" || !(scalar.properties.generalCategory == .control || scalar.properties.generalCategory == .format)
        }))
        var lines: [String] = []
        for line in cleaned.components(separatedBy: "\n") {
            let collapsed = line.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" || $0 == "\u{A0}" }).joined(separator: " ")
            if !collapsed.isEmpty { lines.append(collapsed) }
        }
        return lines.joined(separator: "\n")
    }
}

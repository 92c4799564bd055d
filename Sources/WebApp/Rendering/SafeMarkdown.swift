import WebFoundation
/// Renders the small Markdown subset the assistant writes (paragraphs, line breaks, bulleted and
/// numbered lists, headings, **bold**, *italic*, `code`) to HTML that is safe by construction:
/// every character of the text is escaped first, and only tags this renderer writes itself appear
/// in the output. Raw HTML in an answer, from the model or from family data, shows as text.
public enum SafeMarkdown {
    /// The HTML of `markdown`.
    public static func html(_ markdown: String) -> String {
        var blocks: [String] = []
        var paragraph: [String] = []
        var list: (ordered: Bool, items: [String])?

        func flushParagraph() {
            guard !paragraph.isEmpty else { return }
            blocks.append("<p>" + paragraph.map(inline).joined(separator: "<br>") + "</p>")
            paragraph = []
        }
        func flushList() {
            guard let current = list else { return }
            let tag = current.ordered ? "ol" : "ul"
            blocks.append("<\(tag)>" + current.items.map { "<li>\(inline($0))</li>" }.joined() + "</\(tag)>")
            list = nil
        }

        for rawLine in markdown.replacingOccurrences(of: "\r\n", with: "\n").split(separator: "\n", omittingEmptySubsequences: false) {
            let line = rawLine.trimmingCharacters(in: .whitespaces)
            if line.isEmpty {
                flushParagraph()
                flushList()
            } else if let item = bulletItem(line) {
                flushParagraph()
                if list?.ordered != false { flushList(); list = (false, []) }
                list?.items.append(item)
            } else if let item = numberedItem(line) {
                flushParagraph()
                if list?.ordered != true { flushList(); list = (true, []) }
                list?.items.append(item)
            } else if let heading = headingText(line) {
                flushParagraph()
                flushList()
                blocks.append("<p class=\"heading\"><strong>\(inline(heading))</strong></p>")
            } else {
                flushList()
                paragraph.append(line)
            }
        }
        flushParagraph()
        flushList()
        return blocks.joined(separator: "\n")
    }

    /// `text` with the five HTML-significant characters escaped.
    public static func escape(_ text: String) -> String { HTMLText.escape(text) }

    private static func bulletItem(_ line: String) -> String? {
        for marker in ["- ", "* ", "• "] where line.hasPrefix(marker) { return String(line.dropFirst(marker.count)) }
        return nil
    }

    private static func numberedItem(_ line: String) -> String? {
        let digits = line.prefix { $0.isASCII && $0.isNumber }
        guard !digits.isEmpty, digits.count <= 3 else { return nil }
        let rest = line.dropFirst(digits.count)
        guard rest.hasPrefix(". ") || rest.hasPrefix(") ") else { return nil }
        return String(rest.dropFirst(2))
    }

    private static func headingText(_ line: String) -> String? {
        let hashes = line.prefix { $0 == "#" }
        guard (1...6).contains(hashes.count), line.dropFirst(hashes.count).hasPrefix(" ") else { return nil }
        return String(line.dropFirst(hashes.count + 1))
    }

    /// Escapes a line, then turns `code`, **bold** and *italic* / _italic_ spans into tags. Spans
    /// are matched on the escaped text, so no markup from the input can survive.
    static func inline(_ text: String) -> String {
        var output = ""
        var rest = Substring(escape(text))
        while let first = rest.first {
            if first == "`", let end = rest.dropFirst().firstIndex(of: "`") {
                output += "<code>" + rest[rest.index(after: rest.startIndex)..<end] + "</code>"
                rest = rest[rest.index(after: end)...]
            } else if rest.hasPrefix("**"), let end = rest.dropFirst(2).range(of: "**"), end.lowerBound > rest.index(rest.startIndex, offsetBy: 2) {
                output += "<strong>" + inline(unescaping: rest[rest.index(rest.startIndex, offsetBy: 2)..<end.lowerBound]) + "</strong>"
                rest = rest[end.upperBound...]
            } else if (first == "*" || first == "_"), let end = rest.dropFirst().firstIndex(of: first),
                      end > rest.index(after: rest.startIndex), !rest[rest.index(after: rest.startIndex)].isWhitespace {
                output += "<em>" + rest[rest.index(after: rest.startIndex)..<end] + "</em>"
                rest = rest[rest.index(after: end)...]
            } else {
                output.append(first)
                rest = rest.dropFirst()
            }
        }
        return output
    }

    /// Inline spans inside an already escaped fragment (bold may hold italic or code).
    private static func inline(unescaping fragment: Substring) -> String {
        var output = ""
        var rest = fragment
        while let first = rest.first {
            if (first == "*" || first == "_" || first == "`"), let end = rest.dropFirst().firstIndex(of: first),
               end > rest.index(after: rest.startIndex) {
                let tag = first == "`" ? "code" : "em"
                output += "<\(tag)>" + rest[rest.index(after: rest.startIndex)..<end] + "</\(tag)>"
                rest = rest[rest.index(after: end)...]
            } else {
                output.append(first)
                rest = rest.dropFirst()
            }
        }
        return output
    }
}

import Foundation

/// A model answer after ``ResponseSanitizer`` cleaned it.
public struct SanitizedResponse: Sendable, Hashable, Codable {
    /// The text to show.
    public var text: String
    /// A trailing follow-up question moved out of ``text`` ("Would you like a recipe?"), or `nil`.
    public var followUpQuestion: String?
    /// Whether the output was cut at a hallucinated turn or an end-of-turn marker.
    public var wasTruncated: Bool

    /// Creates a value.
    public init(text: String, followUpQuestion: String? = nil, wasTruncated: Bool = false) {
        self.text = text
        self.followUpQuestion = followUpQuestion
        self.wasTruncated = wasTruncated
    }

    /// ``text`` and ``followUpQuestion`` joined by a blank line, for plain display.
    public var displayText: String {
        guard let followUpQuestion else { return text }
        return text.isEmpty ? followUpQuestion : text + "\n\n" + followUpQuestion
    }
}

/// Cleans the output of small models before anyone sees it.
///
/// In order:
/// 1. **Leading role markers** are dropped: `<start_of_turn>model`, `<|im_start|>assistant`,
///    `<|assistant|>`, `<bos>`, `<s>`.
/// 2. **Cut at the end of the turn**: at the first end-of-turn token anywhere (`<end_of_turn>`,
///    `<|im_end|>`, `<|eot_id|>`, `<|end|>`, `<|endoftext|>`, `</s>`, or a later
///    `<start_of_turn>` / `<|im_start|>` / `<|user|>`), and at the first line that starts a
///    hallucinated turn (`user:`, `User:`, `model:`, `Human:`, `### User`, `### Instruction`;
///    case-insensitive, after leading spaces). A `model:`/`assistant:` label on the *first* line is
///    a meta-label, not a turn, and is stripped instead.
/// 3. **Leftover special tokens** are removed: any `<|…|>`, `<start_of_turn>`, `<end_of_turn>`,
///    `<bos>`, `<eos>`, `<s>`, `</s>`, `<pad>`, `<unk>`, `[INST]`, `[/INST]`, `<<SYS>>`, `<</SYS>>`.
/// 4. **Meta-labels at line starts** are stripped, repeatedly and case-insensitively, also when
///    wrapped in Markdown bold or headings (`**Answer:**`, `## Response:`): "Answer:", "Final
///    answer:", "Response:", "Reply:", "Most useful part:", "Assistant:", "Model:", "AI:", "Bot:",
///    "Output:", "Follow-up question:", "Follow-up:". Lines that were only a label disappear.
/// 5. **Whitespace**: tabs become spaces, runs of spaces collapse, lines are trimmed, runs of
///    blank lines become one, and the whole text is trimmed. Line breaks (lists) are kept.
/// 6. **Missing spaces after punctuation**: `, ; ! ?` and `:` followed directly by a letter get a
///    space; `.` gets one only before an upper-case letter ("Hello.How" → "Hello. How") and not
///    after a single-letter abbreviation segment ("e.g.", "U.S."). Numbers (3.5, 7:30, 1,000) are
///    untouched because a digit follows, and whole words that look like URLs, e-mail addresses,
///    domains or paths (containing `://`, `www.`, `@`, or `name.tld`) are left alone.
/// 7. **Follow-up question**: when the text ends with a question and something comes before it,
///    the last sentence (or line) is moved to ``SanitizedResponse/followUpQuestion``. A text that
///    is only a question stays in ``SanitizedResponse/text``.
///
/// Never empty when the input had visible text: if cleaning removed everything (for example the
/// output was only a hallucinated `User:` turn), the steps run again without cutting, and as a
/// last resort the trimmed input is returned. An input that is only whitespace or special tokens
/// gives an empty text.
///
/// Limits: a lower-case letter after "." is never spaced ("hello.world" could be a file name); a
/// label in the middle of a line is left; a question that is the answer itself (not a
/// follow-up) is still split off when text precedes it.
public struct ResponseSanitizer: Sendable {
    /// Labels stripped at line starts (compared case-insensitively, without the colon).
    public var metaLabels: [String]
    /// Line starts that begin a hallucinated turn (compared case-insensitively).
    public var turnMarkers: [String]
    /// Whether a trailing follow-up question is moved out of the text.
    public var extractsFollowUpQuestion: Bool

    /// The default meta-labels.
    public static let defaultMetaLabels = [
        "final answer", "answer", "response", "reply", "most useful part", "assistant", "model", "ai", "bot", "output",
        "follow-up question", "follow up question", "follow-up", "follow up",
    ]
    /// The default hallucinated-turn markers.
    public static let defaultTurnMarkers = ["user:", "model:", "human:", "### user", "### instruction", "<start_of_turn>", "<|im_start|>", "<|user|>"]
    /// Tokens that end a turn wherever they appear.
    static let endOfTurnTokens = ["<end_of_turn>", "<|im_end|>", "<|eot_id|>", "<|end|>", "<|endoftext|>", "</s>", "<eos>"]
    /// Tokens that start a new turn wherever they appear (after the beginning).
    static let startOfTurnTokens = ["<start_of_turn>", "<|im_start|>", "<|user|>", "<|start_header_id|>"]
    /// Special tokens removed wherever they are left.
    static let specialTokens = ["<start_of_turn>", "<end_of_turn>", "<bos>", "<eos>", "<s>", "</s>", "<pad>", "<unk>",
                                "[INST]", "[/INST]", "<<SYS>>", "<</SYS>>"]

    /// Creates a sanitizer.
    public init(metaLabels: [String] = ResponseSanitizer.defaultMetaLabels, turnMarkers: [String] = ResponseSanitizer.defaultTurnMarkers,
                extractsFollowUpQuestion: Bool = true) {
        self.metaLabels = metaLabels
        self.turnMarkers = turnMarkers
        self.extractsFollowUpQuestion = extractsFollowUpQuestion
    }

    /// Cleans `raw`.
    public func sanitize(_ raw: String) -> SanitizedResponse {
        let normalized = raw.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
        let (cut, truncated) = cutAtTurnEnd(stripLeadingRoleMarkers(normalized))
        var text = clean(cut)
        var wasTruncated = truncated
        if text.isEmpty {
            // Cutting left nothing: keep everything, only cleaned.
            text = clean(Self.removingSpecialTokens(from: stripLeadingRoleMarkers(normalized)), stripTurnLabels: true)
            wasTruncated = false
        }
        if text.isEmpty {
            let visible = Self.removingSpecialTokens(from: normalized).trimmingCharacters(in: .whitespacesAndNewlines)
            text = visible
        }
        guard extractsFollowUpQuestion, let (body, question) = Self.splitTrailingQuestion(text) else {
            return SanitizedResponse(text: text, followUpQuestion: nil, wasTruncated: wasTruncated)
        }
        return SanitizedResponse(text: body, followUpQuestion: question, wasTruncated: wasTruncated)
    }

    /// The cleaned text with any follow-up question left in place.
    public func clean(_ raw: String) -> String {
        clean(raw, stripTurnLabels: false)
    }

    private func clean(_ raw: String, stripTurnLabels: Bool) -> String {
        var text = Self.removingSpecialTokens(from: raw)
        text = stripLabels(text, extra: stripTurnLabels ? ["user", "human"] : [])
        text = Self.fixWhitespace(text)
        text = Self.fixPunctuationSpacing(text)
        return text
    }

    // MARK: - Steps

    func stripLeadingRoleMarkers(_ text: String) -> String {
        var rest = Substring(text)
        var changed = true
        while changed {
            changed = false
            while let first = rest.first, first.isWhitespace { rest.removeFirst() }
            for marker in ["<start_of_turn>", "<|im_start|>", "<|start_header_id|>"] where rest.hasPrefix(marker) {
                rest.removeFirst(marker.count)
                // the role word and the end of its line
                let roleEnd = rest.firstIndex(where: { $0 == "\n" }) ?? rest.endIndex
                let role = rest[..<roleEnd].trimmingCharacters(in: .whitespaces).lowercased()
                let role2 = role.replacingOccurrences(of: "<|end_header_id|>", with: "")
                if ["model", "assistant", ""].contains(role2) { rest = rest[roleEnd...] }
                changed = true
            }
            for marker in ["<|assistant|>", "<bos>", "<s>"] where rest.hasPrefix(marker) {
                rest.removeFirst(marker.count)
                changed = true
            }
        }
        return String(rest)
    }

    /// Cuts at the first end-of-turn token or hallucinated-turn line.
    func cutAtTurnEnd(_ text: String) -> (String, Bool) {
        var cut = text.endIndex
        for token in Self.endOfTurnTokens + Self.startOfTurnTokens {
            if let range = text.range(of: token, options: .caseInsensitive), range.lowerBound < cut {
                cut = range.lowerBound
            }
        }
        var isFirstContentLine = true
        var lineStart = text.startIndex
        while lineStart < cut {
            let lineEnd = text[lineStart...].firstIndex(of: "\n") ?? text.endIndex
            let line = text[lineStart..<lineEnd]
            let trimmed = line.drop(while: { $0 == " " || $0 == "\t" }).lowercased()
            if !trimmed.isEmpty {
                let startsTurn = turnMarkers.contains { trimmed.hasPrefix($0.lowercased()) }
                let isLabelOnFirstLine = isFirstContentLine && (trimmed.hasPrefix("model:") || trimmed.hasPrefix("assistant:"))
                if startsTurn, !isLabelOnFirstLine {
                    cut = min(cut, lineStart)
                    break
                }
                isFirstContentLine = false
            }
            guard lineEnd < text.endIndex else { break }
            lineStart = text.index(after: lineEnd)
        }
        return (String(text[..<cut]), cut < text.endIndex)
    }

    static func removingSpecialTokens(from text: String) -> String {
        var result = text
        for token in specialTokens {
            result = result.replacingOccurrences(of: token, with: "", options: .caseInsensitive)
        }
        // Any <|...|> token.
        var output = ""
        var index = result.startIndex
        while index < result.endIndex {
            if result[index...].hasPrefix("<|"), let close = result[index...].range(of: "|>"),
               result.distance(from: index, to: close.lowerBound) <= 40,
               !result[index..<close.lowerBound].contains(where: \.isWhitespace) {
                index = close.upperBound
                continue
            }
            output.append(result[index])
            index = result.index(after: index)
        }
        return output
    }

    /// Strips meta-labels at line starts; lines that were only a label are dropped.
    func stripLabels(_ text: String, extra: [String] = []) -> String {
        let labels = (metaLabels + extra).map { $0.lowercased() }.sorted { $0.count > $1.count }
        var lines: [String] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            var rest = Substring(line)
            var stripped = false
            var changed = true
            while changed {
                changed = false
                let candidate = rest.drop(while: { $0 == " " || $0 == "\t" || $0 == "#" || $0 == "*" || $0 == "_" })
                let lowered = candidate.lowercased()
                for label in labels where lowered.hasPrefix(label) {
                    var after = candidate.dropFirst(label.count)
                    after = after.drop(while: { $0 == "*" || $0 == "_" || $0 == " " })
                    guard after.first == ":" else { continue }
                    after = after.dropFirst().drop(while: { $0 == "*" || $0 == "_" })
                    rest = after
                    stripped = true
                    changed = true
                    break
                }
            }
            if stripped, rest.trimmingCharacters(in: .whitespaces).isEmpty { continue }
            lines.append(String(rest))
        }
        return lines.joined(separator: "\n")
    }

    static func fixWhitespace(_ text: String) -> String {
        var lines: [String] = []
        var previousBlank = true
        for rawLine in text.replacingOccurrences(of: "\t", with: " ").split(separator: "\n", omittingEmptySubsequences: false) {
            let line = rawLine.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
            if line.isEmpty {
                if !previousBlank { lines.append("") }
                previousBlank = true
            } else {
                lines.append(line)
                previousBlank = false
            }
        }
        while lines.last == "" { lines.removeLast() }
        return lines.joined(separator: "\n")
    }

    static func fixPunctuationSpacing(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            line.split(separator: " ", omittingEmptySubsequences: false).map { fixWord(String($0)) }.joined(separator: " ")
        }.joined(separator: "\n")
    }

    /// Whether a whitespace-free word is a URL, e-mail address, domain or path.
    static func looksLikeAddress(_ word: String) -> Bool {
        let lowered = word.lowercased()
        if lowered.contains("://") || lowered.hasPrefix("www.") || lowered.contains("@") || lowered.hasPrefix("/") || lowered.hasPrefix("./") {
            return true
        }
        // name.tld or name.tld/path: lower-case segments separated by dots, last one 2-6 letters.
        let core = lowered.split(separator: "/", maxSplits: 1).first.map(String.init) ?? lowered
        let trimmed = core.trimmingCharacters(in: CharacterSet(charactersIn: ".,!?;:)(\"'"))
        let segments = trimmed.split(separator: ".", omittingEmptySubsequences: false)
        guard segments.count >= 2, let tld = segments.last, (2...6).contains(tld.count), tld.allSatisfy({ $0.isLetter && $0.isLowercase }) else {
            return false
        }
        let original = word.split(separator: "/", maxSplits: 1).first.map(String.init) ?? word
        let originalTld = original.trimmingCharacters(in: CharacterSet(charactersIn: ".,!?;:)(\"'")).split(separator: ".").last ?? ""
        return segments.allSatisfy { !$0.isEmpty && $0.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" } }
            && originalTld.allSatisfy { $0.isLowercase }
    }

    static func fixWord(_ word: String) -> String {
        guard word.count > 2, !looksLikeAddress(word) else { return word }
        let characters = Array(word)
        var output = ""
        for (index, character) in characters.enumerated() {
            output.append(character)
            guard index + 1 < characters.count, index > 0 else { continue }
            let next = characters[index + 1]
            guard next.isLetter else { continue }
            switch character {
            case ",", ";", "!", "?":
                output.append(" ")
            case ":":
                output.append(" ")
            case ".":
                guard next.isUppercase else { continue }
                // Single-letter segments are abbreviations: "e.g.", "U.S.A."
                let previous = characters[index - 1]
                let beforePrevious: Character = index >= 2 ? characters[index - 2] : " "
                if previous.isLetter, !beforePrevious.isLetter { continue }
                output.append(" ")
            default:
                continue
            }
        }
        return output
    }

    /// Splits a trailing question off: (text before, question), or `nil` when the text does not end
    /// with a question or nothing precedes it.
    static func splitTrailingQuestion(_ text: String) -> (String, String)? {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard trimmed.hasSuffix("?") else { return nil }
        let characters = Array(trimmed)
        var start = 0
        var index = characters.count - 2
        while index >= 0 {
            let character = characters[index]
            if character == "\n" {
                start = index + 1
                break
            }
            if ".!?".contains(character), index + 1 < characters.count, characters[index + 1] == " " {
                // skip single-letter abbreviations ("e.g. ", "U.S. ")
                let previous: Character = index >= 1 ? characters[index - 1] : " "
                let beforePrevious: Character = index >= 2 ? characters[index - 2] : " "
                if character == ".", previous.isLetter, beforePrevious == "." || !beforePrevious.isLetter && beforePrevious != " " {
                    index -= 1
                    continue
                }
                start = index + 1
                break
            }
            index -= 1
        }
        guard start > 0 else { return nil }
        let body = String(characters[..<start]).trimmingCharacters(in: .whitespacesAndNewlines)
        var question = String(characters[start...]).trimmingCharacters(in: .whitespacesAndNewlines)
        for label in ["follow-up question:", "follow up question:", "follow-up:", "follow up:", "question:"]
        where question.lowercased().hasPrefix(label) {
            question = String(question.dropFirst(label.count)).trimmingCharacters(in: .whitespaces)
            break
        }
        guard !body.isEmpty, !question.isEmpty, question != "?" else { return nil }
        return (body, question)
    }
}

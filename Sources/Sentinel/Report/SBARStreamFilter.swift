/// Decides, token by token, how much of a streamed SBAR report to show and when it is over.
///
/// The report ends at the end marker (``SBARPrompt/endMarker``, never shown), when the
/// Recommendation section is complete, or at the character cap (3,000 by default), whichever
/// comes first. The Recommendation section is complete when, after its heading and some text,
/// the model starts a new heading (any SBAR heading again, or a line such as "Note:"), or leaves
/// a blank line followed by something that is not a list item. Text that might still turn out
/// to be the marker or such a heading is held back until it is clear.
public struct SBARStreamFilter: Sendable {
    /// Why the filter ended the report.
    public enum Stop: String, Sendable, Hashable, Codable {
        /// The model wrote the end marker.
        case endMarker
        /// The Recommendation section was complete.
        case recommendationComplete
        /// The report reached the character cap.
        case characterLimit
        /// The model is not writing an SBAR report: no heading near the start, or a section
        /// (before the Recommendation) running on past ``SBARStreamFilter/sectionLimit`` characters.
        case formatLost
    }

    /// How far into the text the first heading must appear.
    public static let firstHeadingLimit = 200
    /// The most characters a section before the Recommendation may run without the next heading.
    public static let sectionLimit = 900

    /// The most characters shown.
    public let characterLimit: Int
    /// Everything received.
    private var received = ""
    /// How many characters of `received` were released.
    private var releasedCount = 0
    /// Why the report ended, once it has.
    public private(set) var stop: Stop?

    /// A filter with a cap of `characterLimit` characters (3,000 by default).
    public init(characterLimit: Int = SBARReportWriter.characterLimit) {
        self.characterLimit = characterLimit
    }

    /// The text released so far.
    public var text: String { String(received.prefix(releasedCount)) }

    /// Whether the report is over; later tokens are ignored.
    public var isDone: Bool { stop != nil }

    /// Takes the next piece of the stream and returns the text to show now (possibly empty).
    public mutating func feed(_ piece: String) -> String {
        guard stop == nil else { return "" }
        received += piece
        if let lostAt = Self.formatLost(in: received) {
            stop = .formatLost
            return release(upTo: min(lostAt, characterLimit))
        }
        let (end, reason) = Self.end(of: received)
        var releasable = end ?? (received.count - Self.holdBack(received))
        if let reason { stop = reason }
        if releasable > characterLimit {
            releasable = characterLimit
            stop = .characterLimit
        }
        return release(upTo: releasable)
    }

    /// The stream ended: releases what was held back (within the cap).
    public mutating func finish() -> String {
        guard stop == nil else { return "" }
        let (end, reason) = Self.end(of: received)
        var releasable = end ?? Self.trimmedEnd(received, received.count)
        if let reason { stop = reason }
        if releasable > characterLimit {
            releasable = characterLimit
            stop = .characterLimit
        }
        return release(upTo: releasable)
    }

    private mutating func release(upTo count: Int) -> String {
        guard count > releasedCount else { return "" }
        let start = received.index(received.startIndex, offsetBy: releasedCount)
        let end = received.index(received.startIndex, offsetBy: count)
        releasedCount = count
        return String(received[start..<end])
    }

    // MARK: Rules

    /// Where the text stopped looking like an SBAR report (a character count), or nil.
    static func formatLost(in text: String) -> Int? {
        let lines = lineRanges(text)
        var sectionStart: (section: SBARSection, offset: Int)?
        for range in lines {
            if let section = SBARSection.heading(of: text[range]) {
                sectionStart = (section, text.distance(from: text.startIndex, to: range.lowerBound))
            }
        }
        let leading = text.prefix { $0.isWhitespace }.count
        guard let sectionStart else {
            return text.count - leading > firstHeadingLimit ? trimmedEnd(text, leading) : nil
        }
        guard sectionStart.section != .recommendation else { return nil }
        return text.count - sectionStart.offset > sectionLimit ? trimmedEnd(text, text.count) : nil
    }

    /// Where the report ends in `text` (a character count), and why; nil while it goes on.
    static func end(of text: String) -> (Int?, Stop?) {
        var markerEnd: Int?
        if let range = text.range(of: SBARPrompt.endMarker) {
            markerEnd = text.distance(from: text.startIndex, to: range.lowerBound)
        }
        if let recommendationEnd = recommendationEnd(in: text), recommendationEnd <= (markerEnd ?? .max) {
            return (recommendationEnd, .recommendationComplete)
        }
        if let markerEnd { return (trimmedEnd(text, markerEnd), .endMarker) }
        return (nil, nil)
    }

    /// The end of a complete Recommendation section, as a character count.
    static func recommendationEnd(in text: String) -> Int? {
        let lines = lineRanges(text)
        guard let headingIndex = lines.firstIndex(where: { SBARSection.heading(of: text[$0]) == .recommendation }) else { return nil }
        // Text after the heading on its own line ("RECOMMENDATION: Call today") counts as content.
        let headingLine = text[lines[headingIndex]]
        var hasContent = headingLine.split(separator: ":", maxSplits: 1).count == 2
            && !headingLine.split(separator: ":", maxSplits: 1)[1].allSatisfy { $0.isWhitespace || $0 == "*" }
        var blankAfterContent = false
        for index in (headingIndex + 1)..<lines.count {
            let range = lines[index]
            let line = text[range]
            let complete = index < lines.count - 1 || text.hasSuffix("\n")
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.isEmpty {
                if hasContent && complete { blankAfterContent = true }
                continue
            }
            if !complete && trimmed.count < 2 { return nil }  // too early to tell what the line is
            let cut = trimmedEnd(text, text.distance(from: text.startIndex, to: range.lowerBound))
            if hasContent && (SBARSection.heading(of: line) != nil || looksLikeTrailer(trimmed)) { return cut }
            if blankAfterContent && !isListItem(trimmed) { return cut }
            hasContent = true
            blankAfterContent = false
        }
        return nil
    }

    /// How many trailing characters to hold back: a possible start of the end marker, trailing
    /// whitespace, or a last line after the recommendation that might still become a heading or
    /// a trailer.
    static func holdBack(_ text: String) -> Int {
        var hold = 0
        let marker = SBARPrompt.endMarker
        for length in stride(from: min(marker.count - 1, text.count), through: 1, by: -1)
        where text.hasSuffix(String(marker.prefix(length))) {
            hold = length
            break
        }
        // Trailing whitespace waits for what follows (the report never ends with it).
        hold = max(hold, text.reversed().prefix { $0.isWhitespace }.count)
        // After the recommendation heading, hold the trailing blank lines and the unfinished line.
        let lines = lineRanges(text)
        if lines.contains(where: { SBARSection.heading(of: text[$0]) == .recommendation }) {
            var held = 0
            if let last = lines.last, !text.hasSuffix("\n") {
                held = text.distance(from: last.lowerBound, to: text.endIndex)
            }
            let beforeLine = text.dropLast(held)
            let blankTail = beforeLine.reversed().prefix { $0 == "\n" || $0 == " " || $0 == "\t" }
            if blankTail.filter({ $0 == "\n" }).count >= 2 { held += blankTail.count }
            hold = max(hold, held)
        }
        return hold
    }

    static func isListItem(_ line: String) -> Bool {
        guard let first = line.first else { return false }
        if ["-", "*", "•", "·", "+"].contains(first) { return true }
        let digits = line.prefix { $0.isNumber }
        return !digits.isEmpty && [".", ")"].contains(line.dropFirst(digits.count).first ?? " ")
    }

    /// Lines a model adds after the report: notes, disclaimers, sign-offs, a new report.
    static func looksLikeTrailer(_ line: String) -> Bool {
        let lowered = line.lowercased().drop { $0 == "*" || $0 == "#" || $0 == " " }
        return ["note:", "disclaimer", "sbar report", "end of report", "references:", "sincerely", "best regards", "[end"]
            .contains { lowered.hasPrefix($0) }
    }

    /// `end` moved back over trailing whitespace.
    static func trimmedEnd(_ text: String, _ end: Int) -> Int {
        var end = end
        while end > 0, text[text.index(text.startIndex, offsetBy: end - 1)].isWhitespace { end -= 1 }
        return end
    }

    static func lineRanges(_ text: String) -> [Range<String.Index>] {
        var ranges: [Range<String.Index>] = []
        var start = text.startIndex
        while start < text.endIndex {
            let end = text[start...].firstIndex(of: "\n") ?? text.endIndex
            ranges.append(start..<end)
            start = end < text.endIndex ? text.index(after: end) : text.endIndex
        }
        return ranges
    }
}

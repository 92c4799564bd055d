/// The four sections of an SBAR report, in order.
public enum SBARSection: String, Sendable, Hashable, Codable, CaseIterable, Comparable {
    /// What is happening now.
    case situation
    /// The context: history and what led here.
    case background
    /// What the data says.
    case assessment
    /// What the recipient should do.
    case recommendation

    public static func < (lhs: SBARSection, rhs: SBARSection) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }

    /// The heading as reports write it ("SITUATION").
    public var heading: String { rawValue.uppercased() }

    /// The section a line is the heading of: the section's name (or "recommendations") at the
    /// start of the line, after optional markdown (`#`, `*`, `**`) or a letter label ("S:", "S -"),
    /// followed by a colon, dash, markdown or the end of the line. Case does not matter.
    public static func heading(of line: Substring) -> SBARSection? {
        var text = line.drop { $0 == " " || $0 == "#" || $0 == "*" || $0 == "_" || $0 == "\t" }
        // "S: Situation", "1. Situation", "S - Situation"
        if let first = text.first, text.count > 2, first.isLetter || first.isNumber {
            let afterLabel = text.dropFirst().drop { $0 == " " }
            if let separator = afterLabel.first, [":", ".", "-", ")"].contains(separator) {
                let rest = afterLabel.dropFirst().drop { $0 == " " || $0 == "*" }
                if section(startingWith: rest) != nil { text = rest }
            }
        }
        return section(startingWith: text)
    }

    private static func section(startingWith text: Substring) -> SBARSection? {
        let lowered = text.lowercased()
        for section in allCases {
            let names = section == .recommendation ? ["recommendations", "recommendation"] : [section.rawValue]
            for name in names where lowered.hasPrefix(name) {
                let rest = lowered.dropFirst(name.count)
                guard let next = rest.first else { return section }
                if [":", "*", "-", "–", "—", "_", "#", " ", "\r"].contains(next) {
                    let tail = rest.drop { $0 == " " || $0 == "*" || $0 == "_" }
                    // "Situation is stable" is prose, not a heading.
                    if next == " ", let after = tail.first, ![":", "-", "–", "—"].contains(after) { continue }
                    return section
                }
            }
        }
        return nil
    }

    /// The sections whose headings appear in `text`, each once, in order of first appearance.
    public static func sections(in text: String) -> [SBARSection] {
        var found: [SBARSection] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: true) {
            if let section = heading(of: line), !found.contains(section) { found.append(section) }
        }
        return found
    }
}

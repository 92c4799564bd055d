import Foundation

/// Reads the text of a scanned paper Stanley–Brown worksheet (OCR output) into a ``SafetyPlan``.
///
/// Sections are found by their headings, tolerant of how worksheets and OCR write them:
/// "Step 1: Warning signs", "STEP 2 - Internal coping strategies", "3. People and social settings
/// that provide distraction", "Stcp 5: ..." (a "Step" line is a heading by its number alone, even
/// when OCR garbled the words), "Reasons for living:". Numbered lines under a heading
/// ("1. ______", "2) Isolating myself") are entries, not headings, unless they carry a heading's
/// words. Blank lines, underscores, form labels ("Name:", "Phone:", "Places:") and the template's
/// copyright footer are dropped.
///
/// Phone numbers are extracted from each entry (``PhoneNumberExtractor``); a line holding only a
/// number gives it to the entry before it. Contacts under "people to ask for help" and
/// "professionals and agencies" are sorted by ``SafetyPlanContactClassifier``: a clinician,
/// clinic or hotline written under people goes to professionals, a family member written under
/// professionals goes to people. Text before the first heading is ignored.
public struct SafetyPlanWorksheetParser: Sendable {
    /// What was read, with notes on what was moved or skipped.
    public struct Result: Sendable, Hashable {
        /// The plan.
        public var plan: SafetyPlan
        /// The sections whose headings were found, in the order they appeared.
        public var sectionsFound: [SafetyPlanSection]
        /// What the parser did that the person may want to check ("Moved 'Dr. Lee' to professionals").
        public var notes: [String]
    }

    /// Creates a parser.
    public init() {}

    /// Reads `text`.
    /// - Throws: ``SafetyPlanError/noSectionsFound`` when no heading is recognised.
    public func parse(_ text: String) throws(SafetyPlanError) -> Result {
        var current: SafetyPlanSection?
        var found: [SafetyPlanSection] = []
        var raw: [(section: SafetyPlanSection, entry: SafetyPlanEntry)] = []
        var notes: [String] = []

        var headingContinues = false
        for rawLine in text.components(separatedBy: .newlines) {
            let line = Self.normalize(rawLine)
            guard !line.isEmpty else { continue }
            if Self.isFooter(line) { continue }
            if let heading = Self.heading(in: line) {
                current = heading.section
                if !found.contains(heading.section) { found.append(heading.section) }
                if let rest = heading.remainder, let entry = Self.entry(from: rest) { raw.append((heading.section, entry)) }
                // A heading broken over two lines: the second ends with the colon.
                headingContinues = heading.remainder == nil && !line.hasSuffix(":")
                continue
            }
            if headingContinues {
                headingContinues = false
                if line.hasSuffix(":") && !Self.startsWithListNumber(line) { continue }
            }
            guard let section = current else { continue }
            let previous = raw.indices.last.flatMap { raw[$0].section == section ? $0 : nil }
            let (label, rest) = Self.splitLabel(line)
            if let label, label.kind == .address {
                if let previous, !rest.isEmpty { raw[previous].entry.text += ", " + rest }
                continue
            }
            if let label, label.kind == .phone {
                let phones = PhoneNumberExtractor.matches(in: rest)
                guard let phone = phones.first else { continue }
                // "Phone: …" under a named entry belongs to it, unless it names a crisis line of its own.
                let ownLine = PhoneNumberExtractor.isServiceNumber(phone.number)
                    || (label.title.map { $0.lowercased().contains("lifeline") || $0.lowercased().contains("crisis") } ?? false)
                if !ownLine, let previous, raw[previous].entry.phone == nil {
                    raw[previous].entry.phone = phone.number
                } else {
                    raw.append((section, SafetyPlanEntry(text: label.title ?? phone.number, phone: phone.number)))
                }
                continue
            }
            if label == nil, let previous, raw[previous].entry.phone == nil {
                // A line that is only a number belongs to the entry before it.
                let phones = PhoneNumberExtractor.matches(in: line)
                if let phone = phones.first, phones.count == 1, Self.isOnlyPhone(line, match: phone) {
                    raw[previous].entry.phone = phone.number
                    continue
                }
            }
            if let entry = Self.entry(from: rest) { raw.append((section, entry)) }
        }
        guard !found.isEmpty else { throw .noSectionsFound }

        var entries: [SafetyPlanSection: [SafetyPlanEntry]] = [:]
        for (section, entry) in raw {
            var target = section
            let kind = entry.contactKind
            if section == .peopleToAsk, kind == .professional {
                target = .professionals
                notes.append("Moved \"\(entry.text)\" from \(section.title.lowercased()) to \(target.title.lowercased()) (a professional contact).")
            } else if section == .professionals, kind == .personal, SafetyPlanContactClassifier.namesRelationship(entry.text) {
                target = .peopleToAsk
                notes.append("Moved \"\(entry.text)\" from \(section.title.lowercased()) to \(target.title.lowercased()) (a personal contact).")
            }
            if entry.isCrisisLine || SafetyPlan.namesCrisisLine(entry.text) {
                notes.append("\"\(entry.text)\" is the 988 line, which every plan lists already.")
                continue
            }
            entries[target, default: []].append(entry)
        }
        return Result(plan: SafetyPlan(entries), sectionsFound: found, notes: notes)
    }

    // MARK: Headings

    /// Words that identify each section's heading (lowercased, after OCR normalisation).
    static let headingKeywords: [(SafetyPlanSection, [String])] = [
        (.warningSigns, ["warning sign", "waming sign", "warnlng sign", "warning signs"]),
        (.copingStrategies, ["internal coping", "coping strateg", "coping skill", "things i can do to take my mind off"]),
        (.distraction, ["social settings", "social setting", "provide distraction", "places for distraction",
                        "people and places", "for distraction"]),
        (.peopleToAsk, ["ask for help", "people whom i can ask", "people i can ask", "people to ask", "people to call"]),
        (.professionals, ["professionals or agencies", "professionals and agencies", "professional or agenc",
                          "agencies i can contact", "professionals i can contact", "professional contacts"]),
        (.environmentSafety, ["environment safe", "safe environment", "environment is safe", "lethal means",
                              "making the environment", "make the environment", "means safety"]),
        (.reasonsForLiving, ["reason for living", "reasons for living", "reasons to live", "worth living for",
                             "reason to live", "most important to me"]),
    ]

    private static let stepPattern = try! NSRegularExpression(
        pattern: #"^\s*(?:st[e3c]p|5tep|sfep)\s*#?\s*([1-7l|])(?![0-9])\s*[:.\-–—)]?\s*"#, options: [.caseInsensitive])
    private static let numberPattern = try! NSRegularExpression(pattern: #"^\s*([1-7])\s*[.):\-]\s*"#)

    /// The section a line is the heading of, and any entry written after the heading's colon.
    static func heading(in line: String) -> (section: SafetyPlanSection, remainder: String?)? {
        let lowered = line.lowercased()
        let whole = NSRange(line.startIndex..., in: line)
        var stepNumber: SafetyPlanSection?
        var body = lowered
        if let match = stepPattern.firstMatch(in: line, range: whole),
           let digitRange = Range(match.range(at: 1), in: line), let end = Range(match.range, in: line)?.upperBound {
            let digit = line[digitRange] == "l" || line[digitRange] == "|" ? "1" : String(line[digitRange])
            stepNumber = Int(digit).flatMap(SafetyPlanSection.init(rawValue:))
            body = String(line[end...]).lowercased()
        } else if let match = numberPattern.firstMatch(in: line, range: whole), let end = Range(match.range, in: line)?.upperBound {
            body = String(line[end...]).lowercased()
        }
        // The keyword must open the heading (allowing a few words before it), so that an entry
        // such as "Call someone to ask for help" is not taken for a heading.
        var best: (section: SafetyPlanSection, end: String.Index)?
        for (section, keywords) in headingKeywords {
            for keyword in keywords {
                guard let range = body.range(of: keyword) else { continue }
                let before = body[..<range.lowerBound].split(whereSeparator: \.isWhitespace).count
                let limit = section == .reasonsForLiving ? 6 : 2
                guard before <= limit else { continue }
                if best == nil || range.lowerBound < best!.end { best = (section, range.upperBound) }
            }
        }
        let section: SafetyPlanSection
        if let stepNumber {
            section = stepNumber
        } else if let best {
            // Without "Step N", a heading is short or ends with a colon; a long sentence is an entry.
            let words = body.split(whereSeparator: \.isWhitespace).count
            guard words <= 14 || line.hasSuffix(":") else { return nil }
            section = best.section
        } else {
            return nil
        }
        // A heading written as a sentence ends at its colon; anything after it is an entry.
        var remainder: String?
        if let end = best?.end, let colon = body[end...].firstIndex(of: ":") {
            let rest = body[body.index(after: colon)...]
            // Keep the original case: take the same number of trailing characters from the line.
            let tail = String(line.suffix(rest.count)).trimmingCharacters(in: .whitespaces)
            if !tail.isEmpty { remainder = tail }
        }
        return (section, remainder)
    }

    // MARK: Lines

    /// OCR clean-up: unify dashes and quotes, drop underscores and leader dots, trim.
    static func normalize(_ line: String) -> String {
        var text = line.replacingOccurrences(of: "\u{2019}", with: "'").replacingOccurrences(of: "\u{2018}", with: "'")
            .replacingOccurrences(of: "\t", with: " ")
        text = text.replacingOccurrences(of: #"_{2,}|\.{4,}"#, with: " ", options: .regularExpression)
        text = text.replacingOccurrences(of: #"\s{2,}"#, with: " ", options: .regularExpression)
        return text.trimmingCharacters(in: .whitespaces)
    }

    /// The template's copyright and reprint notice, page numbers and titles.
    static func isFooter(_ line: String) -> Bool {
        let lowered = line.lowercased()
        return lowered.contains("©") || lowered.contains("copyright") || lowered.contains("reprinted")
            || lowered.contains("express permission") || lowered.contains("all rights reserved")
            || lowered.contains("safety plan template") || lowered.hasPrefix("page ")
            || lowered.range(of: #"^\s*patient safety plan\s*$"#, options: .regularExpression) != nil
            || lowered.contains("without their express")
    }

    /// A worksheet form label ("Name:", "Phone:", "Urgent Care Services Address:").
    struct Label: Hashable {
        enum Kind { case name, phone, address }
        /// What the label says the rest is.
        var kind: Kind
        /// For a named phone label ("Suicide Prevention Lifeline Phone:"), the name to use as
        /// the entry's text; nil for a plain "Phone:".
        var title: String?
    }

    private static let labelPattern = try! NSRegularExpression(
        pattern: #"^\s*(?:\(?[0-9]{1,2}[.)]\s*)?([A-Za-z][A-Za-z /&'#]{0,50}?)\s*#?\s*:\s*(.*)$"#)

    /// The worksheet's form labels, lowercased, by kind.
    static let nameLabels: Set<String> = [
        "name", "names", "place", "places", "clinician name", "clinician", "counselor", "therapist", "doctor",
        "local urgent care services", "urgent care services", "local emergency services", "emergency services",
        "local emergency department", "emergency department", "contact", "contact name", "agency",
    ]
    static let addressLabels: Set<String> = ["address", "urgent care services address", "emergency services address",
                                             "local urgent care services address", "location"]

    /// Splits a form label off a line: the label (if the text before the first colon is one)
    /// and the rest of the line (the whole line without a label, list number removed).
    static func splitLabel(_ line: String) -> (Label?, String) {
        let unnumbered = line.replacingOccurrences(of: #"^\s*(?:\(?[0-9]{1,2}[.)]|[-*•·]\s)\s*"#, with: "",
                                                   options: .regularExpression)
        let whole = NSRange(line.startIndex..., in: line)
        guard let match = labelPattern.firstMatch(in: line, range: whole),
              let labelRange = Range(match.range(at: 1), in: line), let restRange = Range(match.range(at: 2), in: line)
        else { return (nil, unnumbered) }
        let original = line[labelRange].trimmingCharacters(in: .whitespaces)
        let label = original.lowercased().replacingOccurrences(of: "#", with: "").trimmingCharacters(in: .whitespaces)
        let rest = String(line[restRange]).trimmingCharacters(in: .whitespaces)
        if nameLabels.contains(label) { return (Label(kind: .name), rest) }
        if addressLabels.contains(label) { return (Label(kind: .address), rest) }
        let words = label.split(separator: " ")
        if let last = words.last, ["phone", "number", "pager", "cell", "mobile", "tel", "telephone"].contains(String(last))
            || label.hasSuffix("emergency contact") || label.contains("pager") {
            let titleWords = original.split(separator: " ").filter {
                !["phone", "number", "pager", "cell", "mobile", "tel", "telephone", "or", "emergency", "contact", "#"]
                    .contains($0.lowercased().trimmingCharacters(in: CharacterSet(charactersIn: "#")))
                    && !["clinician"].contains($0.lowercased())
            }
            let title = titleWords.isEmpty ? nil : titleWords.joined(separator: " ")
            return (Label(kind: .phone, title: title), rest)
        }
        return (nil, unnumbered)
    }

    static func startsWithListNumber(_ line: String) -> Bool {
        line.range(of: #"^\s*\(?[0-9]{1,2}[.)]"#, options: .regularExpression) != nil
    }

    /// An entry from a content line, or nil for an empty line or a bare list number.
    static func entry(from line: String) -> SafetyPlanEntry? {
        var text = line.replacingOccurrences(of: #"^\s*(?:\(?[0-9]{1,2}[.)]|[-*•·]\s)\s*"#, with: "", options: .regularExpression)
        text = text.trimmingCharacters(in: CharacterSet(charactersIn: " :;,-–—.").union(.whitespaces))
        guard !text.isEmpty, text.contains(where: { $0.isLetter || $0.isNumber }) else { return nil }
        let entry = SafetyPlanEntry(parsing: text)
        return entry.text.isEmpty ? nil : entry
    }

    /// Whether a line is nothing but one phone number and a label ("Phone: (555) 123-4567").
    static func isOnlyPhone(_ line: String, match: PhoneNumberExtractor.Match) -> Bool {
        var rest = line
        rest.removeSubrange(match.range)
        let words = rest.lowercased().split(whereSeparator: { !$0.isLetter })
        return words.allSatisfy { ["phone", "tel", "cell", "mobile", "number", "ph", "pager", "call"].contains(String($0)) }
    }
}

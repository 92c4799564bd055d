import Foundation

/// A Stanley–Brown safety plan: seven sections of the person's own words and contacts.
///
/// The professionals section always starts with the 988 Suicide & Crisis Lifeline
/// (``SafetyPlan/crisisLine``): it is not stored, it is added whenever the plan is read, and it
/// cannot be removed. Entries the person adds with the number 988 are folded into it.
public struct SafetyPlan: Sendable, Hashable, Codable {
    /// The 988 entry every plan shows first under professionals and agencies.
    public static let crisisLine = SafetyPlanEntry(
        text: "988 Suicide & Crisis Lifeline — press 1 for the Veterans Crisis Line (or text 838255)", phone: "988")

    /// The person's own entries by section (the crisis line is not among them).
    public private(set) var ownEntries: [SafetyPlanSection: [SafetyPlanEntry]]

    /// An empty plan (which still lists 988).
    public init() { ownEntries = [:] }

    /// A plan with the given entries; empty entries and 988 duplicates are dropped.
    public init(_ entries: [SafetyPlanSection: [SafetyPlanEntry]]) {
        ownEntries = [:]
        for section in SafetyPlanSection.allCases {
            for entry in entries[section] ?? [] { _ = try? add(entry, to: section) }
        }
    }

    /// The entries of `section` as the person reads them; professionals start with 988.
    public func entries(in section: SafetyPlanSection) -> [SafetyPlanEntry] {
        let own = ownEntries[section] ?? []
        return section == .professionals ? [Self.crisisLine] + own : own
    }

    /// Whether the person has written nothing yet.
    public var isEmpty: Bool { ownEntries.values.allSatisfy(\.isEmpty) }

    /// Adds an entry at the end of `section`. An entry whose number is 988 is already in the
    /// plan (the crisis line) and is not added again; the return value says whether it was added.
    @discardableResult
    public mutating func add(_ entry: SafetyPlanEntry, to section: SafetyPlanSection) throws(SafetyPlanError) -> Bool {
        guard !entry.text.isEmpty else { throw .emptyEntry(section: section) }
        if entry.isCrisisLine || (entry.phone == nil && Self.namesCrisisLine(entry.text)) { return false }
        if (ownEntries[section] ?? []).contains(entry) { return false }
        ownEntries[section, default: []].append(entry)
        return true
    }

    /// Adds a line of text to `section`; a phone number in it becomes the entry's number.
    @discardableResult
    public mutating func add(text: String, to section: SafetyPlanSection) throws(SafetyPlanError) -> Bool {
        try add(SafetyPlanEntry(parsing: text), to: section)
    }

    /// Removes the entry at the 1-based `index` of `section` as ``entries(in:)`` lists it, and
    /// returns it. The crisis line (entry 1 of professionals) cannot be removed.
    @discardableResult
    public mutating func remove(at index: Int, from section: SafetyPlanSection) throws(SafetyPlanError) -> SafetyPlanEntry {
        let shown = entries(in: section)
        guard index >= 1, index <= shown.count else {
            throw .indexOutOfRange(section: section, index: index, count: shown.count)
        }
        if section == .professionals {
            guard index > 1 else { throw .crisisLineRequired }
            return ownEntries[section]!.remove(at: index - 2)
        }
        return ownEntries[section]!.remove(at: index - 1)
    }

    /// Whether the plan lists at least one person to ask for help.
    public var hasHelpContact: Bool { !(ownEntries[.peopleToAsk] ?? []).isEmpty }

    /// Gaps worth telling the person about: no one to ask for help, or no number to reach them.
    public var warnings: [String] {
        let helpers = ownEntries[.peopleToAsk] ?? []
        if helpers.isEmpty {
            return ["No one is listed under \"\(SafetyPlanSection.peopleToAsk.title)\". Add at least one person you can "
                    + "call, e.g. sentinel plan add help \"Mike (battle buddy) 555-201-7788\"."]
        }
        if helpers.allSatisfy({ $0.phone == nil }) {
            return ["No phone number is listed for anyone under \"\(SafetyPlanSection.peopleToAsk.title)\"; add a number "
                    + "so you can reach them quickly."]
        }
        return []
    }

    /// The plan as terminal text, sections in `order` (the worksheet's order by default), with
    /// 1-based entry numbers for `sentinel plan remove`.
    public func text(order: [SafetyPlanSection] = SafetyPlanSection.allCases) -> String {
        var lines: [String] = []
        for section in order {
            lines.append("\(section.rawValue). \(section.title) [\(section.key)]")
            let entries = entries(in: section)
            if entries.isEmpty { lines.append("   (nothing yet)") }
            for (offset, entry) in entries.enumerated() { lines.append("   \(offset + 1). \(entry)") }
        }
        return lines.joined(separator: "\n")
    }

    /// Whether text without a number names the 988 line ("988 Lifeline", "Veterans Crisis Line").
    static func namesCrisisLine(_ text: String) -> Bool {
        let lowered = text.lowercased()
        return lowered.contains("veterans crisis line") || lowered.contains("988 lifeline")
            || lowered.contains("988 suicide") || lowered == "988"
    }

    // MARK: Codable

    private struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    /// Decodes `{"warningSigns": […], "copingStrategies": […], …}`: each section a list of strings
    /// or `{"text", "phone"}` objects; missing sections are empty; unknown keys are an error.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Key.self)
        var entries: [SafetyPlanSection: [SafetyPlanEntry]] = [:]
        for key in container.allKeys {
            guard let section = SafetyPlanSection(argument: key.stringValue) else {
                throw DecodingError.dataCorruptedError(forKey: key, in: container,
                                                       debugDescription: "unknown section \"\(key.stringValue)\"")
            }
            entries[section, default: []] += try container.decode([SafetyPlanEntry].self, forKey: key)
        }
        self.init(entries)
    }

    /// Encodes every section under its ``SafetyPlanSection/jsonKey`` as the person reads it
    /// (988 included).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        for section in SafetyPlanSection.allCases {
            try container.encode(entries(in: section), forKey: Key(stringValue: section.jsonKey))
        }
    }

    /// Reads a plan from a JSON file (see ``init(from:)``).
    public static func load(jsonFile path: String) throws(SafetyPlanError) -> SafetyPlan {
        let data: Data
        do { data = try Data(contentsOf: URL(fileURLWithPath: path)) } catch {
            throw .unreadable(path: path, reason: (error as NSError).localizedDescription)
        }
        do { return try JSONDecoder().decode(SafetyPlan.self, from: data) } catch {
            throw .invalidJSON(path: path, reason: Self.describe(error))
        }
    }

    static func describe(_ error: any Error) -> String {
        switch error {
        case DecodingError.dataCorrupted(let context), DecodingError.typeMismatch(_, let context),
             DecodingError.keyNotFound(_, let context), DecodingError.valueNotFound(_, let context):
            let path = context.codingPath.map(\.stringValue).joined(separator: ".")
            return path.isEmpty ? context.debugDescription : "\(path): \(context.debugDescription)"
        default:
            return "\(error)"
        }
    }
}

extension SafetyPlanEntry {
    /// An entry from a line of text: the first phone number in it becomes ``phone`` and is taken
    /// out of the text ("Mom 555-123-4567" → text "Mom", phone "(555) 123-4567").
    public init(parsing line: String) {
        let matches = PhoneNumberExtractor.matches(in: line)
        guard let first = matches.first else {
            self.init(text: line)
            return
        }
        var text = line
        text.removeSubrange(first.range)
        self.init(text: SafetyPlanEntry.tidy(text), phone: first.number)
        if self.text.isEmpty { self.text = first.number }
    }

    /// Removes the punctuation and labels left around a removed number ("Mom - ", "Phone:").
    static func tidy(_ text: String) -> String {
        var result = text.replacingOccurrences(of: #"(?i)\b(phone|tel|cell|mobile|number|ph|#)\s*[:.#]?\s*$"#, with: "",
                                               options: .regularExpression)
        result = result.replacingOccurrences(of: #"\(\s*\)"#, with: "", options: .regularExpression)
        result = result.replacingOccurrences(of: #"\s{2,}"#, with: " ", options: .regularExpression)
        return result.trimmingCharacters(in: CharacterSet(charactersIn: " \t,;:-–—/|").union(.whitespaces))
    }
}

/// Answers to the C-SSRS screener, item by item (`true` is "yes").
public struct CSSRSAnswers: Sendable, Hashable, Codable {
    /// The answers given so far.
    public private(set) var values: [CSSRSItem: Bool]

    /// Answers from a dictionary (not checked; see ``CSSRSScreener/validate(_:)``).
    public init(_ values: [CSSRSItem: Bool] = [:]) {
        self.values = values
    }

    /// The answer to `item`, or nil when it was not answered.
    public subscript(item: CSSRSItem) -> Bool? {
        get { values[item] }
        set { values[item] = newValue }
    }

    /// The items answered "yes", in questionnaire order.
    public var positiveItems: [CSSRSItem] { values.filter(\.value).map(\.key).sorted() }

    public init(from decoder: any Decoder) throws {
        let raw = try decoder.singleValueContainer().decode([String: Bool].self)
        var values: [CSSRSItem: Bool] = [:]
        for (key, value) in raw {
            guard let item = CSSRSItem(rawValue: key) else {
                throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath,
                                                        debugDescription: "unknown C-SSRS item '\(key)'"))
            }
            values[item] = value
        }
        self.values = values
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(Dictionary(uniqueKeysWithValues: values.map { ($0.key.rawValue, $0.value) }))
    }
}

/// The scored screener: the deterministic risk tier and what led to it.
public struct CSSRSResult: Sendable, Hashable, Codable {
    /// The complete, consistent answers.
    public var answers: CSSRSAnswers
    /// The tier from the C-SSRS triage rules; the floor of every check-in.
    public var tier: RiskTier
    /// The "yes" items that set the tier (those whose own tier equals it), in order.
    public var decisiveItems: [CSSRSItem]
    /// Columbia's triage level for the tier (low, moderate, high).
    public var triage: ColumbiaTriage
    /// The answered items with their LOINC codes, in questionnaire order, for export.
    public var observations: [CSSRSObservation]

    /// Creates a result.
    public init(answers: CSSRSAnswers, tier: RiskTier, decisiveItems: [CSSRSItem]) {
        self.answers = answers
        self.tier = tier
        self.decisiveItems = decisiveItems
        self.triage = tier.columbiaTriage
        self.observations = answers.values.sorted { $0.key < $1.key }
            .map { CSSRSObservation(item: $0.key.rawValue, number: $0.key.number, loinc: $0.key.loincCode, answer: $0.value) }
    }
}

/// One answered screener item as an exportable observation (LOINC-coded).
public struct CSSRSObservation: Sendable, Hashable, Codable {
    /// The item id (`wish_dead`, …).
    public var item: String
    /// The printed item number ("1" … "6", "6b").
    public var number: String
    /// The item's LOINC code.
    public var loinc: String
    /// The answer (`true` is yes).
    public var answer: Bool

    /// Creates an observation.
    public init(item: String, number: String, loinc: String, answer: Bool) {
        self.item = item
        self.number = number
        self.loinc = loinc
        self.answer = answer
    }
}

/// The C-SSRS screener's skip logic and triage rules. Deterministic; no model involved.
///
/// Skip logic: items 1 and 2 are always asked. If item 2 is "yes", items 3, 4 and 5 follow;
/// if "no", the screener goes straight to item 6. If item 6 is "yes", 6b asks whether it was
/// within the past 3 months.
///
/// Triage: no "yes" is green; "yes" to 1 and/or 2 only is yellow (Columbia: low); "yes" to 3, or
/// to 6 with the behaviour earlier in life only, is orange, "high monitoring" (Columbia:
/// moderate); "yes" to 4 or 5, or to 6b (behaviour within the past 3 months), is red, "crisis"
/// (Columbia: high), with no model wait.
/// Answer sets that break the skip logic are rejected with ``CSSRSError``.
public enum CSSRSScreener {
    /// The item to ask next, or nil when the screener is complete.
    public static func nextItem(after answers: CSSRSAnswers) -> CSSRSItem? {
        applicableItems(given: answers).first { answers[$0] == nil }
    }

    /// The items the skip logic asks, given the answers so far, in order.
    public static func applicableItems(given answers: CSSRSAnswers) -> [CSSRSItem] {
        var items: [CSSRSItem] = [.wishDead, .suicidalThoughts]
        if answers[.suicidalThoughts] == true { items += [.method, .intent, .plan] }
        items.append(.behavior)
        if answers[.behavior] == true { items.append(.behaviorPastThreeMonths) }
        return items
    }

    /// Why an item is skipped, or nil when the skip logic asks it.
    static func skipReason(for item: CSSRSItem, given answers: CSSRSAnswers) -> String? {
        switch item {
        case .method, .intent, .plan:
            return answers[.suicidalThoughts] == true ? nil : "it is only asked when suicidal_thoughts (item 2) is yes"
        case .behaviorPastThreeMonths:
            return answers[.behavior] == true ? nil : "it is only asked when behavior (item 6) is yes"
        default:
            return nil
        }
    }

    /// Checks that every item the skip logic asks is answered and no skipped item is.
    public static func validate(_ answers: CSSRSAnswers) throws(CSSRSError) {
        for item in CSSRSItem.allCases where answers[item] != nil {
            if let reason = skipReason(for: item, given: answers) { throw .notApplicable(item, reason: reason) }
        }
        if let missing = nextItem(after: answers) { throw .incomplete(missing: missing) }
    }

    /// The tier from whatever has been answered: a floor that more answers can only raise.
    ///
    /// Used to decide what to show when a check-in stops before the end.
    public static func floorTier(of answers: CSSRSAnswers) -> RiskTier {
        answers.positiveItems.map(\.tierIfYes).max() ?? .green
    }

    /// Scores complete answers.
    public static func score(_ answers: CSSRSAnswers) throws(CSSRSError) -> CSSRSResult {
        try validate(answers)
        let tier = floorTier(of: answers)
        let decisive = answers.positiveItems.filter { $0.tierIfYes == tier }
        return CSSRSResult(answers: answers, tier: tier, decisiveItems: decisive)
    }
}

/// Reads a yes/no answer typed by a person.
public enum YesNoAnswer {
    /// `true` for yes, `false` for no, nil when the text is neither
    /// (accepts y/yes/yeah/yep/true/1 and n/no/nope/false/0, any case, surrounding spaces and a final period).
    public static func parse(_ text: String) -> Bool? {
        var word = text.lowercased()
        word = String(word.drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
        if word.hasSuffix(".") || word.hasSuffix("!") { word.removeLast() }
        switch word {
        case "y", "yes", "yeah", "yep", "true", "1": return true
        case "n", "no", "nope", "false", "0": return false
        default: return nil
        }
    }
}

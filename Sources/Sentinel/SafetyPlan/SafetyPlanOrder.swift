/// An order of the seven safety-plan sections: which to show first in a crisis.
public struct SafetyPlanOrder: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The sections, most useful now first; always all seven, each once.
    public let sections: [SafetyPlanSection]

    /// An order from a list that holds each of the seven sections exactly once; nil otherwise.
    public init?(_ sections: [SafetyPlanSection]) {
        guard sections.count == SafetyPlanSection.allCases.count, Set(sections).count == sections.count else { return nil }
        self.sections = sections
    }

    /// The worksheet's own order, 1 to 7.
    public static let worksheet = SafetyPlanOrder(unchecked: SafetyPlanSection.allCases)

    private init(unchecked sections: [SafetyPlanSection]) { self.sections = sections }

    /// The sections the crisis view opens (the first three).
    public var top: [SafetyPlanSection] { Array(sections.prefix(3)) }

    /// The order as digits, e.g. "2143567".
    public var digits: String { sections.map { String($0.rawValue) }.joined() }

    public var description: String { digits }

    /// Reads a model's answer: accepted only when its digits are exactly a permutation of 1–7
    /// (seven digits, each of 1…7 once, nothing else that is a digit). Separators and words
    /// between the digits are allowed ("2, 1, 4, 3, 5, 6, 7", "Order: 2143567"); duplicates, a
    /// 0, 8 or 9, six or eight digits, or prose without the digits are rejected with a reason.
    public static func parse(_ answer: String) -> Result<SafetyPlanOrder, Rejection> {
        let digits = answer.filter { $0.isASCII && $0.isNumber }
        guard !digits.isEmpty else { return .failure(.noDigits) }
        if let invalid = digits.first(where: { !("1"..."7").contains($0) }) { return .failure(.digitOutOfRange(invalid)) }
        guard digits.count == 7 else { return .failure(.wrongCount(digits.count)) }
        let sections = digits.compactMap { Int(String($0)).flatMap(SafetyPlanSection.init(rawValue:)) }
        guard let order = SafetyPlanOrder(sections) else {
            var seen = Set<Character>()
            let repeated = digits.first { !seen.insert($0).inserted } ?? "?"
            return .failure(.duplicate(repeated))
        }
        return .success(order)
    }

    /// Why a model's answer is not an order.
    public enum Rejection: Error, Sendable, Hashable, CustomStringConvertible {
        /// The answer holds no digits.
        case noDigits
        /// A digit outside 1–7.
        case digitOutOfRange(Character)
        /// Not exactly seven digits.
        case wrongCount(Int)
        /// A section listed twice.
        case duplicate(Character)

        public var description: String {
            switch self {
            case .noDigits: return "the answer has no section numbers"
            case .digitOutOfRange(let digit): return "the answer has \(digit), which is not a section number (1–7)"
            case .wrongCount(let count): return "the answer has \(count) digit\(count == 1 ? "" : "s"), not 7"
            case .duplicate(let digit): return "the answer lists section \(digit) more than once"
            }
        }
    }

    /// The deterministic order for a primary driver, used when the model's order is missing or invalid.
    ///
    /// - sleep: coping strategies first (wind-down routines), then warning signs, distraction,
    ///   people, professionals, environment, reasons.
    /// - cssrs: professional contacts first (the screener found ideation), then making the
    ///   environment safe, people to ask, warning signs, coping, reasons, distraction.
    /// - mood: people to ask first, then coping, distraction, reasons, warning signs,
    ///   professionals, environment.
    /// - activity: distraction (people and places) first, then coping, people, warning signs,
    ///   reasons, professionals, environment.
    /// - hrv: coping strategies first (calming the body), then warning signs, people,
    ///   professionals, distraction, environment, reasons.
    /// - combined or unknown (default): making the environment safe first (lethal means), then
    ///   professionals, people to ask, warning signs, coping, distraction, reasons.
    public static func fallback(for driver: PrimaryDriver?) -> SafetyPlanOrder {
        let numbers: [Int]
        switch driver {
        case .sleep: numbers = [2, 1, 3, 4, 5, 6, 7]
        case .cssrs: numbers = [5, 6, 4, 1, 2, 7, 3]
        case .mood: numbers = [4, 2, 3, 7, 1, 5, 6]
        case .activity: numbers = [3, 2, 4, 1, 7, 5, 6]
        case .hrv: numbers = [2, 1, 4, 5, 3, 6, 7]
        case .combined, nil: numbers = [6, 5, 4, 1, 2, 3, 7]
        }
        return SafetyPlanOrder(unchecked: numbers.compactMap(SafetyPlanSection.init(rawValue:)))
    }
}

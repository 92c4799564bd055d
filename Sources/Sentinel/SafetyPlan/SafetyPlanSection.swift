/// The seven sections of a Stanley–Brown safety plan, in the worksheet's order (1–7).
///
/// The raw value is the section's number on the worksheet, which is also the digit the
/// reranking model answers with (see ``SafetyPlanOrder``).
public enum SafetyPlanSection: Int, Sendable, Hashable, Codable, CaseIterable, Comparable, CustomStringConvertible {
    /// 1. Warning signs that a crisis may be developing.
    case warningSigns = 1
    /// 2. Internal coping strategies: things to do alone to take the mind off problems.
    case copingStrategies = 2
    /// 3. People and social settings that provide distraction.
    case distraction = 3
    /// 4. People to ask for help.
    case peopleToAsk = 4
    /// 5. Professionals and agencies to contact in a crisis (988 is always listed).
    case professionals = 5
    /// 6. Making the environment safe: distance from lethal means.
    case environmentSafety = 6
    /// 7. Reasons for living: the one thing most important and worth living for.
    case reasonsForLiving = 7

    public static func < (lhs: SafetyPlanSection, rhs: SafetyPlanSection) -> Bool { lhs.rawValue < rhs.rawValue }

    /// The section's heading as the person reads it.
    public var title: String {
        switch self {
        case .warningSigns: return "Warning signs"
        case .copingStrategies: return "Internal coping strategies"
        case .distraction: return "People and places for distraction"
        case .peopleToAsk: return "People I can ask for help"
        case .professionals: return "Professionals and agencies to contact"
        case .environmentSafety: return "Making the environment safe"
        case .reasonsForLiving: return "Reasons for living"
        }
    }

    /// The short name used on the command line (`sentinel plan add coping "…"`).
    public var key: String {
        switch self {
        case .warningSigns: return "warning-signs"
        case .copingStrategies: return "coping"
        case .distraction: return "distraction"
        case .peopleToAsk: return "help"
        case .professionals: return "professionals"
        case .environmentSafety: return "environment"
        case .reasonsForLiving: return "reasons"
        }
    }

    /// The key used in the plan's JSON form.
    public var jsonKey: String {
        switch self {
        case .warningSigns: return "warningSigns"
        case .copingStrategies: return "copingStrategies"
        case .distraction: return "distraction"
        case .peopleToAsk: return "peopleToAsk"
        case .professionals: return "professionals"
        case .environmentSafety: return "environmentSafety"
        case .reasonsForLiving: return "reasonsForLiving"
        }
    }

    /// Whether the section's entries are usually people with phone numbers.
    public var holdsContacts: Bool { self == .distraction || self == .peopleToAsk || self == .professionals }

    public var description: String { "\(rawValue). \(title)" }

    /// Reads a section from a command-line name: its number (`1`…`7`), its ``key``, its JSON key
    /// or a few common words (`warning`, `lethal-means`, `contacts`, `reasons-for-living`, …).
    /// Case, spaces and underscores do not matter.
    public init?(argument: String) {
        let normalized = argument.lowercased().trimmingCharacters(in: .whitespaces)
            .replacingOccurrences(of: "_", with: "-").replacingOccurrences(of: " ", with: "-")
        if let number = Int(normalized), let section = SafetyPlanSection(rawValue: number) {
            self = section
            return
        }
        if let section = SafetyPlanSection.allCases.first(where: {
            $0.key == normalized || $0.jsonKey.lowercased() == normalized.replacingOccurrences(of: "-", with: "")
        }) {
            self = section
            return
        }
        let aliases: [String: SafetyPlanSection] = [
            "warning": .warningSigns, "warnings": .warningSigns, "signs": .warningSigns, "triggers": .warningSigns,
            "coping-strategies": .copingStrategies, "internal-coping": .copingStrategies, "internal": .copingStrategies,
            "people-and-places": .distraction, "places": .distraction, "social": .distraction,
            "people": .peopleToAsk, "contacts": .peopleToAsk, "people-to-ask": .peopleToAsk, "ask": .peopleToAsk,
            "family": .peopleToAsk, "friends": .peopleToAsk,
            "professional": .professionals, "agencies": .professionals, "clinicians": .professionals, "crisis-lines": .professionals,
            "safe-environment": .environmentSafety, "environment-safety": .environmentSafety, "lethal-means": .environmentSafety,
            "means": .environmentSafety, "safety": .environmentSafety,
            "reasons-for-living": .reasonsForLiving, "reasons-to-live": .reasonsForLiving, "living": .reasonsForLiving,
        ]
        guard let section = aliases[normalized] else { return nil }
        self = section
    }

    /// The accepted section names, for help and error messages.
    public static var argumentList: String {
        allCases.map { "\($0.rawValue)|\($0.key)" }.joined(separator: ", ")
    }
}

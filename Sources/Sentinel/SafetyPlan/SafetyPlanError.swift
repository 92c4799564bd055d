import Foundation

/// Why a safety-plan edit or import was refused.
public enum SafetyPlanError: Error, Sendable, Hashable, LocalizedError, CustomStringConvertible {
    /// The section name is none of the seven.
    case unknownSection(String)
    /// The entry text is empty.
    case emptyEntry(section: SafetyPlanSection)
    /// The 1-based index is outside the section's list.
    case indexOutOfRange(section: SafetyPlanSection, index: Int, count: Int)
    /// The 988 crisis line cannot be removed from the professionals section.
    case crisisLineRequired
    /// A file could not be read.
    case unreadable(path: String, reason: String)
    /// A JSON import was not a safety plan.
    case invalidJSON(path: String, reason: String)
    /// A worksheet's text had none of the seven section headings.
    case noSectionsFound

    public var description: String {
        switch self {
        case .unknownSection(let name):
            return "There is no safety-plan section '\(name)'. Use one of: \(SafetyPlanSection.argumentList)."
        case .emptyEntry(let section):
            return "Nothing to add to '\(section.title)': the text is empty."
        case .indexOutOfRange(let section, let index, let count):
            return count == 0
                ? "'\(section.title)' has no entries, so there is no entry \(index) to remove."
                : count == 1 ? "'\(section.title)' has 1 entry; its number is 1, not \(index)."
                : "'\(section.title)' has \(count) entries; choose a number from 1 to \(count), not \(index)."
        case .crisisLineRequired:
            return "The 988 Suicide & Crisis Lifeline (press 1 for the Veterans Crisis Line) always stays in your plan; "
                + "it cannot be removed."
        case .unreadable(let path, let reason):
            return "Cannot read \(path): \(reason)."
        case .invalidJSON(let path, let reason):
            return "\(path) is not a safety plan in JSON (\(reason)). Expected an object with any of the keys "
                + SafetyPlanSection.allCases.map(\.jsonKey).joined(separator: ", ")
                + ", each a list of strings or {\"text\": \"…\", \"phone\": \"…\"} objects."
        case .noSectionsFound:
            return "No safety-plan section headings were found in the worksheet text (such as \"Step 1: Warning signs\" "
                + "or \"Reasons for living\"); nothing was imported."
        }
    }

    public var errorDescription: String? { description }
}

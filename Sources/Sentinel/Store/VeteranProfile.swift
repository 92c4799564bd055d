import Foundation

/// Who the person is to Sentinel, as entered when setting it up: a name to greet them by, the
/// battle buddy to call, and the crisis line they prefer. Kept encrypted as the store's
/// `.profile` document.
public struct VeteranProfile: Sendable, Hashable, Codable {
    /// The crisis line the person would rather reach first. 988 is always shown; this only
    /// decides which link comes first.
    public enum PreferredLine: String, Sendable, Hashable, Codable, CaseIterable {
        /// The Veterans Crisis Line: dial 988, then press 1.
        case veteransCrisisLine = "veterans_crisis_line"
        /// Text 838255.
        case text = "text"
        /// The 988 Suicide & Crisis Lifeline.
        case lifeline = "lifeline"

        /// The line as the person reads it.
        public var label: String {
            switch self {
            case .veteransCrisisLine: return "Veterans Crisis Line (dial 988, then press 1)"
            case .text: return "Text 838255"
            case .lifeline: return "988 Suicide & Crisis Lifeline"
            }
        }
    }

    /// The name to greet the person by.
    public var name: String
    /// Who to call first.
    public var battleBuddy: CrisisProfile.Contact?
    /// The crisis line they prefer.
    public var preferredLine: PreferredLine
    /// Their message to themselves, read first in a crisis.
    public var selfCommand: String?

    /// Creates a profile.
    public init(name: String, battleBuddy: CrisisProfile.Contact? = nil, preferredLine: PreferredLine = .veteransCrisisLine,
                selfCommand: String? = nil) {
        self.name = name
        self.battleBuddy = battleBuddy
        self.preferredLine = preferredLine
        self.selfCommand = selfCommand
    }

    /// The crisis material a check-in shows for orange and red: this profile's contact and
    /// message, with the hope box's words and picture captions.
    public func crisisProfile(hopeBox: HopeBox) -> CrisisProfile {
        CrisisProfile(selfCommand: selfCommand, hopeItems: hopeBox.texts + hopeBox.images.map(\.caption),
                      battleBuddy: battleBuddy)
    }
}

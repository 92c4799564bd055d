import Foundation

/// The household HomeOS serves: its members, time zone, quiet hours and notification preferences.
///
/// Stored at ``StoragePaths/family``. In JSON the time zone is the key `timeZone` (an IANA
/// identifier such as `America/Chicago`); missing `members` and `notificationPreferences` take
/// their defaults.
public struct Family: Codable, Sendable, Hashable {
    /// The family's name (for example `The Rivera family`).
    public var name: String
    /// IANA time zone identifier; every local time in the family's data is read in this zone.
    public var timeZoneIdentifier: String
    /// Everyone in the household.
    public var members: [FamilyMember]
    /// When HomeOS stays quiet, if ever.
    public var quietHours: QuietHours?
    /// Which proactive messages to send, and when.
    public var notificationPreferences: NotificationPreferences

    /// Creates a family.
    public init(name: String, timeZoneIdentifier: String, members: [FamilyMember] = [], quietHours: QuietHours? = nil,
                notificationPreferences: NotificationPreferences = NotificationPreferences()) {
        self.name = name
        self.timeZoneIdentifier = timeZoneIdentifier
        self.members = members
        self.quietHours = quietHours
        self.notificationPreferences = notificationPreferences
    }

    /// The family's time zone, or nil when the identifier is unknown.
    public var timeZone: TimeZone? { TimeZone(identifier: timeZoneIdentifier) }

    /// The member with `id`.
    public func member(id: String) -> FamilyMember? { members.first { $0.id == id } }

    /// The member whose name (or first name) is `name`, ignoring case.
    public func member(named name: String) -> FamilyMember? {
        let wanted = name.trimmingCharacters(in: .whitespaces).lowercased()
        return members.first { $0.name.lowercased() == wanted }
            ?? members.first { $0.name.lowercased().split(separator: " ").first.map(String.init) == wanted }
    }

    /// Members with the given role.
    public func members(withRole role: FamilyMember.Role) -> [FamilyMember] { members.filter { $0.role == role } }

    /// Every member's allergies, lowercased and without duplicates, in first-seen order.
    public var allAllergies: [String] {
        var seen = Set<String>()
        return members.flatMap(\.allergies).map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
            .filter { !$0.isEmpty && seen.insert($0).inserted }
    }

    /// Everything wrong with this family (empty when it is valid): an empty name, an unknown time
    /// zone, duplicate or empty member ids, impossible ages, malformed times.
    public var problems: [String] {
        var problems: [String] = []
        if name.trimmingCharacters(in: .whitespaces).isEmpty { problems.append("the family name is empty") }
        if name.count > FamilyLimits.nameCharacters {
            problems.append("the family name is \(name.count) characters long; the limit is \(FamilyLimits.nameCharacters)")
        }
        if members.count > FamilyLimits.members {
            problems.append("the family has \(members.count) members; the limit is \(FamilyLimits.members)")
        }
        if timeZone == nil { problems.append("\"\(timeZoneIdentifier)\" is not a known time zone (use an IANA name such as America/Chicago)") }
        var ids = Set<String>()
        for (index, member) in members.enumerated() {
            let label = member.name.isEmpty ? "member \(index + 1)" : "member \(index + 1) (\(member.id))"
            if member.name.trimmingCharacters(in: .whitespaces).isEmpty { problems.append("\(label) has no name") }
            if member.id.isEmpty { problems.append("\(label) has an empty id") }
            else if !ids.insert(member.id).inserted { problems.append("member id \"\(member.id)\" is used twice") }
            if let age = member.age, !(0...130).contains(age) { problems.append("\(label) has an impossible age \(age)") }
            problems += Self.sizeProblems(of: member, label: label)
            if let time = member.checkInTime, QuietHours.minuteOfDay(time) == nil {
                problems.append("\(label) has a check-in time \"\(time)\" that is not HH:mm (for example 10:30)")
            }
        }
        problems += quietHours?.problems ?? []
        problems += notificationPreferences.problems
        return problems
    }

    /// The limits of ``FamilyLimits`` that `member` crosses.
    private static func sizeProblems(of member: FamilyMember, label: String) -> [String] {
        var problems: [String] = []
        let limit = FamilyLimits.nameCharacters
        if member.name.count > limit { problems.append("\(label) has a name of \(member.name.count) characters; the limit is \(limit)") }
        if member.id.count > limit { problems.append("\(label) has an id of \(member.id.count) characters; the limit is \(limit)") }
        for (field, list) in [("allergies", member.allergies), ("dietaryPreferences", member.dietaryPreferences)] {
            if list.count > FamilyLimits.listEntries {
                problems.append("\(label) has \(list.count) \(field); the limit is \(FamilyLimits.listEntries)")
            }
            if let long = list.first(where: { $0.count > limit }) {
                problems.append("\(label) has an entry in \(field) of \(long.count) characters; the limit is \(limit)")
            }
        }
        for value in [member.contact?.phone, member.contact?.email].compactMap({ $0 }) where value.count > FamilyLimits.contactCharacters {
            problems.append("\(label) has a contact of \(value.count) characters; the limit is \(FamilyLimits.contactCharacters)")
        }
        return problems
    }

    /// Throws when ``problems`` is not empty.
    /// - Throws: ``FamilyValidationError`` listing every problem.
    public func validate() throws(FamilyValidationError) {
        let problems = problems
        if !problems.isEmpty { throw FamilyValidationError(problems: problems) }
    }

    private enum CodingKeys: String, CodingKey {
        case name, timeZoneIdentifier = "timeZone", members, quietHours, notificationPreferences
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(name: try container.decode(String.self, forKey: .name),
                  timeZoneIdentifier: try container.decode(String.self, forKey: .timeZoneIdentifier),
                  members: try container.decodeIfPresent([FamilyMember].self, forKey: .members) ?? [],
                  quietHours: try container.decodeIfPresent(QuietHours.self, forKey: .quietHours),
                  notificationPreferences: try container.decodeIfPresent(NotificationPreferences.self,
                                                                         forKey: .notificationPreferences)
                      ?? NotificationPreferences())
    }
}

import Foundation

/// One person in the household.
///
/// Allergies are hard constraints for every skill that suggests food; dietary preferences are soft.
/// Missing lists in JSON decode as empty, so a hand-written family file can stay short.
public struct FamilyMember: Codable, Sendable, Hashable, Identifiable {
    /// The member's place in the family, which decides tone and permissions (a child cannot approve payments).
    public enum Role: String, Codable, Sendable, Hashable, CaseIterable {
        case parent, child, grandparent, other
    }

    /// How to reach a member; either part may be missing.
    public struct Contact: Codable, Sendable, Hashable {
        /// A phone number as the family writes it (for example `+1 312 555 0100`).
        public var phone: String?
        /// An e-mail address.
        public var email: String?

        /// Creates contact details.
        public init(phone: String? = nil, email: String? = nil) {
            self.phone = phone
            self.email = email
        }
    }

    /// A stable identifier, unique in the family (a lowercase slug such as `ava`), used by other records.
    public var id: String
    /// The name the family uses.
    public var name: String
    /// Parent, child, grandparent or other.
    public var role: Role
    /// Age in years, when known.
    public var age: Int?
    /// Allergens (for example `peanuts`, `shellfish`); never suggested to this member in any form.
    public var allergies: [String]
    /// Diets and preferences (for example `vegetarian`, `low sodium`).
    public var dietaryPreferences: [String]
    /// Phone and e-mail, when known.
    public var contact: Contact?
    /// When the daily elder-care check-in with this member is due (`HH:mm`, the family's time
    /// zone); nil uses the scheduler's default (10:00). Read for grandparents.
    public var checkInTime: String?

    /// Creates a member; without an `id`, one is derived from the name (see ``makeID(from:)``).
    public init(id: String? = nil, name: String, role: Role, age: Int? = nil, allergies: [String] = [],
                dietaryPreferences: [String] = [], contact: Contact? = nil, checkInTime: String? = nil) {
        self.id = id ?? Self.makeID(from: name)
        self.name = name
        self.role = role
        self.age = age
        self.allergies = allergies
        self.dietaryPreferences = dietaryPreferences
        self.contact = contact
        self.checkInTime = checkInTime
    }

    /// A lowercase slug of ASCII letters, digits and dashes made from a name (`"Mary Ann"` → `mary-ann`).
    public static func makeID(from name: String) -> String {
        var slug = ""
        for scalar in name.lowercased().unicodeScalars {
            if ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar) {
                slug.unicodeScalars.append(scalar)
            } else if !slug.isEmpty && !slug.hasSuffix("-") {
                slug += "-"
            }
        }
        while slug.hasSuffix("-") { slug.removeLast() }
        return slug.isEmpty ? "member" : slug
    }

    private enum CodingKeys: String, CodingKey {
        case id, name, role, age, allergies, dietaryPreferences, contact, checkInTime
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let name = try container.decode(String.self, forKey: .name)
        self.init(id: try container.decodeIfPresent(String.self, forKey: .id),
                  name: name,
                  role: try container.decodeIfPresent(Role.self, forKey: .role) ?? .other,
                  age: try container.decodeIfPresent(Int.self, forKey: .age),
                  allergies: try container.decodeIfPresent([String].self, forKey: .allergies) ?? [],
                  dietaryPreferences: try container.decodeIfPresent([String].self, forKey: .dietaryPreferences) ?? [],
                  contact: try container.decodeIfPresent(Contact.self, forKey: .contact),
                  checkInTime: try container.decodeIfPresent(String.self, forKey: .checkInTime))
    }
}

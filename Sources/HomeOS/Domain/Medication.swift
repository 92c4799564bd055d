import Foundation

/// A medication a member takes.
///
/// Stored as a list at ``StoragePaths/medications``. Read only by the health skills; HomeOS never
/// changes a dose on its own.
public struct Medication: Codable, Sendable, Hashable, Identifiable {
    /// Identifier.
    public var id: UUID
    /// The member who takes it.
    public var memberID: String
    /// The medication's name (`atorvastatin`).
    public var name: String
    /// The dose as prescribed (`20 mg`).
    public var dosage: String
    /// Local times of day, `HH:mm`, when a dose is due.
    public var times: [String]
    /// The next refill date, `yyyy-MM-dd` in the family's time zone.
    public var refillDate: String?
    /// Instructions from the label (`with food`).
    public var instructions: String?
    /// Who prescribed it.
    public var prescriber: String?

    /// Creates a medication.
    public init(id: UUID = UUID(), memberID: String, name: String, dosage: String, times: [String] = [],
                refillDate: String? = nil, instructions: String? = nil, prescriber: String? = nil) {
        self.id = id
        self.memberID = memberID
        self.name = name
        self.dosage = dosage
        self.times = times
        self.refillDate = refillDate
        self.instructions = instructions
        self.prescriber = prescriber
    }

    /// Days from `today` (`yyyy-MM-dd`) until the refill date: 0 on the day, negative when
    /// overdue, nil without a refill date or with a malformed day.
    public func daysUntilRefill(from today: String) -> Int? {
        guard let refillDate, let refill = DayString.dayNumber(refillDate), let now = DayString.dayNumber(today) else { return nil }
        return refill - now
    }

    private enum CodingKeys: String, CodingKey {
        case id, memberID, name, dosage, times, refillDate, instructions, prescriber
    }

    /// Decodes a medication; a missing `id` gets a new one and missing `times` are empty, so a
    /// hand-written list (as in a family file for `homeos init`) can stay short.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(id: try container.decodeIfPresent(UUID.self, forKey: .id) ?? UUID(),
                  memberID: try container.decode(String.self, forKey: .memberID),
                  name: try container.decode(String.self, forKey: .name),
                  dosage: try container.decode(String.self, forKey: .dosage),
                  times: try container.decodeIfPresent([String].self, forKey: .times) ?? [],
                  refillDate: try container.decodeIfPresent(String.self, forKey: .refillDate),
                  instructions: try container.decodeIfPresent(String.self, forKey: .instructions),
                  prescriber: try container.decodeIfPresent(String.self, forKey: .prescriber))
    }
}

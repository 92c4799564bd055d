import Foundation

/// What `homeos init --from FILE` reads: a ``Family`` (its keys at the top level) plus, optionally,
/// the data a new household starts with: `medications`, `appliances` and `schoolSchedules`.
///
/// ```json
/// {"name": "The Rivera family", "timeZone": "America/Chicago", "members": [...],
///  "medications": [{"memberID": "rosa", "name": "atorvastatin", "dosage": "20 mg", "times": ["21:00"]}]}
/// ```
public struct FamilySeed: Codable, Sendable, Hashable {
    /// The family.
    public var family: Family
    /// Initial medications (ids are generated when the file has none).
    public var medications: [Medication]
    /// Initial home appliances.
    public var appliances: [Appliance]
    /// Initial school timetables.
    public var schoolSchedules: [SchoolSchedule]

    /// Creates a seed.
    public init(family: Family, medications: [Medication] = [], appliances: [Appliance] = [],
                schoolSchedules: [SchoolSchedule] = []) {
        self.family = family
        self.medications = medications
        self.appliances = appliances
        self.schoolSchedules = schoolSchedules
    }

    /// Everything wrong with the seed (empty when valid): the family's problems, and records that
    /// name a member the family does not have or carry malformed times and days.
    public var problems: [String] {
        var problems = family.problems
        let ids = Set(family.members.map(\.id))
        for medication in medications {
            if !ids.contains(medication.memberID) {
                problems.append("medication \(medication.name) is for \"\(medication.memberID)\", who is not a member")
            }
            for time in medication.times where QuietHours.minuteOfDay(time) == nil {
                problems.append("medication \(medication.name) has a time \"\(time)\" that is not HH:mm")
            }
            if let refill = medication.refillDate, DayString.dayNumber(refill) == nil {
                problems.append("medication \(medication.name) has a refill date \"\(refill)\" that is not yyyy-MM-dd")
            }
        }
        for schedule in schoolSchedules where !ids.contains(schedule.memberID) {
            problems.append("the school schedule for \"\(schedule.memberID)\" names someone who is not a member")
        }
        var applianceIDs = Set<String>()
        for appliance in appliances where !applianceIDs.insert(appliance.id).inserted {
            problems.append("appliance id \"\(appliance.id)\" is used twice")
        }
        return problems
    }

    /// Throws when ``problems`` is not empty.
    /// - Throws: ``FamilyValidationError`` listing every problem.
    public func validate() throws(FamilyValidationError) {
        let problems = problems
        if !problems.isEmpty { throw FamilyValidationError(problems: problems) }
    }

    /// Saves the family and each non-empty list in `transaction` (replacing those documents).
    public func save(in transaction: any StorageTransaction) throws(StorageError) {
        try transaction.save(family, to: .family)
        if !medications.isEmpty { try transaction.save(medications, to: .medications) }
        if !appliances.isEmpty { try transaction.save(appliances, to: .appliances) }
        if !schoolSchedules.isEmpty { try transaction.save(schoolSchedules, to: .schoolSchedules) }
    }

    private enum CodingKeys: String, CodingKey { case medications, appliances, schoolSchedules }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(family: try Family(from: decoder),
                  medications: try container.decodeIfPresent([Medication].self, forKey: .medications) ?? [],
                  appliances: try container.decodeIfPresent([Appliance].self, forKey: .appliances) ?? [],
                  schoolSchedules: try container.decodeIfPresent([SchoolSchedule].self, forKey: .schoolSchedules) ?? [])
    }

    public func encode(to encoder: any Encoder) throws {
        try family.encode(to: encoder)
        var container = encoder.container(keyedBy: CodingKeys.self)
        if !medications.isEmpty { try container.encode(medications, forKey: .medications) }
        if !appliances.isEmpty { try container.encode(appliances, forKey: .appliances) }
        if !schoolSchedules.isEmpty { try container.encode(schoolSchedules, forKey: .schoolSchedules) }
    }
}

import Foundation

/// One scheduled dose of a medication that someone marked as taken.
public struct MedicationDose: Codable, Sendable, Hashable {
    /// The medication (``Medication/id``).
    public var medicationID: UUID
    /// The day of the dose, `yyyy-MM-dd` in the family's time zone.
    public var day: String
    /// The scheduled time of the dose, `HH:mm` (one of ``Medication/times``).
    public var time: String
    /// When it was marked.
    public var markedAt: Date

    /// Creates a record.
    public init(medicationID: UUID, day: String, time: String, markedAt: Date) {
        self.medicationID = medicationID
        self.day = day
        self.time = time
        self.markedAt = markedAt
    }

    /// How many days of records are kept (older ones are dropped when a dose is marked).
    public static let keptDays = 90
}

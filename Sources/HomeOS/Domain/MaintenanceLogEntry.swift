import Foundation

/// One piece of maintenance done on an appliance.
///
/// Stored as a list, oldest first, at ``StoragePaths/maintenanceLog``.
public struct MaintenanceLogEntry: Codable, Sendable, Hashable, Identifiable {
    /// Identifier.
    public var id: UUID
    /// The ``Appliance/id`` it was done on.
    public var applianceID: String
    /// The local day it was done, `yyyy-MM-dd`.
    public var date: String
    /// What was done (`Replaced filter`).
    public var task: String
    /// Who did it (a member or a company), if recorded.
    public var performedBy: String?
    /// What it cost, in the family's currency, if recorded.
    public var cost: Double?
    /// Free-form notes.
    public var notes: String?

    /// Creates an entry.
    public init(id: UUID = UUID(), applianceID: String, date: String, task: String, performedBy: String? = nil,
                cost: Double? = nil, notes: String? = nil) {
        self.id = id
        self.applianceID = applianceID
        self.date = date
        self.task = task
        self.performedBy = performedBy
        self.cost = cost
        self.notes = notes
    }
}

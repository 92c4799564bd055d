import Foundation

/// Something on the family calendar: an appointment, a school event, a reservation, an activity.
///
/// Stored as a list at ``StoragePaths/calendarEvents``.
public struct CalendarEvent: Codable, Sendable, Hashable, Identifiable {
    /// What kind of event this is; skills look up their own kind (healthcare reads appointments).
    public enum Kind: String, Codable, Sendable, Hashable, CaseIterable {
        case general, appointment, school, reservation, activity, birthday
    }

    /// Identifier.
    public var id: UUID
    /// Short title (`Dentist — Leo`).
    public var title: String
    /// What kind of event.
    public var kind: Kind
    /// When it starts (an instant; shown in the family's time zone).
    public var start: Date
    /// When it ends, if known.
    public var end: Date?
    /// Whether it lasts the whole day (then only `start`'s local day matters).
    public var isAllDay: Bool
    /// Where, if known.
    public var location: String?
    /// Ids of the members involved (empty: the whole family).
    public var memberIDs: [String]
    /// Free-form notes.
    public var notes: String?

    /// Creates an event.
    public init(id: UUID = UUID(), title: String, kind: Kind = .general, start: Date, end: Date? = nil, isAllDay: Bool = false,
                location: String? = nil, memberIDs: [String] = [], notes: String? = nil) {
        self.id = id
        self.title = title
        self.kind = kind
        self.start = start
        self.end = end
        self.isAllDay = isAllDay
        self.location = location
        self.memberIDs = memberIDs
        self.notes = notes
    }

    /// Whether the event involves `memberID` (events without members involve everyone).
    public func involves(_ memberID: String) -> Bool { memberIDs.isEmpty || memberIDs.contains(memberID) }
}

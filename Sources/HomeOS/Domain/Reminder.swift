import Foundation

/// A to-do with an optional due time, for one member or the family.
///
/// Stored as a list at ``StoragePaths/reminders``.
public struct Reminder: Codable, Sendable, Hashable, Identifiable {
    /// How often a reminder comes back after it is done.
    public enum Recurrence: String, Codable, Sendable, Hashable, CaseIterable {
        case daily, weekly, monthly
    }

    /// Identifier.
    public var id: UUID
    /// What to do (`Call the plumber`).
    public var title: String
    /// When it is due, if it has a time.
    public var due: Date?
    /// The member it is for (nil: the family).
    public var memberID: String?
    /// Whether and how it repeats.
    public var recurrence: Recurrence?
    /// Whether it is done.
    public var isDone: Bool
    /// When it was created.
    public var createdAt: Date
    /// The skill that created it (for example `note-to-actions`), if any.
    public var source: String?

    /// Creates a reminder.
    public init(id: UUID = UUID(), title: String, due: Date? = nil, memberID: String? = nil, recurrence: Recurrence? = nil,
                isDone: Bool = false, createdAt: Date = Date(), source: String? = nil) {
        self.id = id
        self.title = title
        self.due = due
        self.memberID = memberID
        self.recurrence = recurrence
        self.isDone = isDone
        self.createdAt = createdAt
        self.source = source
    }

    /// Whether it is open and due before `date`.
    public func isOverdue(at date: Date) -> Bool {
        guard !isDone, let due else { return false }
        return due < date
    }
}

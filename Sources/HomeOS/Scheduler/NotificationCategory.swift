/// The kind of a notification, for filtering and for the desktop's notification category.
public enum NotificationCategory: String, Sendable, Hashable, Codable, CaseIterable {
    /// Morning briefing, evening wind-down.
    case briefing
    /// Medication doses and refills.
    case health
    /// School and calendar events.
    case calendar
    /// Wellness nudges and habit check-ins.
    case nudge
    /// Check-ins with relatives.
    case family
    /// The family's own reminders.
    case reminder
}

import Foundation

/// What the proactive scheduler may send the family, and when.
///
/// Times are 24-hour local times `HH:mm` in the family's time zone; nil turns that message off.
/// Missing keys in JSON take the defaults.
public struct NotificationPreferences: Codable, Sendable, Hashable {
    /// When to send the morning briefing (default `07:00`).
    public var morningBriefing: String?
    /// When to send the evening wind-down (default `20:00`).
    public var eveningWindDown: String?
    /// Whether to remind members when a medication dose is due.
    public var medicationReminders: Bool
    /// How many days before a refill date to remind (default ``defaultRefillReminderDaysAhead``).
    public var refillReminderDaysAhead: Int
    /// The specification's refill warning: 7 days ahead.
    public static let defaultRefillReminderDaysAhead = 7
    /// Whether urgent notifications (emergencies, an overdue medication) may break quiet hours.
    public var urgentOverridesQuietHours: Bool

    /// Creates preferences.
    public init(morningBriefing: String? = "07:00", eveningWindDown: String? = "20:00", medicationReminders: Bool = true,
                refillReminderDaysAhead: Int = NotificationPreferences.defaultRefillReminderDaysAhead,
                urgentOverridesQuietHours: Bool = true) {
        self.morningBriefing = morningBriefing
        self.eveningWindDown = eveningWindDown
        self.medicationReminders = medicationReminders
        self.refillReminderDaysAhead = refillReminderDaysAhead
        self.urgentOverridesQuietHours = urgentOverridesQuietHours
    }

    private enum CodingKeys: String, CodingKey {
        case morningBriefing, eveningWindDown, medicationReminders, refillReminderDaysAhead, urgentOverridesQuietHours
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let defaults = NotificationPreferences()
        // A present `null` turns a message off; a missing key keeps the default.
        morningBriefing = container.contains(.morningBriefing)
            ? try container.decodeIfPresent(String.self, forKey: .morningBriefing) : defaults.morningBriefing
        eveningWindDown = container.contains(.eveningWindDown)
            ? try container.decodeIfPresent(String.self, forKey: .eveningWindDown) : defaults.eveningWindDown
        medicationReminders = try container.decodeIfPresent(Bool.self, forKey: .medicationReminders) ?? defaults.medicationReminders
        refillReminderDaysAhead = try container.decodeIfPresent(Int.self, forKey: .refillReminderDaysAhead)
            ?? defaults.refillReminderDaysAhead
        urgentOverridesQuietHours = try container.decodeIfPresent(Bool.self, forKey: .urgentOverridesQuietHours)
            ?? defaults.urgentOverridesQuietHours
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(morningBriefing, forKey: .morningBriefing)
        try container.encode(eveningWindDown, forKey: .eveningWindDown)
        try container.encode(medicationReminders, forKey: .medicationReminders)
        try container.encode(refillReminderDaysAhead, forKey: .refillReminderDaysAhead)
        try container.encode(urgentOverridesQuietHours, forKey: .urgentOverridesQuietHours)
    }

    /// Problems with the preferences, for validation messages (empty when valid).
    public var problems: [String] {
        var problems: [String] = []
        if let morningBriefing, QuietHours.minuteOfDay(morningBriefing) == nil {
            problems.append("morning briefing time \"\(morningBriefing)\" is not a HH:mm time")
        }
        if let eveningWindDown, QuietHours.minuteOfDay(eveningWindDown) == nil {
            problems.append("evening wind-down time \"\(eveningWindDown)\" is not a HH:mm time")
        }
        if !(0...60).contains(refillReminderDaysAhead) {
            problems.append("refillReminderDaysAhead must be between 0 and 60, got \(refillReminderDaysAhead)")
        }
        return problems
    }
}

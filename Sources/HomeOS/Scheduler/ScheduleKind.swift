/// What a scheduled job is for; decides its notification category, the skill that owns it and
/// what quiet hours do to it.
public enum ScheduleKind: String, Sendable, Hashable, Codable, CaseIterable {
    /// The morning briefing (mental-load), at ``NotificationPreferences/morningBriefing``.
    case morningBriefing = "morning-briefing"
    /// The evening wind-down (mental-load), at ``NotificationPreferences/eveningWindDown``.
    case eveningWindDown = "evening-wind-down"
    /// A wellness nudge (wellness), every 2 hours from 08:00 until 20:00.
    case wellnessNudge = "wellness-nudge"
    /// The school check (school), 07:30 on a child's school days.
    case schoolCheck = "school-check"
    /// A medication dose (healthcare), at each of the medication's times.
    case medication
    /// A habit check-in (habits), daily at the habit's check-in time.
    case habitCheckIn = "habit-check-in"
    /// A check-in call with an older relative (elder-care), daily at 10:00.
    case elderCareCheckIn = "elder-care-check-in"
    /// A refill reminder (healthcare), 09:00 a set number of days before the refill date.
    case refill
    /// A reminder from the store (tools, note-to-actions …), at its due time and recurrences.
    case reminder
    /// A calendar event, 2 hours before it starts.
    case calendarEvent = "calendar-event"
    /// A movement nudge (wellness) at 18:00 for a member whose imported step count is low by then.
    case lowActivity = "low-activity"

    /// The id of the skill whose content this is; a disabled skill's jobs are not scheduled
    /// (except medication doses, which are never dropped).
    public var skillID: String {
        switch self {
        case .morningBriefing, .eveningWindDown, .calendarEvent: "mental-load"
        case .wellnessNudge, .lowActivity: "wellness"
        case .schoolCheck: "school"
        case .medication, .refill: "healthcare"
        case .habitCheckIn: "habits"
        case .elderCareCheckIn: "elder-care"
        case .reminder: "tools"
        }
    }

    /// The category notifications of this kind carry.
    public var category: NotificationCategory {
        switch self {
        case .morningBriefing, .eveningWindDown: .briefing
        case .wellnessNudge, .habitCheckIn, .lowActivity: .nudge
        case .medication, .refill: .health
        case .schoolCheck, .calendarEvent: .calendar
        case .elderCareCheckIn: .family
        case .reminder: .reminder
        }
    }

    /// What happens to a job of this kind that falls in quiet hours, given the family's preferences.
    ///
    /// Medication doses are never dropped: they break quiet hours when
    /// ``NotificationPreferences/urgentOverridesQuietHours`` is on, and wait for the end of quiet
    /// hours otherwise. Nudges and the wind-down are dropped (they are stale by morning);
    /// everything else waits for the end of quiet hours.
    public func quietHoursPolicy(_ preferences: NotificationPreferences) -> QuietHoursPolicy {
        switch self {
        case .medication: preferences.urgentOverridesQuietHours ? .deliver : .defer
        case .wellnessNudge, .habitCheckIn, .eveningWindDown, .lowActivity: .drop
        case .morningBriefing, .schoolCheck, .elderCareCheckIn, .refill, .reminder, .calendarEvent: .defer
        }
    }
}

/// What quiet hours do to a job that falls in them.
public enum QuietHoursPolicy: String, Sendable, Hashable, Codable {
    /// Delivered on time anyway (urgent).
    case deliver
    /// Delivered when quiet hours end.
    case `defer`
    /// Not delivered.
    case drop
}

import Foundation

/// The family data the scheduler derives its jobs from, read from the store in one go.
public struct ScheduleData: Sendable, Hashable {
    /// The family (time zone, quiet hours, notification preferences, members).
    public var family: Family
    /// Medications: doses and refills.
    public var medications: [Medication]
    /// Reminders with a due time.
    public var reminders: [Reminder]
    /// Habits and their check-in times.
    public var habits: [Habit]
    /// Calendar events.
    public var events: [CalendarEvent]
    /// School timetables and days off.
    public var schoolSchedules: [SchoolSchedule]
    /// Which skills are turned off.
    public var skillSettings: SkillSettings
    /// Imported step counts (the low-activity nudge is scheduled for the members who have some).
    public var stepActivity: StepActivity

    /// Creates the data.
    public init(family: Family, medications: [Medication] = [], reminders: [Reminder] = [], habits: [Habit] = [],
                events: [CalendarEvent] = [], schoolSchedules: [SchoolSchedule] = [], skillSettings: SkillSettings = SkillSettings(),
                stepActivity: StepActivity = StepActivity()) {
        self.stepActivity = stepActivity
        self.family = family
        self.medications = medications
        self.reminders = reminders
        self.habits = habits
        self.events = events
        self.schoolSchedules = schoolSchedules
        self.skillSettings = skillSettings
    }

    /// Reads everything from `storage`.
    /// - Throws: ``SchedulerError/noFamily(location:)`` before `homeos init`, or the storage error.
    public static func load(from storage: any StorageProvider) throws -> ScheduleData {
        guard let family = try storage.loadIfPresent(.family) else { throw SchedulerError.noFamily(location: storage.location) }
        return ScheduleData(family: family, medications: try storage.load(.medications), reminders: try storage.load(.reminders),
                            habits: try storage.load(.habits), events: try storage.load(.calendarEvents),
                            schoolSchedules: try storage.load(.schoolSchedules), skillSettings: try storage.load(.skillSettings),
                            stepActivity: StepActivity(hours: try storage.load(.stepActivity)))
    }
}

/// The logical document paths of a family's data: the seed's file layout, kept as keys in the store.
///
/// Collections are JSON arrays (for example `[Medication]` at ``medications``); ``StorageDocument``
/// pairs each path with its type. A path is relative, made of `/`-separated names of letters,
/// digits, `-`, `_` and `.`, and ends in `.json` (see ``validate(_:)``).
public enum StoragePaths {
    /// The family: ``Family``.
    public static let family = "data/family.json"
    /// Calendar events: `[CalendarEvent]`.
    public static let calendarEvents = "data/calendar/events.json"
    /// Reminders: `[Reminder]`.
    public static let reminders = "data/reminders.json"
    /// Medications: `[Medication]`.
    public static let medications = "data/health/medications.json"
    /// Meals eaten, oldest first: `[MealRecord]`.
    public static let mealHistory = "data/meals/history.json"
    /// The current week's plan: ``MealPlan``.
    public static let mealPlan = "data/meals/plan.json"
    /// Habits and their done days: `[Habit]`.
    public static let habits = "data/habits.json"
    /// School timetables: `[SchoolSchedule]`.
    public static let schoolSchedules = "data/school/schedules.json"
    /// Grades: `[Grade]`.
    public static let grades = "data/school/grades.json"
    /// Home appliances: `[Appliance]`.
    public static let appliances = "data/home/appliances.json"
    /// Maintenance done, oldest first: `[MaintenanceLogEntry]`.
    public static let maintenanceLog = "data/home/maintenance-log.json"
    /// Notes: `[Note]`.
    public static let notes = "data/notes.json"
    /// Approvals waiting for a decision: `[ApprovalRequest]`.
    public static let pendingApprovals = "data/approvals/pending.json"
    /// Approve/deny decisions, oldest first: `[ApprovalDecision]`.
    public static let approvalDecisions = "data/approvals/decisions.json"
    /// Which skills are disabled: ``SkillSettings``.
    public static let skillSettings = "data/settings/skills.json"
    /// The family's answer about the opt-in remote fallback: ``RemoteFallbackSetting``.
    public static let remoteFallback = "data/settings/remote-fallback.json"
    /// Steps by member, day and hour from imported Apple Health exports (``HourlySteps``).
    public static let stepActivity = "data/health/steps.json"
    /// Doses marked as taken (``MedicationDose``).
    public static let medicationDoses = "data/health/doses.json"
    /// The family's conversation with the assistant, as `homeos serve` keeps it (``ConversationLogEntry``).
    public static let conversationLog = "data/conversation/log.json"
    /// Notifications the scheduler delivered to the web app (``HomeOSNotification``), newest last.
    public static let deliveredNotifications = "data/notifications/delivered.json"

    /// Every path above.
    public static let all: [String] = [
        family, calendarEvents, reminders, medications, mealHistory, mealPlan, habits, schoolSchedules, grades,
        appliances, maintenanceLog, notes, pendingApprovals, approvalDecisions, skillSettings,
        medicationDoses, conversationLog, deliveredNotifications, remoteFallback, stepActivity,
    ]

    /// Longest accepted path, in characters.
    public static let maximumLength = 512

    /// Checks that `path` can name a document (and, when exported, a file under the export folder).
    /// - Throws: ``StorageError/invalidPath(path:reason:)`` saying what is wrong.
    public static func validate(_ path: String) throws(StorageError) {
        func invalid(_ reason: String) -> StorageError { .invalidPath(path: path, reason: reason) }
        if path.isEmpty { throw invalid("it is empty") }
        if path.count > maximumLength { throw invalid("it is longer than \(maximumLength) characters") }
        if path.hasPrefix("/") { throw invalid("it must be relative (no leading /)") }
        if !path.hasSuffix(".json") { throw invalid("it must end in .json") }
        for component in path.split(separator: "/", omittingEmptySubsequences: false) {
            if component.isEmpty { throw invalid("it has an empty name between slashes") }
            if component.hasPrefix(".") { throw invalid("a name starts with a dot") }
            let allowed = component.unicodeScalars.allSatisfy {
                ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || "-_.".unicodeScalars.contains($0)
            }
            if !allowed { throw invalid("only letters, digits, '-', '_', '.' and '/' are allowed") }
        }
    }
}

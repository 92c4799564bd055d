import Skills

/// A typed handle on one document: its logical path, its type, and what reading it yields when
/// it was never written (an empty list for collections; nil means ``StorageError/notFound(path:)``).
///
/// ```swift
/// let medications = try storage.load(.medications)           // [Medication], [] when absent
/// try storage.update(.reminders) { $0.append(reminder) }      // one transaction
/// ```
public struct StorageDocument<Value: Codable & Sendable>: Sendable {
    /// The logical path.
    public let path: String
    /// The value of a document that was never written, or nil when reading it is an error.
    public let emptyValue: Value?

    /// Creates a handle.
    public init(path: String, emptyValue: Value? = nil) {
        self.path = path
        self.emptyValue = emptyValue
    }
}

extension StorageDocument where Value == Family {
    /// `data/family.json`; reading it before `homeos init` is ``StorageError/notFound(path:)``.
    public static var family: Self { Self(path: StoragePaths.family) }
}

extension StorageDocument where Value == [CalendarEvent] {
    /// `data/calendar/events.json`.
    public static var calendarEvents: Self { Self(path: StoragePaths.calendarEvents, emptyValue: []) }
}

extension StorageDocument where Value == [Reminder] {
    /// `data/reminders.json`.
    public static var reminders: Self { Self(path: StoragePaths.reminders, emptyValue: []) }
}

extension StorageDocument where Value == [Medication] {
    /// `data/health/medications.json`.
    public static var medications: Self { Self(path: StoragePaths.medications, emptyValue: []) }
}

extension StorageDocument where Value == [MealRecord] {
    /// `data/meals/history.json`.
    public static var mealHistory: Self { Self(path: StoragePaths.mealHistory, emptyValue: []) }
}

extension StorageDocument where Value == MealPlan {
    /// `data/meals/plan.json`; absent until a plan is made.
    public static var mealPlan: Self { Self(path: StoragePaths.mealPlan) }
}

extension StorageDocument where Value == [Habit] {
    /// `data/habits.json`.
    public static var habits: Self { Self(path: StoragePaths.habits, emptyValue: []) }
}

extension StorageDocument where Value == [SchoolSchedule] {
    /// `data/school/schedules.json`.
    public static var schoolSchedules: Self { Self(path: StoragePaths.schoolSchedules, emptyValue: []) }
}

extension StorageDocument where Value == [Grade] {
    /// `data/school/grades.json`.
    public static var grades: Self { Self(path: StoragePaths.grades, emptyValue: []) }
}

extension StorageDocument where Value == [Appliance] {
    /// `data/home/appliances.json`.
    public static var appliances: Self { Self(path: StoragePaths.appliances, emptyValue: []) }
}

extension StorageDocument where Value == [MaintenanceLogEntry] {
    /// `data/home/maintenance-log.json`.
    public static var maintenanceLog: Self { Self(path: StoragePaths.maintenanceLog, emptyValue: []) }
}

extension StorageDocument where Value == [Note] {
    /// `data/notes.json`.
    public static var notes: Self { Self(path: StoragePaths.notes, emptyValue: []) }
}

extension StorageDocument where Value == [ApprovalRequest] {
    /// `data/approvals/pending.json`.
    public static var pendingApprovals: Self { Self(path: StoragePaths.pendingApprovals, emptyValue: []) }
}

extension StorageDocument where Value == [ApprovalDecision] {
    /// `data/approvals/decisions.json`.
    public static var approvalDecisions: Self { Self(path: StoragePaths.approvalDecisions, emptyValue: []) }
}

extension StorageDocument where Value == SkillSettings {
    /// `data/settings/skills.json`; absent means every skill is enabled.
    public static var skillSettings: Self { Self(path: StoragePaths.skillSettings, emptyValue: SkillSettings()) }
}

extension StorageDocument where Value == [MedicationDose] {
    /// Doses marked as taken.
    public static var medicationDoses: Self { Self(path: StoragePaths.medicationDoses, emptyValue: []) }
}

extension StorageDocument where Value == [ConversationLogEntry] {
    /// The kept conversation, oldest first.
    public static var conversationLog: Self { Self(path: StoragePaths.conversationLog, emptyValue: []) }
}

extension StorageDocument where Value == [HomeOSNotification] {
    /// Notifications delivered to the web app, oldest first.
    public static var deliveredNotifications: Self { Self(path: StoragePaths.deliveredNotifications, emptyValue: []) }
}

extension StorageDocument where Value == RemoteFallbackSetting {
    /// `data/settings/remote-fallback.json`; absent until the family is asked (and then as good as "no").
    public static var remoteFallback: Self { Self(path: StoragePaths.remoteFallback) }
}

extension StorageDocument where Value == [HourlySteps] {
    /// `data/health/steps.json`: steps by member, day and hour (`homeos data import-steps`).
    public static var stepActivity: Self { Self(path: StoragePaths.stepActivity, emptyValue: []) }
}

import Foundation

/// One proactive message: what a ``Notifier`` delivers.
public struct HomeOSNotification: Sendable, Hashable, Codable {
    /// A short title (`Medication — Grandma Rosa`).
    public var title: String
    /// The message.
    public var body: String
    /// Its category.
    public var category: NotificationCategory
    /// Whether it is urgent (a medication dose): desktops show it as critical.
    public var isUrgent: Bool
    /// The schedule entry that produced it.
    public var entry: Entry

    /// The schedule entry behind a notification.
    public struct Entry: Sendable, Hashable, Codable {
        /// The fired-job ledger id of the occurrence.
        public var id: String
        /// The job's kind.
        public var kind: ScheduleKind
        /// The job's id.
        public var jobID: String
        /// When the schedule said it was due.
        public var scheduledAt: Date
        /// When it was delivered.
        public var deliveredAt: Date
        /// Whether it was sent late, on start, for an occurrence missed within the grace window.
        public var isCatchUp: Bool
        /// Why it was sent (the rule and its reason, plus what quiet hours did).
        public var reason: String

        /// Creates an entry.
        public init(id: String, kind: ScheduleKind, jobID: String, scheduledAt: Date, deliveredAt: Date, isCatchUp: Bool, reason: String) {
            self.id = id
            self.kind = kind
            self.jobID = jobID
            self.scheduledAt = scheduledAt
            self.deliveredAt = deliveredAt
            self.isCatchUp = isCatchUp
            self.reason = reason
        }
    }

    /// Creates a notification.
    public init(title: String, body: String, category: NotificationCategory, isUrgent: Bool = false, entry: Entry) {
        self.title = title
        self.body = body
        self.category = category
        self.isUrgent = isUrgent
        self.entry = entry
    }
}

import Foundation

/// One thing the scheduler sends, derived from the family's data: a kind, a rule, and what to say.
public struct ScheduledJob: Sendable, Hashable, Identifiable {
    /// A stable key naming the job and its source record (`medication:<uuid>@21:00`); with an
    /// occurrence's time it makes the id recorded in the fired-job ledger.
    public var id: String
    /// What the job is for.
    public var kind: ScheduleKind
    /// When it happens.
    public var rule: ScheduleRule
    /// The notification's title.
    public var title: String
    /// The notification's body when the content is fixed (briefings and habit check-ins are
    /// written when they fire, see ``NotificationContentProducer``).
    public var body: String
    /// Why the job exists (`atorvastatin 20 mg for Grandma Rosa`), for `homeos schedule list`.
    public var reason: String
    /// The member it is for, if one.
    public var memberID: String?
    /// The record it was derived from (a medication, reminder, habit or event id), if one.
    public var sourceID: String?

    /// Creates a job.
    public init(id: String, kind: ScheduleKind, rule: ScheduleRule, title: String, body: String, reason: String,
                memberID: String? = nil, sourceID: String? = nil) {
        self.id = id
        self.kind = kind
        self.rule = rule
        self.title = title
        self.body = body
        self.reason = reason
        self.memberID = memberID
        self.sourceID = sourceID
    }
}

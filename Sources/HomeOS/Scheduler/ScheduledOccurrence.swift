import Foundation

/// One occurrence of a ``ScheduledJob``: when it was due, when it is delivered after quiet hours,
/// and why.
public struct ScheduledOccurrence: Sendable, Hashable, Identifiable {
    /// What quiet hours did to the occurrence.
    public enum QuietHoursEffect: String, Sendable, Hashable, Codable {
        /// It is not in quiet hours.
        case none
        /// It is in quiet hours and delivered on time (urgent).
        case overridden
        /// It is in quiet hours and delivered when they end.
        case deferred
        /// It is in quiet hours and not delivered.
        case dropped
    }

    /// The job.
    public var job: ScheduledJob
    /// When the rule says it happens.
    public var scheduledAt: Date
    /// When it is delivered (later than ``scheduledAt`` when deferred by quiet hours).
    public var deliverAt: Date
    /// What quiet hours did.
    public var quietHours: QuietHoursEffect

    /// Creates an occurrence.
    public init(job: ScheduledJob, scheduledAt: Date, deliverAt: Date, quietHours: QuietHoursEffect) {
        self.job = job
        self.scheduledAt = scheduledAt
        self.deliverAt = deliverAt
        self.quietHours = quietHours
    }

    /// The id recorded in the fired-job ledger: the job's id and the scheduled instant (UTC), so
    /// the same occurrence always has the same id, whichever process computes it.
    public var id: String { "\(job.id)#\(Int(scheduledAt.timeIntervalSince1970))" }

    /// Whether it is delivered at all.
    public var isDelivered: Bool { quietHours != .dropped }
}

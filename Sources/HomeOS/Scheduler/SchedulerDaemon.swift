import Foundation
import Logging

/// Runs the family's schedule: wakes at each delivery time, fires due occurrences through a
/// ``Notifier``, and records them in the ``FiredJobLedger`` first, so that a restart never fires
/// the same occurrence twice.
///
/// On start it looks back: occurrences missed less than ``Configuration/grace`` ago (a medication
/// reminder missed while the machine slept or the daemon was stopped) are caught up once; older
/// ones are skipped and reported. The same rule applies after any gap (a suspended machine).
/// The data is re-read at each wake-up and at least every ``Configuration/rescanInterval``, so new
/// reminders and events are picked up. Cancelling the task running ``run(until:onTick:)`` stops it
/// cleanly between occurrences.
public struct SchedulerDaemon: Sendable {
    /// Timing settings.
    public struct Configuration: Sendable, Hashable {
        /// How late a missed occurrence may still be delivered (default 30 minutes).
        public var grace: TimeInterval
        /// The longest wait before the data is read again (default 60 s).
        public var rescanInterval: TimeInterval
        /// How far back the first wake-up looks for missed occurrences to report (beyond `grace`).
        public var lookback: TimeInterval

        /// Creates settings.
        public init(grace: TimeInterval = 30 * 60, rescanInterval: TimeInterval = 60, lookback: TimeInterval = 12 * 3600) {
            self.grace = grace
            self.rescanInterval = rescanInterval
            self.lookback = lookback
        }
    }

    /// What one wake-up did.
    public struct TickReport: Sendable {
        /// When it ran.
        public var now: Date
        /// Notifications delivered.
        public var delivered: [HomeOSNotification] = []
        /// Occurrences missed by more than the grace window, not delivered.
        public var missed: [ScheduledOccurrence] = []
        /// Occurrences the ledger shows as already fired (by this or an earlier daemon).
        public var alreadyFired: [ScheduledOccurrence] = []
        /// Occurrences dropped by quiet hours.
        public var dropped: [ScheduledOccurrence] = []
        /// Occurrences with nothing to say (a habit already done).
        public var skipped: [ScheduledOccurrence] = []
        /// Occurrences the notifier failed to deliver, with the reason.
        public var failed: [(occurrence: ScheduledOccurrence, reason: String)] = []
        /// The next delivery time, if any within a week.
        public var nextDelivery: Date?
    }

    /// The family's store (data and ledger).
    public let storage: any StorageProvider
    /// The clock.
    public let clock: any SchedulerClock
    /// Where notifications go.
    public let notifier: any Notifier
    /// Writes what each notification says.
    public let content: NotificationContentProducer
    /// Derives the jobs.
    public let builder: ScheduleBuilder
    /// Timing.
    public let configuration: Configuration
    /// Progress lines (fired, missed, failures); nothing private beyond titles.
    public let log: @Sendable (String) -> Void

    /// Creates a daemon.
    public init(storage: any StorageProvider, clock: any SchedulerClock, notifier: any Notifier, content: NotificationContentProducer,
                builder: ScheduleBuilder = ScheduleBuilder(), configuration: Configuration = Configuration(),
                log: @escaping @Sendable (String) -> Void = { _ in }) {
        self.storage = storage
        self.clock = clock
        self.notifier = notifier
        self.content = content
        self.builder = builder
        self.configuration = configuration
        self.log = log
    }

    /// The ledger in the store.
    public var ledger: FiredJobLedger { FiredJobLedger(storage: storage) }

    /// Runs until cancelled, or until the clock passes `end` (simulations). Returns normally when
    /// cancelled.
    /// - Parameter onTick: called after each wake-up with what it did.
    /// - Throws: what the first wake-up throws (no family, an unknown time zone, an unreadable
    ///   store); later failures are logged and retried at the next wake-up.
    public func run(until end: Date? = nil, onTick: (@Sendable (TickReport) -> Void)? = nil) async throws {
        var cursor = clock.now.addingTimeInterval(-(configuration.grace + configuration.lookback))
        var isStart = true
        while !Task.isCancelled {
            let now = clock.now
            var wake = now.addingTimeInterval(configuration.rescanInterval)
            do {
                let scheduler = try SkillScheduler(storage: storage, builder: builder)
                let report = try await tick(scheduler, after: cursor, through: now)
                cursor = now
                onTick?(report)
                if let next = report.nextDelivery { wake = min(wake, next) }
            } catch is CancellationError {
                return
            } catch {
                if isStart { throw error }
                log("The schedule could not be run (will retry): \(error)")
            }
            isStart = false
            if let end {
                if now >= end { return }
                wake = min(wake, end)
            }
            do {
                try await clock.sleep(until: wake)
            } catch {
                return
            }
        }
    }

    /// Fires the occurrences delivered in `after < t <= now` that the ledger does not show yet;
    /// those older than the grace window are reported as missed instead.
    ///
    /// Due occurrences are claimed in the ledger together, then all delivered (cancellation does
    /// not interrupt this: a briefing's model call ends early and its summary is sent), then their
    /// outcomes are recorded together.
    public func tick(_ scheduler: SkillScheduler, after: Date, through now: Date) async throws -> TickReport {
        var report = TickReport(now: now)
        let oldest = now.addingTimeInterval(-configuration.grace)
        let ledger = self.ledger
        var due: [ScheduledOccurrence] = [], late: [ScheduledOccurrence] = []
        for occurrence in scheduler.occurrences(after: after, through: now) {
            if occurrence.quietHours == .dropped { report.dropped.append(occurrence) }
            else if occurrence.deliverAt < oldest { late.append(occurrence) }
            else { due.append(occurrence) }
        }
        if !late.isEmpty {
            let fired = Set(try ledger.records().map(\.id))
            for occurrence in late {
                if fired.contains(occurrence.id) { report.alreadyFired.append(occurrence) } else { report.missed.append(occurrence) }
            }
        }
        func isCatchUp(_ occurrence: ScheduledOccurrence) -> Bool { now.timeIntervalSince(occurrence.deliverAt) > 60 }
        let claimed = try ledger.claim(due, at: now, isCatchUp: isCatchUp)
        let won = Set(claimed.map(\.id))
        report.alreadyFired += due.filter { !won.contains($0.id) }

        var outcomes: [String: (outcome: FiredJobRecord.Outcome, detail: String?)] = [:]
        for occurrence in claimed {
            guard let text = await content.content(for: occurrence, at: now, calendar: scheduler.calendar) else {
                outcomes[occurrence.id] = (.skipped, "nothing to say")
                report.skipped.append(occurrence)
                continue
            }
            let catchUp = isCatchUp(occurrence)
            let notification = HomeOSNotification(
                title: text.title, body: text.body, category: occurrence.job.kind.category,
                isUrgent: occurrence.job.kind == .medication,
                entry: .init(id: occurrence.id, kind: occurrence.job.kind, jobID: occurrence.job.id, scheduledAt: occurrence.scheduledAt,
                             deliveredAt: now, isCatchUp: catchUp, reason: scheduler.explain(occurrence)))
            do {
                try await notifier.deliver(notification)
                outcomes[occurrence.id] = (.delivered, nil)
                report.delivered.append(notification)
                Logger(label: "homeos.scheduler").info("notification delivered", metadata: [
                    "job": "\(occurrence.job.id)", "kind": "\(occurrence.job.kind.rawValue)", "catch_up": "\(catchUp)", "notifier": "\(notifier.name)"])
                log("fired\(catchUp ? " (catch-up)" : ""): \(notification.title) [\(occurrence.job.kind.rawValue)]")
            } catch {
                outcomes[occurrence.id] = (.failed, "\(error)")
                report.failed.append((occurrence, "\(error)"))
                Logger(label: "homeos.scheduler").error("notification not delivered", metadata: [
                    "job": "\(occurrence.job.id)", "kind": "\(occurrence.job.kind.rawValue)", "notifier": "\(notifier.name)",
                    "error": "\(type(of: error))"])
                log("could not deliver \(notification.title) through \(notifier.name): \(error)")
            }
        }
        try ledger.finish(outcomes)
        if !report.missed.isEmpty {
            let names = report.missed.suffix(3).map { "\($0.job.title) at \(scheduler.calendar.describe($0.deliverAt))" }
            log("skipped \(report.missed.count) missed by more than the grace window (latest: \(names.joined(separator: "; ")))")
        }
        report.nextDelivery = scheduler.nextDelivery(after: now)
        return report
    }
}

import Foundation

/// Computes when the family's proactive jobs happen: next occurrences in the family's time zone
/// (correct across daylight-saving changes, month ends and leap days), moved or dropped by quiet
/// hours per kind (see ``ScheduleKind/quietHoursPolicy(_:)``; medication doses are never dropped).
///
/// A value: build it from the data (``init(data:builder:)``) whenever the data may have changed.
public struct SkillScheduler: Sendable {
    /// The family the jobs are for.
    public let family: Family
    /// The jobs derived from the data.
    public let jobs: [ScheduledJob]
    /// The family's calendar.
    public let calendar: ZonedCalendar

    /// How far before a window an occurrence may be scheduled and still be deferred into it (a day).
    static let longestDeferral: TimeInterval = 86_400 + 3600

    /// Derives the jobs from `data`.
    /// - Throws: ``SchedulerError/unknownTimeZone(_:)`` when the family's time zone is not known.
    public init(data: ScheduleData, builder: ScheduleBuilder = ScheduleBuilder()) throws(SchedulerError) {
        guard let timeZone = data.family.timeZone else { throw .unknownTimeZone(data.family.timeZoneIdentifier) }
        family = data.family
        calendar = ZonedCalendar(timeZone: timeZone)
        jobs = builder.jobs(for: data)
    }

    /// Reads the data from `storage` and derives the jobs.
    public init(storage: any StorageProvider, builder: ScheduleBuilder = ScheduleBuilder()) throws {
        try self.init(data: ScheduleData.load(from: storage), builder: builder)
    }

    /// The occurrences delivered (or dropped) in `after < deliverAt <= through`, by delivery time
    /// (then scheduled time, then job id). Dropped ones are included, marked
    /// ``ScheduledOccurrence/QuietHoursEffect/dropped``, with `deliverAt` equal to `scheduledAt`.
    public func occurrences(after: Date, through: Date) -> [ScheduledOccurrence] {
        guard after < through else { return [] }
        let from = after.addingTimeInterval(-Self.longestDeferral)
        var result: [ScheduledOccurrence] = []
        for job in jobs {
            for scheduled in job.rule.occurrences(after: from, through: through, calendar: calendar) {
                let occurrence = applyQuietHours(to: job, at: scheduled)
                if occurrence.deliverAt > after && occurrence.deliverAt <= through { result.append(occurrence) }
            }
        }
        return result.sorted {
            ($0.deliverAt, $0.scheduledAt, $0.job.id) < ($1.deliverAt, $1.scheduledAt, $1.job.id)
        }
    }

    /// The next `limit` occurrences after `now` within `horizon`, delivered or dropped.
    public func upcoming(after now: Date, limit: Int = 20, horizon: TimeInterval = 8 * 86_400) -> [ScheduledOccurrence] {
        Array(occurrences(after: now, through: now.addingTimeInterval(horizon)).prefix(limit))
    }

    /// When the next occurrence is delivered, looking up to `horizon` ahead; nil when none.
    public func nextDelivery(after now: Date, horizon: TimeInterval = 8 * 86_400) -> Date? {
        var start = now
        // A day at a time, so a busy family does not compute a week of occurrences per wake-up.
        while start < now.addingTimeInterval(horizon) {
            let end = min(start.addingTimeInterval(86_400), now.addingTimeInterval(horizon))
            if let first = occurrences(after: start, through: end).first(where: \.isDelivered) { return first.deliverAt }
            start = end
        }
        return nil
    }

    /// One occurrence of `job` at `scheduled`, after quiet hours.
    public func applyQuietHours(to job: ScheduledJob, at scheduled: Date) -> ScheduledOccurrence {
        guard let quiet = family.quietHours, quiet.contains(scheduled, in: calendar.timeZone),
              let end = LocalTime(quiet.end) else {
            return ScheduledOccurrence(job: job, scheduledAt: scheduled, deliverAt: scheduled, quietHours: .none)
        }
        switch job.kind.quietHoursPolicy(family.notificationPreferences) {
        case .deliver:
            return ScheduledOccurrence(job: job, scheduledAt: scheduled, deliverAt: scheduled, quietHours: .overridden)
        case .drop:
            return ScheduledOccurrence(job: job, scheduledAt: scheduled, deliverAt: scheduled, quietHours: .dropped)
        case .defer:
            // The first end of quiet hours after the scheduled time: today's, else tomorrow's.
            let day = calendar.dayNumber(of: scheduled)
            var deliver = calendar.instant(day: day, time: end)
            if deliver <= scheduled { deliver = calendar.instant(day: day + 1, time: end) }
            return ScheduledOccurrence(job: job, scheduledAt: scheduled, deliverAt: deliver, quietHours: .deferred)
        }
    }

    /// Why an occurrence happens when it does, in words (`every day at 07:00 · notification
    /// preferences: …`, plus what quiet hours did).
    public func explain(_ occurrence: ScheduledOccurrence) -> String {
        var parts = [occurrence.job.rule.describe(in: calendar), occurrence.job.reason]
        let window = family.quietHours.map { "\($0.start)–\($0.end)" } ?? ""
        switch occurrence.quietHours {
        case .none: break
        case .overridden: parts.append("in quiet hours \(window), sent anyway (urgent)")
        case .deferred: parts.append("deferred from \(calendar.localTime(of: occurrence.scheduledAt)) by quiet hours \(window)")
        case .dropped: parts.append("dropped: in quiet hours \(window)")
        }
        return parts.joined(separator: " · ")
    }
}

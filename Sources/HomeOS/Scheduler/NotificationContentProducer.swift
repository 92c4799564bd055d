import Foundation

/// Produces the notification for an occurrence when it fires: briefings are written then (see
/// ``BriefingWriter``), a habit check-in is skipped when the habit is already done that day,
/// everything else uses the job's fixed text.
public struct NotificationContentProducer: Sendable {
    /// The family's store (read for habits, step counts and names).
    public let storage: any StorageProvider
    /// Writes the briefings.
    public let briefings: BriefingWriter

    /// Creates a producer.
    public init(storage: any StorageProvider, briefings: BriefingWriter) {
        self.storage = storage
        self.briefings = briefings
    }

    /// What to send for `occurrence`, or nil with the reason when there is nothing to say.
    public func content(for occurrence: ScheduledOccurrence, at now: Date, calendar: ZonedCalendar)
        async -> (title: String, body: String)? {
        let job = occurrence.job
        switch job.kind {
        case .morningBriefing, .eveningWindDown:
            let briefing = await briefings.write(evening: job.kind == .eveningWindDown, at: occurrence.scheduledAt,
                                                 timeZone: calendar.timeZone)
            return (job.title, briefing.text)
        case .habitCheckIn:
            let day = calendar.dayString(of: occurrence.scheduledAt)
            if let id = job.sourceID, let habits = try? storage.load(.habits),
               let habit = habits.first(where: { $0.id.uuidString == id }), habit.isDone(on: day) {
                return nil
            }
            return (job.title, job.body)
        case .wellnessNudge:
            return (job.title, Self.wellnessTip(at: calendar.localTime(of: occurrence.scheduledAt)))
        case .lowActivity:
            guard let memberID = job.memberID, let hours = try? storage.load(.stepActivity) else { return nil }
            let check = calendar.localTime(of: occurrence.scheduledAt)
            let body = Self.lowActivityNudge(StepActivity(hours: hours), memberID: memberID,
                                             name: ((try? storage.loadIfPresent(.family)) ?? nil)?.member(id: memberID)?.name ?? memberID,
                                             day: calendar.dayString(of: occurrence.scheduledAt), before: check)
            return body.map { (job.title, $0) }
        default:
            return (job.title, job.body)
        }
    }

    /// The movement nudge for `memberID` on `day` when their steps before `time` are below their
    /// threshold (``StepActivity/threshold(for:on:before:)``); nil when they are not, or when there
    /// is no count for that day (an export that ends earlier says nothing about today).
    static func lowActivityNudge(_ activity: StepActivity, memberID: String, name: String, day: String, before time: LocalTime) -> String? {
        let hour = time.hour + (time.minute > 0 ? 1 : 0)
        guard let walked = activity.steps(of: memberID, on: day, before: hour) else { return nil }
        let threshold = activity.threshold(for: memberID, on: day, before: hour)
        guard walked < threshold.steps else { return nil }
        let usual = threshold.personal ? "less than half of what they usually have by this time" : "fewer than \(threshold.steps.formatted()) by this time"
        return "\(name) has walked \(walked.formatted()) steps today, \(usual). A short walk before dinner, even ten minutes, helps."
    }

    /// A short nudge that changes through the day.
    static func wellnessTip(at time: LocalTime) -> String {
        let tips = [
            "Time for a glass of water.",
            "Stand up and stretch for a minute.",
            "Rest your eyes: look at something far away for 20 seconds.",
            "A short walk helps — even five minutes.",
            "Take three slow breaths.",
            "Refill your water and check in with how you feel.",
        ]
        return tips[(time.hour / 2) % tips.count]
    }
}

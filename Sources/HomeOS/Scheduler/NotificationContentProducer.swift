import Foundation

/// Produces the notification for an occurrence when it fires: briefings are written then (see
/// ``BriefingWriter``), a habit check-in is skipped when the habit is already done that day,
/// everything else uses the job's fixed text.
public struct NotificationContentProducer: Sendable {
    /// The family's store (read for habits).
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
        default:
            return (job.title, job.body)
        }
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

import Foundation
import LLM
import Skills

/// Writes the morning briefing and the evening wind-down for the daemon by running the
/// mental-load skill: exactly one model call each, within a background budget (30 s), and the
/// skill's deterministic summary of the family's data when the model fails, is missing or is slower.
public struct BriefingWriter: Sendable {
    /// The budget of a briefing's model call when the daemon writes it in the background.
    public static let backgroundBudget: Duration = .seconds(30)

    /// A written briefing.
    public struct Briefing: Sendable, Hashable {
        /// The text.
        public var text: String
        /// Whether the model wrote it (false: the deterministic summary).
        public var usedModel: Bool
    }

    /// The family's store.
    public let storage: any StorageProvider
    /// The model (nil: always the deterministic summary).
    public let bridge: LLMBridge?
    /// The model call's budget.
    public let budget: Duration

    /// Creates a writer.
    public init(storage: any StorageProvider, bridge: LLMBridge?, budget: Duration = BriefingWriter.backgroundBudget) {
        self.storage = storage
        // A briefing goes straight to the family's notifications: its text passes the answer screen.
        self.bridge = bridge?.screeningAnswers
        self.budget = budget
    }

    /// Writes the briefing (`evening`: the wind-down) as of `now` in `timeZone`.
    public func write(evening: Bool, at now: Date, timeZone: TimeZone) async -> Briefing {
        let skill = MentalLoadSkill(services: HomeOSServices(storage: storage, now: { now }))
        let context = SkillContext(message: evening ? "Evening wind-down" : "Morning briefing", now: now, timeZone: timeZone,
                                   bridge: bridge, deadline: .after(budget))
        let fallback = (try? skill.gather(context: context)).map { MentalLoadSkill.fallbackText($0, evening: evening) }
            ?? (evening ? "Time to wind down. (The family's data could not be read for a recap.)"
                        : "Good morning! (The family's data could not be read for a briefing.)")
        let text: String
        switch try? await skill.execute(arguments: .init(mode: evening ? .evening : .morning), context: context) {
        case .response(let answer)?: text = answer
        case .handoff(let request)?: text = request.context["briefing"] ?? fallback
        default: text = fallback
        }
        return Briefing(text: text, usedModel: text != fallback)
    }
}

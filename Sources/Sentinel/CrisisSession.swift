import Foundation

/// The time source of crisis sessions, so that tests can move time by hand.
public protocol CrisisClock: Sendable {
    /// The current time.
    var now: Date { get }
}

/// The system clock.
public struct SystemCrisisClock: CrisisClock {
    /// Creates the system clock.
    public init() {}
    /// The current time.
    public var now: Date { Date() }
}

/// How the person answers the recheck.
public enum RecheckAnswer: String, Sendable, Hashable, Codable, CaseIterable {
    /// "More stable": the crisis is resolved.
    case moreStable = "more_stable"
    /// "About the same": another 10 minutes.
    case aboutTheSame = "about_the_same"
    /// "Still not safe": escalate to calling 988.
    case stillNotSafe = "still_not_safe"

    /// Reads a typed answer: the option number (1, 2, 3) or its words ("more stable", "same",
    /// "not safe", …). Nil when the text is none of them.
    public init?(parsing text: String) {
        let words = text.lowercased()
            .replacingOccurrences(of: "_", with: " ")
            .replacingOccurrences(of: "-", with: " ")
            .split(whereSeparator: { !$0.isLetter && !$0.isNumber })
            .joined(separator: " ")
        switch words {
        case "1", "more stable", "stable", "better", "more stable now":
            self = .moreStable
        case "2", "about the same", "the same", "same", "about same":
            self = .aboutTheSame
        case "3", "still not safe", "not safe", "unsafe", "still unsafe", "not safe now":
            self = .stillNotSafe
        default:
            return nil
        }
    }

    /// The answer as the person reads it.
    public var label: String {
        switch self {
        case .moreStable: return "More stable"
        case .aboutTheSame: return "About the same"
        case .stillNotSafe: return "Still not safe"
        }
    }
}

/// One recheck answer and when it was given.
public struct RecheckRecord: Sendable, Hashable, Codable {
    /// When the person answered.
    public var at: Date
    /// What they answered.
    public var answer: RecheckAnswer

    /// Creates a record.
    public init(at: Date, answer: RecheckAnswer) {
        self.at = at
        self.answer = answer
    }
}

/// The state of a crisis session.
public enum CrisisState: Sendable, Hashable, Codable {
    /// The crisis view is open; the recheck is due at `recheckAt`.
    case active(recheckAt: Date)
    /// The recheck is due: ask how the person is doing.
    case recheckDue
    /// The person said they are more stable.
    case resolved
    /// The person is still not safe: call 988 now.
    case escalated
}

/// A transition that does not apply in the current state.
public struct CrisisTransitionError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The state the session was in.
    public var state: CrisisState
    public var description: String { "A recheck answer is only taken when the recheck is due (the session is \(state))." }
}

/// One crisis: opened by an orange or red check-in, rechecked every 10 minutes until the person
/// is more stable or escalates to calling 988.
public struct CrisisSession: Sendable, Hashable, Codable {
    /// Time from opening (or from "about the same") to the recheck: 10 minutes.
    public static let recheckInterval: TimeInterval = 10 * 60
    /// The number the session escalates to.
    public static let escalationNumber = "988"

    /// When the session opened.
    public let openedAt: Date
    /// The tier that opened it.
    public let tier: RiskTier
    /// Time from opening (or from "about the same") to the recheck, in seconds
    /// (``recheckInterval`` unless the session was opened with another).
    public let recheckAfter: TimeInterval
    /// The current state (call ``refresh(now:)`` to move an overdue active session to recheck).
    public private(set) var state: CrisisState
    /// When it ended (resolved or escalated).
    public private(set) var endedAt: Date?
    /// The recheck answers, in order.
    public private(set) var rechecks: [RecheckRecord] = []

    /// Opens a session for an orange or red tier; nil below orange.
    ///
    /// `recheckAfter` shortens or lengthens the wait before each recheck (10 minutes by default);
    /// values that are not positive and finite fall back to the default.
    public init?(tier: RiskTier, now: Date, recheckAfter: TimeInterval = CrisisSession.recheckInterval) {
        guard tier.showsCrisisResources else { return nil }
        openedAt = now
        self.tier = tier
        self.recheckAfter = recheckAfter > 0 && recheckAfter.isFinite ? recheckAfter : Self.recheckInterval
        state = .active(recheckAt: now.addingTimeInterval(self.recheckAfter))
    }

    /// Whether the session is over (resolved or escalated).
    public var isEnded: Bool { state == .resolved || state == .escalated }

    /// Moves an active session whose wait has passed to ``CrisisState/recheckDue``.
    public mutating func refresh(now: Date) {
        if case .active(let recheckAt) = state, now >= recheckAt { state = .recheckDue }
    }

    /// Makes the recheck due now, before its time (the person asked to check in early).
    /// Does nothing unless the session is active.
    public mutating func recheckNow() {
        if case .active = state { state = .recheckDue }
    }

    /// Applies the recheck answer: more stable resolves, about the same restarts the wait (10
    /// minutes by default), still not safe escalates to calling 988. The answer is kept in
    /// ``rechecks``.
    public mutating func answerRecheck(_ answer: RecheckAnswer, now: Date) throws(CrisisTransitionError) {
        refresh(now: now)
        guard state == .recheckDue else { throw CrisisTransitionError(state: state) }
        rechecks.append(RecheckRecord(at: now, answer: answer))
        switch answer {
        case .moreStable:
            state = .resolved
            endedAt = now
        case .aboutTheSame:
            state = .active(recheckAt: now.addingTimeInterval(recheckAfter))
        case .stillNotSafe:
            state = .escalated
            endedAt = now
        }
    }

    /// What to tell the person in the current state.
    public var instruction: String {
        switch state {
        case .active: return "Stay with your safety plan. We will check in with you again in \(Self.describe(recheckAfter))."
        case .recheckDue: return "How are you doing now: more stable, about the same, or still not safe?"
        case .resolved: return "Glad you are more stable. Your safety plan and the crisis lines are always here."
        case .escalated: return "Please call 988 now (press 1 for the Veterans Crisis Line), or 911 if you are in immediate danger."
        }
    }

    /// A wait in words: "10 minutes", "1 minute", "30 seconds", "0.5 seconds".
    public static func describe(_ interval: TimeInterval) -> String {
        guard interval.isFinite, interval >= 0, interval < 1e9 else { return "a while" }
        guard interval == interval.rounded() else { return String(format: "%.1f seconds", interval) }
        let seconds = Int(interval)
        if seconds >= 60, seconds % 60 == 0 {
            let minutes = seconds / 60
            return "\(minutes) minute\(minutes == 1 ? "" : "s")"
        }
        return "\(seconds) second\(seconds == 1 ? "" : "s")"
    }
}

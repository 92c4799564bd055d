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
    /// Time from opening (or from "about the same") to the recheck.
    public static let recheckInterval: TimeInterval = 10 * 60
    /// The number the session escalates to.
    public static let escalationNumber = "988"

    /// When the session opened.
    public let openedAt: Date
    /// The tier that opened it.
    public let tier: RiskTier
    /// The current state (call ``refresh(now:)`` to move an overdue active session to recheck).
    public private(set) var state: CrisisState
    /// When it ended (resolved or escalated).
    public private(set) var endedAt: Date?

    /// Opens a session for an orange or red tier; nil below orange.
    public init?(tier: RiskTier, now: Date) {
        guard tier.showsCrisisResources else { return nil }
        openedAt = now
        self.tier = tier
        state = .active(recheckAt: now.addingTimeInterval(Self.recheckInterval))
    }

    /// Moves an active session whose 10 minutes have passed to ``CrisisState/recheckDue``.
    public mutating func refresh(now: Date) {
        if case .active(let recheckAt) = state, now >= recheckAt { state = .recheckDue }
    }

    /// Applies the recheck answer: more stable resolves, about the same restarts the 10 minutes,
    /// still not safe escalates to calling 988.
    public mutating func answerRecheck(_ answer: RecheckAnswer, now: Date) throws(CrisisTransitionError) {
        refresh(now: now)
        guard state == .recheckDue else { throw CrisisTransitionError(state: state) }
        switch answer {
        case .moreStable:
            state = .resolved
            endedAt = now
        case .aboutTheSame:
            state = .active(recheckAt: now.addingTimeInterval(Self.recheckInterval))
        case .stillNotSafe:
            state = .escalated
            endedAt = now
        }
    }

    /// What to tell the person in the current state.
    public var instruction: String {
        switch state {
        case .active: return "Stay with your safety plan. We will check in with you again in 10 minutes."
        case .recheckDue: return "How are you doing now: more stable, about the same, or still not safe?"
        case .resolved: return "Glad you are more stable. Your safety plan and the crisis lines are always here."
        case .escalated: return "Please call 988 now (press 1 for the Veterans Crisis Line), or 911 if you are in immediate danger."
        }
    }
}

/// Crisis sessions of the last 30 days; older ones are purged.
public struct CrisisHistory: Sendable, Hashable, Codable {
    /// How long sessions are kept.
    public static let retention: TimeInterval = 30 * 24 * 60 * 60

    /// The sessions kept, oldest first.
    public private(set) var sessions: [CrisisSession] = []

    /// An empty history.
    public init() {}

    /// Adds or updates a session (matched by opening time) and purges old ones.
    public mutating func record(_ session: CrisisSession, now: Date) {
        sessions.removeAll { $0.openedAt == session.openedAt }
        sessions.append(session)
        sessions.sort { $0.openedAt < $1.openedAt }
        purge(now: now)
    }

    /// Drops sessions opened more than 30 days before `now`.
    public mutating func purge(now: Date) {
        sessions.removeAll { now.timeIntervalSince($0.openedAt) > Self.retention }
    }
}

import Foundation

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

    /// Drops sessions opened more than 30 days before `now` and returns how many were dropped.
    @discardableResult
    public mutating func purge(now: Date) -> Int {
        let before = sessions.count
        sessions.removeAll { now.timeIntervalSince($0.openedAt) > Self.retention }
        return before - sessions.count
    }
}

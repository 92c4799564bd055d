import LLM
import Synchronization

/// Runs network work against a deadline and an idle limit, cancelling it (which closes its
/// connection) as soon as either passes.
enum Watchdog {
    /// How the work ended.
    enum Outcome: Sendable, Hashable {
        /// The work returned.
        case finished
        /// The request's deadline passed first.
        case deadline
        /// Nothing happened for longer than the idle limit.
        case idle
    }

    /// Runs `work`, which calls `touch(quietFor)` whenever it makes progress (`quietFor`: an
    /// expected pause, such as a backoff wait, that does not count as idle).
    /// - Throws: what `work` throws (when it throws before the deadline or idle limit).
    static func run(deadline: Deadline?, idle: Duration,
                    work: @escaping @Sendable (_ touch: @escaping @Sendable (Duration) -> Void) async throws -> Void)
        async throws -> Outcome {
        if let deadline, deadline.hasPassed { return .deadline }
        let lastActivity = ActivityClock()
        let touch: @Sendable (Duration) -> Void = { quiet in lastActivity.touch(quietFor: quiet) }
        return try await withThrowingTaskGroup(of: Outcome.self) { group in
            group.addTask {
                do {
                    try await work(touch)
                    return .finished
                } catch where !(error is CancellationError) && !Task.isCancelled {
                    // On a busy machine the timer task below can wake late, after the transport's
                    // own backstop timeout has failed the work: the cause is still the silence (or
                    // the deadline), and it is reported as such.
                    let now = ContinuousClock.now
                    if let deadline, deadline.instant <= now { return .deadline }
                    if lastActivity.last.advanced(by: idle) <= now { return .idle }
                    throw error
                }
            }
            group.addTask {
                while true {
                    let now = ContinuousClock.now
                    if let deadline, deadline.instant <= now { return .deadline }
                    let idleEnd = lastActivity.last.advanced(by: idle)
                    if idleEnd <= now { return .idle }
                    let wake = deadline.map { min($0.instant, idleEnd) } ?? idleEnd
                    try await Task.sleep(until: wake, clock: .continuous)
                }
            }
            defer { group.cancelAll() }
            guard let first = try await group.next() else { return .finished }
            return first
        }
    }
}

/// The last moment of progress (or the end of an announced pause).
private final class ActivityClock: Sendable {
    private let instant = Mutex(ContinuousClock.now)

    var last: ContinuousClock.Instant { instant.withLock { $0 } }

    func touch(quietFor quiet: Duration) {
        let until = ContinuousClock.now.advanced(by: quiet)
        instant.withLock { $0 = max($0, until) }
    }
}

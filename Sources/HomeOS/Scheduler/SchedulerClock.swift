import Foundation
import Synchronization

/// The scheduler's source of time: the wall clock in the daemon, a simulated one in tests.
public protocol SchedulerClock: Sendable {
    /// The current instant.
    var now: Date { get }

    /// Returns at `date` or later.
    /// - Throws: `CancellationError` when the task is cancelled while waiting.
    func sleep(until date: Date) async throws
}

/// The system's wall clock.
///
/// Waits in steps of at most ``maximumStep``, re-reading the wall clock after each, so a clock
/// change or a suspended machine is noticed promptly.
public struct SystemSchedulerClock: SchedulerClock {
    /// The longest single wait.
    public var maximumStep: Duration

    /// Creates the clock.
    public init(maximumStep: Duration = .seconds(30)) { self.maximumStep = maximumStep }

    public var now: Date { Date() }

    public func sleep(until date: Date) async throws {
        while true {
            try Task.checkCancellation()
            let left = date.timeIntervalSinceNow
            if left <= 0 { return }
            try await Task.sleep(for: min(.milliseconds(Int64((left * 1000).rounded(.up))), maximumStep))
        }
    }
}

/// A clock that only moves when told, or when slept on: ``sleep(until:)`` jumps straight to the
/// requested instant. A daemon on this clock runs simulated weeks in milliseconds.
public final class SimulatedSchedulerClock: SchedulerClock {
    private let current: Mutex<Date>

    /// A clock reading `start`.
    public init(start: Date) { current = Mutex(start) }

    public var now: Date { current.withLock { $0 } }

    /// Moves the clock to `date` (never backwards).
    public func set(_ date: Date) { current.withLock { $0 = max($0, date) } }

    /// Moves the clock forward by `interval` seconds.
    public func advance(by interval: TimeInterval) { current.withLock { $0 = $0.addingTimeInterval(max(0, interval)) } }

    public func sleep(until date: Date) async throws {
        try Task.checkCancellation()
        set(date)
        await Task.yield()
        try Task.checkCancellation()
    }
}

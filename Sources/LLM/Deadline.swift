/// A point in time by which a model call must finish.
///
/// Engines check the deadline between tokens (and between prompt batches) and end generation
/// with ``FinishReason/deadline`` when it passes, returning what was generated so far.
public struct Deadline: Sendable, Hashable, Comparable {
    /// The instant on the continuous clock at which the deadline passes.
    public let instant: ContinuousClock.Instant

    /// A deadline at a given instant.
    public init(_ instant: ContinuousClock.Instant) { self.instant = instant }

    /// A deadline `duration` from now.
    public static func after(_ duration: Duration) -> Deadline {
        Deadline(ContinuousClock.now.advanced(by: duration))
    }

    /// Whether the deadline has passed.
    public var hasPassed: Bool { ContinuousClock.now >= instant }

    /// Time left until the deadline; zero or negative once it has passed.
    public var remaining: Duration { ContinuousClock.now.duration(to: instant) }

    public static func < (lhs: Deadline, rhs: Deadline) -> Bool { lhs.instant < rhs.instant }
}

/// Thrown by ``withDeadline(_:operation:)`` when the work did not finish in time.
public struct DeadlineExceeded: Error, Sendable, Hashable, CustomStringConvertible {
    /// The budget that was exceeded.
    public var budget: Duration
    public var description: String { "The operation did not finish within \(budget)." }
}

/// Runs `operation`, cancelling it and throwing ``DeadlineExceeded`` if it takes longer than
/// `budget`. The operation should honour cancellation (model calls do).
public func withDeadline<T: Sendable>(_ budget: Duration, operation: @escaping @Sendable () async throws -> T) async throws -> T {
    try await withThrowingTaskGroup(of: T?.self) { group in
        group.addTask { try await operation() }
        group.addTask {
            try? await Task.sleep(for: budget)
            return nil
        }
        defer { group.cancelAll() }
        while let next = try await group.next() {
            if let value = next { return value }
            throw DeadlineExceeded(budget: budget)
        }
        throw DeadlineExceeded(budget: budget)
    }
}

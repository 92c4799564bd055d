/// Which step of the resilience cascade produced an answer.
public enum ResilienceAttempt: String, Sendable, Hashable, Codable, CaseIterable {
    /// Attempt 1: the full prompt on the local model.
    case full
    /// Attempt 2: the simplified prompt (no few-shot examples, trimmed context).
    case simplified
    /// Attempt 3: the caller's deterministic fallback (no model).
    case deterministic
    /// Attempt 4: a remote engine the user opted into and approved for this request.
    case remote
}

/// Why an attempt did not produce the answer.
public struct ResilienceFailure: Sendable, Hashable {
    /// The attempt.
    public var attempt: ResilienceAttempt
    /// What went wrong (a timeout, an error, invalid JSON, no fallback, consent refused).
    public var reason: String
}

/// An answer and how it came about.
public struct ResilientAnswer<Value: Sendable>: Sendable {
    /// The answer.
    public var value: Value
    /// The attempt that produced it.
    public var attempt: ResilienceAttempt
    /// The attempts that failed before it, in order.
    public var failures: [ResilienceFailure]
}

extension ResilientAnswer: Equatable where Value: Equatable {}

/// Every attempt failed (no fallback, no consented remote step).
public struct ResilienceExhausted: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong at each attempt.
    public var failures: [ResilienceFailure]

    public var description: String {
        "No attempt produced an answer: " + failures.map { "\($0.attempt.rawValue): \($0.reason)" }.joined(separator: "; ")
    }
}

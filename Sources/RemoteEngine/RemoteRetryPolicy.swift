import Foundation
import LLM

/// When and how long to wait before repeating a request that failed in a way that may pass:
/// 429 (rate limited), 5xx (server trouble) and connection errors. Only requests that have not
/// produced any output yet are repeated, so a retried answer never repeats text.
public struct RemoteRetryPolicy: Sendable, Hashable {
    /// Attempts in all, the first included (1 disables retries).
    public var maxAttempts: Int
    /// Wait before the first retry.
    public var initialDelay: Duration
    /// Factor by which the wait grows after each retry.
    public var multiplier: Double
    /// Longest wait, also the cap on a server's `Retry-After`.
    public var maxDelay: Duration

    /// Creates a policy; the default tries 4 times, waiting 0.5 s, 1 s, 2 s.
    public init(maxAttempts: Int = 4, initialDelay: Duration = .milliseconds(500), multiplier: Double = 2,
                maxDelay: Duration = .seconds(20)) {
        self.maxAttempts = max(1, maxAttempts)
        self.initialDelay = initialDelay
        self.multiplier = max(1, multiplier)
        self.maxDelay = maxDelay
    }

    /// No retries.
    public static var none: RemoteRetryPolicy { RemoteRetryPolicy(maxAttempts: 1) }

    /// The wait after failed attempt `attempt` (1-based): the server's `Retry-After` when it gave
    /// one (capped at ``maxDelay``), else exponential backoff.
    public func delay(afterAttempt attempt: Int, retryAfter: Duration?) -> Duration {
        if let retryAfter { return min(max(retryAfter, .zero), maxDelay) }
        let factor = pow(multiplier, Double(max(0, attempt - 1)))
        let seconds = initialDelay.seconds * factor
        return min(Duration.milliseconds(Int64((seconds * 1000).rounded())), maxDelay)
    }

    /// Whether an HTTP status is worth retrying.
    public static func isRetryable(status: Int) -> Bool { status == 429 || status == 408 || (500...599).contains(status) }

    /// Parses a `Retry-After` header: delay seconds, or an HTTP date (relative to `now`).
    public static func parseRetryAfter(_ value: String?, now: Date = Date()) -> Duration? {
        guard let value = value?.trimmingCharacters(in: .whitespaces), !value.isEmpty else { return nil }
        if let seconds = Double(value), seconds.isFinite, seconds >= 0 { return .milliseconds(Int64(seconds * 1000)) }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
        guard let date = formatter.date(from: value) else { return nil }
        return .milliseconds(Int64(max(0, date.timeIntervalSince(now)) * 1000))
    }
}

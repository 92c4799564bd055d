#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// How a download retries: exponential backoff between attempts that made no progress.
///
/// An attempt that received new bytes resets the count, so a long download over a flaky
/// connection keeps resuming; `maxFailures` attempts in a row without progress give up.
public struct RetryPolicy: Sendable, Hashable {
    /// Attempts in a row without new bytes before giving up.
    public var maxFailures: Int
    /// Delay before the first retry.
    public var initialDelay: Duration
    /// Factor applied to the delay after each failure.
    public var multiplier: Double
    /// Longest delay between attempts.
    public var maxDelay: Duration

    /// Creates a policy.
    public init(maxFailures: Int = 5, initialDelay: Duration = .milliseconds(500), multiplier: Double = 2,
                maxDelay: Duration = .seconds(30)) {
        self.maxFailures = max(1, maxFailures)
        self.initialDelay = initialDelay
        self.multiplier = multiplier
        self.maxDelay = maxDelay
    }

    /// The delay before retry number `failure` (1 for the first retry).
    public func delay(afterFailure failure: Int) -> Duration {
        let factor = pow(multiplier, Double(max(0, failure - 1)))
        let delay = initialDelay * factor
        return delay > maxDelay ? maxDelay : delay
    }
}

/// Free space on the disk holding a directory.
public protocol DiskSpaceProbe: Sendable {
    /// Bytes available to this user on the file system holding `directory`, or `nil` if unknown.
    func availableBytes(at directory: URL) -> Int64?
}

/// Free space from `statvfs`.
public struct FileSystemDiskSpace: DiskSpaceProbe {
    /// Creates the probe.
    public init() {}

    public func availableBytes(at directory: URL) -> Int64? {
        var stats = statvfs()
        guard statvfs(directory.path, &stats) == 0 else { return nil }
        return Int64(stats.f_bavail) * Int64(stats.f_frsize)
    }
}

/// A fixed amount of free space (tests, previews).
public struct FixedDiskSpace: DiskSpaceProbe {
    /// The bytes reported.
    public var bytes: Int64

    /// Creates a probe that always reports `bytes`.
    public init(bytes: Int64) {
        self.bytes = bytes
    }

    public func availableBytes(at directory: URL) -> Int64? { bytes }
}

/// Settings of a ``ModelDownloader``.
public struct DownloadConfiguration: Sendable {
    /// Retries and backoff.
    public var retry: RetryPolicy
    /// How long to wait for the response head of each attempt.
    public var responseTimeout: Duration
    /// Free space kept beyond the file itself.
    public var diskHeadroomBytes: Int64
    /// Least time between progress reports while bytes arrive.
    public var progressInterval: Duration
    /// The `User-Agent` header.
    public var userAgent: String

    /// Creates a configuration.
    public init(retry: RetryPolicy = RetryPolicy(), responseTimeout: Duration = .seconds(60),
                diskHeadroomBytes: Int64 = 64 << 20, progressInterval: Duration = .milliseconds(100),
                userAgent: String = "HomeOS-ModelHub/1") {
        self.retry = retry
        self.responseTimeout = responseTimeout
        self.diskHeadroomBytes = diskHeadroomBytes
        self.progressInterval = progressInterval
        self.userAgent = userAgent
    }
}

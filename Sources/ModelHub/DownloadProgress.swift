/// How far a download has come, reported while it runs.
public struct DownloadProgress: Sendable, Hashable {
    /// What the download is doing.
    public enum Phase: Sendable, Hashable {
        /// Another download (in this or another process) holds the file; waiting for it.
        case waitingForOtherDownload
        /// Sending the request (attempt number from 1).
        case connecting(attempt: Int)
        /// Receiving bytes.
        case downloading
        /// The connection failed; retrying after `delay`.
        case retrying(attempt: Int, delay: Duration, reason: String)
        /// All bytes received; checking size and SHA-256.
        case verifying
        /// Verified and moved into place.
        case finished
    }

    /// What the download is doing.
    public var phase: Phase
    /// Bytes of the file on disk so far, including bytes resumed from an earlier attempt.
    public var receivedBytes: Int64
    /// The file's total size, when known.
    public var totalBytes: Int64?
    /// Bytes already on disk when the current attempt started (0 for a fresh start).
    public var resumedFromBytes: Int64
    /// Average speed of the current attempt, in bytes per second.
    public var bytesPerSecond: Double

    /// Creates a progress report.
    public init(phase: Phase, receivedBytes: Int64, totalBytes: Int64?, resumedFromBytes: Int64 = 0, bytesPerSecond: Double = 0) {
        self.phase = phase
        self.receivedBytes = receivedBytes
        self.totalBytes = totalBytes
        self.resumedFromBytes = resumedFromBytes
        self.bytesPerSecond = bytesPerSecond
    }

    /// Progress from 0 to 1, when the total is known.
    public var fraction: Double? {
        guard let totalBytes, totalBytes > 0 else { return nil }
        return min(1, max(0, Double(receivedBytes) / Double(totalBytes)))
    }

    /// Estimated time left at the current speed, when the total is known.
    public var estimatedTimeRemaining: Duration? {
        guard let totalBytes, bytesPerSecond > 0 else { return nil }
        let seconds = Double(max(0, totalBytes - receivedBytes)) / bytesPerSecond
        return .milliseconds(Int64(seconds * 1000))
    }
}

/// Receives progress reports; called from the downloading task, often, so keep it quick.
public typealias DownloadProgressHandler = @Sendable (DownloadProgress) -> Void

import AsyncHTTPClient
import Foundation
import Logging

/// A file to download.
public struct DownloadRequest: Sendable {
    /// The `http(s)` address.
    public var url: String
    /// Where the verified file ends up.
    public var destination: URL
    /// The SHA-256 the file must have (lowercase hex); `nil` accepts any content.
    public var expectedSHA256: String?
    /// The size the file must have; `nil` takes the server's word.
    public var expectedSize: Int64?
    /// A token for gated sources, sent only where ``AuthToken/applies(to:)`` allows.
    public var token: AuthToken?

    /// Creates a request.
    public init(url: String, destination: URL, expectedSHA256: String? = nil, expectedSize: Int64? = nil, token: AuthToken? = nil) {
        self.url = url
        self.destination = destination
        self.expectedSHA256 = expectedSHA256?.lowercased()
        self.expectedSize = expectedSize
        self.token = token
    }
}

/// A finished download.
public struct DownloadResult: Sendable, Hashable {
    /// The file, now in place.
    public var destination: URL
    /// Its SHA-256 (lowercase hex).
    public var sha256: String
    /// Its size in bytes.
    public var sizeBytes: Int64
    /// Whether the file matched an expected SHA-256 (false when none was given).
    public var verified: Bool
    /// Whether the file was already in place and verified, so nothing was downloaded.
    public var alreadyPresent: Bool
    /// Bytes already on disk when the first request of this download was answered.
    public var resumedFromBytes: Int64
    /// Requests made.
    public var attempts: Int
    /// Whether the download had to start over from byte 0 at some point (a server ignoring
    /// `Range`, or a partial file that no longer matched).
    public var restartedFromZero: Bool
}

/// Downloads model files over HTTP(S): streamed to `<file>.partial`, resumed with `Range` after
/// an interruption or a restart of the program, SHA-256 verified, then renamed into place
/// atomically, so a half-downloaded or tampered file is never at the final path.
///
/// - Resume: a partial file is continued with `Range: bytes=N-` when the server answers `206`
///   with a matching `Content-Range`; a server that ignores `Range` (`200`) or answers with a
///   different range is handled by starting over from byte 0.
/// - Retries: failed attempts are retried with exponential backoff (``RetryPolicy``).
/// - Disk space: checked before the first byte is written (``DiskSpaceProbe``).
/// - Cancellation: cancelling the calling task stops the transfer; the partial file is kept
///   for a later resume and is never counted as installed.
/// - Concurrency: downloads of the same destination through one downloader share a single
///   transfer (later callers wait for it and get its result; only the first caller's progress
///   handler is called). Across downloaders and processes a lock file (`<file>.lock`)
///   serializes them, and a waiter that finds the file verified in place downloads nothing.
public actor ModelDownloader {
    private let transfer: DownloadTransfer
    private var inFlight: [String: (task: Task<DownloadResult, any Error>, waiters: Int)] = [:]

    /// Creates a downloader. The caller owns `httpClient` and shuts it down.
    public init(httpClient: HTTPClient, configuration: DownloadConfiguration = DownloadConfiguration(),
                diskSpace: any DiskSpaceProbe = FileSystemDiskSpace(), verifier: FileVerifier = FileVerifier(),
                sleep: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) }) {
        transfer = DownloadTransfer(client: httpClient, configuration: configuration, diskSpace: diskSpace,
                                    verifier: verifier, sleep: sleep)
    }

    /// An HTTP client suited to large downloads (following redirects, 60 s read timeout), for
    /// callers that do not have one. The caller must `shutdown()` it when done.
    public static func makeHTTPClient() -> HTTPClient {
        var configuration = HTTPClient.Configuration()
        configuration.redirectConfiguration = .follow(max: 10, allowCycles: false)
        configuration.timeout = .init(connect: .seconds(30), read: .seconds(60))
        configuration.decompression = .disabled
        return HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
    }

    /// Downloads `request`, reporting progress to `progress`.
    ///
    /// - Throws: ``DownloadError`` saying what failed and what to do; `CancellationError` when
    ///   the calling task is cancelled.
    public func download(_ request: DownloadRequest, progress: DownloadProgressHandler? = nil) async throws -> DownloadResult {
        let key = request.destination.standardizedFileURL.path
        let task: Task<DownloadResult, any Error>
        if let flight = inFlight[key] {
            task = flight.task
            inFlight[key] = (task, flight.waiters + 1)
        } else {
            let transfer = self.transfer
            task = Task { try await transfer.run(request, progress: progress) }
            inFlight[key] = (task, 1)
        }
        do {
            let result = try await withTaskCancellationHandler {
                try await task.value
            } onCancel: {
                Task { await self.abandon(key, task) }
            }
            finished(key, task)
            try Task.checkCancellation()
            let logger = Logger(label: "homeos.modelhub")
            if let expected = request.expectedSHA256, expected != result.sha256 {
                logger.error("download failed its checksum; nothing installed", metadata: ["file": "\(request.destination.lastPathComponent)"])
                throw DownloadError.checksumMismatch(url: DownloadURL.withoutQuery(request.url), expected: expected, actual: result.sha256)
            }
            logger.info("download finished", metadata: [
                "file": "\(request.destination.lastPathComponent)", "resumed_from_bytes": "\(result.resumedFromBytes)"])
            return result
        } catch {
            finished(key, task)
            Logger(label: "homeos.modelhub").warning("download stopped", metadata: [
                "file": "\(request.destination.lastPathComponent)", "error": "\(type(of: error))"])
            throw error
        }
    }

    /// Whether a download to `destination` is running through this downloader.
    public func isDownloading(_ destination: URL) -> Bool {
        inFlight[destination.standardizedFileURL.path] != nil
    }

    /// A waiter was cancelled: the transfer stops when nobody else waits for it.
    private func abandon(_ key: String, _ task: Task<DownloadResult, any Error>) {
        guard let flight = inFlight[key], flight.task == task else { return }
        if flight.waiters <= 1 {
            task.cancel()
        } else {
            inFlight[key] = (task, flight.waiters - 1)
        }
    }

    /// The transfer ended: later downloads of the same file start afresh.
    private func finished(_ key: String, _ task: Task<DownloadResult, any Error>) {
        if inFlight[key]?.task == task { inFlight[key] = nil }
    }
}

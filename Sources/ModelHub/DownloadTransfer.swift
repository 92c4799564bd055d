#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import AsyncHTTPClient
import Crypto
import Foundation

/// One file's download: attempts with resume and backoff, verification, and the atomic move.
/// ``ModelDownloader`` runs at most one per destination at a time.
struct DownloadTransfer: Sendable {
    let client: HTTPClient
    let configuration: DownloadConfiguration
    let diskSpace: any DiskSpaceProbe
    let verifier: FileVerifier
    let sleep: @Sendable (Duration) async throws -> Void

    /// Why an attempt must start over from byte 0 (the partial file no longer matches).
    private struct RestartFromZero: Error {}

    /// Mutable state of one download across its attempts (used by one task only).
    private final class State {
        var hasher = SHA256()
        var hashedBytes: Int64 = 0
        var firstOffset: Int64?
        var restartedFromZero = false
        var attempts = 0
    }

    func run(_ request: DownloadRequest, progress: DownloadProgressHandler?) async throws -> DownloadResult {
        guard DownloadURL.isHTTP(request.url) else { throw DownloadError.invalidURL(DownloadURL.withoutQuery(request.url)) }
        let destination = request.destination
        let folder = destination.deletingLastPathComponent()
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw DownloadError.fileSystem(path: folder.path, detail: error.localizedDescription)
        }
        if let done = alreadyInPlace(request) { return done }

        let lock: FileLock
        do {
            lock = try await FileLock.acquire(ModelDirectory.lockURL(for: destination)) {
                progress?(DownloadProgress(phase: .waitingForOtherDownload, receivedBytes: 0, totalBytes: request.expectedSize))
            }
        } catch let error as FileLockError {
            throw DownloadError.fileSystem(path: error.path, detail: error.detail)
        }
        defer { lock.unlock() }
        // Another process may have finished the same file while this one waited.
        if let done = alreadyInPlace(request) { return done }

        let partial = ModelDirectory.partialURL(for: destination)
        if let expected = request.expectedSize {
            let have = FileVerifier.sizeAndModificationTime(of: partial)?.0 ?? 0
            try checkDiskSpace(folder, needed: expected - min(have, expected))
        }
        var state = State()
        var size = try await transferWithRetries(request, partial: partial, state: state, progress: progress)
        var digest = try finalDigest(state, size: size, partial: partial, progress: progress)
        let url = DownloadURL.withoutQuery(request.url)
        if let expected = request.expectedSHA256?.lowercased(), expected != digest, (state.firstOffset ?? 0) > 0 {
            // The partial file came from an earlier run and may belong to an older version of
            // the file: start over once from byte 0 before calling the download bad.
            try? FileManager.default.removeItem(at: partial)
            let earlier = state
            state = State()
            state.attempts = earlier.attempts
            state.restartedFromZero = true
            size = try await transferWithRetries(request, partial: partial, state: state, progress: progress)
            digest = try finalDigest(state, size: size, partial: partial, progress: progress)
        }
        if let expected = request.expectedSize, expected != size {
            try? FileManager.default.removeItem(at: partial)
            throw DownloadError.sizeMismatch(url: url, expected: expected, actual: size)
        }
        if let expected = request.expectedSHA256?.lowercased(), expected != digest {
            try? FileManager.default.removeItem(at: partial)
            throw DownloadError.checksumMismatch(url: url, expected: expected, actual: digest)
        }
        try moveIntoPlace(partial, destination)
        verifier.recordVerified(destination, sha256: digest)
        progress?(DownloadProgress(phase: .finished, receivedBytes: size, totalBytes: size))
        return DownloadResult(destination: destination, sha256: digest, sizeBytes: size,
                              verified: request.expectedSHA256 != nil, alreadyPresent: false,
                              resumedFromBytes: state.firstOffset ?? 0, attempts: state.attempts,
                              restartedFromZero: state.restartedFromZero)
    }

    /// The SHA-256 of the complete partial file (from the running hash when it covers the file).
    private func finalDigest(_ state: State, size: Int64, partial: URL, progress: DownloadProgressHandler?) throws -> String {
        progress?(DownloadProgress(phase: .verifying, receivedBytes: size, totalBytes: size))
        if state.hashedBytes == size { return state.hasher.finalize().hexString }
        do { return try verifier.sha256(of: partial) } catch {
            throw DownloadError.fileSystem(path: partial.path, detail: error.localizedDescription)
        }
    }

    /// The result for a destination that already holds the expected file.
    private func alreadyInPlace(_ request: DownloadRequest) -> DownloadResult? {
        guard let expected = request.expectedSHA256 else { return nil }
        guard case .verified(let sha) = verifier.check(request.destination, expectedSize: request.expectedSize, expectedSHA256: expected),
              let (size, _) = FileVerifier.sizeAndModificationTime(of: request.destination) else { return nil }
        return DownloadResult(destination: request.destination, sha256: sha, sizeBytes: size, verified: true,
                              alreadyPresent: true, resumedFromBytes: size, attempts: 0, restartedFromZero: false)
    }

    private func transferWithRetries(_ request: DownloadRequest, partial: URL, state: State,
                                     progress: DownloadProgressHandler?) async throws -> Int64 {
        var failures = 0
        var best: Int64 = -1
        while true {
            try Task.checkCancellation()
            state.attempts += 1
            progress?(DownloadProgress(phase: .connecting(attempt: state.attempts), receivedBytes: max(0, best),
                                       totalBytes: request.expectedSize))
            let failure: String
            do {
                return try await attempt(request, partial: partial, state: state, progress: progress)
            } catch is RestartFromZero {
                try? FileManager.default.removeItem(at: partial)
                state.restartedFromZero = true
                failure = "the server's byte range did not match the partial file; starting over"
            } catch let error as DownloadError where !error.isRetryable {
                throw error
            } catch {
                if Task.isCancelled || error is CancellationError { throw CancellationError() }
                failure = Self.describe(error)
            }
            let kept = FileVerifier.sizeAndModificationTime(of: partial)?.0 ?? 0
            if kept > best {
                best = kept
                failures = 1
            } else {
                failures += 1
            }
            if failures >= configuration.retry.maxFailures && kept <= best {
                throw DownloadError.interrupted(url: DownloadURL.withoutQuery(request.url), attempts: failures,
                                                keptBytes: kept, lastError: failure)
            }
            let delay = configuration.retry.delay(afterFailure: failures)
            progress?(DownloadProgress(phase: .retrying(attempt: state.attempts + 1, delay: delay, reason: failure),
                                       receivedBytes: kept, totalBytes: request.expectedSize))
            try await sleep(delay)
        }
    }

    /// One request: resumes from the partial file when the server honours `Range`, restarts
    /// from 0 when it does not, and returns the complete size.
    private func attempt(_ request: DownloadRequest, partial: URL, state: State,
                         progress: DownloadProgressHandler?) async throws -> Int64 {
        let url = DownloadURL.withoutQuery(request.url)
        var existing = FileVerifier.sizeAndModificationTime(of: partial)?.0 ?? 0
        if let expected = request.expectedSize, existing > expected {
            try? FileManager.default.removeItem(at: partial)
            existing = 0
        }
        var http = HTTPClientRequest(url: request.url)
        http.headers.add(name: "User-Agent", value: configuration.userAgent)
        http.headers.add(name: "Accept-Encoding", value: "identity")
        if existing > 0 { http.headers.add(name: "Range", value: "bytes=\(existing)-") }
        let tokenSent = request.token.map { $0.applies(to: request.url) } ?? false
        if tokenSent, let token = request.token { http.headers.add(name: "Authorization", value: token.authorizationHeader) }

        let response = try await client.execute(http, timeout: .milliseconds(configuration.responseTimeout.wholeMilliseconds))
        let status = Int(response.status.code)
        let offset: Int64
        let total: Int64?
        switch status {
        case 200:
            if existing > 0 { state.restartedFromZero = true }
            offset = 0
            total = response.headers.first(name: "Content-Length").flatMap { Int64($0) }
        case 206:
            guard existing > 0, let range = ContentRange(response.headers.first(name: "Content-Range")),
                  range.start == existing else { throw RestartFromZero() }
            offset = existing
            total = range.total
        case 416:
            // Nothing left to send: the partial file may already be complete.
            if let range = ContentRange(response.headers.first(name: "Content-Range")), range.total == existing, existing > 0 {
                try rehashIfNeeded(partial, upTo: existing, state: state)
                if state.firstOffset == nil { state.firstOffset = existing }
                return existing
            }
            throw RestartFromZero()
        case 401, 403:
            throw DownloadError.unauthorized(url: url, status: status, tokenSent: tokenSent, tokenOrigin: request.token?.origin)
        case 404, 410:
            throw DownloadError.notFound(url: url)
        default:
            throw DownloadError.httpStatus(status, url: url)
        }
        if let expected = request.expectedSize, let total, total != expected {
            throw DownloadError.sizeMismatch(url: url, expected: expected, actual: total)
        }
        if let total { try checkDiskSpace(partial.deletingLastPathComponent(), needed: total - offset) }
        if state.firstOffset == nil { state.firstOffset = offset }

        let handle = try openPartial(partial, at: offset, state: state)
        defer { try? handle.close() }
        let clock = ContinuousClock()
        let started = clock.now
        var lastReport = started
        var received = offset
        let interval = configuration.progressInterval
        for try await chunk in response.body {
            if Task.isCancelled { throw CancellationError() }
            do {
                try chunk.withUnsafeReadableBytes { buffer in
                    try handle.write(contentsOf: buffer)
                    state.hasher.update(bufferPointer: buffer)
                }
            } catch {
                throw DownloadError.fileSystem(path: partial.path, detail: error.localizedDescription)
            }
            received += Int64(chunk.readableBytes)
            state.hashedBytes = received
            if let total, received > total {
                try? FileManager.default.removeItem(at: partial)
                throw DownloadError.sizeMismatch(url: url, expected: total, actual: received)
            }
            let now = clock.now
            if now - lastReport >= interval, let progress {
                lastReport = now
                let seconds = (now - started).secondsValue
                progress(DownloadProgress(phase: .downloading, receivedBytes: received, totalBytes: total ?? request.expectedSize,
                                          resumedFromBytes: offset,
                                          bytesPerSecond: seconds > 0 ? Double(received - offset) / seconds : 0))
            }
        }
        do { try handle.synchronize() } catch {
            throw DownloadError.fileSystem(path: partial.path, detail: error.localizedDescription)
        }
        if let total, received < total { throw TransferEndedEarly(received: received, total: total) }
        return received
    }

    /// Opens the partial file for writing at `offset` (truncating anything after it) and makes
    /// the hash state cover exactly the first `offset` bytes.
    private func openPartial(_ partial: URL, at offset: Int64, state: State) throws -> FileHandle {
        do {
            if offset == 0 || !FileManager.default.fileExists(atPath: partial.path) {
                guard FileManager.default.createFile(atPath: partial.path, contents: nil) else {
                    throw DownloadError.fileSystem(path: partial.path, detail: "cannot create the file")
                }
                state.hasher = SHA256()
                state.hashedBytes = 0
            } else {
                try rehashIfNeeded(partial, upTo: offset, state: state)
            }
            let handle = try FileHandle(forWritingTo: partial)
            try handle.truncate(atOffset: UInt64(offset))
            try handle.seek(toOffset: UInt64(offset))
            return handle
        } catch let error as DownloadError {
            throw error
        } catch {
            throw DownloadError.fileSystem(path: partial.path, detail: error.localizedDescription)
        }
    }

    /// Re-reads the partial file into the hasher unless the in-memory state already covers it.
    private func rehashIfNeeded(_ partial: URL, upTo offset: Int64, state: State) throws {
        guard state.hashedBytes != offset || offset == 0 else { return }
        var hasher = SHA256()
        let read = try FileVerifier.feed(partial, upTo: offset, into: &hasher)
        guard read == offset else { throw RestartFromZero() }
        state.hasher = hasher
        state.hashedBytes = offset
    }

    private func checkDiskSpace(_ folder: URL, needed: Int64) throws {
        guard needed > 0, let available = diskSpace.availableBytes(at: folder) else { return }
        if needed + configuration.diskHeadroomBytes > available {
            throw DownloadError.insufficientDiskSpace(directory: folder.path, neededBytes: needed + configuration.diskHeadroomBytes,
                                                      availableBytes: available)
        }
    }

    /// Renames the verified partial file over the destination (atomic on one file system).
    private func moveIntoPlace(_ partial: URL, _ destination: URL) throws {
        guard rename(partial.path, destination.path) == 0 else {
            throw DownloadError.fileSystem(path: destination.path, detail: String(cString: strerror(errno)))
        }
    }

    private static func describe(_ error: any Error) -> String {
        if let ended = error as? TransferEndedEarly {
            return "the connection closed after \(ByteCount.format(ended.received)) of \(ByteCount.format(ended.total))"
        }
        if let error = error as? DownloadError { return error.description }
        return String(describing: error)
    }
}

/// The body ended before the announced size.
private struct TransferEndedEarly: Error {
    var received: Int64
    var total: Int64
}

extension Duration {
    /// The duration in whole milliseconds.
    var wholeMilliseconds: Int64 {
        components.seconds * 1000 + components.attoseconds / 1_000_000_000_000_000
    }

    /// The duration in seconds, as a floating-point number.
    var secondsValue: Double {
        Double(components.seconds) + Double(components.attoseconds) / 1e18
    }
}

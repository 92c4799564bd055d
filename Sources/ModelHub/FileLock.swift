#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// An exclusive advisory lock on a lock file (`flock`), held until ``unlock()`` or deinit.
///
/// Locks taken through separate `FileLock` values conflict even inside one process, so two
/// downloaders (or two `homeos` processes) never write the same partial file at once.
final class FileLock: @unchecked Sendable {
    // Only touched by the owner between a successful acquire and unlock.
    private var descriptor: Int32

    private init(descriptor: Int32) { self.descriptor = descriptor }

    deinit { unlock() }

    /// Tries to take the lock without waiting; `nil` when another holder has it.
    static func tryAcquire(_ url: URL) throws(FileLockError) -> FileLock? {
        let fd = open(url.path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw FileLockError(path: url.path, detail: String(cString: strerror(errno))) }
        if flock(fd, LOCK_EX | LOCK_NB) == 0 { return FileLock(descriptor: fd) }
        let code = errno
        close(fd)
        if code == EWOULDBLOCK { return nil }
        throw FileLockError(path: url.path, detail: String(cString: strerror(code)))
    }

    /// Takes the lock, polling every `interval` while another holder has it. `onWait` is called
    /// once when the lock is busy. Throws `CancellationError` when the task is cancelled while waiting.
    static func acquire(_ url: URL, interval: Duration = .milliseconds(100),
                        onWait: @Sendable () -> Void = {}) async throws -> FileLock {
        var notified = false
        while true {
            if let lock = try tryAcquire(url) { return lock }
            if !notified { onWait(); notified = true }
            try await Task.sleep(for: interval)
        }
    }

    /// Takes the lock, blocking the thread (for short critical sections such as a state file update).
    static func acquireBlocking(_ url: URL) throws(FileLockError) -> FileLock {
        let fd = open(url.path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw FileLockError(path: url.path, detail: String(cString: strerror(errno))) }
        while flock(fd, LOCK_EX) != 0 {
            if errno == EINTR { continue }
            let detail = String(cString: strerror(errno))
            close(fd)
            throw FileLockError(path: url.path, detail: detail)
        }
        return FileLock(descriptor: fd)
    }

    /// Releases the lock (the lock file stays; removing it would race with a waiting process).
    func unlock() {
        guard descriptor >= 0 else { return }
        _ = flock(descriptor, LOCK_UN)
        close(descriptor)
        descriptor = -1
    }
}

/// A lock file could not be opened or locked.
struct FileLockError: Error, Sendable, Hashable {
    var path: String
    var detail: String
}

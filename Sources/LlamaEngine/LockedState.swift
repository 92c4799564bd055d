import Foundation

/// A value guarded by a pthread mutex (`NSLock`).
///
/// The engine uses this instead of the standard library's `Mutex` for state that llama.cpp's
/// threads touch: on Linux `Mutex` locks with futexes from code ThreadSanitizer does not
/// instrument, so a `-sanitize=thread` build reports every access it guards as a race, which
/// would bury real reports from `scripts/sanitize.sh thread`. pthread mutexes are intercepted by
/// the sanitizer runtime and understood.
final class LockedState<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) { self.value = value }

    /// Runs `body` with exclusive access to the value.
    func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}

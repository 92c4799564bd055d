import Foundation

/// Runs `body` on a thread of its own and waits for it without holding a cooperative-pool thread.
///
/// scrypt at the store's cost takes seconds of CPU in a debug build. A synchronous test that
/// derives keys on the pool holds one of its two threads (on a two-core machine) for that long, and
/// every other test's deadlines and timeouts in the same process stall behind it.
func onOwnThread<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<T, any Error>) in
        let thread = Thread { continuation.resume(with: Result { try body() }) }
        thread.name = "test-key-derivation"
        thread.start()
    }
}

import Foundation
import Sentinel
import Synchronization

/// Saves crisis sessions to the encrypted history for `sentinel checkin`.
///
/// Saving never blocks the check-in or the crisis view: a failure is reported on standard error
/// (without any of the person's words), counted, and the check-in goes on.
struct CrisisHistoryRecorder: Sendable {
    let store: CrisisHistoryStore
    private let failures = FailureCount()

    init(store: CrisisHistoryStore) { self.store = store }

    /// Whether every change so far was saved.
    var allSaved: Bool { failures.count == 0 }

    /// Adds or updates `session` in the history.
    func record(_ session: CrisisSession) {
        do {
            try store.record(session, now: Date())
        } catch {
            failures.increment()
            Console.error("Crisis history not saved: \(error)")
        }
    }
}

/// Failures counted across the recheck loop's callbacks.
private final class FailureCount: Sendable {
    private let value = Mutex(0)
    var count: Int { value.withLock { $0 } }
    func increment() { value.withLock { $0 += 1 } }
}

import Foundation
import Sentinel

/// Saves crisis sessions to the encrypted history for `sentinel checkin`.
///
/// Saving never blocks the check-in or the crisis view: a failure is reported on standard error
/// (without any of the person's words) and the check-in goes on.
struct CrisisHistoryRecorder: Sendable {
    let store: CrisisHistoryStore

    /// Adds or updates `session` in the history.
    func record(_ session: CrisisSession) {
        do {
            try store.record(session, now: Date())
        } catch {
            Console.error("Crisis history not saved: \(error)")
        }
    }
}

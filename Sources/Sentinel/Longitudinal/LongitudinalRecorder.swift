import Foundation

/// Records a finished check-in in the store and runs LCSC on it: the deterministic update
/// (``LongitudinalTracker``), then the narrative compression (``NarrativeCompressor``; on failure
/// the previous narrative is kept), then saves the state.
///
/// The transcript and note are used only for the compression prompt; the store keeps the record's
/// numbers and the (encrypted) narrative, never the words themselves.
public struct LongitudinalRecorder: Sendable {
    /// The store.
    public let store: SentinelStore
    /// The deterministic update.
    public let tracker: LongitudinalTracker
    /// The narrative compression.
    public let compressor: NarrativeCompressor

    /// A recorder.
    public init(store: SentinelStore, tracker: LongitudinalTracker = LongitudinalTracker(), compressor: NarrativeCompressor) {
        self.store = store
        self.tracker = tracker
        self.compressor = compressor
    }

    /// The state to give the next check-in's risk prompt: the stored one, refreshed as of `now`
    /// (old crises forgotten, vigilance notes recomputed).
    public func stateForNextCheckIn(now: Date) throws -> LongitudinalState {
        tracker.refreshed(try store.longitudinalState(), now: now)
    }

    /// Records `report` with what was said (`signals`), and returns the updated state.
    @discardableResult
    public func record(_ report: CheckInReport, signals: CheckInSignals) async throws -> LongitudinalState {
        let sleep = signals.health?.baseline(for: .sleep).flatMap { $0.recentMean == nil ? nil : $0.summary }
        let words = [signals.transcript, signals.note.map { "(written note) \($0)" }].compactMap { $0 }
        return try await record(CheckInRecord(report), transcript: words.isEmpty ? nil : words.joined(separator: " "), sleep: sleep)
    }

    /// Records `record` and returns the updated state; `transcript` and `sleep` (a line such as
    /// "sleep: 4.2 h recently vs baseline 7.1 h") feed only the compression prompt.
    @discardableResult
    public func record(_ record: CheckInRecord, transcript: String?, sleep: String?) async throws -> LongitudinalState {
        try store.recordCheckIn(record)
        var state = tracker.update(try store.longitudinalState(), with: record)
        let outcome = await compressor.compress(previous: state.narrative, tier: record.finalTier, transcript: transcript,
                                                sleep: sleep, state: state, now: record.completedAt)
        if outcome.update.status != .kept {
            state.narrative = outcome.narrative
            state.narrativeUpdatedAt = record.completedAt
        }
        state.lastNarrativeUpdate = outcome.update
        try store.saveLongitudinalState(state)
        return state
    }
}

import Foundation
import LLM
import LlamaEngine
import ModelHub
import Sentinel

/// Opening the encrypted store for the `sentinel` commands.
enum StoreAccess {
    /// The environment variable holding the store's passphrase (never a command-line option, so
    /// it stays out of shell history and process listings).
    static let passphraseVariable = "SENTINEL_PASSPHRASE"

    /// The passphrase from the environment, if set and not empty.
    static var passphrase: String? {
        ProcessInfo.processInfo.environment[passphraseVariable].flatMap { $0.isEmpty ? nil : $0 }
    }

    /// Opens the store in the data directory (`--data-dir`, `$SENTINEL_DATA_DIR`, `~/.homeos/sentinel`).
    static func open(dataDir: String?) throws -> SentinelStore {
        try SentinelStore(directory: SentinelDataDirectory.resolve(explicit: dataDir), passphrase: passphrase)
    }
}

extension AIOptions {
    /// The narrative model (LCSC compression and record ingestion): the same model as the AI
    /// step, loaded with a 2,048-token context, within the 30 s narrative budget. Without a model
    /// (--no-model, or none installed), compression keeps the narrative and ingestion appends lines.
    func narrativeCompressor(shared: SharedEngineLoader? = nil) -> (compressor: NarrativeCompressor, usesModel: Bool) {
        guard !noModel, let resolved = try? ModelDirectory.standard().resolve(model) else { return (.withoutModel(), false) }
        if let shared {
            return (NarrativeCompressor(loadingModel: { try await shared.model() }, budget: ModelBudget.narrativeCompression), true)
        }
        var preset = LlamaConfiguration.preset(.balanced)
        preset.contextSize = 2048
        let configuration = preset
        let path = resolved.path, id = resolved.id
        let compressor = NarrativeCompressor(loadingModel: ScreenedModel.loading(path: path, id: id, configuration: configuration),
                                             budget: ModelBudget.narrativeCompression)
        return (compressor, true)
    }
}

extension AIOptions {
    /// The safety-plan reranker for the crisis view: the same model as the AI step, within the
    /// 15 s ranking budget. Without a model (--no-model, or none installed) it gives the primary
    /// driver's fixed order at once.
    func safetyPlanReranker(shared: SharedEngineLoader? = nil) -> (reranker: SafetyPlanReranker, usesModel: Bool) {
        if noModel { return (SafetyPlanReranker(noModel: "turned off with --no-model"), false) }
        let resolved: ModelDirectory.Resolved
        do { resolved = try ModelDirectory.standard().resolve(model) } catch {
            return (SafetyPlanReranker(noModel: "\(error)"), false)
        }
        if let shared { return (SafetyPlanReranker(loadingModel: { try await shared.model() }), true) }
        var preset = LlamaConfiguration.preset(.balanced)
        preset.contextSize = 2048
        let configuration = preset
        let path = resolved.path, id = resolved.id
        return (SafetyPlanReranker(loadingModel: ScreenedModel.loading(path: path, id: id, configuration: configuration)), true)
    }
}

/// Saves each check-in to the store and updates the longitudinal state for `sentinel checkin`.
///
/// Never blocks the check-in: a store that cannot be opened or written is reported on standard
/// error (paths and reasons only, never the person's words) and the check-in goes on.
struct CheckInStoreRecorder: Sendable {
    let recorder: LongitudinalRecorder

    /// Opens the store, or reports why it cannot and returns nil.
    static func open(dataDir: String?, compressor: NarrativeCompressor) -> CheckInStoreRecorder? {
        do {
            return CheckInStoreRecorder(recorder: LongitudinalRecorder(store: try StoreAccess.open(dataDir: dataDir), compressor: compressor))
        } catch {
            Console.error("Check-in history unavailable (this check-in will not be saved): \(error)")
            return nil
        }
    }

    /// The state for the risk prompt, or nil when it cannot be read.
    func stateForNextCheckIn() -> LongitudinalState? {
        do { return try recorder.stateForNextCheckIn(now: Date()) } catch {
            Console.error("Earlier check-ins left out of the AI step: \(error)")
            return nil
        }
    }

    /// The stored profile and hope box as the crisis view's material, or nil when no profile is
    /// stored or it cannot be read (said on standard error).
    func crisisProfile() -> CrisisProfile? {
        do {
            guard let profile = try recorder.store.loadProfile() else { return nil }
            return profile.crisisProfile(hopeBox: try recorder.store.loadHopeBox())
        } catch {
            Console.error("Profile left out of the crisis view: \(error)")
            return nil
        }
    }

    /// The stored safety plan, or nil when none is stored or it cannot be read (said on standard error).
    func safetyPlan() -> SafetyPlan? {
        do { return try recorder.store.loadSafetyPlan() } catch {
            Console.error("Safety plan left out of the crisis view: \(error)")
            return nil
        }
    }

    /// Records the check-in and updates the longitudinal state; false (said on standard error) when
    /// it could not be saved.
    func record(_ report: CheckInReport, signals: CheckInSignals) async -> Bool {
        do {
            try await recorder.record(report, signals: signals)
            return true
        } catch {
            Console.error("Check-in not saved to the history: \(error)")
            return false
        }
    }
}

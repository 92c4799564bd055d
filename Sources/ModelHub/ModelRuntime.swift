import LLM

/// The one active model of a process, and switching between models.
///
/// Switching checks the new model first (installed and verified, runtime available, enough
/// memory counting what unloading the current one frees), then unloads the current engine
/// before loading the next, so two models are never resident by accident. If the new model
/// fails to load, the previous one is loaded again and the saved selection is left unchanged.
/// Switches are serialized: a second `activate` waits for the first.
public actor ModelRuntime {
    /// A loaded model.
    public struct ActiveModel: Sendable {
        /// Its catalog entry.
        public var entry: CatalogEntry
        /// The loaded engine.
        public var model: any LanguageModel
        /// The memory estimate it was admitted with.
        public var estimate: MemoryEstimate
    }

    /// The library models come from.
    public nonisolated let library: ModelLibrary
    private let factory: any ModelEngineFactory
    private let memory: MemoryEstimator
    /// Context size used for memory estimates, in tokens.
    public nonisolated let contextSize: Int

    private var current: ActiveModel?
    private var switching = false
    private var waiters: [CheckedContinuation<Void, Never>] = []

    /// Creates a runtime with nothing loaded.
    public init(library: ModelLibrary, factory: any ModelEngineFactory, contextSize: Int,
                memory: MemoryEstimator = MemoryEstimator()) {
        self.library = library
        self.factory = factory
        self.contextSize = contextSize
        self.memory = memory
    }

    /// The loaded model, if any.
    public var active: ActiveModel? { current }

    /// Loads the selected model (else the catalog's default) unless it is already loaded.
    @discardableResult
    public func activateSelected() async throws -> ActiveModel {
        let entry = try library.selectedEntry() ?? library.catalog.defaultEntry
        return try await activate(entry.id, persistSelection: false)
    }

    /// Makes `name` the active model, unloading the current one first, and (by default)
    /// persists it as the selection once it has loaded.
    ///
    /// - Throws: ``ModelHubError`` — unknown, not installed, runtime unavailable, insufficient
    ///   memory (nothing is unloaded in these cases), or ``ModelHubError/loadFailed(id:detail:previousRestored:)``.
    @discardableResult
    public func activate(_ name: String, persistSelection: Bool = true) async throws -> ActiveModel {
        await beginSwitch()
        defer { endSwitch() }

        let entry = try library.entry(named: name)
        if let current, current.entry.id == entry.id {
            if persistSelection { try library.store.update { $0.selectedModelID = entry.id } }
            return current
        }
        let path = try library.pathForLoading(entry)
        let estimate = library.memoryEstimate(for: entry, contextSize: contextSize)
        try memory.check(estimate, for: entry.id, reclaimableBytes: current?.estimate.totalBytes ?? 0)

        let previous = current
        if let previous {
            current = nil
            await factory.unload(previous.model)
        }
        do {
            let model = try await factory.load(path: path, entry: entry)
            let loaded = ActiveModel(entry: entry, model: model, estimate: estimate)
            current = loaded
            if persistSelection { try library.store.update { $0.selectedModelID = entry.id } }
            return loaded
        } catch {
            var restored = false
            if let previous, let path = try? library.pathForLoading(previous.entry),
               let model = try? await factory.load(path: path, entry: previous.entry) {
                current = ActiveModel(entry: previous.entry, model: model, estimate: previous.estimate)
                restored = true
            }
            if error is CancellationError { throw error }
            throw ModelHubError.loadFailed(id: entry.id, detail: "\(error)", previousRestored: restored)
        }
    }

    /// Unloads the active model, if any.
    public func unload() async {
        await beginSwitch()
        defer { endSwitch() }
        if let current {
            self.current = nil
            await factory.unload(current.model)
        }
    }

    private func beginSwitch() async {
        while switching {
            await withCheckedContinuation { waiters.append($0) }
        }
        switching = true
    }

    private func endSwitch() {
        switching = false
        if !waiters.isEmpty { waiters.removeFirst().resume() }
    }
}

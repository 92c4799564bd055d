import LLM

/// Loads and unloads engines for ``ModelRuntime``. ModelHub does not know any engine; the
/// application wires one in (the `homeos` CLI uses `LlamaEngine`).
public protocol ModelEngineFactory: Sendable {
    /// Loads the model at `path` (a file, or a folder for directory models) described by `entry`.
    func load(path: String, entry: CatalogEntry) async throws -> any LanguageModel
    /// Frees the memory a loaded model holds. Called before another model is loaded.
    func unload(_ model: any LanguageModel) async
}

/// A ``ModelEngineFactory`` made of two closures.
public struct ClosureEngineFactory: ModelEngineFactory {
    private let loader: @Sendable (String, CatalogEntry) async throws -> any LanguageModel
    private let unloader: @Sendable (any LanguageModel) async -> Void

    /// Creates a factory from a loader and an unload hook.
    public init(load: @escaping @Sendable (_ path: String, _ entry: CatalogEntry) async throws -> any LanguageModel,
                unload: @escaping @Sendable (_ model: any LanguageModel) async -> Void) {
        loader = load
        unloader = unload
    }

    public func load(path: String, entry: CatalogEntry) async throws -> any LanguageModel {
        try await loader(path, entry)
    }

    public func unload(_ model: any LanguageModel) async {
        await unloader(model)
    }
}

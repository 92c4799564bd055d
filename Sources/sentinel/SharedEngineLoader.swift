import LLM
import LlamaEngine

/// Loads a command's model once and hands the same engine to every step (AI risk, safety-plan
/// reranking, narrative compression), so all model work of one `sentinel` process is serialised
/// on one engine: a step whose deadline expired may still be generating, and a second llama.cpp
/// context computing at the same time crashed the check-in. One load also halves memory.
actor SharedEngineLoader {
    private let load: @Sendable () async throws -> LlamaEngine
    private var loading: Task<LlamaEngine, Error>?

    /// Creates the loader; nothing is loaded until a step asks.
    init(load: @escaping @Sendable () async throws -> LlamaEngine) {
        self.load = load
    }

    /// The engine behind the answer screen (``ScreenedModel``): what every model step gets.
    func model() async throws -> any LanguageModel { ScreenedModel.wrap(try await engine()) }

    /// The engine, loaded on first use.
    func engine() async throws -> LlamaEngine {
        if let loading { return try await loading.value }
        let task = Task { try await load() }
        loading = task
        return try await task.value
    }
}

import LLM
import LlamaEngine
import ModelHub

/// Wires ModelHub's runtime switching to the in-process llama.cpp engine.
struct ModelsEngineFactory: ModelEngineFactory {
    /// How engines are configured.
    var configuration: LlamaConfiguration

    func load(path: String, entry: CatalogEntry) async throws -> any LanguageModel {
        try await LlamaEngine(modelPath: path, id: entry.id, configuration: configuration)
    }

    func unload(_ model: any LanguageModel) async {
        await (model as? LlamaEngine)?.unload()
    }
}

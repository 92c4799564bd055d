import ArgumentParser
import Foundation
import LlamaEngine
import ModelHub

/// Options shared by commands that load a model.
struct ModelOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp(
        "Model id (see `homeos models list`) or path of a .gguf file. Default: the model chosen with `homeos models use`, else smollm2-135m-instruct.",
        valueName: "path|id"))
    var model: String?

    @Option(name: .long, help: "Hardware preset: max, balanced, low-memory or cpu-only.")
    var preset: LlamaConfiguration.Preset = .balanced

    @Option(name: .long, help: "Threads (default: from the preset).")
    var threads: Int?

    @Option(name: .long, help: "Context window in tokens (default: from the preset).")
    var context: Int?

    func validate() throws {
        if let threads, threads < 1 { throw ValidationError("--threads must be at least 1, got \(threads).") }
        if let context, context < 16 { throw ValidationError("--context must be at least 16 tokens, got \(context).") }
    }

    /// The configuration from the preset and overrides.
    var configuration: LlamaConfiguration {
        var configuration = LlamaConfiguration.preset(preset)
        if let threads {
            configuration.threads = threads
            configuration.batchThreads = threads
        }
        if let context { configuration.contextSize = context }
        return configuration
    }

    /// Resolves the model reference (`--model`, else the selected model, else the default),
    /// checks that the machine has the memory for it, and loads it.
    func loadEngine() async throws -> LlamaEngine {
        let library = ModelLibrary.standard()
        ModelsFormat.warn(about: library)
        let resolved = try library.resolveForLoading(model)
        let configuration = self.configuration
        let estimate = resolved.entry.map { library.memoryEstimate(for: $0, contextSize: configuration.contextSize) }
            ?? MemoryEstimator.estimate(forFileAt: URL(fileURLWithPath: resolved.path), contextSize: configuration.contextSize)
        if let estimate { try MemoryEstimator().check(estimate, for: resolved.id) }
        return try await LlamaEngine(modelPath: resolved.path, id: resolved.id, configuration: configuration)
    }
}

extension LlamaConfiguration.Preset: ExpressibleByArgument {}

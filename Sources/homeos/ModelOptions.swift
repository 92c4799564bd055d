import ArgumentParser
import Foundation
import LlamaEngine
import ModelHub
import RemoteEngine

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

    @Option(name: .long, help: "Generations decoded side by side when requests overlap (default: 1, one after another; homeos serve: 8).")
    var parallel: Int?

    @Option(name: .customLong("kv-cache"), help: ArgumentHelp(
        "KV-cache layout: shared (one cache of --context cells that every sequence fills) or per-sequence (a cache of --context cells for each of the --parallel generations, and one more; side-by-side decoding reads only each sequence's own cells, at that many times the memory). Default: per-sequence when --parallel is above 1, else shared.",
        valueName: "shared|per-sequence"))
    var kvCache: KVCacheLayout?

    /// How the KV cache is laid out (``LlamaConfiguration/cachePerSequence``).
    enum KVCacheLayout: String, ExpressibleByArgument, CaseIterable {
        case shared, perSequence = "per-sequence"
    }

    @Flag(name: .long, help: "Do not keep system prompts' KV state on disk (default: kept in $HOMEOS_CACHE/prompt-cache; HOMEOS_PROMPT_CACHE=off also turns it off).")
    var noPromptCache = false

    @Option(name: .long, help: "Context window in tokens (default: from the preset).")
    var context: Int?

    @Option(name: .long, help: ArgumentHelp(
        "local (in-process llama.cpp, the default) or remote (an OpenAI-compatible server: opt-in, messages leave this process; needs --base-url and --model; or set HOMEOS_ENGINE=remote).",
        valueName: "local|remote"))
    var engine: EngineChoice?

    @Option(name: .customLong("base-url"), help: ArgumentHelp(
        "With --engine remote: the server's API root, for example http://127.0.0.1:8080/v1 (or HOMEOS_REMOTE_BASE_URL). The API key is read from HOMEOS_REMOTE_API_KEY.",
        valueName: "url"))
    var baseURL: String?

    @Option(name: .long, help: ArgumentHelp(
        "With --engine remote: how structured output is requested: automatic (probe the server), json-schema, json-object-schema or none.",
        valueName: "style"))
    var structuredOutput: StructuredOutputStyle?

    @Option(name: .customLong("remote-timeout"), help: "With --engine remote: seconds of silence from the server before giving up (default 60).")
    var remoteTimeout: Double?

    @Option(name: .customLong("remote-retries"), help: "With --engine remote: attempts per request on 429/5xx/connection errors (default 4).")
    var remoteRetries: Int?

    func validate() throws {
        if let threads, threads < 1 { throw ValidationError("--threads must be at least 1, got \(threads).") }
        if let context, context < 16 { throw ValidationError("--context must be at least 16 tokens, got \(context).") }
        if engine != .remote {
            let remoteOnly = [("--base-url", baseURL != nil), ("--structured-output", structuredOutput != nil),
                              ("--remote-timeout", remoteTimeout != nil), ("--remote-retries", remoteRetries != nil)]
            if let (flag, _) = remoteOnly.first(where: \.1), ProcessInfo.processInfo.environment["HOMEOS_ENGINE"] != "remote" {
                throw ValidationError("\(flag) needs --engine remote (remote engines are opt-in).")
            }
        }
        if let parallel, !(1...16).contains(parallel) { throw ValidationError("--parallel must be between 1 and 16.") }
        if let remoteTimeout, !(remoteTimeout > 0) { throw ValidationError("--remote-timeout must be above 0 seconds.") }
        if let remoteRetries, remoteRetries < 1 { throw ValidationError("--remote-retries must be at least 1.") }
    }

    /// The configuration from the preset and overrides.
    var configuration: LlamaConfiguration {
        var configuration = LlamaConfiguration.preset(preset)
        if let threads {
            configuration.threads = threads
            configuration.batchThreads = threads
        }
        if let context { configuration.contextSize = context }
        configuration.promptCache = noPromptCache ? nil : PromptCache.standard()
        configuration.batchSequences = parallel ?? 1
        configuration.cachePerSequence = (kvCache ?? (configuration.batchSequences > 1 ? .perSequence : .shared)) == .perSequence
        return configuration
    }

    /// Resolves the model reference (`--model`, else the selected model, else the default),
    /// checks that the machine has the memory for it, and loads it.
    func loadEngine() async throws -> LlamaEngine {
        let library = ModelLibrary.standard()
        ModelsFormat.warn(about: library)
        let resolved = try library.resolveForLoading(model)
        var configuration = self.configuration
        let estimate = resolved.entry.map { library.memoryEstimate(for: $0, contextSize: configuration.contextSize) }
            ?? MemoryEstimator.estimate(forFileAt: URL(fileURLWithPath: resolved.path), contextSize: configuration.contextSize)
        if let estimate {
            let estimator = MemoryEstimator()
            // A cache for each sequence is a speed-up, not a need: when only the shared one fits, use it.
            if kvCache == nil, configuration.cachePerSequence,
               estimator.kvCachesThatFit(estimate, wanted: configuration.kvCacheCount) == 1 {
                configuration.cachePerSequence = false
                Terminal.error("note: not enough free memory for a KV cache per sequence (\(configuration.batchSequences + 1) × "
                    + "\(ByteCount.format(estimate.kvCacheBytes))); the generations share one cache (--kv-cache shared).")
            }
            try estimator.check(estimate.withKVCaches(configuration.kvCacheCount), for: resolved.id)
        }
        return try await LlamaEngine(modelPath: resolved.path, id: resolved.id, configuration: configuration)
    }
}

extension LlamaConfiguration.Preset: ExpressibleByArgument {}

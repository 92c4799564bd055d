/// How a model is loaded and run: threads, context and batch sizes, GPU offload.
///
/// Start from a ``Preset`` chosen for the machine and override what you need:
/// ```swift
/// var configuration = LlamaConfiguration.preset(.balanced)
/// configuration.contextSize = 2048
/// ```
public struct LlamaConfiguration: Sendable, Hashable {
    /// Device-aware starting points, like the seed app's GPU presets.
    public enum Preset: String, Sendable, Hashable, CaseIterable {
        /// Everything on: all cores, a large context, every layer on the GPU when there is one.
        case max
        /// Good speed while leaving room for the rest of the app (the default).
        case balanced
        /// Small context and batches for devices short on memory.
        case lowMemory = "low-memory"
        /// Like balanced, but never uses a GPU.
        case cpuOnly = "cpu-only"
    }

    /// Threads used to generate tokens.
    public var threads: Int
    /// Threads used to evaluate prompts.
    public var batchThreads: Int
    /// Context window in tokens (prompt plus answer); clamped to what the model was trained for.
    public var contextSize: Int
    /// Most prompt tokens evaluated in one call.
    public var batchSize: Int
    /// Layers offloaded to a GPU; 0 keeps everything on the CPU, -1 offloads all.
    public var gpuLayers: Int
    /// Whether to map the model file instead of reading it into memory.
    public var useMemoryMap: Bool
    /// Flash attention: `true` on, `false` off, `nil` lets llama.cpp decide per device.
    public var flashAttention: Bool?
    /// Where the KV state of system prompts is kept across launches (nil: not kept).
    public var promptCache: PromptCache?
    /// Generations decoded side by side when requests overlap (continuous batching). 1, the
    /// default, runs them one after another, each exactly as it would run alone; a server with
    /// concurrent users wants more (`homeos serve` uses 8). Batched kernels change the last bits
    /// of the logits, so a greedy answer can differ at a near-tie (docs/architecture.md §5.9).
    public var batchSequences = 1
    /// Gives every sequence a KV cache of its own, ``contextSize`` cells each, instead of one
    /// cache of ``contextSize`` cells that all sequences share (the default).
    ///
    /// In a shared cache, each step's attention reads every sequence's cells (masked for the
    /// others), so a batch of 8 decodes about 10 % slower than with caches of their own; and
    /// sequences borrow a common prefix's cells without copying them. Caches of their own take
    /// `batchSequences + 1` times the memory, and a borrowed prefix is copied (a few MB for a
    /// long prompt). `homeos serve` uses them; one-request-at-a-time use gains nothing from them.
    public var cachePerSequence = false
    /// Memory for the KV state of recent prompts that sequence 0 moved on from (a skill's system
    /// message, a classification prompt), so a request that continues one of them evaluates only
    /// its new tokens; 0 keeps only the last prompt. 64 MiB holds about 2,800 tokens of SmolLM2.
    public var parkedPromptBytes = 64 << 20

    /// Creates a configuration.
    public init(threads: Int, batchThreads: Int? = nil, contextSize: Int, batchSize: Int,
                gpuLayers: Int = 0, useMemoryMap: Bool = true, flashAttention: Bool? = nil) {
        self.threads = threads
        self.batchThreads = batchThreads ?? threads
        self.contextSize = contextSize
        self.batchSize = batchSize
        self.gpuLayers = gpuLayers
        self.useMemoryMap = useMemoryMap
        self.flashAttention = flashAttention
    }

    /// The preset's values for `machine`.
    public static func preset(_ preset: Preset, for machine: MachineProfile = .current) -> LlamaConfiguration {
        let gib: UInt64 = 1 << 30
        let roomy = machine.memoryBytes >= 8 * gib
        let gpu = machine.supportsGPUOffload ? -1 : 0
        // Leave a core for the app on bigger machines; small ones need every core to decode.
        let balancedThreads = machine.cores <= 4 ? machine.cores : machine.cores - 1
        switch preset {
        case .max:
            return LlamaConfiguration(threads: machine.cores, contextSize: roomy ? 8192 : 4096,
                                      batchSize: 512, gpuLayers: gpu)
        case .balanced:
            return LlamaConfiguration(threads: balancedThreads, contextSize: roomy ? 4096 : 2048,
                                      batchSize: 512, gpuLayers: gpu)
        case .lowMemory:
            return LlamaConfiguration(threads: max(1, min(4, machine.cores)),
                                      contextSize: machine.memoryBytes >= 4 * gib ? 2048 : 1024,
                                      batchSize: 128, gpuLayers: 0)
        case .cpuOnly:
            return LlamaConfiguration(threads: balancedThreads, contextSize: roomy ? 4096 : 2048,
                                      batchSize: 512, gpuLayers: 0)
        }
    }

    /// Sequences a context holds: sequence 0 plus the scratch sequences of batched scoring and the
    /// generations decoded side by side (with caches of their own, only as many as batch).
    var sequenceCount: Int {
        cachePerSequence ? max(2, min(batchSequences + 1, LoadedModel.maxSequences)) : LoadedModel.maxSequences
    }

    /// KV caches of ``contextSize`` cells the context allocates: one shared, or one per sequence
    /// (for memory estimates).
    public var kvCacheCount: Int { cachePerSequence ? sequenceCount : 1 }

    /// Checks the values before a model is loaded.
    func validate() throws(ModelLoadError) {
        func bad(_ detail: String) -> ModelLoadError { .loadFailed(path: "-", detail: "invalid configuration: \(detail)") }
        if threads < 1 || batchThreads < 1 { throw bad("threads must be at least 1") }
        if contextSize < 16 { throw bad("contextSize must be at least 16, got \(contextSize)") }
        if batchSize < 16 { throw bad("batchSize must be at least 16, got \(batchSize)") }
    }
}

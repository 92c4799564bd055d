import Foundation

/// The memory a model needs to run: its weights, the KV cache for the context, and working buffers.
public struct MemoryEstimate: Sendable, Hashable, Codable {
    /// Weights (the model files' size; llama.cpp maps them into memory).
    public var weightsBytes: Int64
    /// KV cache for `contextSize` tokens.
    public var kvCacheBytes: Int64
    /// Compute buffers and runtime overhead.
    public var overheadBytes: Int64
    /// The context the estimate is for, in tokens.
    public var contextSize: Int
    /// Whether the KV cache size comes from the model's attention shape (else a rough rule).
    public var isFromShape: Bool

    /// Everything together.
    public var totalBytes: Int64 { weightsBytes + kvCacheBytes + overheadBytes }

    /// The estimate when `count` sequences each have a KV cache of `contextSize` tokens (a server
    /// that gives every concurrent generation a cache of its own).
    public func withKVCaches(_ count: Int) -> MemoryEstimate {
        var estimate = self
        estimate.kvCacheBytes *= Int64(max(1, count))
        return estimate
    }

    /// `weights 2.5 GB + KV cache 0.6 GB for 4096 tokens + overhead 0.1 GB`.
    public var breakdown: String {
        "weights \(ByteCount.format(weightsBytes)) + KV cache \(ByteCount.format(kvCacheBytes)) for \(contextSize) tokens"
            + " + overhead \(ByteCount.format(overheadBytes))"
    }
}

/// Estimates memory needs and checks them against what the machine has free.
public struct MemoryEstimator: Sendable {
    /// Where free memory is read from.
    public let probe: any MemoryProbe

    /// Creates an estimator that reads free memory from `probe`.
    public init(probe: any MemoryProbe = SystemMemory()) {
        self.probe = probe
    }

    /// The estimate for `weightsBytes` of weights with `shape` (if known) at `contextSize` tokens
    /// (clamped to `trainedContext` when given, as the engine does).
    ///
    /// KV cache = layers × KV heads × (key + value width) × 2 bytes × context (16-bit cache,
    /// every layer full-width: an upper bound for sliding-window models). Without a shape, 40 KB
    /// per token per GB of weights. Overhead = 64 MB + 5% of the weights.
    public static func estimate(weightsBytes: Int64, shape: ModelShape?, contextSize: Int, trainedContext: Int? = nil) -> MemoryEstimate {
        let context = max(1, min(contextSize, trainedContext ?? contextSize))
        let perToken = shape?.kvBytesPerToken ?? max(4096, Int64(Double(weightsBytes) / 1e9 * 40_000))
        return MemoryEstimate(weightsBytes: weightsBytes, kvCacheBytes: perToken * Int64(context),
                              overheadBytes: (64 << 20) + weightsBytes / 20, contextSize: context,
                              isFromShape: shape != nil)
    }

    /// The estimate for an entry stored at `location`: sizes from disk when installed (else the
    /// catalog), the shape from the GGUF header when readable (else the catalog).
    public static func estimate(for entry: CatalogEntry, in directory: ModelDirectory, contextSize: Int) -> MemoryEstimate {
        var weights: Int64 = 0
        var knownOnDisk = true
        for file in entry.files {
            if let (size, _) = FileVerifier.sizeAndModificationTime(of: directory.url(of: file, in: entry)) {
                weights += size
            } else {
                knownOnDisk = false
            }
        }
        if !knownOnDisk { weights = entry.approximateSizeBytes ?? weights }
        var shape = entry.shape
        var trained = entry.contextLength
        if entry.runtime == .llamaCppGGUF, let primary = entry.primaryFile,
           let metadata = try? GGUFMetadata.read(directory.url(of: primary, in: entry)) {
            shape = metadata.shape ?? shape
            trained = metadata.contextLength ?? trained
        }
        return estimate(weightsBytes: weights, shape: shape, contextSize: contextSize, trainedContext: trained)
    }

    /// The estimate for a model file outside the catalog (a `--model` path), from its size and
    /// GGUF header; `nil` when the file cannot be read.
    public static func estimate(forFileAt url: URL, contextSize: Int) -> MemoryEstimate? {
        guard let (size, _) = FileVerifier.sizeAndModificationTime(of: url) else { return nil }
        let metadata = try? GGUFMetadata.read(url)
        return estimate(weightsBytes: size, shape: metadata?.shape, contextSize: contextSize, trainedContext: metadata?.contextLength)
    }

    /// How many KV caches of `estimate`'s size to allocate when `wanted` (one per sequence) would be
    /// faster but one shared cache also works: `wanted` when they fit in free memory, else 1 when
    /// one fits, else `wanted` (the caller's ``check(_:for:reclaimableBytes:)`` then says why not).
    public func kvCachesThatFit(_ estimate: MemoryEstimate, wanted: Int) -> Int {
        guard wanted > 1, (try? check(estimate.withKVCaches(wanted), for: "-")) == nil,
              (try? check(estimate, for: "-")) != nil else { return wanted }
        return 1
    }

    /// Throws ``ModelHubError/insufficientMemory(id:estimate:availableBytes:)`` when `estimate`
    /// exceeds the free memory plus `reclaimableBytes` (memory a switch frees by unloading the
    /// current model). Passes when free memory cannot be read.
    public func check(_ estimate: MemoryEstimate, for id: String, reclaimableBytes: Int64 = 0) throws(ModelHubError) {
        guard let free = probe.availableBytes() else { return }
        let available = free + max(0, reclaimableBytes)
        if estimate.totalBytes > available {
            throw .insufficientMemory(id: id, estimate: estimate, availableBytes: available)
        }
    }
}

/// Free memory on this machine.
public protocol MemoryProbe: Sendable {
    /// Bytes a new allocation can use now, or `nil` if unknown.
    func availableBytes() -> Int64?
}

/// Free memory from the operating system: `MemAvailable` in `/proc/meminfo`, lowered by a cgroup
/// (container) limit when one applies; elsewhere the physical memory size.
public struct SystemMemory: MemoryProbe {
    /// Creates the probe.
    public init() {}

    public func availableBytes() -> Int64? {
        var best: Int64?
        if let text = try? String(contentsOfFile: "/proc/meminfo", encoding: .utf8),
           let line = text.split(separator: "\n").first(where: { $0.hasPrefix("MemAvailable:") }),
           let kilobytes = line.split(separator: " ").dropFirst().first.flatMap({ Int64($0) }) {
            best = kilobytes * 1024
        }
        if let limit = Self.cgroupRoom() { best = min(best ?? limit, limit) }
        return best ?? Int64(clamping: ProcessInfo.processInfo.physicalMemory)
    }

    /// `memory.max` minus what the cgroup (v2) uses beyond reclaimable file cache, when limited.
    private static func cgroupRoom() -> Int64? {
        func read(_ path: String) -> String? { try? String(contentsOfFile: path, encoding: .utf8) }
        // "max" (unlimited) does not parse as a number.
        guard let max = read("/sys/fs/cgroup/memory.max").flatMap({ Int64($0.trimmingCharacters(in: .whitespacesAndNewlines)) }) else {
            return nil
        }
        let current = read("/sys/fs/cgroup/memory.current").flatMap { Int64($0.trimmingCharacters(in: .whitespacesAndNewlines)) } ?? 0
        let cache = read("/sys/fs/cgroup/memory.stat")?.split(separator: "\n")
            .first { $0.hasPrefix("inactive_file ") }
            .flatMap { Int64($0.dropFirst("inactive_file ".count)) } ?? 0
        return Swift.max(0, max - Swift.max(0, current - cache))
    }
}

/// A fixed amount of free memory (tests, previews).
public struct FixedMemory: MemoryProbe {
    /// The bytes reported.
    public var bytes: Int64

    /// Creates a probe that always reports `bytes`.
    public init(bytes: Int64) {
        self.bytes = bytes
    }

    public func availableBytes() -> Int64? { bytes }
}

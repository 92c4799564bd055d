import Foundation
import ModelHub
import Testing

/// GGUF header reading, memory estimates and refusing models the machine cannot hold.
@Suite struct MemoryEstimateTests {
    /// Writes a minimal GGUF v3 header with the given metadata (strings, UInt32s, arrays).
    static func gguf(architecture: String, values: [(String, GGUFTestValue)]) -> Data {
        var data = Data("GGUF".utf8)
        func u32(_ v: UInt32) { withUnsafeBytes(of: v.littleEndian) { data.append(contentsOf: $0) } }
        func u64(_ v: UInt64) { withUnsafeBytes(of: v.littleEndian) { data.append(contentsOf: $0) } }
        func string(_ s: String) { u64(UInt64(s.utf8.count)); data.append(contentsOf: Array(s.utf8)) }
        let all: [(String, GGUFTestValue)] = [("general.architecture", .string(architecture))] + values
        u32(3)
        u64(0)
        u64(UInt64(all.count))
        for (key, value) in all {
            string(key)
            switch value {
            case .string(let s): u32(8); string(s)
            case .u32(let v): u32(4); u32(v)
            case .float(let f): u32(6); u32(f.bitPattern)
            case .strings(let items): u32(9); u32(8); u64(UInt64(items.count)); items.forEach(string)
            case .i32s(let items): u32(9); u32(5); u64(UInt64(items.count)); items.forEach { u32(UInt32(bitPattern: $0)) }
            }
        }
        return data
    }

    enum GGUFTestValue {
        case string(String), u32(UInt32), float(Float), strings([String]), i32s([Int32])
    }

    /// A KV cache per sequence is used when free memory holds them all, one shared cache when only
    /// that fits, and when neither fits the wanted count is kept so the check names the shortfall.
    @Test func kvCachesPerSequenceFallBackToOneSharedCacheWhenMemoryIsShort() throws {
        let estimate = MemoryEstimator.estimate(weightsBytes: 100 << 20, shape: nil, contextSize: 4096)
        let nine = estimate.withKVCaches(9)
        #expect(nine.kvCacheBytes == 9 * estimate.kvCacheBytes && nine.totalBytes == estimate.totalBytes + 8 * estimate.kvCacheBytes)
        func fitting(_ bytes: Int64) -> Int { MemoryEstimator(probe: FixedMemory(bytes: bytes)).kvCachesThatFit(estimate, wanted: 9) }
        #expect(fitting(nine.totalBytes) == 9)
        #expect(fitting(nine.totalBytes - 1) == 1)
        #expect(fitting(estimate.totalBytes) == 1)
        #expect(fitting(estimate.totalBytes - 1) == 9)
        #expect(throws: ModelHubError.self) {
            try MemoryEstimator(probe: FixedMemory(bytes: estimate.totalBytes - 1)).check(nine, for: "m")
        }
        #expect(MemoryEstimator(probe: FixedMemory(bytes: estimate.totalBytes - 1)).kvCachesThatFit(estimate, wanted: 1) == 1)
    }

    @Test func readsTheAttentionShapeFromAGGUFHeader() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let file = folder.path("m.gguf")
        try Self.gguf(architecture: "llama", values: [
            ("general.name", .string("Test Llama")),
            ("tokenizer.ggml.tokens", .strings((0..<5000).map { "tok\($0)" })),
            ("llama.context_length", .u32(8192)),
            ("llama.block_count", .u32(30)),
            ("llama.embedding_length", .u32(576)),
            ("llama.attention.head_count", .u32(9)),
            ("llama.attention.head_count_kv", .u32(3)),
            ("llama.rope.freq_base", .float(10000)),
            ("llama.attention.sliding_window_pattern", .i32s([1, 1, 0])),
        ]).write(to: file)

        let metadata = try GGUFMetadata.read(file)
        #expect(metadata.architecture == "llama" && metadata.name == "Test Llama" && metadata.contextLength == 8192)
        #expect(metadata.shape == ModelShape(layers: 30, kvHeads: 3, keyLength: 64, valueLength: 64))
        try Data("not a model".utf8).write(to: file)
        #expect(throws: GGUFError.notGGUF) { try GGUFMetadata.read(file) }
    }

    @Test func readsTheInstalledDefaultModels() throws {
        let directory = ModelDirectory.standard()
        guard let smol = directory.catalog.entry(named: "smollm2"), directory.isInstalled(smol),
              let gemma = directory.catalog.entry(named: "gemma3"), directory.isInstalled(gemma) else {
            Issue.record("The default models are not installed: run `make setup` (or `make test`).")
            return
        }
        let smolMetadata = try GGUFMetadata.read(URL(fileURLWithPath: directory.path(of: smol)))
        #expect(smolMetadata.architecture == "llama" && smolMetadata.shape == smol.shape)
        let gemmaMetadata = try GGUFMetadata.read(URL(fileURLWithPath: directory.path(of: gemma)))
        #expect(gemmaMetadata.architecture == "gemma3" && gemmaMetadata.shape == gemma.shape)
        #expect(gemmaMetadata.contextLength == 32_768)
    }

    @Test func estimateIsWeightsPlusKVCachePlusOverhead() {
        let shape = ModelShape(layers: 30, kvHeads: 3, keyLength: 64, valueLength: 64)
        #expect(shape.kvBytesPerToken == 23_040)
        let estimate = MemoryEstimator.estimate(weightsBytes: 100_000_000, shape: shape, contextSize: 4096)
        #expect(estimate.kvCacheBytes == 23_040 * 4096)
        #expect(estimate.overheadBytes == (64 << 20) + 5_000_000)
        #expect(estimate.totalBytes == 100_000_000 + 23_040 * 4096 + (64 << 20) + 5_000_000)
        // The context is clamped to what the model was trained for.
        #expect(MemoryEstimator.estimate(weightsBytes: 1, shape: shape, contextSize: 100_000, trainedContext: 8192).contextSize == 8192)
        // Without a shape, a rough rule still grows with the context.
        let rough = MemoryEstimator.estimate(weightsBytes: 2_000_000_000, shape: nil, contextSize: 2048)
        #expect(!rough.isFromShape && rough.kvCacheBytes == 80_000 * 2048)
    }

    @Test func refusesWithAClearMessageWhenMemoryIsShort() throws {
        let medgemma = try #require(ModelCatalog.builtIn.entry(named: "medgemma"))
        let directory = ModelDirectory(root: FileManager.default.temporaryDirectory.appendingPathComponent("nowhere-\(UUID())"))
        let estimate = MemoryEstimator.estimate(for: medgemma, in: directory, contextSize: 4096)
        #expect(estimate.weightsBytes == 3_300_000_000 && estimate.isFromShape)
        #expect(estimate.kvCacheBytes == Int64(34 * 4 * 512 * 2) * 4096)

        let small = MemoryEstimator(probe: FixedMemory(bytes: 2_000_000_000))
        do {
            try small.check(estimate, for: medgemma.id)
            Issue.record("a 4B model was admitted into 2 GB")
        } catch {
            guard case .insufficientMemory(let id, _, let available) = error else { throw error }
            #expect(id == "medgemma-1.5-4b" && available == 2_000_000_000)
            #expect(error.description.contains("needs about 4.1 GB") && error.description.contains("2.0 GB"))
            #expect(error.description.contains("--context"))
        }
        // Memory freed by unloading the current model counts.
        try small.check(estimate, for: medgemma.id, reclaimableBytes: 3_000_000_000)
        try MemoryEstimator(probe: FixedMemory(bytes: 64_000_000_000)).check(estimate, for: medgemma.id)
        #expect((SystemMemory().availableBytes() ?? 0) > 0)
    }
}

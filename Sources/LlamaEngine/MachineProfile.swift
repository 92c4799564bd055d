import CLlama
import Foundation

/// The resources of the machine an engine runs on, used to pick sensible defaults.
public struct MachineProfile: Sendable, Hashable {
    /// Logical CPU cores available to this process.
    public var cores: Int
    /// Physical memory in bytes.
    public var memoryBytes: UInt64
    /// Whether this llama.cpp build can offload layers to a GPU.
    public var supportsGPUOffload: Bool

    /// Creates a profile (for tests and for callers that know better).
    public init(cores: Int, memoryBytes: UInt64, supportsGPUOffload: Bool) {
        self.cores = cores
        self.memoryBytes = memoryBytes
        self.supportsGPUOffload = supportsGPUOffload
    }

    /// The machine this process runs on.
    public static var current: MachineProfile {
        LlamaRuntime.initialize()
        return MachineProfile(
            cores: max(1, ProcessInfo.processInfo.activeProcessorCount),
            memoryBytes: ProcessInfo.processInfo.physicalMemory,
            supportsGPUOffload: llama_supports_gpu_offload()
        )
    }
}

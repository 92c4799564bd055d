import Foundation

/// Facts about a loaded model, for `--stats`, diagnostics and the model catalog.
public struct LlamaModelInfo: Sendable, Hashable {
    /// The model file.
    public var path: String
    /// `general.architecture` (for example `llama`, `gemma3`).
    public var architecture: String
    /// llama.cpp's one-line description (architecture, size, quantization).
    public var description: String
    /// Parameter count.
    public var parameterCount: UInt64
    /// Bytes of weights.
    public var weightBytes: UInt64
    /// Tokens in the vocabulary.
    public var vocabularySize: Int
    /// The context window the model was trained with.
    public var trainingContextSize: Int
    /// The context window of this engine.
    public var contextSize: Int
    /// The chat template in use.
    public var chatTemplate: String
    /// How long loading took.
    public var loadDuration: Duration
    /// Growth of the process's resident memory during loading (weights touched plus context).
    public var residentMemoryGrowthBytes: Int
}

/// The process's resident set size in bytes, from /proc (0 where unavailable).
func residentMemoryBytes() -> Int {
    guard let statm = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
    let fields = statm.split(separator: " ")
    guard fields.count > 1, let pages = Int(fields[1]) else { return 0 }
    return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
}

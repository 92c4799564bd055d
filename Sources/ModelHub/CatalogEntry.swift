/// One model the product knows how to find, verify and run.
public struct CatalogEntry: Sendable, Hashable, Codable {
    /// Stable identifier used on the command line (`--model smollm2-135m-instruct`).
    public var id: String
    /// Other names accepted for the same model.
    public var aliases: [String]
    /// Human-readable name.
    public var displayName: String
    /// Model family (SmolLM2, Gemma 3, …).
    public var family: String
    /// File name of the GGUF weights inside the models directory.
    public var fileName: String
    /// Size of the file in bytes.
    public var sizeBytes: Int
    /// SHA-256 of the file, lowercase hex.
    public var sha256: String
    /// Quantization, such as `Q4_1`.
    public var quantization: String
    /// Approximate parameter count.
    public var parameters: String
    /// Whether the model was tuned to follow chat instructions (false for base models).
    public var isInstructionTuned: Bool
    /// Where the weights come from on a fresh machine.
    public var source: String
    /// License of the weights.
    public var license: String
    /// Notes on chat formatting and use.
    public var notes: String
}

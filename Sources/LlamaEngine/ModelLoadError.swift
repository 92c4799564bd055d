import Foundation

/// Why a GGUF model could not be loaded, with what to do about it.
public enum ModelLoadError: Error, Sendable, Hashable, LocalizedError, CustomStringConvertible {
    /// No file at the path.
    case fileNotFound(path: String)
    /// The file exists but is not a GGUF model (wrong magic bytes).
    case notGGUF(path: String, detail: String)
    /// The file is shorter than its own header says: an interrupted download or copy.
    case truncated(path: String, actualBytes: Int, expectedBytes: Int)
    /// The file is GGUF but its header or tensor table is damaged.
    case corrupt(path: String, detail: String)
    /// The model's architecture is not supported by this llama.cpp build.
    case unsupportedArchitecture(path: String, architecture: String)
    /// llama.cpp refused the file or could not allocate the context.
    case loadFailed(path: String, detail: String)

    public var description: String {
        switch self {
        case .fileNotFound(let path):
            return "No model file at \(path). Run `make setup` to install the default models, or pass the path of a .gguf file."
        case .notGGUF(let path, let detail):
            return "\(path) is not a GGUF model file (\(detail)). Pass a .gguf file produced by llama.cpp's converters."
        case .truncated(let path, let actual, let expected):
            return "\(path) is truncated: it has \(actual) bytes but its header describes \(expected) "
                + "(\(expected - actual) missing). The download or copy was interrupted; fetch the file again."
        case .corrupt(let path, let detail):
            return "\(path) is a damaged GGUF file: \(detail). Fetch the file again."
        case .unsupportedArchitecture(let path, let architecture):
            return "\(path) uses the model architecture '\(architecture)', which this llama.cpp build does not support. "
                + "Use a model of a supported family (for example SmolLM2, Gemma 3, Llama, Qwen) or update llama.cpp."
        case .loadFailed(let path, let detail):
            return "llama.cpp could not load \(path): \(detail)"
        }
    }

    public var errorDescription: String? { description }
}

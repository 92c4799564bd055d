/// How a catalogued model runs, and whether that is possible on this machine.
public enum RuntimeKind: String, Sendable, Hashable, Codable, CaseIterable, CustomStringConvertible {
    /// GGUF weights run in-process by llama.cpp (`LlamaEngine`). The one kind this build loads.
    case llamaCppGGUF = "llama.cpp-gguf"
    /// A model served by an OpenAI-compatible HTTP endpoint (llama-server, vLLM, Ollama, a cloud).
    case openAICompatible = "openai-compatible"
    /// Apple's MLX framework (safetensors directory); Apple silicon only.
    case mlx = "mlx"
    /// Apple's on-device Foundation Models (the system model on Apple Intelligence devices).
    case foundationModels = "foundation-models"
    /// A MediaPipe LLM Inference `.task` bundle, as used by the seed's iOS app.
    case mediaPipeTask = "mediapipe-task"

    /// A short human-readable name.
    public var description: String {
        switch self {
        case .llamaCppGGUF: return "llama.cpp (GGUF)"
        case .openAICompatible: return "OpenAI-compatible remote"
        case .mlx: return "MLX"
        case .foundationModels: return "Apple Foundation Models"
        case .mediaPipeTask: return "MediaPipe .task"
        }
    }

    /// Whether models of this kind can be downloaded into the models directory and loaded in-process.
    public var isLocal: Bool { self != .openAICompatible && self != .foundationModels }

    /// Whether this build can run models of this kind here, with the reason when it cannot.
    public var availability: RuntimeAvailability {
        switch self {
        case .llamaCppGGUF:
            return .available
        case .openAICompatible:
            return .unavailable(reason: "remote models are not loaded from the catalog; opt in per command with `--engine remote --base-url URL --model NAME` (RemoteEngine); nothing is sent over the network otherwise")
        case .mlx:
            return .unavailable(reason: "MLX runs only on Apple silicon Macs and iOS devices; on this machine use a GGUF build of the same model")
        case .foundationModels:
            return .unavailable(reason: "Apple's Foundation Models framework exists only on Apple Intelligence devices (macOS/iOS 26)")
        case .mediaPipeTask:
            return .unavailable(reason: "MediaPipe .task bundles run through MediaPipe's Apple and Android SDKs, which this build does not include; use a GGUF build of the same model")
        }
    }
}

/// Whether a runtime kind can be used on this machine.
public enum RuntimeAvailability: Sendable, Hashable, CustomStringConvertible {
    /// Models of this kind load here.
    case available
    /// Models of this kind cannot load here; `reason` says why and what to use instead.
    case unavailable(reason: String)

    /// Whether models of this kind load here.
    public var isAvailable: Bool { self == .available }

    public var description: String {
        switch self {
        case .available: return "available"
        case .unavailable(let reason): return "unavailable: \(reason)"
        }
    }
}

/// What a model is good for, so the product (and a person) can pick one.
public enum RecommendedUse: String, Sendable, Hashable, Codable, CaseIterable {
    /// Conversational answers.
    case chat
    /// Picking one label from a closed set (routing, intent detection).
    case classification
    /// Producing structured tool or function calls.
    case functionCalling = "function-calling"
    /// Clinical text and record understanding (decision support only).
    case clinical
    /// Summaries of longer text.
    case summarization
    /// Raw text continuation (base models without a chat template).
    case completion
}

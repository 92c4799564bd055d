/// One file of a model: the GGUF weights, or a tokenizer or config file of a directory model.
public struct ModelFile: Sendable, Hashable, Codable {
    /// What a file holds.
    public enum Role: String, Sendable, Hashable, Codable {
        /// The weights (the file an engine loads).
        case weights
        /// A tokenizer (`tokenizer.json`, `tokenizer.model`).
        case tokenizer
        /// Model configuration (`config.json`, `generation_config.json`).
        case config
        /// A multimodal projector (vision tower) that accompanies GGUF weights.
        case projector
        /// Anything else the runtime needs.
        case other
    }

    /// Path relative to the model's location: the models directory for single-file models, the
    /// model's own folder for directory models. Never absolute and never containing `..`.
    public var path: String
    /// What the file holds.
    public var role: Role
    /// Where the file can be downloaded from (`https://…`), when it can.
    public var url: String?
    /// Exact size in bytes, when published.
    public var sizeBytes: Int64?
    /// SHA-256 of the file (lowercase hex), when published.
    public var sha256: String?

    /// Creates a file description.
    public init(path: String, role: Role = .weights, url: String? = nil, sizeBytes: Int64? = nil, sha256: String? = nil) {
        self.path = path
        self.role = role
        self.url = url
        self.sizeBytes = sizeBytes
        self.sha256 = sha256?.lowercased()
    }

    private enum CodingKeys: String, CodingKey { case path, role, url, sizeBytes, sha256 }

    /// Decodes a file; only `path` is required (`role` defaults to weights).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(path: try container.decode(String.self, forKey: .path),
                  role: try container.decodeIfPresent(Role.self, forKey: .role) ?? .weights,
                  url: try container.decodeIfPresent(String.self, forKey: .url),
                  sizeBytes: try container.decodeIfPresent(Int64.self, forKey: .sizeBytes),
                  sha256: try container.decodeIfPresent(String.self, forKey: .sha256))
    }
}

/// How a model's files sit in the models directory.
public enum ModelLayout: Sendable, Hashable {
    /// One file directly in the models directory (a GGUF, a `.task` bundle).
    case singleFile
    /// A folder of its own in the models directory (weights + tokenizer + config).
    case directory(String)
}

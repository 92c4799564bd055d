/// One model the product knows how to find, fetch, verify and run.
///
/// Entries come from the built-in catalog (``ModelCatalog/builtIn``) and from the user catalog
/// file (``UserCatalogFile``). In JSON only `id` and the files are required:
/// ```json
/// {"id": "my-model", "url": "https://example.org/my-model.Q4_K_M.gguf", "sha256": "…", "sizeBytes": 123}
/// ```
/// is shorthand for one weights file named after the address's last path component.
public struct CatalogEntry: Sendable, Hashable, Codable {
    /// Stable identifier used on the command line (`--model smollm2-135m-instruct`): lowercase
    /// letters, digits, `.`, `_` and `-`.
    public var id: String
    /// Other names accepted for the same model (lowercase).
    public var aliases: [String]
    /// Human-readable name.
    public var displayName: String
    /// Model family (SmolLM2, Gemma 3, Gemma 3n, MedGemma, FunctionGemma, …).
    public var family: String
    /// How the model runs.
    public var runtime: RuntimeKind
    /// Approximate parameter count (`135M`, `4B`).
    public var parameters: String
    /// Quantization (`Q4_K_M`), when the weights are quantized.
    public var quantization: String?
    /// Context length the model was trained for, in tokens.
    public var contextLength: Int?
    /// The folder of a directory model inside the models directory; `nil` for single-file models.
    public var directory: String?
    /// The model's files; the first ``ModelFile/Role/weights`` file is what an engine loads.
    public var files: [ModelFile]
    /// Published size in bytes when exact file sizes are not catalogued (display and planning only).
    public var publishedSizeBytes: Int64?
    /// Attention shape for memory estimates before the file is on disk (read from the GGUF once it is).
    public var shape: ModelShape?
    /// Whether the model was tuned to follow chat instructions (false for base models).
    public var isInstructionTuned: Bool
    /// How chats are formatted for this model.
    public var chatTemplate: String
    /// License of the weights.
    public var license: String
    /// Where the model comes from.
    public var source: ModelSource
    /// What the model is recommended for.
    public var uses: [RecommendedUse]
    /// Whether the source is gated and needs an access token (see ``AuthToken``).
    public var requiresToken: Bool
    /// Anything else a person should know.
    public var notes: String

    /// Creates an entry.
    public init(id: String, aliases: [String] = [], displayName: String? = nil, family: String,
                runtime: RuntimeKind = .llamaCppGGUF, parameters: String, quantization: String? = nil,
                contextLength: Int? = nil, directory: String? = nil, files: [ModelFile],
                publishedSizeBytes: Int64? = nil, shape: ModelShape? = nil, isInstructionTuned: Bool = true,
                chatTemplate: String = "", license: String = "unknown", source: ModelSource,
                uses: [RecommendedUse] = [.chat], requiresToken: Bool = false, notes: String = "") {
        self.id = id
        self.aliases = aliases
        self.displayName = displayName ?? id
        self.family = family
        self.runtime = runtime
        self.parameters = parameters
        self.quantization = quantization
        self.contextLength = contextLength
        self.directory = directory
        self.files = files
        self.publishedSizeBytes = publishedSizeBytes
        self.shape = shape
        self.isInstructionTuned = isInstructionTuned
        self.chatTemplate = chatTemplate
        self.license = license
        self.source = source
        self.uses = uses
        self.requiresToken = requiresToken
        self.notes = notes
    }

    /// How the files sit in the models directory.
    public var layout: ModelLayout { directory.map(ModelLayout.directory) ?? .singleFile }

    /// The file an engine loads: the first weights file (or the first file).
    public var primaryFile: ModelFile? { files.first { $0.role == .weights } ?? files.first }

    /// The primary file's path relative to its location (kept for callers of the first catalog).
    public var fileName: String { primaryFile?.path ?? "" }

    /// Total exact size of all files, when every size is catalogued.
    public var sizeBytes: Int64? {
        guard !files.isEmpty else { return nil }
        var total: Int64 = 0
        for file in files {
            guard let size = file.sizeBytes else { return nil }
            total += size
        }
        return total
    }

    /// The exact size when known, else the published size.
    public var approximateSizeBytes: Int64? { sizeBytes ?? publishedSizeBytes }

    /// The primary file's SHA-256, when catalogued.
    public var sha256: String? { primaryFile?.sha256 }

    /// Whether every file has a download address.
    public var isDownloadable: Bool {
        guard case .download = source else { return false }
        return !files.isEmpty && files.allSatisfy { $0.url != nil }
    }

    /// Whether every file has a catalogued SHA-256.
    public var hasPublishedHashes: Bool { !files.isEmpty && files.allSatisfy { $0.sha256 != nil } }

    /// All names the entry answers to.
    public var names: [String] { [id] + aliases }

    // MARK: Codable

    private enum CodingKeys: String, CodingKey {
        case id, aliases, displayName, family, runtime, parameters, quantization, contextLength, directory
        case files, publishedSizeBytes, shape, isInstructionTuned, chatTemplate, license, source, uses
        case requiresToken, notes
        // Shorthand for a single weights file.
        case url, fileName, sizeBytes, sha256
    }

    /// Decodes an entry, filling defaults for everything but `id` and the files.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let id = try c.decode(String.self, forKey: .id)
        let runtime = try c.decodeIfPresent(RuntimeKind.self, forKey: .runtime) ?? .llamaCppGGUF
        var files = try c.decodeIfPresent([ModelFile].self, forKey: .files) ?? []
        let url = try c.decodeIfPresent(String.self, forKey: .url)
        if files.isEmpty {
            let name = try c.decodeIfPresent(String.self, forKey: .fileName) ?? url.flatMap(DownloadURL.fileName)
            if let name {
                files = [ModelFile(path: name, url: url,
                                   sizeBytes: try c.decodeIfPresent(Int64.self, forKey: .sizeBytes),
                                   sha256: try c.decodeIfPresent(String.self, forKey: .sha256))]
            } else if runtime.isLocal {
                throw DecodingError.dataCorruptedError(forKey: .files, in: c, debugDescription:
                    "model '\(id)' needs \"files\", or a \"url\" or \"fileName\" for a single file")
            }
        }
        let source = try c.decodeIfPresent(ModelSource.self, forKey: .source)
            ?? (url ?? files.first?.url).map(ModelSource.download) ?? .manual("placed in the models directory by hand")
        self.init(
            id: id,
            aliases: try c.decodeIfPresent([String].self, forKey: .aliases) ?? [],
            displayName: try c.decodeIfPresent(String.self, forKey: .displayName),
            family: try c.decodeIfPresent(String.self, forKey: .family) ?? "Custom",
            runtime: runtime,
            parameters: try c.decodeIfPresent(String.self, forKey: .parameters) ?? "unknown",
            quantization: try c.decodeIfPresent(String.self, forKey: .quantization),
            contextLength: try c.decodeIfPresent(Int.self, forKey: .contextLength),
            directory: try c.decodeIfPresent(String.self, forKey: .directory),
            files: files,
            publishedSizeBytes: try c.decodeIfPresent(Int64.self, forKey: .publishedSizeBytes),
            shape: try c.decodeIfPresent(ModelShape.self, forKey: .shape),
            isInstructionTuned: try c.decodeIfPresent(Bool.self, forKey: .isInstructionTuned) ?? true,
            chatTemplate: try c.decodeIfPresent(String.self, forKey: .chatTemplate) ?? "",
            license: try c.decodeIfPresent(String.self, forKey: .license) ?? "unknown",
            source: source,
            uses: try c.decodeIfPresent([RecommendedUse].self, forKey: .uses) ?? [.chat],
            requiresToken: try c.decodeIfPresent(Bool.self, forKey: .requiresToken) ?? false,
            notes: try c.decodeIfPresent(String.self, forKey: .notes) ?? "")
    }

    /// Encodes the full form (never the shorthand).
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(id, forKey: .id)
        if !aliases.isEmpty { try c.encode(aliases, forKey: .aliases) }
        try c.encode(displayName, forKey: .displayName)
        try c.encode(family, forKey: .family)
        try c.encode(runtime, forKey: .runtime)
        try c.encode(parameters, forKey: .parameters)
        try c.encodeIfPresent(quantization, forKey: .quantization)
        try c.encodeIfPresent(contextLength, forKey: .contextLength)
        try c.encodeIfPresent(directory, forKey: .directory)
        try c.encode(files, forKey: .files)
        try c.encodeIfPresent(publishedSizeBytes, forKey: .publishedSizeBytes)
        try c.encodeIfPresent(shape, forKey: .shape)
        try c.encode(isInstructionTuned, forKey: .isInstructionTuned)
        try c.encode(chatTemplate, forKey: .chatTemplate)
        try c.encode(license, forKey: .license)
        try c.encode(source, forKey: .source)
        try c.encode(uses, forKey: .uses)
        try c.encode(requiresToken, forKey: .requiresToken)
        try c.encode(notes, forKey: .notes)
    }
}

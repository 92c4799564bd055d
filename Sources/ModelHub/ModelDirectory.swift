import Foundation

/// Where installed models live on disk, and how a `--model` argument becomes a file path.
public struct ModelDirectory: Sendable {
    /// The directory holding model files.
    public let root: URL
    /// The catalog used to resolve ids.
    public let catalog: ModelCatalog

    /// Creates a directory view.
    public init(root: URL, catalog: ModelCatalog = .builtIn) {
        self.root = root
        self.catalog = catalog
    }

    /// The directory `make setup` installs into: `$HOMEOS_MODELS_DIR`, else
    /// `$HOMEOS_CACHE/models`, else `~/.cache/homeos/models`.
    public static func standard(environment: [String: String] = ProcessInfo.processInfo.environment,
                                catalog: ModelCatalog = .builtIn) -> ModelDirectory {
        if let explicit = environment["HOMEOS_MODELS_DIR"], !explicit.isEmpty {
            return ModelDirectory(root: URL(fileURLWithPath: explicit), catalog: catalog)
        }
        let cache = environment["HOMEOS_CACHE"].flatMap { $0.isEmpty ? nil : URL(fileURLWithPath: $0) }
            ?? FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(".cache/homeos")
        return ModelDirectory(root: cache.appendingPathComponent("models"), catalog: catalog)
    }

    /// The path an entry's file has in this directory.
    public func path(of entry: CatalogEntry) -> String {
        root.appendingPathComponent(entry.fileName).path
    }

    /// Whether an entry's file is present with the catalogued size.
    public func isInstalled(_ entry: CatalogEntry) -> Bool {
        let attributes = try? FileManager.default.attributesOfItem(atPath: path(of: entry))
        return (attributes?[.size] as? Int) == entry.sizeBytes
    }

    /// A model reference resolved to a file.
    public struct Resolved: Sendable, Hashable {
        /// The model file.
        public var path: String
        /// The catalog entry, when the reference named one.
        public var entry: CatalogEntry?
        /// A short id for display.
        public var id: String
    }

    /// Resolves `reference` (a catalog id or alias, or a file path; `nil` for the default model).
    public func resolve(_ reference: String?) throws(ModelReferenceError) -> Resolved {
        guard let reference, !reference.isEmpty else { return try resolve(entry: catalog.defaultEntry) }
        if let entry = catalog.entry(named: reference) { return try resolve(entry: entry) }
        let looksLikePath = reference.contains("/") || reference.hasSuffix(".gguf")
        if looksLikePath {
            let url = URL(fileURLWithPath: reference)
            return Resolved(path: url.path, entry: nil, id: url.deletingPathExtension().lastPathComponent)
        }
        throw .unknownModel(reference, known: catalog.entries.map(\.id))
    }

    private func resolve(entry: CatalogEntry) throws(ModelReferenceError) -> Resolved {
        guard isInstalled(entry) else { throw .notInstalled(entry.id, expectedPath: path(of: entry)) }
        return Resolved(path: path(of: entry), entry: entry, id: entry.id)
    }
}

/// A `--model` argument that names nothing usable.
public enum ModelReferenceError: Error, Sendable, Hashable, LocalizedError, CustomStringConvertible {
    /// The name is neither a catalog id nor a file path.
    case unknownModel(String, known: [String])
    /// The catalog knows the model but its file is missing or incomplete.
    case notInstalled(String, expectedPath: String)

    public var description: String {
        switch self {
        case .unknownModel(let name, let known):
            return "Unknown model '\(name)'. Use one of: \(known.joined(separator: ", ")), or the path of a .gguf file."
        case .notInstalled(let id, let path):
            return "The model '\(id)' is not installed (expected \(path)). Run `make setup` to install the default models."
        }
    }

    public var errorDescription: String? { description }
}

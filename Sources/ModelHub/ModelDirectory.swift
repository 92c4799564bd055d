import Foundation

/// Where installed models live on disk, whether each is installed and intact, and how a
/// `--model` argument becomes a file path.
///
/// Layout: a single-file model is `<root>/<file>`; a directory model is `<root>/<folder>/<files>`.
/// Next to each file may sit `<file>.partial` (an unfinished download), `<file>.lock` (held
/// while downloading) and `<file>.sha256-verified` (a cached verification, see ``FileVerifier``).
public struct ModelDirectory: Sendable {
    /// The directory holding model files.
    public let root: URL
    /// The catalog used to resolve ids.
    public let catalog: ModelCatalog
    /// Hashes files and caches verifications.
    public let verifier: FileVerifier

    /// Suffix of an unfinished download.
    public static let partialSuffix = ".partial"
    /// Suffix of the lock file held while a file downloads.
    public static let lockSuffix = ".lock"

    /// Creates a directory view.
    public init(root: URL, catalog: ModelCatalog = .builtIn, verifier: FileVerifier = FileVerifier()) {
        self.root = root
        self.catalog = catalog
        self.verifier = verifier
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

    // MARK: Paths

    /// Where an entry lives: its folder for directory models, the models directory otherwise.
    public func location(of entry: CatalogEntry) -> URL {
        switch entry.layout {
        case .singleFile: return root
        case .directory(let folder): return root.appendingPathComponent(folder, isDirectory: true)
        }
    }

    /// The path of one of an entry's files.
    public func url(of file: ModelFile, in entry: CatalogEntry) -> URL {
        location(of: entry).appendingPathComponent(file.path)
    }

    /// The path an engine loads for an entry: the primary file (single-file models) or the folder
    /// (directory models).
    public func path(of entry: CatalogEntry) -> String {
        switch entry.layout {
        case .singleFile: return entry.primaryFile.map { url(of: $0, in: entry).path } ?? root.path
        case .directory: return location(of: entry).path
        }
    }

    /// The unfinished-download path for a file.
    public static func partialURL(for file: URL) -> URL {
        file.deletingLastPathComponent().appendingPathComponent(file.lastPathComponent + partialSuffix)
    }

    /// The lock-file path for a file.
    public static func lockURL(for file: URL) -> URL {
        file.deletingLastPathComponent().appendingPathComponent(file.lastPathComponent + lockSuffix)
    }

    // MARK: Installed check

    /// Whether an entry is on disk and intact: every file present with the expected size and
    /// SHA-256 (from the catalog, else from `record`), hashes cached by modification time.
    public func installState(of entry: CatalogEntry, record: InstallRecord? = nil) -> InstallState {
        if case .unavailable(let reason) = entry.runtime.availability { return .unavailable(reason: reason) }
        guard !entry.files.isEmpty else { return .unavailable(reason: "the entry has no files to install") }

        var verification: Verification = record?.verification == .pinned ? .pinned
            : entry.hasPublishedHashes ? .catalog : (record?.verification ?? .unverified)
        var presentBytes: Int64 = 0, partialBytes: Int64 = 0
        var missing = 0, partials = 0
        for file in entry.files {
            let fileURL = url(of: file, in: entry)
            let recorded = record?.files[file.path]
            let expectedSize = file.sizeBytes ?? recorded?.sizeBytes
            let expectedHash = file.sha256 ?? recorded?.sha256
            switch verifier.check(fileURL, expectedSize: expectedSize, expectedSHA256: expectedHash) {
            case .verified:
                presentBytes += expectedSize ?? FileVerifier.sizeAndModificationTime(of: fileURL)?.0 ?? 0
            case .present(let size):
                presentBytes += size
                verification = .unverified
            case .wrongSize(let expected, let actual):
                return .damaged(reason: "\(file.path) is \(actual) bytes, expected \(expected); run `homeos models rm \(entry.id)` and pull it again")
            case .wrongHash(let expected, let actual):
                return .damaged(reason: "\(file.path) has SHA-256 \(actual.prefix(12))…, expected \(expected.prefix(12))…; it was changed or corrupted; run `homeos models rm \(entry.id)` and pull it again")
            case .missing:
                missing += 1
                if let size = FileVerifier.sizeAndModificationTime(of: Self.partialURL(for: fileURL))?.0 {
                    partials += 1
                    partialBytes += size
                }
            }
        }
        if missing == 0 { return .installed(verification) }
        if partials == 0 && presentBytes == 0 { return .notInstalled }
        return .partial(downloadedBytes: presentBytes + partialBytes, totalBytes: entry.sizeBytes)
    }

    /// Whether an entry's files are present and verified (see ``installState(of:record:)``).
    public func isInstalled(_ entry: CatalogEntry, record: InstallRecord? = nil) -> Bool {
        installState(of: entry, record: record).isInstalled
    }

    // MARK: Resolving --model

    /// A model reference resolved to a file.
    public struct Resolved: Sendable, Hashable {
        /// The model file (or folder, for directory models).
        public var path: String
        /// The catalog entry, when the reference named one.
        public var entry: CatalogEntry?
        /// A short id for display.
        public var id: String

        /// Creates a resolved reference.
        public init(path: String, entry: CatalogEntry?, id: String) {
            self.path = path
            self.entry = entry
            self.id = id
        }
    }

    /// Resolves `reference` (a catalog id or alias, or a file path; `nil` for the default model).
    /// A catalogued model resolves only when it is installed and verified.
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

    /// Resolves a catalog entry, checking that it is installed and intact (with `record` for
    /// models whose hash is not in the catalog).
    public func resolve(entry: CatalogEntry, record: InstallRecord? = nil) throws(ModelReferenceError) -> Resolved {
        switch installState(of: entry, record: record) {
        case .installed:
            return Resolved(path: path(of: entry), entry: entry, id: entry.id)
        case .notInstalled, .partial:
            throw .notInstalled(entry.id, expectedPath: path(of: entry))
        case .damaged(let reason), .unavailable(let reason):
            throw .unusable(entry.id, reason: reason)
        }
    }
}

/// A `--model` argument that names nothing usable.
public enum ModelReferenceError: Error, Sendable, Hashable, LocalizedError, CustomStringConvertible {
    /// The name is neither a catalog id nor a file path.
    case unknownModel(String, known: [String])
    /// The catalog knows the model but its file is missing or incomplete.
    case notInstalled(String, expectedPath: String)
    /// The model's files fail verification, or its runtime cannot run here.
    case unusable(String, reason: String)

    public var description: String {
        switch self {
        case .unknownModel(let name, let known):
            return "Unknown model '\(name)'. Use one of: \(known.joined(separator: ", ")), or the path of a .gguf file."
        case .notInstalled(let id, let path):
            return "The model '\(id)' is not installed (expected \(path)). Run `make setup` to install the default models, or `homeos models pull \(id)` for a downloadable one."
        case .unusable(let id, let reason):
            return "The model '\(id)' cannot be used: \(reason)."
        }
    }

    public var errorDescription: String? { description }
}

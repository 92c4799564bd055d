import Foundation
import Synchronization

/// What ModelHub persists: the selected model and how each downloaded model was verified.
public struct ModelHubState: Sendable, Hashable, Codable {
    /// The model used when a command names none; `nil` means the catalog's default.
    public var selectedModelID: String?
    /// Install records by model id, for models HomeOS downloaded.
    public var installs: [String: InstallRecord]

    /// Creates a state.
    public init(selectedModelID: String? = nil, installs: [String: InstallRecord] = [:]) {
        self.selectedModelID = selectedModelID
        self.installs = installs
    }
}

/// How a downloaded model was obtained and checked, so later checks compare against the same hash.
public struct InstallRecord: Sendable, Hashable, Codable {
    /// SHA-256 and size of each file at install time, by the file's catalog path.
    public var files: [String: FileRecord]
    /// How the expected hashes were known.
    public var verification: Verification
    /// Where the files came from (query strings removed).
    public var sources: [String]
    /// When the download finished.
    public var installedAt: Date

    /// Creates a record.
    public init(files: [String: FileRecord], verification: Verification, sources: [String], installedAt: Date) {
        self.files = files
        self.verification = verification
        self.sources = sources
        self.installedAt = installedAt
    }

    /// One file's recorded hash and size.
    public struct FileRecord: Sendable, Hashable, Codable {
        /// SHA-256 (lowercase hex).
        public var sha256: String
        /// Size in bytes.
        public var sizeBytes: Int64

        /// Creates a file record.
        public init(sha256: String, sizeBytes: Int64) {
            self.sha256 = sha256
            self.sizeBytes = sizeBytes
        }
    }
}

/// How a model's expected hash was known.
public enum Verification: String, Sendable, Hashable, Codable, CustomStringConvertible {
    /// Matches the SHA-256 in the catalog.
    case catalog
    /// Matches the SHA-256 a person gave with `--sha256` when pulling.
    case pinned
    /// No hash was known when it was pulled; the hash of what arrived was recorded
    /// (trust on first use), so later changes are still detected.
    case unverified

    public var description: String {
        switch self {
        case .catalog: return "verified (catalog SHA-256)"
        case .pinned: return "verified (SHA-256 given at pull)"
        case .unverified: return "unverified (hash recorded at first download)"
        }
    }
}

/// Persistence for ``ModelHubState``. The JSON file store is the one used today; the SQLite
/// store of record can conform later without changing callers.
public protocol ModelStateStore: Sendable {
    /// The current state (empty when nothing was saved yet).
    func load() throws(ModelHubError) -> ModelHubState
    /// Reads, changes and saves the state as one step; concurrent updates do not lose each other's changes.
    func update(_ change: (inout ModelHubState) throws(ModelHubError) -> Void) throws(ModelHubError)
}

extension ModelStateStore {
    /// The selected model id, if any.
    public func selectedModelID() throws(ModelHubError) -> String? { try load().selectedModelID }
}

/// A store that keeps the state in memory (tests, previews).
public final class InMemoryModelStateStore: ModelStateStore {
    private let state: Mutex<ModelHubState>

    /// Creates a store holding `initial`.
    public init(_ initial: ModelHubState = ModelHubState()) {
        state = Mutex(initial)
    }

    public func load() throws(ModelHubError) -> ModelHubState { state.withLock { $0 } }

    public func update(_ change: (inout ModelHubState) throws(ModelHubError) -> Void) throws(ModelHubError) {
        try state.withLock { (value: inout ModelHubState) throws(ModelHubError) in
            var copy = value
            try change(&copy)
            value = copy
        }
    }
}

import Crypto
import Foundation

/// Keeps the ``CrisisHistory`` across runs, encrypted at rest, for 30 days.
///
/// The history is one file, `crisis-history.sealed`, in the data directory (see
/// ``SentinelDataDirectory``): a header followed by an AES-256-GCM sealed box (nonce, ciphertext,
/// tag) of the history as JSON. The key is a separate file, `crisis-history.key`, created with
/// owner-only permissions (0600) the first time a history is saved. Writes go to a temporary file
/// that is renamed over the old one, so an interruption leaves either the old history or the new.
///
/// Sessions older than ``CrisisHistory/retention`` are purged on every load and save; a load that
/// purges something writes the purged history back, so expired sessions leave the disk too.
///
/// A history file that cannot be opened (corrupt, truncated, another key, missing key) is an
/// error, ``CrisisHistoryError``, and is never overwritten.
public struct CrisisHistoryStore: Sendable {
    /// The name of the encrypted history file.
    public static let historyFileName = "crisis-history.sealed"
    /// The name of the key file.
    public static let keyFileName = "crisis-history.key"
    /// The first bytes of a history file; also authenticated with the ciphertext.
    static let header = Data("SENTINEL CRISIS HISTORY v1\n".utf8)
    /// The version of the JSON inside.
    static let formatVersion = 1

    /// The data directory.
    public let directory: URL

    /// Creates a store in `directory` (created, owner-only, on the first save).
    public init(directory: URL) {
        self.directory = directory
    }

    /// The encrypted history file.
    public var historyURL: URL { directory.appendingPathComponent(Self.historyFileName) }
    /// The key file.
    public var keyURL: URL { directory.appendingPathComponent(Self.keyFileName) }

    /// What the sealed box holds.
    private struct Payload: Codable {
        var version: Int
        var history: CrisisHistory
    }

    /// Reads the history, purged of sessions older than 30 days before `now`.
    ///
    /// No file yet means an empty history. When the purge drops sessions, the file is rewritten
    /// without them.
    public func load(now: Date) throws(CrisisHistoryError) -> CrisisHistory {
        guard let sealed = try readHistoryFile() else { return CrisisHistory() }
        guard let key = try readKey() else {
            throw .keyMissing(path: historyURL.path, keyPath: keyURL.path)
        }
        var history = try open(sealed, key: key)
        if history.purge(now: now) > 0 { try write(history, key: key) }
        return history
    }

    /// Saves `history`, purged of sessions older than 30 days before `now`.
    ///
    /// Creates the directory and the key on first use. Refuses to replace an existing history
    /// file that this store's key cannot open.
    public func save(_ history: CrisisHistory, now: Date) throws(CrisisHistoryError) {
        var history = history
        history.purge(now: now)
        try prepareDirectory()
        let existing = try readHistoryFile()
        let key: SymmetricKey
        if let stored = try readKey() {
            key = stored
            if let existing { _ = try open(existing, key: stored) }
        } else {
            if existing != nil { throw .keyMissing(path: historyURL.path, keyPath: keyURL.path) }
            key = try createKey()
        }
        try write(history, key: key)
    }

    /// Adds or updates `session` (matched by its opening time) and saves; returns the history.
    @discardableResult
    public func record(_ session: CrisisSession, now: Date) throws(CrisisHistoryError) -> CrisisHistory {
        var history = try load(now: now)
        history.record(session, now: now)
        try save(history, now: now)
        return history
    }

    // MARK: Files

    private func prepareDirectory() throws(CrisisHistoryError) {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: directory.path, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else {
                throw .cannotCreateDirectory(path: directory.path, reason: "a file with that name exists")
            }
            if let problem = PrivateFile.folderProblem(directory.path) { throw .cannotCreateDirectory(path: directory.path, reason: problem) }
            return
        }
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true,
                                                    attributes: [.posixPermissions: 0o700])
        } catch {
            throw .cannotCreateDirectory(path: directory.path, reason: (error as NSError).localizedDescription)
        }
    }

    private func readHistoryFile() throws(CrisisHistoryError) -> Data? {
        let path = historyURL.path
        guard PrivateFile.exists(path) else { return nil }
        do {
            return try Data(contentsOf: historyURL)
        } catch {
            throw .unreadable(path: path, reason: (error as NSError).localizedDescription)
        }
    }

    private func readKey() throws(CrisisHistoryError) -> SymmetricKey? {
        let path = keyURL.path
        guard PrivateFile.exists(path) else { return nil }
        if let problem = PrivateFile.keyFileProblem(path) { throw .unreadable(path: path, reason: problem) }
        let bytes: Data
        do {
            bytes = try Data(contentsOf: keyURL)
        } catch {
            throw .unreadable(path: path, reason: (error as NSError).localizedDescription)
        }
        guard bytes.count == SymmetricKeySize.bits256.bitCount / 8 else {
            throw .invalidKey(keyPath: path, byteCount: bytes.count)
        }
        // A key someone loosened is tightened again; the key is only for its owner.
        if let mode = PrivateFile.permissions(path), mode != PrivateFile.ownerOnly {
            do { try PrivateFile.restrictToOwner(path) } catch {
                throw .cannotWrite(path: path, reason: error.description)
            }
        }
        return SymmetricKey(data: bytes)
    }

    private func createKey() throws(CrisisHistoryError) -> SymmetricKey {
        let key = SymmetricKey(size: .bits256)
        let bytes = key.withUnsafeBytes { Data($0) }
        do {
            try PrivateFile.createExclusively(keyURL.path, contents: bytes)
        } catch {
            // Another process created the key first: use theirs.
            if error.code == EEXIST, let theirs = try readKey() { return theirs }
            throw .cannotWrite(path: keyURL.path, reason: error.description)
        }
        return key
    }

    private func write(_ history: CrisisHistory, key: SymmetricKey) throws(CrisisHistoryError) {
        let path = historyURL.path
        let file: Data
        do {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            let plaintext = try encoder.encode(Payload(version: Self.formatVersion, history: history))
            let box = try AES.GCM.seal(plaintext, using: key, authenticating: Self.header)
            guard let combined = box.combined else {
                throw CrisisHistoryError.cannotWrite(path: path, reason: "the sealed box has no combined form")
            }
            file = Self.header + combined
        } catch let error as CrisisHistoryError {
            throw error
        } catch {
            throw .cannotWrite(path: path, reason: "encryption failed (\(error))")
        }
        do {
            try PrivateFile.replaceAtomically(path, contents: file)
        } catch {
            throw .cannotWrite(path: path, reason: error.description)
        }
    }

    private func open(_ file: Data, key: SymmetricKey) throws(CrisisHistoryError) -> CrisisHistory {
        let path = historyURL.path
        guard file.starts(with: Self.header) else { throw .notAHistoryFile(path: path) }
        let plaintext: Data
        do {
            let box = try AES.GCM.SealedBox(combined: file.dropFirst(Self.header.count))
            plaintext = try AES.GCM.open(box, using: key, authenticating: Self.header)
        } catch {
            throw .cannotDecrypt(path: path, keyPath: keyURL.path)
        }
        let payload: Payload
        do {
            payload = try JSONDecoder().decode(Payload.self, from: plaintext)
        } catch {
            throw .unsupportedContents(path: path, reason: "not a crisis history")
        }
        guard payload.version == Self.formatVersion else {
            throw .unsupportedContents(path: path, reason: "format version \(payload.version); this Sentinel reads version \(Self.formatVersion)")
        }
        return payload.history
    }
}

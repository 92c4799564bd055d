import Foundation

/// A transactional store of JSON documents addressed by logical paths such as
/// `data/health/medications.json` (see ``StoragePaths``).
///
/// Implementations store bytes; the `Codable` API (`read`, `write`, `load`, `save`, `update`) is
/// built on top in an extension and encodes with ``StorageCoding``. Every write is atomic and
/// durable once it returns. Paths are validated with ``StoragePaths/validate(_:)``.
///
/// Pass a provider to whatever needs the family's data; there is no shared instance.
/// ``SQLiteStorage`` is the store of record, ``InMemoryStorage`` serves tests.
public protocol StorageProvider: Sendable {
    /// Where the data lives, for messages (a file path, or `memory`).
    var location: String { get }

    /// The stored JSON bytes at `path`, or nil when there is no document.
    func data(at path: String) throws(StorageError) -> Data?

    /// Stores JSON bytes at `path`, replacing any document there.
    /// - Throws: ``StorageError/invalidDocument(path:detail:)`` when `data` is not JSON.
    func writeData(_ data: Data, at path: String) throws(StorageError)

    /// Whether a document exists at `path`.
    func exists(_ path: String) throws(StorageError) -> Bool

    /// Removes the document at `path`; returns whether there was one.
    @discardableResult
    func delete(_ path: String) throws(StorageError) -> Bool

    /// The paths that start with `prefix` (all paths for `""`), sorted.
    func list(prefix: String) throws(StorageError) -> [String]

    /// Runs `body` as one transaction: its writes and deletes become visible together when it
    /// returns, or not at all when it throws (the error is rethrown). Reads inside see the
    /// transaction's own writes, and no other writer interleaves.
    ///
    /// Use only the given transaction inside `body`: calling the provider itself from there is a
    /// programming error (it deadlocks, or traps in ``SQLiteStorage``).
    func transaction<T>(_ body: (any StorageTransaction) throws -> T) throws -> T
}

/// The operations available inside ``StorageProvider/transaction(_:)``.
///
/// The same `Codable` helpers as on the provider are available in an extension.
public protocol StorageTransaction {
    /// The JSON bytes at `path` as this transaction sees them, or nil.
    func data(at path: String) throws(StorageError) -> Data?
    /// Stores JSON bytes at `path` when the transaction commits.
    func writeData(_ data: Data, at path: String) throws(StorageError)
    /// Removes the document at `path` when the transaction commits; returns whether there was one.
    @discardableResult
    func delete(_ path: String) throws(StorageError) -> Bool
    /// The paths that start with `prefix`, sorted, as this transaction sees them.
    func list(prefix: String) throws(StorageError) -> [String]
}

extension StorageTransaction {
    /// Whether a document exists at `path` in this transaction.
    public func exists(_ path: String) throws(StorageError) -> Bool { try data(at: path) != nil }
}

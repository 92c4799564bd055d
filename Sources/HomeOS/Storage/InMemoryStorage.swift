import Foundation

/// A ``StorageProvider`` in memory, for tests and previews: same paths, validation and
/// transaction semantics as ``SQLiteStorage``, nothing persisted.
public final class InMemoryStorage: StorageProvider, @unchecked Sendable {
    // Guarded by `lock`.
    private var documents: [String: Data]
    private let lock = NSLock()

    /// Creates a store holding `documents` (logical path → JSON bytes).
    public init(documents: [String: Data] = [:]) {
        self.documents = documents
    }

    public var location: String { "memory" }

    public func data(at path: String) throws(StorageError) -> Data? {
        try StoragePaths.validate(path)
        return lock.withLock { documents[path] }
    }

    public func writeData(_ data: Data, at path: String) throws(StorageError) {
        try StoragePaths.validate(path)
        try StorageCoding.requireJSON(data, at: path)
        lock.withLock { documents[path] = data }
    }

    public func exists(_ path: String) throws(StorageError) -> Bool { try data(at: path) != nil }

    @discardableResult
    public func delete(_ path: String) throws(StorageError) -> Bool {
        try StoragePaths.validate(path)
        return lock.withLock { documents.removeValue(forKey: path) != nil }
    }

    public func list(prefix: String) throws(StorageError) -> [String] {
        lock.withLock { documents.keys.filter { $0.hasPrefix(prefix) }.sorted() }
    }

    public func transaction<T>(_ body: (any StorageTransaction) throws -> T) throws -> T {
        lock.lock()
        defer { lock.unlock() }
        let transaction = Transaction(documents: documents)
        let result = try body(transaction)
        documents = transaction.documents
        return result
    }

    /// A snapshot the transaction changes; it replaces the store's documents on commit.
    private final class Transaction: StorageTransaction {
        var documents: [String: Data]

        init(documents: [String: Data]) { self.documents = documents }

        func data(at path: String) throws(StorageError) -> Data? {
            try StoragePaths.validate(path)
            return documents[path]
        }

        func writeData(_ data: Data, at path: String) throws(StorageError) {
            try StoragePaths.validate(path)
            try StorageCoding.requireJSON(data, at: path)
            documents[path] = data
        }

        func delete(_ path: String) throws(StorageError) -> Bool {
            try StoragePaths.validate(path)
            return documents.removeValue(forKey: path) != nil
        }

        func list(prefix: String) throws(StorageError) -> [String] {
            documents.keys.filter { $0.hasPrefix(prefix) }.sorted()
        }
    }
}

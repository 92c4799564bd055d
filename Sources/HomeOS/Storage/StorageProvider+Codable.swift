import Foundation

extension StorageProvider {
    /// Decodes the document at `path`.
    /// - Throws: ``StorageError/notFound(path:)``, or ``StorageError/corrupt(path:detail:)`` when it does not decode.
    public func read<Value: Decodable>(_ type: Value.Type, at path: String) throws(StorageError) -> Value {
        guard let data = try data(at: path) else { throw .notFound(path: path) }
        return try StorageCoding.decode(Value.self, from: data, at: path)
    }

    /// Decodes the document at `path`, or returns nil when there is none.
    public func readIfPresent<Value: Decodable>(_ type: Value.Type, at path: String) throws(StorageError) -> Value? {
        guard let data = try data(at: path) else { return nil }
        return try StorageCoding.decode(Value.self, from: data, at: path)
    }

    /// Encodes `value` and stores it at `path`, atomically.
    public func write<Value: Encodable>(_ value: Value, at path: String) throws(StorageError) {
        try writeData(StorageCoding.encode(value, for: path), at: path)
    }

    /// The document's value, or its ``StorageDocument/emptyValue`` when it was never written.
    /// - Throws: ``StorageError/notFound(path:)`` when absent without an empty value; ``StorageError/corrupt(path:detail:)``.
    public func load<Value>(_ document: StorageDocument<Value>) throws(StorageError) -> Value {
        if let value = try readIfPresent(Value.self, at: document.path) { return value }
        guard let empty = document.emptyValue else { throw .notFound(path: document.path) }
        return empty
    }

    /// The document's value, or nil when it was never written (whatever its empty value).
    public func loadIfPresent<Value>(_ document: StorageDocument<Value>) throws(StorageError) -> Value? {
        try readIfPresent(Value.self, at: document.path)
    }

    /// Stores `value` as the document.
    public func save<Value>(_ value: Value, to document: StorageDocument<Value>) throws(StorageError) {
        try write(value, at: document.path)
    }

    /// Reads the document, lets `body` change it, and writes it back, all in one transaction, so
    /// two processes updating the same document never lose each other's change.
    /// - Returns: what `body` returns.
    /// - Throws: what ``load(_:)`` throws, or what `body` throws (then nothing is written).
    @discardableResult
    public func update<Value, Result>(_ document: StorageDocument<Value>, _ body: (inout Value) throws -> Result) throws -> Result {
        try transaction { transaction in
            var value = try transaction.load(document)
            let result = try body(&value)
            try transaction.save(value, to: document)
            return result
        }
    }
}

extension StorageTransaction {
    /// Decodes the document at `path` as this transaction sees it.
    /// - Throws: ``StorageError/notFound(path:)`` or ``StorageError/corrupt(path:detail:)``.
    public func read<Value: Decodable>(_ type: Value.Type, at path: String) throws(StorageError) -> Value {
        guard let data = try data(at: path) else { throw .notFound(path: path) }
        return try StorageCoding.decode(Value.self, from: data, at: path)
    }

    /// Decodes the document at `path`, or returns nil when there is none.
    public func readIfPresent<Value: Decodable>(_ type: Value.Type, at path: String) throws(StorageError) -> Value? {
        guard let data = try data(at: path) else { return nil }
        return try StorageCoding.decode(Value.self, from: data, at: path)
    }

    /// Encodes `value` and stores it at `path` when the transaction commits.
    public func write<Value: Encodable>(_ value: Value, at path: String) throws(StorageError) {
        try writeData(StorageCoding.encode(value, for: path), at: path)
    }

    /// The document's value, or its empty value when it was never written.
    public func load<Value>(_ document: StorageDocument<Value>) throws(StorageError) -> Value {
        if let value = try readIfPresent(Value.self, at: document.path) { return value }
        guard let empty = document.emptyValue else { throw .notFound(path: document.path) }
        return empty
    }

    /// Stores `value` as the document when the transaction commits.
    public func save<Value>(_ value: Value, to document: StorageDocument<Value>) throws(StorageError) {
        try write(value, at: document.path)
    }
}

import Foundation
import GRDB

/// The store of record: every document in one SQLite table, through GRDB.
///
/// The database is one file (by default ``defaultFileName`` in the data directory) with the table
/// `documents(path TEXT PRIMARY KEY, json TEXT, updatedAt TEXT)`. It runs in WAL mode with
/// `synchronous = FULL`, so a write that returned is on disk: a crash or `kill -9` a moment later
/// loses nothing that was committed, and a write that was cut short leaves no trace.
///
/// Opening checks the file before SQLite touches it: a file that is not a HomeOS SQLite database,
/// or a damaged one, gives ``StorageError/corrupt(path:detail:)`` and is never overwritten. A
/// writer waits up to `busyTimeout` seconds for another process's write to finish, then gives
/// ``StorageError/locked(path:)``. The file and its folder are readable by the owner only.
public final class SQLiteStorage: StorageProvider {
    /// The database file's name inside a data directory.
    public static let defaultFileName = "family.sqlite"
    /// The SQLite `application_id` that marks a HomeOS store ("HOME").
    public static let applicationID: Int32 = 0x484F_4D45
    /// The schema version kept in `user_version`.
    public static let schemaVersion = 1

    /// The absolute path of the database file.
    public let databasePath: String
    private let queue: DatabaseQueue

    /// Opens (creating when absent) the store ``defaultFileName`` in `directory`.
    /// - Throws: ``StorageError/corrupt(path:detail:)``, ``StorageError/locked(path:)`` or ``StorageError/unavailable(path:detail:)``.
    public convenience init(directory: URL, busyTimeout: TimeInterval = 5) throws(StorageError) {
        try self.init(path: directory.appendingPathComponent(Self.defaultFileName).path, busyTimeout: busyTimeout)
    }

    /// Opens (creating when absent) the store in the database file at `path`.
    /// - Parameter busyTimeout: Seconds to wait for another process's write before ``StorageError/locked(path:)``.
    /// - Throws: ``StorageError/corrupt(path:detail:)``, ``StorageError/locked(path:)`` or ``StorageError/unavailable(path:detail:)``.
    public init(path: String, busyTimeout: TimeInterval = 5) throws(StorageError) {
        let file = URL(fileURLWithPath: path).standardizedFileURL
        databasePath = file.path
        try Self.prepareFile(at: file)
        var configuration = Configuration()
        configuration.label = "HomeOS.SQLiteStorage"
        configuration.busyMode = .timeout(busyTimeout)
        configuration.prepareDatabase { db in
            // Durability first: a committed transaction is synced to disk before the write returns.
            try db.execute(sql: "PRAGMA journal_mode = WAL")
            try db.execute(sql: "PRAGMA synchronous = FULL")
        }
        do {
            queue = try DatabaseQueue(path: file.path, configuration: configuration)
        } catch {
            throw Self.storageError(error, path: file.path)
        }
        try run { try Self.checkAndMigrate(queue) }
    }

    public var location: String { databasePath }

    public func data(at path: String) throws(StorageError) -> Data? {
        try StoragePaths.validate(path)
        return try run { try queue.read { db in try Self.fetch(db, path) } }
    }

    public func writeData(_ data: Data, at path: String) throws(StorageError) {
        try StoragePaths.validate(path)
        try StorageCoding.requireJSON(data, at: path)
        try run { try queue.write { db in try Self.upsert(db, path, data) } }
    }

    public func exists(_ path: String) throws(StorageError) -> Bool {
        try StoragePaths.validate(path)
        return try run {
            try queue.read { db in try Bool.fetchOne(db, sql: "SELECT 1 FROM documents WHERE path = ?", arguments: [path]) ?? false }
        }
    }

    @discardableResult
    public func delete(_ path: String) throws(StorageError) -> Bool {
        try StoragePaths.validate(path)
        return try run { try queue.write { db in try Self.remove(db, path) } }
    }

    public func list(prefix: String) throws(StorageError) -> [String] {
        try run { try queue.read { db in try Self.paths(db, prefix: prefix) } }
    }

    public func transaction<T>(_ body: (any StorageTransaction) throws -> T) throws -> T {
        do {
            return try queue.write { db in try body(Transaction(db: db, databasePath: databasePath)) }
        } catch let error as DatabaseError {
            throw Self.storageError(error, path: databasePath)
        }
    }

    /// The journal mode and synchronous level of the open connection (`wal`, 2 = FULL).
    public struct DurabilitySettings: Sendable, Hashable {
        /// `PRAGMA journal_mode`.
        public var journalMode: String
        /// `PRAGMA synchronous`: 0 OFF, 1 NORMAL, 2 FULL, 3 EXTRA.
        public var synchronous: Int
    }

    /// The durability settings in effect, for diagnostics and tests.
    public func durabilitySettings() throws(StorageError) -> DurabilitySettings {
        try run {
            try queue.read { db in
                DurabilitySettings(journalMode: try String.fetchOne(db, sql: "PRAGMA journal_mode") ?? "",
                                   synchronous: try Int.fetchOne(db, sql: "PRAGMA synchronous") ?? -1)
            }
        }
    }

    // MARK: - Transaction

    /// Reads and writes on the connection inside ``SQLiteStorage/transaction(_:)``.
    private struct Transaction: StorageTransaction {
        let db: Database
        let databasePath: String

        func data(at path: String) throws(StorageError) -> Data? {
            try StoragePaths.validate(path)
            return try SQLiteStorage.run(path: databasePath) { try SQLiteStorage.fetch(db, path) }
        }

        func writeData(_ data: Data, at path: String) throws(StorageError) {
            try StoragePaths.validate(path)
            try StorageCoding.requireJSON(data, at: path)
            try SQLiteStorage.run(path: databasePath) { try SQLiteStorage.upsert(db, path, data) }
        }

        func delete(_ path: String) throws(StorageError) -> Bool {
            try StoragePaths.validate(path)
            return try SQLiteStorage.run(path: databasePath) { try SQLiteStorage.remove(db, path) }
        }

        func list(prefix: String) throws(StorageError) -> [String] {
            try SQLiteStorage.run(path: databasePath) { try SQLiteStorage.paths(db, prefix: prefix) }
        }
    }

    // MARK: - SQL

    private static func fetch(_ db: Database, _ path: String) throws -> Data? {
        try String.fetchOne(db, sql: "SELECT json FROM documents WHERE path = ?", arguments: [path]).map { Data($0.utf8) }
    }

    private static func upsert(_ db: Database, _ path: String, _ data: Data) throws {
        try db.execute(
            sql: """
                INSERT INTO documents (path, json, updatedAt) VALUES (?, ?, ?)
                ON CONFLICT(path) DO UPDATE SET json = excluded.json, updatedAt = excluded.updatedAt
                """,
            arguments: [path, String(decoding: data, as: UTF8.self), StorageCoding.format(Date())])
    }

    private static func remove(_ db: Database, _ path: String) throws -> Bool {
        try db.execute(sql: "DELETE FROM documents WHERE path = ?", arguments: [path])
        return db.changesCount > 0
    }

    private static func paths(_ db: Database, prefix: String) throws -> [String] {
        try String.fetchAll(db, sql: "SELECT path FROM documents ORDER BY path").filter { $0.hasPrefix(prefix) }
    }

    // MARK: - Opening

    private static let sqliteHeader = Array("SQLite format 3\0".utf8)

    /// Creates the folder (owner-only) and an empty owner-only file when there is none; refuses a
    /// file that does not start with the SQLite header, before SQLite opens it.
    private static func prepareFile(at file: URL) throws(StorageError) {
        let path = file.path
        let fileManager = FileManager.default
        let directory = file.deletingLastPathComponent()
        var isDirectory: ObjCBool = false
        if !fileManager.fileExists(atPath: directory.path, isDirectory: &isDirectory) {
            do {
                try fileManager.createDirectory(at: directory, withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o700])
            } catch {
                throw .unavailable(path: path, detail: "cannot create the folder \(directory.path): \(error.localizedDescription)")
            }
        } else if !isDirectory.boolValue {
            throw .unavailable(path: path, detail: "\(directory.path) is a file, not a folder")
        } else if let mode = (try? fileManager.attributesOfItem(atPath: directory.path)[.posixPermissions] as? NSNumber)?.uint16Value,
                  mode & 0o002 != 0 {
            // Anyone who can write the folder can replace the family's database.
            throw .unavailable(path: path, detail: "any user of this machine can change the folder \(directory.path) (mode "
                + String(mode & 0o7777, radix: 8) + "); run `chmod 700 \(directory.path)` and try again")
        }
        if fileManager.fileExists(atPath: path, isDirectory: &isDirectory) {
            if isDirectory.boolValue { throw .unavailable(path: path, detail: "it is a folder, not a database file") }
            guard let handle = FileHandle(forReadingAtPath: path) else {
                throw .unavailable(path: path, detail: "the file cannot be read (check its permissions)")
            }
            defer { try? handle.close() }
            let head = [UInt8]((try? handle.read(upToCount: sqliteHeader.count)) ?? Data())
            if head.isEmpty { return }  // an empty file is a new database
            if head != sqliteHeader {
                throw .corrupt(path: path, detail: head.count < sqliteHeader.count
                    ? "the file is only \(head.count) bytes long" : "the file is not an SQLite database")
            }
        } else {
            let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL, 0o600)
            if descriptor >= 0 {
                close(descriptor)
            } else if errno != EEXIST {
                throw .unavailable(path: path, detail: String(cString: strerror(errno)))
            }
        }
    }

    /// Refuses damaged and foreign databases, then creates the table (only when it is missing, so
    /// opening an existing store never waits for the write lock).
    private static func checkAndMigrate(_ queue: DatabaseQueue) throws {
        let path = queue.path
        let (applicationID, version, tables, check) = try queue.read { db in
            (try Int32.fetchOne(db, sql: "PRAGMA application_id") ?? 0,
             try Int.fetchOne(db, sql: "PRAGMA user_version") ?? 0,
             try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"),
             try String.fetchAll(db, sql: "PRAGMA quick_check"))
        }
        if check != ["ok"] {
            throw StorageError.corrupt(path: path, detail: "SQLite integrity check: " + check.prefix(3).joined(separator: "; "))
        }
        if applicationID != 0 && applicationID != SQLiteStorage.applicationID {
            throw StorageError.corrupt(path: path, detail: "it belongs to another application (application_id \(applicationID))")
        }
        if applicationID == 0, let foreign = tables.first(where: { $0 != "documents" }) {
            throw StorageError.corrupt(path: path, detail: "it is an SQLite database of another application (table \(foreign))")
        }
        if version > schemaVersion {
            throw StorageError.unavailable(path: path, detail: "it was written by a newer HomeOS (schema \(version), this one reads \(schemaVersion))")
        }
        guard version < schemaVersion || applicationID != SQLiteStorage.applicationID || !tables.contains("documents") else { return }
        try queue.write { db in
            try db.execute(sql: """
                CREATE TABLE IF NOT EXISTS documents (
                    path TEXT PRIMARY KEY NOT NULL,
                    json TEXT NOT NULL,
                    updatedAt TEXT NOT NULL
                )
                """)
            try db.execute(sql: "PRAGMA application_id = \(SQLiteStorage.applicationID)")
            try db.execute(sql: "PRAGMA user_version = \(schemaVersion)")
        }
    }

    // MARK: - Errors

    private func run<T>(_ operation: () throws -> T) throws(StorageError) -> T {
        try Self.run(path: databasePath, operation)
    }

    private static func run<T>(path: String, _ operation: () throws -> T) throws(StorageError) -> T {
        do {
            return try operation()
        } catch {
            throw storageError(error, path: path)
        }
    }

    /// The ``StorageError`` for an error from SQLite or the file system.
    static func storageError(_ error: any Error, path: String) -> StorageError {
        if let error = error as? StorageError { return error }
        guard let error = error as? DatabaseError else { return .unavailable(path: path, detail: "\(error)") }
        let detail = error.message ?? "SQLite error \(error.resultCode.rawValue)"
        switch error.resultCode {
        case .SQLITE_BUSY, .SQLITE_LOCKED:
            return .locked(path: path)
        case .SQLITE_NOTADB, .SQLITE_CORRUPT:
            return .corrupt(path: path, detail: detail)
        case .SQLITE_FULL:
            return .unavailable(path: path, detail: "the disk is full")
        case .SQLITE_READONLY:
            return .unavailable(path: path, detail: "the database is read-only (\(detail))")
        default:
            return .unavailable(path: path, detail: detail)
        }
    }
}

import Crypto
import Foundation
import GRDB

/// Sentinel's encrypted local store: check-in records, the longitudinal state, documents
/// (profile, safety plan, hope-box references) and the record of ingested medical records, in
/// one SQLite database (`sentinel.sqlite`, through GRDB) in the data directory.
///
/// Every clinical field — screener answers, measurements, the narrative, documents — is an
/// AES-256-GCM sealed box; only tiers, timestamps and keyed fingerprints are plain columns, so no
/// file on disk (the database, its `-wal` and `-shm`) holds clinical text. The key file
/// `sentinel.key` (0600) holds a random key, or, with a passphrase, only a salt and a check value
/// from which the key is derived (PBKDF2-HMAC-SHA256); see ``StoreKeyFile``. SQLite runs with
/// `secure_delete` (deleted rows are overwritten) and in-memory temporary storage.
///
/// The crisis history stays in its own sealed file (``CrisisHistoryStore``) next to the database.
/// Every open runs the retention job (``applyRetention(now:)``): crisis sessions and check-in
/// records older than 30 days are purged and a longitudinal state without a check-in for 30 days
/// is reset. ``purge(directory:)`` destroys everything.
public final class SentinelStore: Sendable {
    /// The database file's name.
    public static let databaseFileName = "sentinel.sqlite"
    /// The key file's name.
    public static let keyFileName = StoreKeyFile.fileName
    /// The folder (in the data directory) where processed medical records are kept, sealed.
    public static let processedFolderName = "processed"
    /// The default inbox folder (in the data directory) scanned by `sentinel ingest`.
    public static let inboxFolderName = "inbox"
    /// How long check-in records are kept (30 days, like the crisis history).
    public static let checkInRetention: TimeInterval = 30 * 24 * 60 * 60
    /// The SQLite `application_id` of a Sentinel store ("SNTL").
    static let applicationID: Int32 = 0x534E_544C

    /// The data directory.
    public let directory: URL
    /// What the retention job did when the store was opened.
    public let retentionAtOpen: RetentionReport
    private let queue: DatabaseQueue
    private let cipher: FieldCipher
    private let now: @Sendable () -> Date

    /// The database file.
    public var databaseURL: URL { directory.appendingPathComponent(Self.databaseFileName) }
    /// The key file.
    public var keyURL: URL { directory.appendingPathComponent(Self.keyFileName) }
    /// The folder of processed (sealed) medical records.
    public var processedURL: URL { directory.appendingPathComponent(Self.processedFolderName, isDirectory: true) }
    /// The default inbox.
    public var defaultInboxURL: URL { directory.appendingPathComponent(Self.inboxFolderName, isDirectory: true) }
    /// The crisis history kept next to the database.
    public var crisisHistory: CrisisHistoryStore { CrisisHistoryStore(directory: directory) }

    /// Opens (creating when absent) the store in `directory`, then runs the retention job.
    ///
    /// - Parameters:
    ///   - passphrase: Derives the key from a passphrase; a store created with one needs it to open.
    ///   - now: The clock for retention and timestamps.
    /// - Throws: ``SentinelStoreError``.
    public convenience init(directory: URL, passphrase: String? = nil, now: @escaping @Sendable () -> Date = { Date() }) throws {
        try self.init(directory: directory, passphrase: passphrase, now: now, keyCost: StoreKeyFile.defaultScryptCost)
    }

    /// Opens the store; a new passphrase key is derived with scrypt at `keyCost`.
    init(directory: URL, passphrase: String?, now: @escaping @Sendable () -> Date, keyCost: StoreKeyFile.ScryptCost) throws {
        let directory = directory.standardizedFileURL
        self.directory = directory
        self.now = now
        try Self.prepareDirectory(directory)
        let databasePath = directory.appendingPathComponent(Self.databaseFileName).path
        let keyFile = StoreKeyFile(url: directory.appendingPathComponent(Self.keyFileName))
        let master = try keyFile.loadOrCreate(passphrase: passphrase.flatMap { $0.isEmpty ? nil : $0 },
                                              databaseExists: PrivateFile.exists(databasePath), databasePath: databasePath,
                                              cost: keyCost)
        cipher = FieldCipher(master: master)
        var configuration = Configuration()
        configuration.label = "Sentinel.SentinelStore"
        configuration.busyMode = .timeout(10)
        configuration.prepareDatabase { db in
            try db.execute(sql: "PRAGMA journal_mode = WAL")
            try db.execute(sql: "PRAGMA synchronous = FULL")
            try db.execute(sql: "PRAGMA secure_delete = ON")
            try db.execute(sql: "PRAGMA temp_store = MEMORY")
        }
        do {
            // Created owner-only; SQLite gives -wal and -shm the database file's permissions.
            if !PrivateFile.exists(databasePath) { try? PrivateFile.createExclusively(databasePath, contents: Data()) }
            queue = try DatabaseQueue(path: databasePath, configuration: configuration)
            try Self.migrate(queue)
        } catch let error as SentinelStoreError {
            throw error
        } catch {
            throw SentinelStoreError.database(path: databasePath, reason: Self.describe(error, at: databasePath))
        }
        retentionAtOpen = try Self.retention(queue: queue, cipher: cipher, directory: directory, now: now())
    }

    /// Closes the database (the store cannot be used afterwards).
    public func close() throws {
        try run { try queue.close() }
    }

    // MARK: Documents

    /// Saves `value` (as JSON, sealed) as the document of `kind`, replacing the previous one.
    public func saveDocument<T: Encodable>(_ value: T, kind: SentinelDocumentKind) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        encoder.dateEncodingStrategy = .iso8601
        let json: Data
        do { json = try encoder.encode(value) } catch {
            throw SentinelStoreError.unsupportedContents(path: databaseURL.path, field: "\(kind.rawValue) document", reason: "\(error)")
        }
        let sealed = try seal(json, field: "documents.\(kind.rawValue)")
        let date = now().timeIntervalSince1970
        try run {
            try queue.write { db in
                try db.execute(sql: "INSERT OR REPLACE INTO documents (kind, updated_at, sealed) VALUES (?, ?, ?)",
                               arguments: [kind.rawValue, date, sealed])
            }
        }
    }

    /// The document of `kind`, or nil when none was saved.
    public func loadDocument<T: Decodable>(_ type: T.Type, kind: SentinelDocumentKind) throws -> T? {
        let sealed = try run {
            try queue.read { db in try Data.fetchOne(db, sql: "SELECT sealed FROM documents WHERE kind = ?", arguments: [kind.rawValue]) }
        }
        guard let sealed else { return nil }
        let json = try open(sealed, field: "documents.\(kind.rawValue)")
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        do { return try decoder.decode(T.self, from: json) } catch {
            throw SentinelStoreError.unsupportedContents(path: databaseURL.path, field: "\(kind.rawValue) document",
                                                         reason: "it does not decode as \(T.self)")
        }
    }

    /// Deletes the document of `kind`; returns whether there was one.
    @discardableResult
    public func deleteDocument(kind: SentinelDocumentKind) throws -> Bool {
        try run {
            try queue.write { db in
                try db.execute(sql: "DELETE FROM documents WHERE kind = ?", arguments: [kind.rawValue])
                return db.changesCount > 0
            }
        }
    }

    // MARK: Check-ins

    /// Stores a check-in and returns it with its id.
    @discardableResult
    public func recordCheckIn(_ record: CheckInRecord) throws -> CheckInRecord {
        var record = record
        record.id = nil
        let detail = try seal(try Self.encode(Detail(answers: record.answers, measurements: record.measurements)), field: "check_ins.detail")
        let id = try run {
            try queue.write { db -> Int64 in
                try db.execute(sql: """
                    INSERT INTO check_ins (started_at, completed_at, final_tier, screener_tier, ai_tier, decided_by, sealed)
                    VALUES (?, ?, ?, ?, ?, ?, ?)
                    """, arguments: [record.startedAt.timeIntervalSince1970, record.completedAt.timeIntervalSince1970,
                                     record.finalTier.rawValue, record.screenerTier.rawValue, record.aiTier?.rawValue,
                                     record.decidedBy.rawValue, detail])
                return db.lastInsertedRowID
            }
        }
        record.id = id
        return record
    }

    /// The stored check-ins, oldest first; only those completed at or after `since` when given.
    public func checkIns(since: Date? = nil) throws -> [CheckInRecord] {
        let rows = try run {
            try queue.read { db in
                try Row.fetchAll(db, sql: """
                    SELECT id, started_at, completed_at, final_tier, screener_tier, ai_tier, decided_by, sealed
                    FROM check_ins WHERE completed_at >= ? ORDER BY completed_at, id
                    """, arguments: [since?.timeIntervalSince1970 ?? -Double.greatestFiniteMagnitude])
            }
        }
        return try rows.map { row in
            let detailData = try open(row["sealed"], field: "check_ins.detail")
            guard let detail = try? JSONDecoder().decode(Detail.self, from: detailData),
                  let final = RiskTier(rawValue: row["final_tier"]), let screener = RiskTier(rawValue: row["screener_tier"]),
                  let decidedBy = CheckInReport.Source(rawValue: row["decided_by"]) else {
                throw SentinelStoreError.unsupportedContents(path: databaseURL.path, field: "check-in record", reason: "unknown format")
            }
            let aiTier: String? = row["ai_tier"]
            return CheckInRecord(id: row["id"], startedAt: Date(timeIntervalSince1970: row["started_at"]),
                                 completedAt: Date(timeIntervalSince1970: row["completed_at"]), finalTier: final,
                                 screenerTier: screener, aiTier: aiTier.flatMap(RiskTier.init(rawValue:)), decidedBy: decidedBy,
                                 answers: detail.answers, measurements: detail.measurements)
        }
    }

    /// The encrypted part of a check-in record.
    private struct Detail: Codable {
        var answers: CSSRSAnswers
        var measurements: CheckInMeasurements
    }

    // MARK: Longitudinal state

    /// The longitudinal state: a fresh one when none was saved or the saved one has gone 30 days
    /// without a check-in.
    public func longitudinalState() throws -> LongitudinalState {
        let sealed = try run {
            try queue.read { db in try Data.fetchOne(db, sql: "SELECT sealed FROM longitudinal_state WHERE id = 1") }
        }
        guard let sealed else { return LongitudinalState() }
        let state = try Self.decodeState(try open(sealed, field: "longitudinal_state"), path: databaseURL.path)
        return state.isInactive(now: now()) ? LongitudinalState() : state
    }

    /// Saves the longitudinal state.
    public func saveLongitudinalState(_ state: LongitudinalState) throws {
        let sealed = try seal(try Self.encode(state), field: "longitudinal_state")
        let date = now().timeIntervalSince1970
        try run {
            try queue.write { db in
                try db.execute(sql: "INSERT OR REPLACE INTO longitudinal_state (id, updated_at, sealed) VALUES (1, ?, ?)",
                               arguments: [date, sealed])
            }
        }
    }

    // MARK: Ingested records

    /// A keyed fingerprint of a record's bytes (equal bytes, equal fingerprint; meaningless
    /// without the key).
    public func fingerprint(_ data: Data) -> String { cipher.fingerprint(data) }

    /// When a record with this fingerprint was ingested, or nil.
    public func ingestionDate(fingerprint: String) throws -> Date? {
        try run {
            try queue.read { db in
                try Double.fetchOne(db, sql: "SELECT ingested_at FROM ingested_records WHERE fingerprint = ?", arguments: [fingerprint])
            }
        }.map(Date.init(timeIntervalSince1970:))
    }

    /// Notes a record as ingested.
    func recordIngestion(fingerprint: String, form: String, processedFile: String, at date: Date) throws {
        try run {
            try queue.write { db in
                try db.execute(sql: "INSERT OR REPLACE INTO ingested_records (fingerprint, ingested_at, form, processed_file) VALUES (?, ?, ?, ?)",
                               arguments: [fingerprint, date.timeIntervalSince1970, form, processedFile])
            }
        }
    }

    /// How many records were ingested.
    public func ingestedRecordCount() throws -> Int {
        try run { try queue.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM ingested_records") ?? 0 } }
    }

    /// Seals a processed record's bytes for the processed folder.
    func sealProcessedRecord(_ data: Data) throws -> Data { try seal(data, field: "processed_record") }

    /// Opens a sealed processed record (from the processed folder).
    public func openProcessedRecord(_ sealed: Data) throws -> Data { try open(sealed, field: "processed_record") }

    // MARK: Retention

    /// Purges crisis sessions and check-in records older than 30 days before `now` and resets a
    /// longitudinal state without a check-in for 30 days. Runs on every open.
    @discardableResult
    public func applyRetention(now: Date) throws -> RetentionReport {
        try Self.retention(queue: queue, cipher: cipher, directory: directory, now: now)
    }

    private static func retention(queue: DatabaseQueue, cipher: FieldCipher, directory: URL, now: Date) throws -> RetentionReport {
        var report = RetentionReport()
        let path = directory.appendingPathComponent(databaseFileName).path
        do {
            let cutoff = now.addingTimeInterval(-checkInRetention).timeIntervalSince1970
            report.checkInsPurged = try queue.write { db in
                try db.execute(sql: "DELETE FROM check_ins WHERE completed_at < ?", arguments: [cutoff])
                return db.changesCount
            }
            if let sealed = try queue.read({ db in try Data.fetchOne(db, sql: "SELECT sealed FROM longitudinal_state WHERE id = 1") }) {
                let plaintext: Data
                do { plaintext = try cipher.open(sealed, field: "longitudinal_state") } catch {
                    throw SentinelStoreError.cannotDecrypt(path: path, field: "longitudinal state")
                }
                var state = try decodeState(plaintext, path: path)
                if state.isInactive(now: now) {
                    try queue.write { db in try db.execute(sql: "DELETE FROM longitudinal_state WHERE id = 1") }
                    report.longitudinalStateReset = true
                } else if state.forgetOldCrises(now: now) > 0 {
                    let resealed = try cipher.seal(try encode(state), field: "longitudinal_state")
                    try queue.write { db in
                        try db.execute(sql: "UPDATE longitudinal_state SET sealed = ? WHERE id = 1", arguments: [resealed])
                    }
                    report.stateCrisesForgotten = true
                }
            }
        } catch let error as SentinelStoreError {
            throw error
        } catch {
            throw SentinelStoreError.database(path: path, reason: describe(error, at: path))
        }
        // The crisis history purges itself on load (and rewrites the file without expired
        // sessions); a history that cannot be opened is reported, not fatal.
        let history = CrisisHistoryStore(directory: directory)
        if PrivateFile.exists(history.historyURL.path) {
            do { report.crisisSessionsKept = try history.load(now: now).sessions.count } catch {
                report.crisisHistoryProblem = error.description
            }
        }
        return report
    }

    // MARK: Helpers

    private func seal(_ plaintext: Data, field: String) throws -> Data {
        do { return try cipher.seal(plaintext, field: field) } catch {
            throw SentinelStoreError.cannotWrite(path: databaseURL.path, reason: "encryption failed")
        }
    }

    private func open(_ sealed: Data, field: String) throws -> Data {
        do { return try cipher.open(sealed, field: field) } catch {
            throw SentinelStoreError.cannotDecrypt(path: databaseURL.path, field: field.replacingOccurrences(of: "_", with: " "))
        }
    }

    private static func encode<T: Encodable>(_ value: T) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return try encoder.encode(value)
    }

    private static func decodeState(_ data: Data, path: String) throws -> LongitudinalState {
        do { return try JSONDecoder().decode(LongitudinalState.self, from: data) } catch {
            throw SentinelStoreError.unsupportedContents(path: path, field: "longitudinal state", reason: "unknown format")
        }
    }

    private func run<T>(_ operation: () throws -> T) throws -> T {
        do { return try operation() } catch let error as SentinelStoreError {
            throw error
        } catch {
            throw SentinelStoreError.database(path: databaseURL.path, reason: Self.describe(error, at: databaseURL.path))
        }
    }

    /// A sentence for a database failure of the store at `path`.
    static func describe(_ error: any Error, at path: String) -> String {
        if let error = error as? DatabaseError {
            // SQLite reports a full disk as SQLITE_FULL only where its own write fails; a write-ahead
            // log or index that cannot grow comes back as a plain I/O error.
            if error.resultCode == .SQLITE_IOERR, PrivateFile.freeBytes(near: path).map({ $0 < 64 * 1024 }) == true {
                return "the disk is full"
            }
            switch error.resultCode {
            case .SQLITE_BUSY, .SQLITE_LOCKED: return "another Sentinel process is using it; try again"
            case .SQLITE_NOTADB, .SQLITE_CORRUPT: return "it is not a Sentinel database or it is damaged (it was left untouched)"
            case .SQLITE_FULL: return "the disk is full"
            case .SQLITE_READONLY, .SQLITE_PERM, .SQLITE_CANTOPEN: return "it cannot be opened for writing (\(error.message ?? "permission denied"))"
            default: return error.message ?? "\(error.resultCode)"
            }
        }
        return "\(error)"
    }

    private static func prepareDirectory(_ directory: URL) throws {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: directory.path, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else {
                throw SentinelStoreError.cannotCreateDirectory(path: directory.path, reason: "a file with that name exists")
            }
            if let problem = PrivateFile.folderProblem(directory.path) {
                throw SentinelStoreError.cannotCreateDirectory(path: directory.path, reason: problem)
            }
            return
        }
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true,
                                                    attributes: [.posixPermissions: 0o700])
        } catch {
            throw SentinelStoreError.cannotCreateDirectory(path: directory.path, reason: (error as NSError).localizedDescription)
        }
    }

    /// The schema version kept in `user_version`.
    static let schemaVersion = 1

    /// Checks that the database is Sentinel's and creates the tables, in one immediate
    /// transaction, so processes opening a new store at the same moment create it exactly once.
    private static func migrate(_ queue: DatabaseQueue) throws {
        try queue.writeWithoutTransaction { db in
            try db.inTransaction(.immediate) {
                let applicationID = try Int32.fetchOne(db, sql: "PRAGMA application_id") ?? 0
                let version = try Int.fetchOne(db, sql: "PRAGMA user_version") ?? 0
                let tables = try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
                if applicationID != 0 && applicationID != Self.applicationID || applicationID == 0 && !tables.isEmpty {
                    throw SentinelStoreError.database(path: queue.path, reason: "it belongs to another application (it was left untouched)")
                }
                if version > schemaVersion {
                    throw SentinelStoreError.database(path: queue.path,
                                                      reason: "it was written by a newer Sentinel (schema \(version); this one reads \(schemaVersion))")
                }
                guard version < schemaVersion else { return .commit }
                try db.execute(sql: """
                    CREATE TABLE documents (kind TEXT PRIMARY KEY NOT NULL, updated_at REAL NOT NULL, sealed BLOB NOT NULL);
                    CREATE TABLE check_ins (
                        id INTEGER PRIMARY KEY AUTOINCREMENT,
                        started_at REAL NOT NULL, completed_at REAL NOT NULL,
                        final_tier TEXT NOT NULL, screener_tier TEXT NOT NULL, ai_tier TEXT, decided_by TEXT NOT NULL,
                        sealed BLOB NOT NULL);
                    CREATE INDEX check_ins_completed_at ON check_ins (completed_at);
                    CREATE TABLE longitudinal_state (id INTEGER PRIMARY KEY CHECK (id = 1), updated_at REAL NOT NULL, sealed BLOB NOT NULL);
                    CREATE TABLE ingested_records (
                        fingerprint TEXT PRIMARY KEY NOT NULL, ingested_at REAL NOT NULL, form TEXT NOT NULL, processed_file TEXT NOT NULL);
                    PRAGMA application_id = \(Self.applicationID);
                    PRAGMA user_version = \(schemaVersion);
                    """)
                return .commit
            }
        }
    }
}

/// What a retention run did.
public struct RetentionReport: Sendable, Hashable {
    /// Check-in records older than 30 days that were deleted.
    public var checkInsPurged = 0
    /// Whether the longitudinal state was reset after 30 days without a check-in.
    public var longitudinalStateReset = false
    /// Whether crises older than 30 days were dropped from the longitudinal state.
    public var stateCrisesForgotten = false
    /// Crisis sessions kept in the crisis history after its 30-day purge (nil without a history file).
    public var crisisSessionsKept: Int?
    /// Why the crisis history could not be checked, when it could not.
    public var crisisHistoryProblem: String?

    /// An empty report.
    public init() {}
}

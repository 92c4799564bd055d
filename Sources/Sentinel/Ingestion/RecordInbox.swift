import Foundation

/// `sentinel ingest`: reads the discharge summaries dropped in an inbox folder into the
/// longitudinal narrative, each exactly once.
///
/// For each `.json` file in the inbox (not its subfolders), in name order:
/// 1. it is parsed as one of the three record forms (``MedicalRecordParser``), its narratives
///    sanitized; a file that cannot be parsed stays in the inbox and is reported;
/// 2. a record whose content (form, title, date, text) was ingested before — keyed fingerprint in
///    the store — is not ingested again: it is removed from the inbox and reported as a duplicate;
/// 3. otherwise its text is integrated into the narrative (model with the context-ingestion
///    prompt; without one, or when it fails, a dated, truncated line is appended), the state is
///    saved, the file is sealed (AES-GCM, the store's key) into the data directory's `processed`
///    folder and removed from the inbox, and its fingerprint recorded.
///
/// Nothing of the record is left in plain text in the data directory.
public struct RecordInbox: Sendable {
    /// What happened to one file.
    public struct FileOutcome: Sendable, Hashable {
        /// What happened.
        public enum Status: Sendable, Hashable {
            /// Integrated into the narrative.
            case ingested(form: MedicalRecord.Form, narrative: NarrativeUpdate.Status, activeContentRemoved: Int)
            /// The same record was ingested before (on that date); removed from the inbox.
            case duplicate(ingestedAt: Date)
            /// Not readable as a record; left in the inbox.
            case rejected(reason: String)
        }

        /// The file's name in the inbox.
        public var file: String
        /// What happened.
        public var status: Status
    }

    /// What a scan did.
    public struct Report: Sendable, Hashable {
        /// One outcome per file, in name order.
        public var files: [FileOutcome] = []
        /// Files ingested.
        public var ingestedCount: Int { files.filter { if case .ingested = $0.status { true } else { false } }.count }
        /// Files that were duplicates.
        public var duplicateCount: Int { files.filter { if case .duplicate = $0.status { true } else { false } }.count }
        /// Files rejected.
        public var rejectedCount: Int { files.filter { if case .rejected = $0.status { true } else { false } }.count }
    }

    /// The store the narrative and fingerprints live in.
    public let store: SentinelStore
    /// The inbox folder.
    public let inbox: URL
    /// Writes the narrative.
    public let compressor: NarrativeCompressor
    private let now: @Sendable () -> Date

    /// An inbox at `inbox` (default: the store's `inbox` folder).
    public init(store: SentinelStore, inbox: URL? = nil, compressor: NarrativeCompressor,
                now: @escaping @Sendable () -> Date = { Date() }) {
        self.store = store
        self.inbox = (inbox ?? store.defaultInboxURL).standardizedFileURL
        self.compressor = compressor
        self.now = now
    }

    /// The `.json` files waiting in the inbox, in name order (none when the inbox does not exist).
    public func pendingFiles() -> [URL] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: inbox.path)) ?? []
        return names.filter { $0.lowercased().hasSuffix(".json") && !$0.hasPrefix(".") }.sorted().map { inbox.appendingPathComponent($0) }
            .filter { url in
                var isDirectory: ObjCBool = false
                return FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) && !isDirectory.boolValue
            }
    }

    /// Ingests every pending file.
    public func ingestAll() async throws -> Report {
        var report = Report()
        for url in pendingFiles() {
            report.files.append(try await ingest(url))
        }
        return report
    }

    /// Ingests one file.
    public func ingest(_ url: URL) async throws -> FileOutcome {
        let name = url.lastPathComponent
        let data: Data
        do { data = try Data(contentsOf: url) } catch {
            return FileOutcome(file: name, status: .rejected(reason: "\(name) cannot be read: \((error as NSError).localizedDescription)"))
        }
        return try await ingest(data, name: name, inboxFile: url)
    }

    /// Ingests a record held in memory (an upload): nothing unsealed is written to disk.
    public func ingest(data: Data, name: String) async throws -> FileOutcome {
        try await ingest(data, name: name, inboxFile: nil)
    }

    private func ingest(_ data: Data, name: String, inboxFile url: URL?) async throws -> FileOutcome {
        let record: MedicalRecord
        do { record = try MedicalRecordParser.parse(data, file: name) } catch {
            return FileOutcome(file: name, status: .rejected(reason: error.description))
        }
        // The fingerprint is of the record's content, so the same summary exported again (other
        // key order, other whitespace, another file name) is still recognised.
        let fingerprint = store.fingerprint(record.contentIdentity)
        if let earlier = try store.ingestionDate(fingerprint: fingerprint) {
            try remove(url)
            return FileOutcome(file: name, status: .duplicate(ingestedAt: earlier))
        }
        let date = now()
        var state = try store.longitudinalState()
        let outcome = await compressor.integrate(recordText: record.text, recordKind: record.kind, recordDate: record.date,
                                                 previous: state.narrative, now: date)
        state.narrative = outcome.narrative
        state.narrativeUpdatedAt = date
        state.lastNarrativeUpdate = outcome.update
        // Sealed copy first, then the state and fingerprint, then the inbox file goes: an
        // interruption at worst leaves a record to be ingested again, never one lost.
        let processedName = "\(Int(date.timeIntervalSince1970))-\(fingerprint.prefix(16)).sealed"
        let processedURL = store.processedURL.appendingPathComponent(processedName)
        do {
            try FileManager.default.createDirectory(at: store.processedURL, withIntermediateDirectories: true,
                                                    attributes: [.posixPermissions: 0o700])
            try PrivateFile.replaceAtomically(processedURL.path, contents: try store.sealProcessedRecord(data))
        } catch let error as SentinelStoreError {
            throw error
        } catch {
            throw SentinelStoreError.cannotWrite(path: processedURL.path, reason: "\(error)")
        }
        try store.saveLongitudinalState(state)
        try store.recordIngestion(fingerprint: fingerprint, form: record.form.rawValue, processedFile: processedName, at: date)
        try remove(url)
        return FileOutcome(file: name, status: .ingested(form: record.form, narrative: outcome.update.status,
                                                         activeContentRemoved: record.activeContentRemoved))
    }

    private func remove(_ url: URL?) throws {
        guard let url else { return }
        do { try FileManager.default.removeItem(at: url) } catch {
            throw SentinelStoreError.cannotWrite(path: url.path, reason: "it could not be removed from the inbox: \((error as NSError).localizedDescription)")
        }
    }
}

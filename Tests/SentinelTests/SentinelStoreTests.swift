import Foundation
import LLM
@testable import Sentinel
import Testing

/// A fresh data directory under the temporary directory, removed afterwards.
final class StoreScratch: Sendable {
    let root: URL
    var data: URL { root.appendingPathComponent("data", isDirectory: true) }
    init() { root = FileManager.default.temporaryDirectory.appendingPathComponent("sentinel-store-\(UUID().uuidString)") }
    deinit { try? FileManager.default.removeItem(at: root) }

    /// Every regular file under `directory`, recursively.
    static func files(under directory: URL) -> [URL] {
        guard let enumerator = FileManager.default.enumerator(at: directory, includingPropertiesForKeys: [.isRegularFileKey]) else { return [] }
        return enumerator.compactMap { $0 as? URL }.filter { (try? $0.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true }
    }

    /// The files under `directory` whose bytes contain `phrase` (UTF-8 or UTF-16, any case).
    static func files(under directory: URL, containing phrase: String) throws -> [String] {
        let needles = [phrase, phrase.lowercased(), phrase.uppercased()].flatMap { variant in
            [Data(variant.utf8), variant.data(using: .utf16LittleEndian)!, variant.data(using: .utf16BigEndian)!]
        }
        return try files(under: directory).filter { url in
            let bytes = try Data(contentsOf: url)
            return needles.contains { bytes.range(of: $0) != nil }
        }.map(\.path)
    }
}

/// A check-in record at `date` with a tier, for store and LCSC tests.
func sampleRecord(at date: Date, tier: RiskTier, screener: RiskTier? = nil, measurements: CheckInMeasurements = CheckInMeasurements()) -> CheckInRecord {
    var answers = CSSRSAnswers()
    answers[.wishDead] = tier >= .yellow
    answers[.suicidalThoughts] = false
    answers[.behavior] = false
    return CheckInRecord(startedAt: date.addingTimeInterval(-300), completedAt: date, finalTier: tier,
                         screenerTier: screener ?? tier, answers: answers, measurements: measurements)
}

/// The encrypted store: nothing readable on disk, keys, passphrases, retention and purge.
@Suite struct SentinelStoreTests {
    static let phrase = "marmalade lighthouse at dawn"

    struct Profile: Codable, Equatable {
        var selfCommand: String
        var battleBuddy: String
    }

    @Test func noFileUnderTheDataDirectoryHoldsTheTranscriptPhrase() async throws {
        let scratch = StoreScratch()
        let store = try SentinelStore(directory: scratch.data)
        // The narrative model repeats what it was told, so the phrase reaches the narrative.
        let model = ScriptedModel()
        model.add(.init(matcher: .any, reply: .compute { request in
            "The veteran said \(SentinelStoreTests.phrase) and slept poorly; check-in \(request.promptText.count)."
        }))
        let recorder = LongitudinalRecorder(store: store, compressor: NarrativeCompressor(model: model, budget: .seconds(600)))
        let now = Date()
        for offset in 0..<4 {
            let record = sampleRecord(at: now.addingTimeInterval(Double(offset - 4) * 3_600), tier: offset == 3 ? .orange : .yellow,
                                      measurements: CheckInMeasurements(sleepZ: -2.5, sleepHours: 4.1, positiveWords: 0, negativeWords: 3, wordCount: 12))
            try await recorder.record(record, transcript: "I keep thinking about the \(Self.phrase), I feel tired and alone",
                                      sleep: "sleep: 4.1 h recently vs baseline 7.2 h")
        }
        try store.saveDocument(Profile(selfCommand: "Remember the \(Self.phrase)", battleBuddy: "Sam"), kind: .profile)
        try store.saveDocument(["Photo of the \(Self.phrase)"], kind: .hopeBox)
        // A medical record with the phrase goes through the inbox too.
        try FileManager.default.createDirectory(at: store.defaultInboxURL, withIntermediateDirectories: true)
        try Data(#"{"text": {"div": "<div>Patient described the \#(Self.phrase).</div>"}}"#.utf8)
            .write(to: store.defaultInboxURL.appendingPathComponent("summary.json"))
        let ingestion = try await RecordInbox(store: store, compressor: .withoutModel()).ingestAll()
        #expect(ingestion.ingestedCount == 1)
        // The crisis history file sits in the same directory.
        try store.crisisHistory.record(try #require(CrisisSession(tier: .orange, now: now)), now: now)

        // The phrase is really stored (it decrypts) …
        let state = try store.longitudinalState()
        #expect(state.narrative.contains(Self.phrase))
        #expect(try store.loadDocument(Profile.self, kind: .profile)?.selfCommand.contains(Self.phrase) == true)
        #expect(try store.checkIns().count == 4)
        // … yet no byte of any file under the data dir holds it, with the store open (WAL, -shm) …
        let files = StoreScratch.files(under: scratch.data).map(\.lastPathComponent)
        #expect(files.contains("sentinel.sqlite"))
        #expect(files.contains("sentinel.sqlite-wal"), "the open store's WAL is searched too: \(files)")
        #expect(try StoreScratch.files(under: scratch.data, containing: Self.phrase).isEmpty)
        #expect(try StoreScratch.files(under: scratch.data, containing: "tired and alone").isEmpty)
        // … and after it is closed (checkpointed into the main file).
        try store.close()
        #expect(try StoreScratch.files(under: scratch.data, containing: Self.phrase).isEmpty)
        #expect(try StoreScratch.files(under: scratch.data, containing: "Remember the").isEmpty)
    }

    @Test func keyFileIsOwnerOnlyAndDocumentsRoundTrip() throws {
        let scratch = StoreScratch()
        let store = try SentinelStore(directory: scratch.data)
        let attributes = try FileManager.default.attributesOfItem(atPath: store.keyURL.path)
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
        let databaseAttributes = try FileManager.default.attributesOfItem(atPath: store.databaseURL.path)
        #expect((databaseAttributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
        let directoryAttributes = try FileManager.default.attributesOfItem(atPath: scratch.data.path)
        #expect((directoryAttributes[.posixPermissions] as? NSNumber)?.intValue == 0o700)

        #expect(try store.loadDocument(Profile.self, kind: .profile) == nil)
        let profile = Profile(selfCommand: "Breathe. You have done hard things.", battleBuddy: "Sam")
        try store.saveDocument(profile, kind: .profile)
        try store.saveDocument(["a", "b"], kind: .safetyPlan)
        try store.close()
        let reopened = try SentinelStore(directory: scratch.data)
        #expect(try reopened.loadDocument(Profile.self, kind: .profile) == profile)
        #expect(try reopened.loadDocument([String].self, kind: .safetyPlan) == ["a", "b"])
        #expect(try reopened.deleteDocument(kind: .safetyPlan))
        #expect(try reopened.loadDocument([String].self, kind: .safetyPlan) == nil)
        // A document read as the wrong type is a clear error, not a crash.
        #expect(throws: SentinelStoreError.self) { try reopened.loadDocument(Int.self, kind: .profile) }
    }

    @Test func missingOrForeignKeyIsAClearErrorAndNothingIsOverwritten() throws {
        let scratch = StoreScratch()
        try SentinelStore(directory: scratch.data).saveDocument(["x"], kind: .hopeBox)
        let keyURL = scratch.data.appendingPathComponent(SentinelStore.keyFileName)
        let databaseURL = scratch.data.appendingPathComponent(SentinelStore.databaseFileName)
        let key = try Data(contentsOf: keyURL)
        try FileManager.default.removeItem(at: keyURL)
        #expect {
            _ = try SentinelStore(directory: scratch.data)
        } throws: { error in
            guard case .keyMissing = error as? SentinelStoreError else { return false }
            return "\(error)".contains("sentinel purge")
        }
        #expect(!FileManager.default.fileExists(atPath: keyURL.path), "no new key replaces the lost one")
        // Another store's key opens the database but cannot decrypt its fields.
        try FileManager.default.removeItem(at: databaseURL)
        try? FileManager.default.removeItem(atPath: databaseURL.path + "-wal")
        try? FileManager.default.removeItem(atPath: databaseURL.path + "-shm")
        let other = try SentinelStore(directory: scratch.data)
        try other.saveDocument(["y"], kind: .hopeBox)
        try other.close()
        try FileManager.default.removeItem(at: keyURL)
        try key.write(to: keyURL)
        let wrongKey = try SentinelStore(directory: scratch.data)
        #expect {
            _ = try wrongKey.loadDocument([String].self, kind: .hopeBox)
        } throws: { error in
            guard case .cannotDecrypt = error as? SentinelStoreError else { return false }
            return true
        }
    }

    @Test func passphraseDerivesTheKeyAndIsRequiredToOpen() async throws {
        try await onOwnThread {
            let scratch = StoreScratch()
            let store = try SentinelStore(directory: scratch.data, passphrase: "correct horse battery staple")
            try store.saveDocument(["hope"], kind: .hopeBox)
            try store.close()
            // The key file holds a salt and a check value, not a usable key: no 32-byte form.
            let keyFile = try Data(contentsOf: scratch.data.appendingPathComponent(SentinelStore.keyFileName))
            #expect(keyFile.count != StoreKeyFile.magic.count + 1 + 32)

            let reopened = try SentinelStore(directory: scratch.data, passphrase: "correct horse battery staple")
            #expect(try reopened.loadDocument([String].self, kind: .hopeBox) == ["hope"])
            try reopened.close()
            #expect {
                _ = try SentinelStore(directory: scratch.data, passphrase: "wrong")
            } throws: { error in
                guard case .wrongPassphrase = error as? SentinelStoreError else { return false }
                return true
            }
            #expect {
                _ = try SentinelStore(directory: scratch.data)
            } throws: { error in
                guard case .passphraseRequired = error as? SentinelStoreError else { return false }
                return "\(error)".contains("SENTINEL_PASSPHRASE")
            }
        }
    }

    @Test func storesOpenedAtTheSameMomentShareOneKeyAndSchema() async throws {
        let scratch = StoreScratch()
        let directory = scratch.data
        // Separate connections race like separate processes (SQLite locks, O_EXCL key creation).
        try await withThrowingTaskGroup(of: Void.self) { group in
            for index in 0..<4 {
                group.addTask {
                    let store = try SentinelStore(directory: directory)
                    try store.saveDocument(["writer \(index)"], kind: .hopeBox)
                    try store.close()
                }
            }
            try await group.waitForAll()
        }
        let store = try SentinelStore(directory: directory)
        let saved = try #require(try store.loadDocument([String].self, kind: .hopeBox))
        #expect(saved.count == 1 && saved[0].hasPrefix("writer "))
    }

    @Test func aDamagedDatabaseIsLeftUntouched() throws {
        let scratch = StoreScratch()
        try SentinelStore(directory: scratch.data).close()
        let database = scratch.data.appendingPathComponent(SentinelStore.databaseFileName)
        let garbage = Data((0..<8_192).map { UInt8(truncatingIfNeeded: $0 &* 31) })
        try garbage.write(to: database)
        #expect {
            _ = try SentinelStore(directory: scratch.data)
        } throws: { error in
            guard case .database(_, let reason) = error as? SentinelStoreError else { return false }
            return reason.contains("not a Sentinel database or it is damaged")
        }
        #expect(try Data(contentsOf: database) == garbage)
    }

    /// The legacy form's derivation (now swift-crypto's PBKDF2) gives the same keys the hand-written
    /// one did, so stores created before the change still open.
    @Test func pbkdf2MatchesTheRFC7914TestVector() throws {
        // RFC 7914 §11: PBKDF2-HMAC-SHA256("passwd", "salt", c = 1), first 32 bytes.
        let key = try StoreKeyFile.legacyKey(passphrase: "passwd", salt: Data("salt".utf8), iterations: 1, path: "test")
        let hex = key.withUnsafeBytes { $0.map { String(format: "%02x", $0) }.joined() }
        #expect(hex == "55ac046e56e3089fec1691c22544b605f94185216dde0465e68b9d57c20dacbc")
        // RFC 7914 §11: ("Password", "NaCl", c = 80 000).
        let many = try StoreKeyFile.legacyKey(passphrase: "Password", salt: Data("NaCl".utf8), iterations: 80_000, path: "test")
        #expect(many.withUnsafeBytes { $0.map { String(format: "%02x", $0) }.joined() }
            == "4ddcd8f60b98be21830cee5ef22701f9641a4418d04c0414aeff08876b34ab56")
        // A passphrase longer than the SHA-256 block is hashed first (RFC 2104).
        let long = try StoreKeyFile.legacyKey(passphrase: String(repeating: "x", count: 100), salt: Data("NaCl".utf8), iterations: 3,
                                              path: "test")
        #expect(long.withUnsafeBytes { $0.map { String(format: "%02x", $0) }.joined() }
            == "4c30796e6689521cd28c4f9b63504cb12c46446be99119ec073508a526c7814c")
    }

    @Test func retentionPurgesCrisisHistoryAndOldCheckInsAndResetsAnInactiveState() async throws {
        let scratch = StoreScratch()
        let day: TimeInterval = 86_400
        let start = Date(timeIntervalSince1970: 1_750_000_000)
        let store = try SentinelStore(directory: scratch.data, now: { start })
        let recorder = LongitudinalRecorder(store: store, compressor: .withoutModel())
        try await recorder.record(sampleRecord(at: start, tier: .red), transcript: nil, sleep: nil)
        try store.crisisHistory.record(try #require(CrisisSession(tier: .red, now: start)), now: start)
        try store.close()

        // 20 days later: everything is still there.
        let later = try SentinelStore(directory: scratch.data, now: { start.addingTimeInterval(20 * day) })
        #expect(later.retentionAtOpen.checkInsPurged == 0)
        #expect(later.retentionAtOpen.crisisSessionsKept == 1)
        #expect(!later.retentionAtOpen.longitudinalStateReset)
        #expect(try later.longitudinalState().checkInCount == 1)
        try later.close()

        // 31 days later: the crisis session, the old check-in and the inactive state are gone.
        let much = try SentinelStore(directory: scratch.data, now: { start.addingTimeInterval(31 * day) })
        #expect(much.retentionAtOpen.checkInsPurged == 1)
        #expect(much.retentionAtOpen.crisisSessionsKept == 0)
        #expect(much.retentionAtOpen.longitudinalStateReset)
        #expect(try much.checkIns().isEmpty)
        #expect(try much.longitudinalState() == LongitudinalState())
        #expect(try much.crisisHistory.load(now: start.addingTimeInterval(31 * day)).sessions.isEmpty)
    }

    @Test func purgeRemovesEveryFileAndReportsWhatItRemoved() async throws {
        let scratch = StoreScratch()
        let store = try SentinelStore(directory: scratch.data)
        try await LongitudinalRecorder(store: store, compressor: .withoutModel())
            .record(sampleRecord(at: Date(), tier: .orange), transcript: "words", sleep: nil)
        try store.saveDocument(["plan"], kind: .safetyPlan)
        try store.crisisHistory.record(try #require(CrisisSession(tier: .orange, now: Date())), now: Date())
        try FileManager.default.createDirectory(at: store.defaultInboxURL, withIntermediateDirectories: true)
        try Data(#"{"text": {"div": "<p>Discharged home.</p>"}}"#.utf8).write(to: store.defaultInboxURL.appendingPathComponent("r.json"))
        _ = try await RecordInbox(store: store, compressor: .withoutModel()).ingestAll()
        try store.close()
        #expect(StoreScratch.files(under: scratch.data).count >= 5)

        let report = try SentinelStore.purge(directory: scratch.data)
        #expect(!FileManager.default.fileExists(atPath: scratch.data.path), "no file and no directory is left")
        #expect(report.directoryRemoved)
        let what = report.removed.map(\.what)
        #expect(what.contains("the store's encryption key"))
        #expect(what.contains("the encrypted store"))
        #expect(what.contains("the encrypted crisis history"))
        #expect(what.contains("the processed medical records"))
        #expect(report.leftInPlace.isEmpty)
        // Purging again finds nothing.
        #expect(try SentinelStore.purge(directory: scratch.data).isEmpty)
    }

    @Test func purgeLeavesFilesThatAreNotSentinelsAndSaysSo() throws {
        let scratch = StoreScratch()
        try SentinelStore(directory: scratch.data).close()
        let foreign = scratch.data.appendingPathComponent("notes.txt")
        try Data("mine".utf8).write(to: foreign)
        let report = try SentinelStore.purge(directory: scratch.data)
        #expect(report.leftInPlace == [foreign.path])
        #expect(!report.directoryRemoved)
        #expect(FileManager.default.fileExists(atPath: foreign.path))
        #expect(!FileManager.default.fileExists(atPath: scratch.data.appendingPathComponent(SentinelStore.keyFileName).path))
    }
}

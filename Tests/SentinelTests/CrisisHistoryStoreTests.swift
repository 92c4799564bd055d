import Foundation
@testable import Sentinel
import Testing

/// The encrypted 30-day crisis history on disk.
@Suite struct CrisisHistoryStoreTests {
    let start = Date(timeIntervalSince1970: 1_700_000_000)
    let day: TimeInterval = 24 * 60 * 60

    /// A fresh directory under the temporary directory; `store` uses a subdirectory that does not exist yet.
    final class Scratch {
        let root: URL
        var store: CrisisHistoryStore { CrisisHistoryStore(directory: root.appendingPathComponent("data")) }
        init() { root = FileManager.default.temporaryDirectory.appendingPathComponent("sentinel-history-\(UUID().uuidString)") }
        deinit { try? FileManager.default.removeItem(at: root) }
    }

    /// An escalated session, with both recheck answers.
    func escalatedSession(at opened: Date) throws -> CrisisSession {
        var session = try #require(CrisisSession(tier: .red, now: opened))
        try session.answerRecheck(.aboutTheSame, now: opened.addingTimeInterval(600))
        try session.answerRecheck(.stillNotSafe, now: opened.addingTimeInterval(1200))
        return session
    }

    @Test func roundTripsSessionsAndRecheckOutcomes() throws {
        let scratch = Scratch()
        let store = scratch.store
        #expect(try store.load(now: start).sessions.isEmpty, "no file yet is an empty history")
        let first = try escalatedSession(at: start)
        try store.record(first, now: start)
        var second = try #require(CrisisSession(tier: .orange, now: start.addingTimeInterval(day), recheckAfter: 120))
        try store.record(second, now: second.openedAt)
        // Recording the same session again updates it instead of adding one.
        try second.answerRecheck(.moreStable, now: second.openedAt.addingTimeInterval(120))
        try store.record(second, now: second.openedAt.addingTimeInterval(120))

        let loaded = try store.load(now: start.addingTimeInterval(2 * day))
        #expect(loaded.sessions == [first, second])
        #expect(loaded.sessions[0].rechecks.map(\.answer) == [.aboutTheSame, .stillNotSafe])
        #expect(loaded.sessions[0].state == .escalated)
        #expect(loaded.sessions[1].state == .resolved && loaded.sessions[1].recheckAfter == 120)
    }

    @Test func purgesSessionsOlderThanThirtyDaysOnLoadAndSave() throws {
        let scratch = Scratch()
        let store = scratch.store
        try store.record(try escalatedSession(at: start), now: start)
        try store.record(try #require(CrisisSession(tier: .orange, now: start.addingTimeInterval(20 * day))), now: start.addingTimeInterval(20 * day))
        #expect(try store.load(now: start.addingTimeInterval(30 * day)).sessions.count == 2, "exactly 30 days is kept")

        let later = start.addingTimeInterval(30 * day + 1)
        #expect(try store.load(now: later).sessions.map(\.tier) == [.orange])
        // The purge was written back: the old session is gone from disk, even for an earlier "now".
        #expect(try store.load(now: start).sessions.map(\.tier) == [.orange])

        // Saving purges too.
        var history = CrisisHistory()
        history.record(try escalatedSession(at: start), now: start)
        try store.save(history, now: start.addingTimeInterval(31 * day))
        #expect(try store.load(now: start).sessions.isEmpty)
    }

    @Test func theFileOnDiskIsEncrypted() throws {
        let scratch = Scratch()
        let store = scratch.store
        try store.record(try escalatedSession(at: start), now: start)
        let bytes = try Data(contentsOf: store.historyURL)
        #expect(bytes.starts(with: Data("SENTINEL CRISIS HISTORY v1\n".utf8)))
        let text = String(decoding: bytes, as: UTF8.self)
        for phrase in ["still_not_safe", "about_the_same", "openedAt", "rechecks", "escalated", "red"] {
            #expect(!text.contains(phrase), "\(phrase) is readable in the history file")
        }
        // Nothing else is left behind (no temporary files, no plaintext copy).
        let names = try FileManager.default.contentsOfDirectory(atPath: store.directory.path).sorted()
        #expect(names == [CrisisHistoryStore.historyFileName, CrisisHistoryStore.keyFileName].sorted())
    }

    @Test func theKeyIsCreatedOwnerOnlyOnFirstUse() throws {
        let scratch = Scratch()
        let store = scratch.store
        _ = try store.load(now: start)
        #expect(!FileManager.default.fileExists(atPath: store.keyURL.path), "loading an empty history creates nothing")
        try store.record(try escalatedSession(at: start), now: start)
        let key = try Data(contentsOf: store.keyURL)
        #expect(key.count == 32)
        #expect(PrivateFile.permissions(store.keyURL.path) == 0o600)
        #expect(PrivateFile.permissions(store.historyURL.path) == 0o600)
        #expect(PrivateFile.permissions(store.directory.path) == 0o700)
        // Later saves keep the same key.
        try store.record(try #require(CrisisSession(tier: .orange, now: start.addingTimeInterval(60))), now: start.addingTimeInterval(60))
        #expect(try Data(contentsOf: store.keyURL) == key)
        // A key whose permissions were loosened is tightened again on use.
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: store.keyURL.path)
        _ = try store.load(now: start)
        #expect(PrivateFile.permissions(store.keyURL.path) == 0o600)
    }

    @Test func aCorruptFileIsAClearErrorAndIsNotOverwritten() throws {
        let scratch = Scratch()
        let store = scratch.store
        try store.record(try escalatedSession(at: start), now: start)
        var bytes = try Data(contentsOf: store.historyURL)
        bytes[bytes.count - 20] ^= 0x01  // one flipped bit in the ciphertext
        try bytes.write(to: store.historyURL)

        #expect(throws: CrisisHistoryError.cannotDecrypt(path: store.historyURL.path, keyPath: store.keyURL.path)) {
            try store.load(now: start)
        }
        let newSession = try #require(CrisisSession(tier: .orange, now: start.addingTimeInterval(60)))
        #expect(throws: CrisisHistoryError.self) { try store.record(newSession, now: start.addingTimeInterval(60)) }
        #expect(throws: CrisisHistoryError.self) { try store.save(CrisisHistory(), now: start) }
        #expect(try Data(contentsOf: store.historyURL) == bytes, "the corrupt file is left exactly as it was")
        let message = CrisisHistoryError.cannotDecrypt(path: store.historyURL.path, keyPath: store.keyURL.path).description
        #expect(message.contains("cannot be decrypted") && message.contains("left untouched"))

        // Not a history file at all, or truncated.
        try Data("hello".utf8).write(to: store.historyURL)
        #expect(throws: CrisisHistoryError.notAHistoryFile(path: store.historyURL.path)) { try store.load(now: start) }
        #expect(try Data(contentsOf: store.historyURL) == Data("hello".utf8))
        try (CrisisHistoryStore.header + Data([1, 2, 3])).write(to: store.historyURL)
        #expect(throws: CrisisHistoryError.cannotDecrypt(path: store.historyURL.path, keyPath: store.keyURL.path)) { try store.load(now: start) }
    }

    @Test func aMissingOrWrongKeyIsAClearErrorAndNothingIsReplaced() throws {
        let scratch = Scratch()
        let store = scratch.store
        try store.record(try escalatedSession(at: start), now: start)
        let sealed = try Data(contentsOf: store.historyURL)
        let key = try Data(contentsOf: store.keyURL)

        try FileManager.default.removeItem(at: store.keyURL)
        #expect(throws: CrisisHistoryError.keyMissing(path: store.historyURL.path, keyPath: store.keyURL.path)) { try store.load(now: start) }
        #expect(throws: CrisisHistoryError.self) { try store.save(CrisisHistory(), now: start) }
        #expect(!FileManager.default.fileExists(atPath: store.keyURL.path), "no new key replaces the lost one")
        #expect(try Data(contentsOf: store.historyURL) == sealed)

        try Data(key.prefix(16)).write(to: store.keyURL)
        #expect(throws: CrisisHistoryError.invalidKey(keyPath: store.keyURL.path, byteCount: 16)) { try store.load(now: start) }

        try Data(repeating: 7, count: 32).write(to: store.keyURL)
        #expect(throws: CrisisHistoryError.cannotDecrypt(path: store.historyURL.path, keyPath: store.keyURL.path)) { try store.load(now: start) }
        #expect(try Data(contentsOf: store.historyURL) == sealed)

        // The right key opens it again.
        try key.write(to: store.keyURL)
        #expect(try store.load(now: start).sessions.count == 1)
    }

    @Test func theDataDirectoryComesFromTheOptionTheEnvironmentOrHome() {
        let environment = ["HOME": "/home/vet", "SENTINEL_DATA_DIR": "/srv/sentinel"]
        #expect(SentinelDataDirectory.resolve(explicit: "/tmp/mine", environment: environment).path == "/tmp/mine")
        #expect(SentinelDataDirectory.resolve(explicit: nil, environment: environment).path == "/srv/sentinel")
        #expect(SentinelDataDirectory.resolve(explicit: "", environment: ["HOME": "/home/vet", "SENTINEL_DATA_DIR": ""]).path
            == "/home/vet/.homeos/sentinel")
        #expect(SentinelDataDirectory.resolve(explicit: nil, environment: ["HOME": "/home/vet"]).path == "/home/vet/.homeos/sentinel")
    }
}

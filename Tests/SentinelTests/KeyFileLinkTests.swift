import Foundation
@testable import Sentinel
import Testing

/// Issue 22: a symlinked `sentinel.key` was followed — purge zeroed its target outside the data
/// folder, and the store encrypted with it and changed the target's mode.
@Suite struct KeyFileLinkTests {
    /// A file outside the data folder, its bytes, and a `name` link to it inside the folder.
    static func linkedKey(_ scratch: StoreScratch, name: String) throws -> (target: URL, bytes: Data) {
        try FileManager.default.createDirectory(at: scratch.data, withIntermediateDirectories: true)
        let target = scratch.root.appendingPathComponent("outside-\(name)")
        let bytes = Data("precious file outside the data folder".utf8)
        try bytes.write(to: target)
        chmod(target.path, 0o644)
        try FileManager.default.createSymbolicLink(at: scratch.data.appendingPathComponent(name), withDestinationURL: target)
        return (target, bytes)
    }

    @Test func purgeRemovesALinkedKeyWithoutTouchingItsTarget() throws {
        let scratch = StoreScratch()
        let (target, bytes) = try Self.linkedKey(scratch, name: SentinelStore.keyFileName)
        let report = try SentinelStore.purge(directory: scratch.data)
        #expect(try Data(contentsOf: target) == bytes, "the target was overwritten")
        #expect(!PrivateFile.exists(scratch.data.appendingPathComponent(SentinelStore.keyFileName).path))
        #expect(report.isEmpty == false)
    }

    @Test func theStoreRefusesALinkedKeyAndLeavesTheTargetAlone() throws {
        let scratch = StoreScratch()
        let (target, bytes) = try Self.linkedKey(scratch, name: SentinelStore.keyFileName)
        let error = try #require(throws: SentinelStoreError.self) { _ = try SentinelStore(directory: scratch.data) }
        #expect("\(error)".contains("symbolic link"), "\(error)")
        #expect(try Data(contentsOf: target) == bytes)
        #expect(PrivateFile.permissions(target.path) == 0o644, "the target's mode was changed")
    }

    @Test func theCrisisHistoryRefusesALinkedKey() throws {
        let scratch = StoreScratch()
        let (target, _) = try Self.linkedKey(scratch, name: CrisisHistoryStore.keyFileName)
        let history = CrisisHistoryStore(directory: scratch.data)
        #expect(throws: CrisisHistoryError.self) { try history.save(CrisisHistory(), now: Date()) }
        #expect(PrivateFile.permissions(target.path) == 0o644)
    }
}

/// Issue 22: neither tool refused a data folder any user can write to (mode 0777), where another
/// account could swap the key or the database.
@Suite struct WorldWritableFolderTests {
    @Test func sentinelRefusesAWorldWritableDataFolderAndWritesNothing() throws {
        let scratch = StoreScratch()
        try FileManager.default.createDirectory(at: scratch.data, withIntermediateDirectories: true)
        chmod(scratch.data.path, 0o777)
        let error = try #require(throws: SentinelStoreError.self) { _ = try SentinelStore(directory: scratch.data) }
        #expect("\(error)".contains("any user of this machine can change it"), "\(error)")
        #expect("\(error)".contains("chmod 700"), "\(error)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.data.path).isEmpty)
        #expect(throws: CrisisHistoryError.self) { try CrisisHistoryStore(directory: scratch.data).save(CrisisHistory(), now: Date()) }
        // Once the owner restricts it, the store opens, and a new folder is created owner-only.
        chmod(scratch.data.path, 0o700)
        _ = try SentinelStore(directory: scratch.data)
        let fresh = scratch.root.appendingPathComponent("fresh")
        _ = try SentinelStore(directory: fresh)
        #expect(PrivateFile.permissions(fresh.path) == 0o700)
    }
}

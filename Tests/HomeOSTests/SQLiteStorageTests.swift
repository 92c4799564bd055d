import Foundation
import HomeOS
import Testing

@Suite struct SQLiteStorageTests {
    @Test func persistsDurablyWithOwnerOnlyFiles() throws {
        let folder = try TemporaryFolder("homeos-sqlite")
        defer { folder.remove() }
        let directory = folder.appending("nested/data")
        do {
            let storage = try SQLiteStorage(directory: directory)
            #expect(storage.databasePath == directory.appendingPathComponent("family.sqlite").path)
            let settings = try storage.durabilitySettings()
            #expect(settings.journalMode == "wal")
            #expect(settings.synchronous == 2, "FULL")
            try storage.save(SkillSettings(disabledSkillIDs: ["tools"]), to: .skillSettings)
        }
        let reopened = try SQLiteStorage(directory: directory)
        #expect(try reopened.load(.skillSettings).disabledSkillIDs == ["tools"])
        let attributes = try FileManager.default.attributesOfItem(atPath: reopened.databasePath)
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
        let folderAttributes = try FileManager.default.attributesOfItem(atPath: directory.path)
        #expect((folderAttributes[.posixPermissions] as? NSNumber)?.intValue == 0o700)
    }

    @Test func aFileThatIsNotADatabaseIsReportedAndNeverOverwritten() throws {
        let folder = try TemporaryFolder("homeos-sqlite")
        defer { folder.remove() }
        let file = folder.appending("family.sqlite")
        let garbage = Data(String(repeating: "these are not the droids you are looking for\n", count: 200).utf8)
        try garbage.write(to: file)
        for _ in 0..<2 {
            do {
                _ = try SQLiteStorage(directory: folder.url)
                Issue.record("opened a text file as a database")
            } catch {
                guard case .corrupt(let path, let detail) = error else { Issue.record("\(error)"); continue }
                #expect(path == file.path)
                #expect(detail.contains("not an SQLite database"))
                #expect(error.description.contains("left untouched"))
            }
        }
        #expect(try Data(contentsOf: file) == garbage)
        #expect(!FileManager.default.fileExists(atPath: file.path + "-wal"))
    }

    @Test func aTruncatedFileIsCorrupt() throws {
        let folder = try TemporaryFolder("homeos-sqlite")
        defer { folder.remove() }
        let file = folder.appending("family.sqlite")
        try Data("SQLite".utf8).write(to: file)
        #expect {
            _ = try SQLiteStorage(path: file.path)
        } throws: { error in
            guard case StorageError.corrupt(_, let detail) = error else { return false }
            return detail.contains("6 bytes")
        }
        #expect(try Data(contentsOf: file) == Data("SQLite".utf8))
    }

    @Test func aDamagedDatabaseIsCorruptAndLeftAlone() throws {
        let folder = try TemporaryFolder("homeos-sqlite")
        defer { folder.remove() }
        let path: String
        do {
            let storage = try SQLiteStorage(directory: folder.url)
            path = storage.databasePath
            for index in 0..<200 {
                try storage.write(Note(text: String(repeating: "note \(index) ", count: 100), createdAt: Date(timeIntervalSince1970: 0)),
                                  at: "data/notes/\(index).json")
            }
        }
        // Closing checkpoints the log into the file; now overwrite its second and third pages.
        var bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        try #require(bytes.count > 3 * 4096)
        bytes.replaceSubrange(4096..<(3 * 4096), with: Data(repeating: 0xA5, count: 2 * 4096))
        try bytes.write(to: URL(fileURLWithPath: path))
        #expect {
            let storage = try SQLiteStorage(path: path)
            _ = try storage.list(prefix: "")
        } throws: { error in
            guard case StorageError.corrupt(let reported, _) = error else { return false }
            return reported == path
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == bytes)
    }

    @Test func aWriterHeldByAnotherConnectionGivesLocked() throws {
        let folder = try TemporaryFolder("homeos-sqlite")
        defer { folder.remove() }
        let holder = try SQLiteStorage(directory: folder.url)
        let waiter = try SQLiteStorage(directory: folder.url, busyTimeout: 0.2)
        try waiter.write(["before"], at: "data/a.json")
        let started = DispatchSemaphore(value: 0), release = DispatchSemaphore(value: 0), finished = DispatchSemaphore(value: 0)
        Thread {
            try? holder.transaction { transaction in
                try transaction.write(["held"], at: "data/b.json")
                started.signal()
                release.wait()
            }
            finished.signal()
        }.start()
        started.wait()
        #expect(throws: StorageError.locked(path: waiter.databasePath)) { try waiter.write(["blocked"], at: "data/c.json") }
        // Readers are not blocked by a writer (WAL), and see only committed data.
        #expect(try waiter.read([String].self, at: "data/a.json") == ["before"])
        #expect(try !waiter.exists("data/b.json"))
        release.signal()
        finished.wait()
        try waiter.write(["after"], at: "data/c.json")
        #expect(try waiter.list(prefix: "") == ["data/a.json", "data/b.json", "data/c.json"])
        #expect(StorageError.locked(path: "/x").description.contains("another process"))
    }

    @Test func aFolderInTheWayIsUnavailable() throws {
        let folder = try TemporaryFolder("homeos-sqlite")
        defer { folder.remove() }
        try FileManager.default.createDirectory(at: folder.appending("family.sqlite"), withIntermediateDirectories: true)
        #expect {
            _ = try SQLiteStorage(directory: folder.url)
        } throws: { error in
            if case StorageError.unavailable = error { return true }
            return false
        }
    }
}

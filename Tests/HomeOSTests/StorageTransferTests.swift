import Foundation
import HomeOS
import Testing

@Suite struct StorageTransferTests {
    /// A store with the sample family and a little of everything.
    static func populatedStore() throws -> InMemoryStorage {
        let storage = InMemoryStorage()
        let seed = try StorageCoding.decoder().decode(FamilySeed.self, from: Data(contentsOf: RepositoryFiles.sampleFamily))
        try storage.transaction { try seed.save(in: $0) }
        try storage.save([CalendarEvent(title: "Dentist", kind: .appointment, start: Date(timeIntervalSince1970: 1_736_960_400.5),
                                        memberIDs: ["leo"])], to: .calendarEvents)
        try storage.save([Reminder(title: "Call the plumber", due: Date(timeIntervalSince1970: 1_736_970_000),
                                   createdAt: Date(timeIntervalSince1970: 1_736_900_000))], to: .reminders)
        try storage.save(SkillSettings(disabledSkillIDs: ["marketplace-sell"]), to: .skillSettings)
        try storage.writeData(Data(#"{"anything": [1, 2.5, "x", null, true], "nested": {"é": "ü"}}"#.utf8), at: "data/extra/custom.json")
        return storage
    }

    @Test func exportImportRoundTrip() throws {
        let folder = try TemporaryFolder("homeos-transfer")
        defer { folder.remove() }
        let source = try Self.populatedStore()
        let first = folder.appending("first"), second = folder.appending("second")
        let exported = try StorageTransfer.export(from: source, to: first)
        #expect(exported == (try source.list(prefix: "")))
        #expect(exported.contains(StoragePaths.family) && exported.contains(StoragePaths.medications))

        let familyText = try String(contentsOf: first.appendingPathComponent(StoragePaths.family), encoding: .utf8)
        #expect(familyText.hasPrefix("{\n  \""), "pretty JSON")
        let permissions = try FileManager.default.attributesOfItem(atPath: first.appendingPathComponent(StoragePaths.family).path)
        #expect((permissions[.posixPermissions] as? NSNumber)?.intValue == 0o600)

        let target = try SQLiteStorage(directory: folder.appending("db"))
        let imported = try StorageTransfer.importDocuments(from: first, into: target)
        #expect(imported == exported)
        #expect(try target.load(.family) == source.load(.family))
        #expect(try target.load(.medications) == source.load(.medications))
        #expect(try target.load(.calendarEvents) == source.load(.calendarEvents))
        #expect(try target.load(.reminders) == source.load(.reminders))
        #expect(try target.load(.skillSettings) == source.load(.skillSettings))

        try StorageTransfer.export(from: target, to: second)
        for path in exported {
            let a = try Data(contentsOf: first.appendingPathComponent(path)), b = try Data(contentsOf: second.appendingPathComponent(path))
            #expect(a == b, "\(path) differs after a round trip")
        }
    }

    @Test func exportRefusesAFolderWithFiles() throws {
        let folder = try TemporaryFolder("homeos-transfer")
        defer { folder.remove() }
        let storage = try Self.populatedStore()
        try Data("keep".utf8).write(to: folder.appending("notes.txt"))
        #expect(throws: StorageError.exportDestinationNotEmpty(path: folder.url.path)) {
            try StorageTransfer.export(from: storage, to: folder.url)
        }
        try StorageTransfer.export(from: storage, to: folder.url, overwrite: true)
        #expect(FileManager.default.fileExists(atPath: folder.appending(StoragePaths.family).path))
        #expect(FileManager.default.fileExists(atPath: folder.appending("notes.txt").path))
    }

    /// Imports `files` (path → text) into a store that already holds one document; returns the error.
    private func failedImport(_ files: [String: String]) throws -> (error: StorageError?, untouched: Bool) {
        let folder = try TemporaryFolder("homeos-transfer")
        defer { folder.remove() }
        for (path, text) in files {
            let file = folder.appending(path)
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: file)
        }
        let storage = InMemoryStorage()
        try storage.write(["existing"], at: "data/existing.json")
        var failure: StorageError?
        do {
            try StorageTransfer.importDocuments(from: folder.url, into: storage, replacing: true)
        } catch {
            failure = error
        }
        return (failure, try storage.list(prefix: "") == ["data/existing.json"])
    }

    @Test func importWritesNothingWhenAFileIsNotJSON() throws {
        let family = try String(contentsOf: RepositoryFiles.sampleFamily, encoding: .utf8)
        let result = try failedImport([StoragePaths.family: family, StoragePaths.notes: "[{\"text\": \"half"])
        #expect(result.untouched)
        guard case .invalidImport(let file, let detail)? = result.error else { Issue.record("\(String(describing: result.error))"); return }
        #expect(file == StoragePaths.notes)
        #expect(detail.contains("line 1"), "\(detail)")
        #expect(result.error?.description.contains("Nothing was imported") == true)
    }

    @Test func importChecksTheShapeOfKnownDocuments() throws {
        let result = try failedImport([StoragePaths.family: #"{"name": "F", "members": []}"#])
        #expect(result.untouched)
        guard case .invalidImport(let file, let detail)? = result.error else { Issue.record("\(String(describing: result.error))"); return }
        #expect(file == StoragePaths.family)
        #expect(detail.contains("timeZone is missing"), "\(detail)")

        let medications = try failedImport([StoragePaths.medications: #"[{"memberID": "rosa", "name": "x"}]"#])
        guard case .invalidImport(_, let why)? = medications.error else { Issue.record("accepted a medication without a dosage"); return }
        #expect(why.contains("[0].dosage is missing"), "\(why)")
    }

    /// Issue 22: family data had no size limits (a 20 MB name, 10,000 members).
    @Test func importRefusesOversizeFilesAndFamiliesBeyondTheLimits() throws {
        let crowd = (0..<10_000).map { #"{"id": "m\#($0)", "name": "Member \#($0)", "role": "other"}"# }.joined(separator: ",")
        let many = try failedImport([StoragePaths.family: #"{"name": "F", "timeZone": "UTC", "members": [\#(crowd)]}"#])
        #expect(many.untouched)
        guard case .invalidImport(_, let detail)? = many.error else { Issue.record("accepted 10,000 members"); return }
        #expect(detail.contains("10000 members; the limit is \(FamilyLimits.members)"), "\(detail)")

        let longName = String(repeating: "x", count: 300)
        let named = try failedImport([StoragePaths.family: #"{"name": "F", "timeZone": "UTC", "members": [{"name": "\#(longName)"}]}"#])
        guard case .invalidImport(_, let why)? = named.error else { Issue.record("accepted a 300-character name"); return }
        #expect(why.contains("name of 300 characters; the limit is 120"), "\(why)")

        let huge = String(repeating: " ", count: FamilyLimits.fileBytes + 1)
        let big = try failedImport([StoragePaths.notes: "[" + huge + "]"])
        #expect(big.untouched)
        guard case .invalidImport(_, let size)? = big.error else { Issue.record("read a file over the limit"); return }
        #expect(size.contains("family files are at most 5 MB"), "\(size)")
    }

    /// Issue 22, limits: a 50 MB import is refused from the files' sizes, before anything is read
    /// (the files here are sparse: reading them would take 50 MB of memory), and the store is untouched.
    @Test func aFiftyMegabyteImportIsRefusedBeforeAnythingIsRead() throws {
        for (count, size) in [(1, 50 << 20), (11, (FamilyLimits.fileBytes - 1024))] {
            let folder = try TemporaryFolder("homeos-transfer-big")
            defer { folder.remove() }
            try FileManager.default.createDirectory(at: folder.appending("data/notes"), withIntermediateDirectories: true)
            for index in 0..<count {
                let file = folder.appending("data/notes/part-\(index).json")
                #expect(FileManager.default.createFile(atPath: file.path, contents: Data("[".utf8)))
                let handle = try FileHandle(forWritingTo: file)
                try handle.truncate(atOffset: UInt64(size))
                try handle.close()
            }
            let storage = InMemoryStorage()
            try storage.write(["existing"], at: "data/existing.json")
            #expect {
                try StorageTransfer.importDocuments(from: folder.url, into: storage, replacing: true)
            } throws: { error in
                guard case StorageError.invalidImport(_, let detail) = error else { return false }
                return count == 1 ? detail.contains("family files are at most 5 MB") : detail.contains("an import is at most 20 MB all together")
            }
            #expect(try storage.list(prefix: "") == ["data/existing.json"])
        }
    }

    @Test func importRejectsFilesThatCannotBeDocuments() throws {
        let text = try failedImport(["data/readme.txt": "hello"])
        guard case .invalidImport(let file, _)? = text.error else { Issue.record("accepted a .txt file"); return }
        #expect(file == "data/readme.txt")
        #expect(text.untouched)
        let spaced = try failedImport(["data/my notes.json": "[]"])
        guard case .invalidImport? = spaced.error else { Issue.record("accepted a name with a space"); return }
        let empty = try failedImport([".DS_Store": "x"])
        guard case .invalidImport(_, let detail)? = empty.error else { Issue.record("imported an empty folder"); return }
        #expect(detail.contains("no .json documents"))
    }

    @Test func importReplacingRemovesOtherDocumentsOnlyWhenAsked() throws {
        let folder = try TemporaryFolder("homeos-transfer")
        defer { folder.remove() }
        try FileManager.default.createDirectory(at: folder.appending("data"), withIntermediateDirectories: true)
        try Data("[]".utf8).write(to: folder.appending(StoragePaths.notes))
        try Data("x".utf8).write(to: folder.appending("data/.hidden"))
        let storage = InMemoryStorage()
        try storage.write(["old"], at: "data/old.json")
        try StorageTransfer.importDocuments(from: folder.url, into: storage)
        #expect(try storage.list(prefix: "") == ["data/notes.json", "data/old.json"])
        try StorageTransfer.importDocuments(from: folder.url, into: storage, replacing: true)
        #expect(try storage.list(prefix: "") == ["data/notes.json"])
    }
}

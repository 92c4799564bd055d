import Foundation
import HomeOS
import Skills
import Testing

/// The same contract for both providers.
@Suite struct StorageProviderTests {
    enum Kind: String, CaseIterable, CustomTestStringConvertible {
        case memory, sqlite
        var testDescription: String { rawValue }
    }

    /// A fresh provider; the folder (for SQLite) is removed by the caller.
    static func make(_ kind: Kind) throws -> (storage: any StorageProvider, folder: TemporaryFolder?) {
        switch kind {
        case .memory: return (InMemoryStorage(), nil)
        case .sqlite:
            let folder = try TemporaryFolder("homeos-storage")
            return (try SQLiteStorage(directory: folder.url), folder)
        }
    }

    @Test(arguments: Kind.allCases) func writeReadExistsListDelete(kind: Kind) throws {
        let (storage, folder) = try Self.make(kind)
        defer { folder?.remove() }
        let meds = [Medication(memberID: "rosa", name: "atorvastatin", dosage: "20 mg", times: ["21:00"])]
        try storage.save(meds, to: .medications)
        try storage.write(Note(text: "hi", createdAt: Date(timeIntervalSince1970: 0)), at: "data/extra/note-1.json")
        #expect(try storage.load(.medications) == meds)
        #expect(try storage.read([Medication].self, at: StoragePaths.medications) == meds)
        #expect(try storage.exists(StoragePaths.medications))
        #expect(try !storage.exists(StoragePaths.reminders))
        #expect(try storage.list(prefix: "data/") == ["data/extra/note-1.json", StoragePaths.medications])
        #expect(try storage.list(prefix: "data/health/") == [StoragePaths.medications])
        #expect(try storage.delete(StoragePaths.medications))
        #expect(try !storage.delete(StoragePaths.medications))
        #expect(try storage.list(prefix: "") == ["data/extra/note-1.json"])
    }

    @Test(arguments: Kind.allCases) func absentDocuments(kind: Kind) throws {
        let (storage, folder) = try Self.make(kind)
        defer { folder?.remove() }
        #expect(try storage.load(.reminders) == [])
        #expect(try storage.load(.skillSettings) == SkillSettings())
        #expect(try storage.loadIfPresent(.reminders) == nil)
        #expect(throws: StorageError.notFound(path: StoragePaths.family)) { try storage.load(.family) }
        #expect(throws: StorageError.notFound(path: StoragePaths.mealPlan)) { try storage.read(MealPlan.self, at: StoragePaths.mealPlan) }
        #expect(try storage.data(at: StoragePaths.notes) == nil)
    }

    @Test(arguments: Kind.allCases) func invalidPathsAndData(kind: Kind) throws {
        let (storage, folder) = try Self.make(kind)
        defer { folder?.remove() }
        for path in ["", "/etc/passwd.json", "../escape.json", "data/../../x.json", "data/notes.txt", "data//x.json",
                     "data/.hidden.json", "data/a b.json", "data/ü.json"] {
            do {
                try storage.writeData(Data("{}".utf8), at: path)
                Issue.record("accepted \(path)")
            } catch {
                guard case .invalidPath(let rejected, _) = error else { Issue.record("\(error)"); continue }
                #expect(rejected == path)
            }
        }
        do {
            try storage.writeData(Data("{not json".utf8), at: StoragePaths.notes)
            Issue.record("stored text that is not JSON")
        } catch {
            guard case .invalidDocument(let path, _) = error else { Issue.record("\(error)"); return }
            #expect(path == StoragePaths.notes)
        }
        #expect(try storage.list(prefix: "") == [])
    }

    @Test(arguments: Kind.allCases) func documentOfTheWrongShapeIsCorrupt(kind: Kind) throws {
        let (storage, folder) = try Self.make(kind)
        defer { folder?.remove() }
        try storage.writeData(Data(#"{"name": 7, "timeZone": "UTC"}"#.utf8), at: StoragePaths.family)
        do {
            _ = try storage.load(.family)
            Issue.record("decoded a family whose name is a number")
        } catch {
            guard case .corrupt(let path, let detail) = error else { Issue.record("\(error)"); return }
            #expect(path == StoragePaths.family)
            #expect(detail.contains("name is not a string"), "\(detail)")
            #expect(error.description.contains("data/family.json"))
        }
    }

    struct Abort: Error {}

    @Test(arguments: Kind.allCases) func transactionsAreAllOrNothing(kind: Kind) throws {
        let (storage, folder) = try Self.make(kind)
        defer { folder?.remove() }
        try storage.write(["a"], at: "data/a.json")
        #expect(throws: Abort.self) {
            try storage.transaction { transaction in
                try transaction.write(["b"], at: "data/b.json")
                try transaction.delete("data/a.json")
                #expect(try transaction.exists("data/b.json"))
                #expect(try transaction.list(prefix: "data/") == ["data/b.json"])
                throw Abort()
            }
        }
        #expect(try storage.list(prefix: "") == ["data/a.json"])
        let seen = try storage.transaction { transaction in
            try transaction.write(["b"], at: "data/b.json")
            try transaction.write(["c"], at: "data/c.json")
            return try transaction.read([String].self, at: "data/c.json")
        }
        #expect(seen == ["c"])
        #expect(try storage.list(prefix: "") == ["data/a.json", "data/b.json", "data/c.json"])
    }

    @Test(arguments: Kind.allCases) func updateIsReadModifyWrite(kind: Kind) throws {
        let (storage, folder) = try Self.make(kind)
        defer { folder?.remove() }
        let first = Reminder(title: "Call plumber", createdAt: Date(timeIntervalSince1970: 0))
        let count = try storage.update(.reminders) { reminders -> Int in
            reminders.append(first)
            return reminders.count
        }
        #expect(count == 1)
        try storage.update(.reminders) { $0.append(Reminder(title: "Buy milk", createdAt: Date(timeIntervalSince1970: 60))) }
        #expect(try storage.load(.reminders).map(\.title) == ["Call plumber", "Buy milk"])
        let rename: (inout Family) -> Void = { $0.name = "x" }
        #expect(throws: StorageError.notFound(path: StoragePaths.family)) { try storage.update(.family, rename) }
    }

    @Test func concurrentUpdatesLoseNothing() async throws {
        let folder = try TemporaryFolder("homeos-storage")
        defer { folder.remove() }
        // Two connections to one file, as two processes would have.
        let first = try SQLiteStorage(directory: folder.url), second = try SQLiteStorage(directory: folder.url)
        await withTaskGroup(of: Void.self) { group in
            for index in 0..<40 {
                let storage = index.isMultiple(of: 2) ? first : second
                group.addTask {
                    try? storage.update(.notes) { $0.append(Note(text: "\(index)", createdAt: Date(timeIntervalSince1970: 0))) }
                }
            }
        }
        #expect(try Set(first.load(.notes).map(\.text)) == Set((0..<40).map(String.init)))
    }

    @Test func approvalsSurviveReopening() async throws {
        let folder = try TemporaryFolder("homeos-storage")
        defer { folder.remove() }
        let request = ApprovalRequest(summary: "Book a table for 4", risk: .medium, onApprove: "The table is booked.",
                                      action: PendingAction(skillID: "restaurant-reservation", name: "book-table",
                                                            payload: ["partySize": 4]))
        try await ApprovalCenter(store: StorageApprovalStore(storage: SQLiteStorage(directory: folder.url))).submit(request)
        let center = ApprovalCenter(store: StorageApprovalStore(storage: try SQLiteStorage(directory: folder.url)),
                                    now: { Date(timeIntervalSince1970: 100) })
        // Parking adds the fingerprint of what the request shows; everything else comes back as it went in.
        var parked = request
        parked.fingerprint = request.contentFingerprint
        #expect(try await center.pending() == [parked])
        let denied = try await center.deny(request.id)
        #expect(denied == parked)
        #expect(try await center.pending().isEmpty)
        let decisions = try await center.decisions()
        #expect(decisions.count == 1)
        #expect(decisions.first?.approved == false)
        #expect(decisions.first?.request == parked)
    }
}

import Foundation
import Testing
@testable import HomeOS

/// Issue 22: `homeos` opened a family store in a folder any user could write to (mode 0777).
@Suite struct WorldWritableDataFolderTests {
    @Test func theStoreRefusesAWorldWritableFolderAndWritesNothing() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("homeos-0777-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        chmod(folder.path, 0o777)
        let error = try #require(throws: StorageError.self) { _ = try SQLiteStorage(directory: folder) }
        #expect("\(error)".contains("any user of this machine can change the folder"), "\(error)")
        #expect("\(error)".contains("chmod 700"), "\(error)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
        chmod(folder.path, 0o700)
        _ = try SQLiteStorage(directory: folder)
    }
}

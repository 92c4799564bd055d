import Foundation
import HomeOS

/// Where the sample family (`examples/sample-family.json`) is, for commands that run on a throwaway
/// copy of it (`homeos dev eval prompts`, `homeos dev bench assistant`).
enum SampleFamilyFile {
    /// `path` when given; else `examples/sample-family.json` in the current folder; else the one in
    /// the source checkout this binary was built from.
    static func locate(_ path: String?) throws -> URL {
        if let path { return URL(fileURLWithPath: path) }
        let relative = "examples/sample-family.json"
        let candidates = [
            URL(fileURLWithPath: FileManager.default.currentDirectoryPath).appendingPathComponent(relative),
            URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .deletingLastPathComponent().appendingPathComponent(relative),
        ]
        guard let found = candidates.first(where: { FileManager.default.fileExists(atPath: $0.path) }) else {
            throw CommandFailure("Cannot find \(relative); run from the repository root or pass --family FILE.")
        }
        return found
    }

    /// A fresh in-memory store holding the family from `file`.
    static func temporaryStore(from seed: FamilySeed) throws -> InMemoryStorage {
        let storage = InMemoryStorage()
        try storage.transaction { try seed.save(in: $0) }
        return storage
    }
}

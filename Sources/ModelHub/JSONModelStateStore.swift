import Foundation

/// Persists ``ModelHubState`` as a small JSON file, written atomically (a temporary file renamed
/// over the old one) under an exclusive lock, so a crash or a concurrent `homeos` process never
/// leaves a half-written or lost update.
public struct JSONModelStateStore: ModelStateStore {
    /// The JSON file.
    public let file: URL

    /// Creates a store backed by `file`; its folder is created on the first write.
    public init(file: URL) {
        self.file = file
    }

    private var lockFile: URL { file.deletingLastPathComponent().appendingPathComponent(file.lastPathComponent + ".lock") }

    public func load() throws(ModelHubError) -> ModelHubState {
        guard FileManager.default.fileExists(atPath: file.path) else { return ModelHubState() }
        do {
            let data = try Data(contentsOf: file)
            let decoder = JSONDecoder()
            decoder.dateDecodingStrategy = .iso8601
            return try decoder.decode(ModelHubState.self, from: data)
        } catch {
            throw .storeFailed(path: file.path, detail: "the file is not readable model state (\(error.localizedDescription)); delete it to start over")
        }
    }

    public func update(_ change: (inout ModelHubState) throws(ModelHubError) -> Void) throws(ModelHubError) {
        do {
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        } catch {
            throw .storeFailed(path: file.path, detail: error.localizedDescription)
        }
        let lock: FileLock
        do { lock = try FileLock.acquireBlocking(lockFile) } catch {
            throw .storeFailed(path: lockFile.path, detail: error.detail)
        }
        defer { lock.unlock() }
        var state = try load()
        try change(&state)
        do {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            encoder.dateEncodingStrategy = .iso8601
            try encoder.encode(state).write(to: file, options: .atomic)
        } catch {
            throw .storeFailed(path: file.path, detail: error.localizedDescription)
        }
    }
}

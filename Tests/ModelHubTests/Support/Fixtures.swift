import Foundation
import ModelHub
import Synchronization

/// A temporary folder removed by `remove()`.
struct TemporaryFolder {
    let url: URL

    init(_ label: String = "modelhub") throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("homeos-\(label)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    func remove() { try? FileManager.default.removeItem(at: url) }

    func path(_ name: String) -> URL { url.appendingPathComponent(name) }
}

/// SHA-256 of bytes, computed through a file (the test target has no direct Crypto dependency).
func sha256Hex(_ bytes: [UInt8]) throws -> String {
    let folder = try TemporaryFolder("hash")
    defer { folder.remove() }
    let file = folder.path("bytes")
    try Data(bytes).write(to: file)
    return try FileVerifier().sha256(of: file)
}

/// Retries quickly so tests finish fast; records the backoff delays asked for.
final class SleepRecorder: Sendable {
    private let delays = MutexBox<[Duration]>([])

    var recorded: [Duration] { delays.value }

    var sleep: @Sendable (Duration) async throws -> Void {
        { [delays] duration in
            delays.mutate { $0.append(duration) }
            try await Task.sleep(for: .milliseconds(1))
        }
    }
}

/// Collects values from concurrent callbacks.
final class MutexBox<Value: Sendable>: Sendable {
    private let lock: Mutex<Value>

    init(_ value: Value) { lock = .init(value) }

    var value: Value { lock.withLock { $0 } }

    func mutate(_ change: (inout Value) -> Void) { lock.withLock { change(&$0) } }
}

/// A downloader with quick retries over a fresh HTTP client; call `shutdown()` at the end.
struct TestDownloader {
    let client = ModelDownloader.makeHTTPClient()
    let downloader: ModelDownloader
    let sleeps = SleepRecorder()

    init(maxFailures: Int = 4, diskSpace: any DiskSpaceProbe = FixedDiskSpace(bytes: 1 << 40)) {
        downloader = ModelDownloader(
            httpClient: client,
            configuration: DownloadConfiguration(
                retry: RetryPolicy(maxFailures: maxFailures, initialDelay: .milliseconds(10), multiplier: 2),
                responseTimeout: .seconds(120), diskHeadroomBytes: 0, progressInterval: .milliseconds(1)),
            diskSpace: diskSpace, sleep: sleeps.sleep)
    }

    func shutdown() async throws { try await client.shutdown() }
}

/// A catalog entry for a single file served by the test server.
func servedEntry(_ id: String, server: TestFileServer, path: String = "/model.gguf", fileName: String? = nil,
                 sha256: String? = nil, size: Int64? = nil) -> CatalogEntry {
    CatalogEntry(id: id, family: "Test", parameters: "1M", quantization: "Q4_0", contextLength: 2048,
                 files: [ModelFile(path: fileName ?? "\(id).gguf", url: server.url(path), sizeBytes: size, sha256: sha256)],
                 shape: ModelShape(layers: 2, kvHeads: 1, keyLength: 16, valueLength: 16),
                 license: "test", source: .download(server.url("/")), uses: [.chat])
}

/// A library over a temporary models folder and data folder with the built-in catalog plus `extra`.
func makeLibrary(_ folder: TemporaryFolder, extra: [CatalogEntry] = [], store: (any ModelStateStore)? = nil) throws -> ModelLibrary {
    let paths = ModelHubPaths(modelsDirectory: folder.path("models"), dataDirectory: folder.path("data"))
    try FileManager.default.createDirectory(at: paths.modelsDirectory, withIntermediateDirectories: true)
    let catalog = try ModelCatalog.builtIn.adding(extra)
    return ModelLibrary(paths: paths, catalog: catalog, store: store ?? JSONModelStateStore(file: paths.stateFile))
}

/// The first ``DownloadError`` thrown by `body`, or `nil`.
func downloadError(_ body: () async throws -> Void) async -> DownloadError? {
    do {
        try await body()
        return nil
    } catch let error as DownloadError {
        return error
    } catch {
        return nil
    }
}

extension Array where Element == UInt8 {
    /// The bytes of a file.
    init(contentsOf url: URL) throws { self = [UInt8](try Data(contentsOf: url)) }
}

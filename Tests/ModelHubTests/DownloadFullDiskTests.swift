import Foundation
@testable import ModelHub
import Testing

/// A small tmpfs mounted for one test. Mounting needs root: as another user the suites that use it
/// are skipped with that reason, except in CI (HOMEOS_REQUIRE_PREREQUISITES=1), where they fail.
struct SmallDisk {
    /// Whether the full-disk tests run here.
    static let canRun = getuid() == 0 || ProcessInfo.processInfo.environment["HOMEOS_REQUIRE_PREREQUISITES"] == "1"

    let url: URL

    init(kilobytes: Int) throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("homeos-full-disk-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        try Self.run("/bin/mount", ["-t", "tmpfs", "-o", "size=\(kilobytes)k", "tmpfs", url.path])
    }

    func remove() {
        try? Self.run("/bin/umount", [url.path])
        try? FileManager.default.removeItem(at: url)
    }

    private static func run(_ tool: String, _ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw CocoaError(.fileWriteNoPermission, userInfo: [NSLocalizedDescriptionKey:
                "\(tool) \(arguments.joined(separator: " ")) failed: the full-disk tests mount a small tmpfs and need root"])
        }
    }
}

/// Issue 22, limits: a download onto a disk that fills up.
@Suite(.enabled(if: SmallDisk.canRun, "the full-disk tests mount a small tmpfs, which needs root"))
struct DownloadFullDiskTests {
    static let content = generatedContent(size: 3 * 1024 * 1024)

    /// The real free-space probe refuses before the first byte: nothing is written.
    @Test func aDiskWithoutRoomIsRefusedBeforeTheFirstByte() async throws {
        let disk = try SmallDisk(kilobytes: 1024)
        defer { disk.remove() }
        let server = try await TestFileServer.start(files: ["/model.gguf": Self.content])
        let client = ModelDownloader.makeHTTPClient()
        let downloader = ModelDownloader(httpClient: client)
        let destination = disk.url.appendingPathComponent("model.gguf")
        await #expect {
            _ = try await downloader.download(DownloadRequest(url: server.url("/model.gguf"), destination: destination,
                                                             expectedSize: Int64(Self.content.count)))
        } throws: { error in
            guard case DownloadError.insufficientDiskSpace = error else { return false }
            return "\(error)".contains("Not enough disk space")
        }
        #expect(server.requests.isEmpty, "nothing was asked of the server")
        // Only the (empty) lock file that serialises downloads of the same model is there.
        let written = try FileManager.default.contentsOfDirectory(atPath: disk.url.path)
            .filter { $0 != ModelDirectory.lockURL(for: destination).lastPathComponent }
        #expect(written.isEmpty, "\(written)")
        await server.shutdown()
        try await client.shutdown()
    }

    /// A disk that fills up during the transfer (its size unknown up front, or the probe fooled):
    /// a specific error naming the partial file, and nothing installed under the model's name.
    @Test func aDiskThatFillsUpMidDownloadIsAnErrorAndNothingIsInstalled() async throws {
        let disk = try SmallDisk(kilobytes: 1024)
        defer { disk.remove() }
        let server = try await TestFileServer.start(files: ["/model.gguf": Self.content])
        let tester = TestDownloader()
        let destination = disk.url.appendingPathComponent("model.gguf")
        await #expect {
            _ = try await tester.downloader.download(DownloadRequest(url: server.url("/model.gguf"), destination: destination,
                                                                    expectedSHA256: try sha256Hex(Self.content)))
        } throws: { error in
            guard case DownloadError.fileSystem(_, let detail) = error else { return false }
            return detail.lowercased().contains("space")
        }
        #expect(!FileManager.default.fileExists(atPath: destination.path), "a partial download is never installed")
        await server.shutdown()
        try await tester.shutdown()
    }
}

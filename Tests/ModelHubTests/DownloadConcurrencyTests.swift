import Foundation
import ModelHub
import Testing

/// Cancellation, and concurrent pulls of the same model.
@Suite struct DownloadConcurrencyTests {
    let content = generatedContent(size: 4 * 1024 * 1024)

    /// Waits until `condition` holds (polling), failing after 300 s: the full suite on two cores once
    /// took over 60 s to deliver the first 256 KiB (2026-12-08).
    func eventually(_ what: String, _ condition: () -> Bool) async throws {
        let patience = ContinuousClock.now.advanced(by: .seconds(300))
        while ContinuousClock.now < patience {
            if condition() { return }
            try await Task.sleep(for: .milliseconds(10))
        }
        Issue.record("timed out waiting for \(what)")
    }

    @Test func cancellationLeavesNoPartialFileCountedAsInstalled() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        // The server holds the transfer at 512 KiB until released: the cancellation lands mid-file whatever the load.
        let server = try await TestFileServer.start(files: ["/model.gguf": content], behavior: .init(holdAfterBytes: 512 * 1024))
        let tester = TestDownloader()
        let entry = servedEntry("slow", server: server, sha256: try sha256Hex(content), size: Int64(content.count))
        let library = try makeLibrary(folder, extra: [entry])
        let destination = library.directory.url(of: entry.files[0], in: entry)
        let partial = ModelDirectory.partialURL(for: destination)

        let pull = Task { try await library.pull("slow", downloader: tester.downloader) }
        try await eventually("bytes to arrive") {
            ((try? FileManager.default.attributesOfItem(atPath: partial.path))?[.size] as? Int ?? 0) > 256 * 1024
        }
        pull.cancel()
        await #expect(throws: CancellationError.self) { _ = try await pull.value }

        #expect(!FileManager.default.fileExists(atPath: destination.path))
        let state = library.status(of: entry).state
        guard case .partial(let done, let total) = state else {
            Issue.record("expected a partial download, got \(state)")
            return
        }
        #expect(done > 0 && done < Int64(content.count) && total == Int64(content.count))
        #expect(!state.isInstalled && !library.directory.isInstalled(entry))
        #expect(throws: ModelHubError.self) { try library.resolveForLoading("slow") }
        #expect(throws: ModelHubError.self) { try library.select("slow") }
        #expect(library.record(for: "slow") == nil)

        // A later pull resumes and installs it.
        server.update { $0.holdAfterBytes = nil }
        let resumed = try await library.pull("slow", downloader: tester.downloader)
        #expect(resumed.files[0].resumedFromBytes > 0)
        #expect(library.status(of: entry).state == .installed(.catalog))
        #expect(try [UInt8](contentsOf: destination) == content)
        await server.shutdown()
        try await tester.shutdown()
    }

    @Test func concurrentPullsThroughOneDownloaderShareOneTransfer() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let server = try await TestFileServer.start(files: ["/model.gguf": content], behavior: .init(chunkDelay: .milliseconds(2)))
        let tester = TestDownloader()
        let entry = servedEntry("shared", server: server, sha256: try sha256Hex(content), size: Int64(content.count))
        let library = try makeLibrary(folder, extra: [entry])

        let results = try await withThrowingTaskGroup(of: ModelLibrary.PullResult.self) { group in
            for _ in 0..<4 { group.addTask { try await library.pull("shared", downloader: tester.downloader) } }
            return try await group.reduce(into: []) { $0.append($1) }
        }

        #expect(results.count == 4)
        #expect(Set(results.flatMap(\.files).map(\.sha256)) == [entry.sha256!])
        #expect(server.requests.filter { $0.status == 200 }.count == 1)
        #expect(server.bodyBytesSent == content.count)
        #expect(library.status(of: entry).state == .installed(.catalog))
        #expect(try [UInt8](contentsOf: library.directory.url(of: entry.files[0], in: entry)) == content)
        await server.shutdown()
        try await tester.shutdown()
    }

    @Test func concurrentPullsFromSeparateDownloadersDoNotCorruptEachOther() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let server = try await TestFileServer.start(files: ["/model.gguf": content], behavior: .init(chunkDelay: .milliseconds(2)))
        // Separate downloaders stand in for separate `homeos models pull` processes.
        let testers = (0..<3).map { _ in TestDownloader() }
        let entry = servedEntry("racing", server: server, sha256: try sha256Hex(content), size: Int64(content.count))
        let library = try makeLibrary(folder, extra: [entry])

        let results = try await withThrowingTaskGroup(of: ModelLibrary.PullResult.self) { group in
            for tester in testers { group.addTask { try await library.pull("racing", downloader: tester.downloader) } }
            return try await group.reduce(into: []) { $0.append($1) }
        }

        // One transfer wrote the file; the others waited on the lock and found it verified.
        #expect(results.count == 3)
        #expect(results.filter { !$0.alreadyInstalled }.count == 1)
        #expect(server.bodyBytesSent == content.count)
        let destination = library.directory.url(of: entry.files[0], in: entry)
        #expect(try [UInt8](contentsOf: destination) == content)
        #expect(!FileManager.default.fileExists(atPath: ModelDirectory.partialURL(for: destination).path))
        #expect(library.status(of: entry).state == .installed(.catalog))
        await server.shutdown()
        for tester in testers { try await tester.shutdown() }
    }

    @Test func unverifiedConcurrentPullsStillProduceOneIntactFile() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let server = try await TestFileServer.start(files: ["/model.gguf": content])
        let testers = (0..<2).map { _ in TestDownloader() }
        let destination = folder.path("same.gguf")

        let hashes = try await withThrowingTaskGroup(of: String.self) { group in
            for tester in testers {
                group.addTask {
                    try await tester.downloader.download(DownloadRequest(url: server.url("/model.gguf"), destination: destination)).sha256
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }

        let expected = try sha256Hex(content)
        #expect(hashes == [expected, expected])
        #expect(try [UInt8](contentsOf: destination) == content)
        await server.shutdown()
        for tester in testers { try await tester.shutdown() }
    }
}

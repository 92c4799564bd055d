import Foundation
@testable import ModelHub
import Testing

/// Resume after interruption, across restarts, and with servers that ignore or botch `Range`.
@Suite struct DownloadResumeTests {
    static let size = 6 * 1024 * 1024 + 12_345
    let content = generatedContent(size: DownloadResumeTests.size)

    @Test func droppedConnectionResumesFromWhereItStoppedAndVerifies() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let server = try await TestFileServer.start(files: ["/model.gguf": content],
                                                    behavior: .init(dropAfterBytes: 1_500_000, drops: 2))
        let tester = TestDownloader()
        let destination = folder.path("model.gguf")
        let expected = try sha256Hex(content)

        let result = try await tester.downloader.download(DownloadRequest(
            url: server.url("/model.gguf"), destination: destination, expectedSHA256: expected, expectedSize: Int64(content.count)))

        #expect(result.sha256 == expected && result.verified && !result.restartedFromZero)
        #expect(try [UInt8](contentsOf: destination) == content)
        let requests = server.requests
        #expect(requests.count == 3)
        #expect(requests[0].range == nil)
        // Each retry asked for the rest of the file only, from a later offset each time.
        let offsets = requests.dropFirst().compactMap { $0.range.flatMap { Int($0.dropFirst(6).dropLast()) } }
        #expect(offsets.count == 2 && offsets[0] > 0 && offsets[1] > offsets[0])
        #expect(requests.dropFirst().allSatisfy { $0.status == 206 })
        #expect(server.bodyBytesSent < content.count + 2 * 1_500_000)
        #expect(!FileManager.default.fileExists(atPath: ModelDirectory.partialURL(for: destination).path))
        #expect(tester.sleeps.recorded == [.milliseconds(10), .milliseconds(10)])  // progress resets the backoff
        await server.shutdown()
        try await tester.shutdown()
    }

    @Test func partialFileFromAnEarlierRunIsResumedAfterRestart() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let server = try await TestFileServer.start(files: ["/model.gguf": content],
                                                    behavior: .init(dropAfterBytes: 2_000_000, drops: 1))
        let destination = folder.path("model.gguf")
        let request = DownloadRequest(url: server.url("/model.gguf"), destination: destination,
                                      expectedSHA256: try sha256Hex(content), expectedSize: Int64(content.count))

        // First run: gives up after one failure (as if the program stopped).
        let first = TestDownloader(maxFailures: 1)
        let error = await downloadError { _ = try await first.downloader.download(request) }
        guard case .interrupted(_, _, let kept, _)? = error else {
            Issue.record("expected an interrupted download, got \(String(describing: error))")
            return
        }
        try await first.shutdown()
        let partial = ModelDirectory.partialURL(for: destination)
        let partialSize = try #require(FileManager.default.attributesOfItem(atPath: partial.path)[.size] as? Int)
        #expect(partialSize > 0 && Int64(partialSize) == kept)
        #expect(!FileManager.default.fileExists(atPath: destination.path))

        // Second run: a new downloader picks up the partial file.
        let second = TestDownloader()
        let result = try await second.downloader.download(request)
        #expect(result.resumedFromBytes == Int64(partialSize))
        #expect(server.requests.last?.range == "bytes=\(partialSize)-")
        #expect(try [UInt8](contentsOf: destination) == content)
        await server.shutdown()
        try await second.shutdown()
    }

    @Test func serverWithoutRangeSupportRestartsCleanlyFromZero() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let server = try await TestFileServer.start(files: ["/model.gguf": content],
                                                    behavior: .init(supportsRange: false, dropAfterBytes: 1_000_000, drops: 1))
        let tester = TestDownloader()
        let destination = folder.path("model.gguf")

        let result = try await tester.downloader.download(DownloadRequest(
            url: server.url("/model.gguf"), destination: destination, expectedSHA256: try sha256Hex(content)))

        #expect(result.restartedFromZero)
        #expect(result.sizeBytes == Int64(content.count))  // not the dropped prefix plus the whole file
        #expect(try [UInt8](contentsOf: destination) == content)
        let requests = server.requests
        #expect(requests.count == 2 && requests[1].range != nil && requests[1].status == 200)
        await server.shutdown()
        try await tester.shutdown()
    }

    @Test func mismatchedContentRangeStartsOverInsteadOfCorrupting() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let server = try await TestFileServer.start(files: ["/model.gguf": content],
                                                    behavior: .init(dropAfterBytes: 1_000_000, drops: 1, wrongRangeStart: true))
        let tester = TestDownloader()
        let destination = folder.path("model.gguf")
        let expected = try sha256Hex(content)

        let result = try await tester.downloader.download(DownloadRequest(
            url: server.url("/model.gguf"), destination: destination, expectedSHA256: expected))

        #expect(result.restartedFromZero && result.sha256 == expected)
        #expect(server.requests.map(\.status) == [200, 206, 200])
        await server.shutdown()
        try await tester.shutdown()
    }

    @Test func completePartialFileIsVerifiedWithoutDownloadingAgain() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let server = try await TestFileServer.start(files: ["/model.gguf": content])
        let tester = TestDownloader()
        let destination = folder.path("model.gguf")
        try Data(content).write(to: ModelDirectory.partialURL(for: destination))

        let result = try await tester.downloader.download(DownloadRequest(
            url: server.url("/model.gguf"), destination: destination, expectedSHA256: try sha256Hex(content)))

        #expect(result.verified && server.bodyBytesSent == 0)
        #expect(server.requests.map(\.status) == [416])
        #expect(try [UInt8](contentsOf: destination) == content)
        await server.shutdown()
        try await tester.shutdown()
    }

    @Test func stalePartialFromAnOlderVersionIsReplacedNotTrusted() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let server = try await TestFileServer.start(files: ["/model.gguf": content])
        let tester = TestDownloader()
        let destination = folder.path("model.gguf")
        let older = generatedContent(size: 1_000_000, seed: 42)
        try Data(older).write(to: ModelDirectory.partialURL(for: destination))

        let result = try await tester.downloader.download(DownloadRequest(
            url: server.url("/model.gguf"), destination: destination, expectedSHA256: try sha256Hex(content)))

        #expect(result.restartedFromZero && result.verified)
        #expect(server.requests.map(\.range) == ["bytes=1000000-", nil])
        #expect(try [UInt8](contentsOf: destination) == content)
        await server.shutdown()
        try await tester.shutdown()
    }

    @Test func progressRunsFromZeroToOneWithBytesAndRate() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let server = try await TestFileServer.start(files: ["/model.gguf": content], behavior: .init(chunkDelay: .milliseconds(2)))
        let tester = TestDownloader()
        let reports = MutexBox<[DownloadProgress]>([])

        _ = try await tester.downloader.download(DownloadRequest(url: server.url("/model.gguf"), destination: folder.path("m.gguf"))) { update in
            reports.mutate { $0.append(update) }
        }

        let downloading = reports.value.filter { $0.phase == .downloading }
        #expect(!downloading.isEmpty)
        #expect(downloading.allSatisfy { $0.totalBytes == Int64(content.count) && $0.bytesPerSecond > 0 })
        let fractions = downloading.compactMap(\.fraction)
        #expect(fractions == fractions.sorted() && fractions.allSatisfy { (0...1).contains($0) })
        #expect(reports.value.last?.phase == .finished && reports.value.last?.fraction == 1)
        #expect(reports.value.contains { $0.phase == .verifying })
        await server.shutdown()
        try await tester.shutdown()
    }

    @Test func contentRangeHeadersParse() {
        #expect(ContentRange("bytes 100-199/1000") == ContentRange(start: 100, end: 199, total: 1000))
        #expect(ContentRange("bytes 5-9/*")?.total == nil)
        #expect(ContentRange("bytes */1000")?.start == nil)
        #expect(ContentRange("bytes */1000")?.total == 1000)
        for bad in ["", "bytes", "bytes 9-5/10", "bytes 0-10/10", "items 0-1/2", "bytes */*", "bytes a-b/c"] {
            #expect(ContentRange(bad) == nil, "\(bad)")
        }
    }
}

extension ContentRange {
    init(start: Int64?, end: Int64?, total: Int64?) {
        self.init("bytes 0-0/1")!
        self.start = start
        self.end = end
        self.total = total
    }
}

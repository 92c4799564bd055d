import Foundation
import ModelHub
import Testing

/// Hash and size verification, disk space, retries and tokens.
@Suite struct DownloadVerificationTests {
    let content = generatedContent(size: 3 * 1024 * 1024)

    @Test func wrongHashIsRejectedAndNothingLandsInPlace() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let server = try await TestFileServer.start(files: ["/model.gguf": content], behavior: .init(corrupt: true))
        let tester = TestDownloader()
        let entry = servedEntry("tampered", server: server, sha256: try sha256Hex(content), size: Int64(content.count))
        let library = try makeLibrary(folder, extra: [entry])
        let destination = library.directory.url(of: entry.files[0], in: entry)

        await #expect {
            _ = try await library.pull("tampered", downloader: tester.downloader)
        } throws: { error in
            guard case .checksumMismatch(_, let expected, let actual)? = error as? DownloadError else { return false }
            return expected == entry.sha256 && actual != expected
        }
        #expect(!FileManager.default.fileExists(atPath: destination.path))
        #expect(!FileManager.default.fileExists(atPath: ModelDirectory.partialURL(for: destination).path))
        #expect(library.status(of: entry).state == .notInstalled)
        #expect(library.record(for: "tampered") == nil)
        #expect(throws: ModelHubError.self) { try library.resolveForLoading("tampered") }
        await server.shutdown()
        try await tester.shutdown()
    }

    @Test func wrongSizeIsRejectedBeforeWriting() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let server = try await TestFileServer.start(files: ["/model.gguf": content])
        let tester = TestDownloader()
        let destination = folder.path("model.gguf")

        let error = await downloadError {
            _ = try await tester.downloader.download(DownloadRequest(url: server.url("/model.gguf"), destination: destination,
                                                                     expectedSize: Int64(content.count) + 1))
        }
        #expect(error == .sizeMismatch(url: server.url("/model.gguf"), expected: Int64(content.count) + 1, actual: Int64(content.count)))
        #expect(!FileManager.default.fileExists(atPath: destination.path))
        await server.shutdown()
        try await tester.shutdown()
    }

    @Test func insufficientDiskSpaceRefusesBeforeAnyRequest() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let server = try await TestFileServer.start(files: ["/model.gguf": content])
        let tester = TestDownloader(diskSpace: FixedDiskSpace(bytes: 1_000_000))

        let error = await downloadError {
            _ = try await tester.downloader.download(DownloadRequest(url: server.url("/model.gguf"), destination: folder.path("m.gguf"),
                                                                     expectedSize: Int64(content.count)))
        }
        guard case .insufficientDiskSpace(_, let needed, let available)? = error else {
            Issue.record("expected insufficient disk space, got \(String(describing: error))")
            return
        }
        #expect(needed == Int64(content.count) && available == 1_000_000)
        #expect(error?.description.contains("HOMEOS_MODELS_DIR") == true)
        #expect(server.requests.isEmpty)

        // Without a catalogued size, the server's Content-Length is checked before writing.
        let unknownSize = await downloadError {
            _ = try await tester.downloader.download(DownloadRequest(url: server.url("/model.gguf"), destination: folder.path("m.gguf")))
        }
        guard case .insufficientDiskSpace? = unknownSize else {
            Issue.record("expected insufficient disk space, got \(String(describing: unknownSize))")
            return
        }
        #expect(!FileManager.default.fileExists(atPath: folder.path("m.gguf.partial").path))
        await server.shutdown()
        try await tester.shutdown()
    }

    @Test func serverErrorsAreRetriedWithExponentialBackoff() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let server = try await TestFileServer.start(files: ["/model.gguf": content], behavior: .init(failures: 3))
        let tester = TestDownloader(maxFailures: 4)

        let result = try await tester.downloader.download(DownloadRequest(
            url: server.url("/model.gguf"), destination: folder.path("m.gguf"), expectedSHA256: try sha256Hex(content)))

        #expect(result.attempts == 4)
        #expect(server.requests.map(\.status) == [503, 503, 503, 200])
        #expect(tester.sleeps.recorded == [.milliseconds(10), .milliseconds(20), .milliseconds(40)])
        await server.shutdown()
        try await tester.shutdown()
    }

    @Test func persistentFailureGivesUpWithAnActionableMessage() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let server = try await TestFileServer.start(files: ["/model.gguf": content], behavior: .init(failures: 100))
        let tester = TestDownloader(maxFailures: 3)

        let error = await downloadError {
            _ = try await tester.downloader.download(DownloadRequest(url: server.url("/model.gguf?sig=abc"), destination: folder.path("m.gguf")))
        }
        guard case .interrupted(let url, let attempts, _, _)? = error else {
            Issue.record("expected interrupted, got \(String(describing: error))")
            return
        }
        #expect(attempts == 3 && url == server.url("/model.gguf"))  // no query string in messages
        #expect(error?.description.contains("run the same pull again") == true)
        server.update { $0.failures = 0 }
        let missing = await downloadError {
            _ = try await tester.downloader.download(DownloadRequest(url: server.url("/other.gguf"), destination: folder.path("o.gguf")))
        }
        #expect(missing == .notFound(url: server.url("/other.gguf")))
        await server.shutdown()
        try await tester.shutdown()
    }

    @Test func gatedDownloadsSendTheTokenOnlyWhereAllowedAndNeverShowIt() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let secret = "hf_SuperSecretValue123"
        let server = try await TestFileServer.start(files: ["/model.gguf": content], behavior: .init(requiredToken: secret))
        let tester = TestDownloader()
        let url = server.url("/model.gguf")

        // No token: a clear message naming the variable.
        let missing = await downloadError {
            _ = try await tester.downloader.download(DownloadRequest(url: url, destination: folder.path("m.gguf")))
        }
        #expect(missing == .unauthorized(url: url, status: 401, tokenSent: false, tokenOrigin: nil))
        #expect(missing?.description.contains("HOMEOS_HF_TOKEN") == true)

        // A Hugging Face token is not sent to another host.
        let hfToken = try #require(AuthToken(secret, origin: "HOMEOS_HF_TOKEN"))
        let elsewhere = await downloadError {
            _ = try await tester.downloader.download(DownloadRequest(url: url, destination: folder.path("m.gguf"), token: hfToken))
        }
        #expect(elsewhere == .unauthorized(url: url, status: 401, tokenSent: false, tokenOrigin: "HOMEOS_HF_TOKEN"))
        #expect(server.requests.allSatisfy { $0.authorization == nil })

        // A token for this host is sent, and works.
        let local = try #require(AuthToken(secret, hosts: ["127.0.0.1"], origin: "HOMEOS_HF_TOKEN"))
        let result = try await tester.downloader.download(DownloadRequest(url: url, destination: folder.path("m.gguf"), token: local))
        #expect(result.sizeBytes == Int64(content.count))
        #expect(server.requests.last?.authorization == "Bearer \(secret)")

        // A refused token is reported by origin, never by value.
        let wrong = try #require(AuthToken("hf_wrong", hosts: ["127.0.0.1"], origin: "HOMEOS_HF_TOKEN"))
        let refused = await downloadError {
            _ = try await tester.downloader.download(DownloadRequest(url: url, destination: folder.path("n.gguf"), token: wrong))
        }
        #expect(refused == .unauthorized(url: url, status: 401, tokenSent: true, tokenOrigin: "HOMEOS_HF_TOKEN"))
        for text in [refused?.description ?? "", "\(local)", String(reflecting: local), "\(hfToken)"] {
            #expect(!text.contains(secret) && !text.contains("hf_wrong"))
        }
        await server.shutdown()
        try await tester.shutdown()
    }

    @Test func tokensComeFromTheEnvironmentOrTheTokenFile() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let file = folder.path("hf-token")
        #expect(AuthToken.resolve(environment: [:], tokenFile: file) == nil)
        try Data("hf_from_file\n".utf8).write(to: file)
        #expect(AuthToken.resolve(environment: [:], tokenFile: file)?.origin == file.path)
        #expect(AuthToken.resolve(environment: ["HF_TOKEN": "x"], tokenFile: file)?.origin == "HF_TOKEN")
        #expect(AuthToken.resolve(environment: ["HOMEOS_HF_TOKEN": "y", "HF_TOKEN": "x"], tokenFile: file)?.origin == "HOMEOS_HF_TOKEN")
        #expect(AuthToken.resolve(environment: ["HOMEOS_HF_TOKEN": "  "], tokenFile: nil) == nil)
        let token = try #require(AuthToken("t", origin: "test"))
        #expect(token.applies(to: "https://huggingface.co/google/x/resolve/main/a.gguf"))
        #expect(token.applies(to: "https://cdn-lfs.hf.co/a"))
        #expect(!token.applies(to: "http://huggingface.co/a"))  // never in clear text
        #expect(!token.applies(to: "https://evil-huggingface.co/a"))
        #expect(!token.applies(to: "https://example.org/a"))
    }

    @Test func sha256MatchesAKnownVector() throws {
        #expect(try sha256Hex(Array("abc".utf8)) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    }
}

import Foundation
import ModelHub
import Testing

/// Pulling catalogued models, models without a published hash, URL pulls and directory models.
@Suite struct ModelLibraryPullTests {
    let content = generatedContent(size: 2 * 1024 * 1024 + 7)

    @Test func pullByIdInstallsAndVerifiesAndListsTheModel() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let server = try await TestFileServer.start(files: ["/model.gguf": content])
        let tester = TestDownloader()
        let entry = servedEntry("tiny", server: server, sha256: try sha256Hex(content), size: Int64(content.count))
        let library = try makeLibrary(folder, extra: [entry])
        #expect(library.status(of: entry).state == .notInstalled)

        let progress = MutexBox<[ModelLibrary.PullProgress]>([])
        let result = try await library.pull("tiny", downloader: tester.downloader) { update in progress.mutate { $0.append(update) } }

        #expect(!result.alreadyInstalled && result.verification == .catalog)
        #expect(progress.value.allSatisfy { $0.file == "tiny.gguf" && $0.fileCount == 1 })
        let status = try #require(library.statuses().first { $0.entry.id == "tiny" })
        #expect(status.state == .installed(.catalog) && status.state.isVerified)
        #expect(library.record(for: "tiny")?.sources == [server.url("/model.gguf")])
        #expect(try library.resolveForLoading("tiny").path == library.directory.path(of: entry))

        let again = try await library.pull("tiny", downloader: tester.downloader)
        #expect(again.alreadyInstalled && server.requests.count == 1)
        await server.shutdown()
        try await tester.shutdown()
    }

    @Test func modelsWithoutAPublishedHashNeedSHA256OrExplicitConsent() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let server = try await TestFileServer.start(files: ["/model.gguf": content])
        let tester = TestDownloader()
        let pinnedEntry = servedEntry("pinned", server: server)
        let looseEntry = servedEntry("loose", server: server)
        let library = try makeLibrary(folder, extra: [pinnedEntry, looseEntry])
        let hash = try sha256Hex(content)

        await #expect(throws: ModelHubError.checksumRequired(id: "pinned", file: "pinned.gguf")) {
            _ = try await library.pull("pinned", downloader: tester.downloader)
        }
        await #expect(throws: ModelHubError.self) {
            _ = try await library.pull("pinned", options: .init(sha256: "not-hex"), downloader: tester.downloader)
        }
        #expect(server.requests.isEmpty)

        // A wrong --sha256 is rejected after download; the right one pins the model.
        let wrong = String(repeating: "0", count: 64)
        await #expect(throws: DownloadError.self) {
            _ = try await library.pull("pinned", options: .init(sha256: wrong), downloader: tester.downloader)
        }
        #expect(library.status(of: pinnedEntry).state == .notInstalled)
        let pinned = try await library.pull("pinned", options: .init(sha256: hash.uppercased()), downloader: tester.downloader)
        #expect(pinned.verification == .pinned)
        #expect(library.status(of: pinnedEntry).state == .installed(.pinned))

        // --unverified records the hash of what arrived, and later changes are still caught.
        let loose = try await library.pull("loose", options: .init(allowUnverified: true), downloader: tester.downloader)
        #expect(loose.verification == .unverified && library.record(for: "loose")?.files["loose.gguf"]?.sha256 == hash)
        #expect(library.status(of: looseEntry).state == .installed(.unverified))
        let file = library.directory.url(of: looseEntry.files[0], in: looseEntry)
        var changed = content
        changed[10] ^= 1
        try Data(changed).write(to: file)
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: 5)], ofItemAtPath: file.path)
        guard case .damaged = library.status(of: looseEntry).state else {
            Issue.record("a changed unverified model must show as damaged")
            return
        }
        await server.shutdown()
        try await tester.shutdown()
    }

    @Test func pullByAddressAddsTheModelToTheUserCatalog() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let server = try await TestFileServer.start(files: ["/files/My-Model.Q4_K_M.gguf": content])
        let tester = TestDownloader()
        let library = try makeLibrary(folder)
        let url = server.url("/files/My-Model.Q4_K_M.gguf")

        let result = try await library.pull(url + "?download=true", options: .init(sha256: try sha256Hex(content)),
                                            downloader: tester.downloader)
        #expect(result.entry.id == "my-model.q4_k_m" && result.verification == .pinned)

        // A fresh library (next process) knows the model from the user catalog.
        let reloaded = ModelLibrary.load(paths: library.paths, store: library.store)
        #expect(reloaded.catalogProblems.isEmpty)
        let entry = try #require(reloaded.catalog.entry(named: "my-model.q4_k_m"))
        #expect(entry.files[0].path == "My-Model.Q4_K_M.gguf" && entry.files[0].sizeBytes == Int64(content.count))
        #expect(entry.files[0].url == url + "?download=true" && entry.source == .download(url))
        #expect(reloaded.status(of: entry).state == .installed(.pinned))
        #expect(try reloaded.select("my-model.q4_k_m").id == "my-model.q4_k_m")

        // Pulling the same address again finds the entry.
        let again = try await reloaded.pull(url + "?download=true", downloader: tester.downloader)
        #expect(again.alreadyInstalled)
        await #expect(throws: ModelHubError.self) {
            _ = try await reloaded.pull(server.url("/notes.txt"), downloader: tester.downloader)
        }
        await server.shutdown()
        try await tester.shutdown()
    }

    @Test func directoryModelsDownloadEveryFileIntoTheirFolder() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let weights = content
        let tokenizer = Array(#"{"model": {"type": "BPE"}}"#.utf8)
        let config = Array(#"{"architectures": ["Test"]}"#.utf8)
        let server = try await TestFileServer.start(files: ["/w.gguf": weights, "/tokenizer.json": tokenizer, "/config.json": config])
        let tester = TestDownloader()
        let entry = CatalogEntry(
            id: "dir-model", family: "Test", parameters: "1M", directory: "dir-model",
            files: [ModelFile(path: "weights.gguf", url: server.url("/w.gguf"), sha256: try sha256Hex(weights)),
                    ModelFile(path: "tokenizer.json", role: .tokenizer, url: server.url("/tokenizer.json"), sha256: try sha256Hex(tokenizer)),
                    ModelFile(path: "config.json", role: .config, url: server.url("/config.json"), sha256: try sha256Hex(config))],
            source: .download(server.url("/")))
        let library = try makeLibrary(folder, extra: [entry])

        let result = try await library.pull("dir-model", downloader: tester.downloader)

        #expect(result.files.count == 3)
        let location = library.directory.location(of: entry)
        #expect(location.lastPathComponent == "dir-model")
        #expect(library.directory.path(of: entry) == location.path)
        for (name, bytes) in [("weights.gguf", weights), ("tokenizer.json", tokenizer), ("config.json", config)] {
            #expect(try [UInt8](contentsOf: location.appendingPathComponent(name)) == bytes)
        }
        #expect(library.status(of: entry).state == .installed(.catalog))

        // One missing file makes the whole model not installed.
        try FileManager.default.removeItem(at: location.appendingPathComponent("tokenizer.json"))
        guard case .partial = library.status(of: entry).state else {
            Issue.record("a directory model with a missing file must not count as installed")
            return
        }
        await server.shutdown()
        try await tester.shutdown()
    }

    @Test func modelsThatCannotBePulledSayWhy() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let tester = TestDownloader()
        let library = try makeLibrary(folder)

        // The default models come from `make setup`, not from a download.
        do {
            _ = try await library.pull("smollm2-135m-instruct", downloader: tester.downloader)
            Issue.record("a package-installed model was pulled")
        } catch let error as ModelHubError {
            #expect(error.description.contains("make setup"))
        }
        // Apple-only runtimes are listed but refused, with the reason.
        for id in ["gemma3-270m-it-mlx", "gemma3n-e2b-it-task", "apple-foundation-model"] {
            await #expect {
                _ = try await library.pull(id, downloader: tester.downloader)
            } throws: { error in
                guard case .runtimeUnavailable(let failed, _, let reason)? = error as? ModelHubError else { return false }
                return failed == id && !reason.isEmpty
            }
            let status = try #require(library.statuses().first { $0.entry.id == id })
            guard case .unavailable = status.state else {
                Issue.record("\(id) must be listed as unavailable")
                continue
            }
        }
        await #expect(throws: ModelHubError.unknownModel("gpt-9", known: library.catalog.entries.map(\.id))) {
            _ = try await library.pull("gpt-9", downloader: tester.downloader)
        }
        try await tester.shutdown()
    }
}

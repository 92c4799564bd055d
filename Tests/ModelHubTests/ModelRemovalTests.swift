import Foundation
@testable import ModelHub
import Testing

/// Deletion removes a model's own files and nothing else.
@Suite struct ModelRemovalTests {
    let folder: TemporaryFolder
    let models: URL

    init() throws {
        folder = try TemporaryFolder()
        models = folder.path("models")
    }

    func write(_ relative: String, _ text: String = "bytes") throws {
        let url = models.appendingPathComponent(relative)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    func exists(_ relative: String) -> Bool {
        FileManager.default.fileExists(atPath: models.appendingPathComponent(relative).path)
    }

    func entry(_ id: String, file: String, directory: String? = nil, extraFiles: [String] = []) -> CatalogEntry {
        CatalogEntry(id: id, family: "Test", parameters: "1M", directory: directory,
                     files: ([file] + extraFiles).map { ModelFile(path: $0) }, source: .download("https://example.org/\(id)"))
    }

    @Test func removesOnlyTheModelsOwnFilesAndCompanions() throws {
        defer { folder.remove() }
        let library = try makeLibrary(folder, extra: [entry("a", file: "a.gguf"), entry("b", file: "b.gguf")])
        for name in ["a.gguf", "a.gguf.partial", "a.gguf.sha256-verified", "a.gguf.lock", "b.gguf", "notes.txt", "ab.gguf"] {
            try write(name)
        }
        try library.store.update { $0.installs["a"] = InstallRecord(files: [:], verification: .unverified, sources: [], installedAt: Date()) }

        let report = try library.remove("a")

        #expect(Set(report.removedPaths.map { URL(fileURLWithPath: $0).lastPathComponent })
                == ["a.gguf", "a.gguf.partial", "a.gguf.sha256-verified", "a.gguf.lock"])
        #expect(report.freedBytes == 20)
        for kept in ["b.gguf", "notes.txt", "ab.gguf"] { #expect(exists(kept), "\(kept)") }
        #expect(FileManager.default.fileExists(atPath: models.path))
        #expect(library.record(for: "a") == nil)
    }

    @Test func directoryModelsKeepTheirFolderWhenItHoldsOtherFiles() throws {
        defer { folder.remove() }
        let dir = entry("d", file: "weights.bin", directory: "d-folder", extraFiles: ["tokenizer.json"])
        let library = try makeLibrary(folder, extra: [dir])
        try write("d-folder/weights.bin")
        try write("d-folder/tokenizer.json")
        try write("d-folder/my-notes.md")

        let report = try library.remove("d")
        #expect(report.keptFolder == models.appendingPathComponent("d-folder").standardizedFileURL.path)
        #expect(exists("d-folder/my-notes.md") && !exists("d-folder/weights.bin") && !exists("d-folder/tokenizer.json"))

        try FileManager.default.removeItem(at: models.appendingPathComponent("d-folder/my-notes.md"))
        try write("d-folder/weights.bin")
        let second = try library.remove("d")
        #expect(second.keptFolder == nil && !exists("d-folder"))
        #expect(FileManager.default.fileExists(atPath: models.path))
    }

    @Test func refusesSharedFilesAndFolders() throws {
        defer { folder.remove() }
        let library = try makeLibrary(folder, extra: [
            entry("one", file: "shared.gguf"), entry("two", file: "shared.gguf"),
            entry("dir-one", file: "w.bin", directory: "common"), entry("dir-two", file: "x.bin", directory: "common"),
        ])
        try write("shared.gguf")
        try write("common/w.bin")
        #expect(throws: ModelHubError.self) { try library.remove("one") }
        #expect(throws: ModelHubError.self) { try library.remove("dir-one") }
        #expect(exists("shared.gguf") && exists("common/w.bin"))
    }

    @Test func refusesPathsLeadingOutsideTheModelsDirectory() throws {
        defer { folder.remove() }
        let outside = folder.path("precious")
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
        try Data("keep me".utf8).write(to: outside.appendingPathComponent("w.bin"))
        try FileManager.default.createDirectory(at: models, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(at: models.appendingPathComponent("linked"), withDestinationURL: outside)
        let library = try makeLibrary(folder, extra: [entry("linked", file: "w.bin", directory: "linked")])

        #expect(throws: ModelHubError.self) { try library.remove("linked") }
        #expect(FileManager.default.fileExists(atPath: outside.appendingPathComponent("w.bin").path))

        // Catalog entries cannot name such paths in the first place.
        for bad in ["../evil.gguf", "/etc/passwd", "a/../../b", "./x", ""] {
            #expect(throws: ModelHubError.self) { try ModelCatalog.validate(entry("bad", file: bad)) }
        }
        #expect(throws: ModelHubError.self) { try ModelCatalog.validate(entry("bad", file: "w.bin", directory: "..")) }
    }

    @Test func refusesPackageInstalledModelsUnlessForcedAndWhileDownloading() throws {
        defer { folder.remove() }
        let library = try makeLibrary(folder, extra: [entry("busy", file: "busy.gguf")])
        try write("SmolLM2-135M-Instruct.Q8_0.gguf")
        do {
            _ = try library.remove("smollm2-135m-instruct")
            Issue.record("a default model was removed without --force")
        } catch {
            #expect(error.description.contains("--force"))
        }
        #expect(exists("SmolLM2-135M-Instruct.Q8_0.gguf"))
        _ = try library.remove("smollm2-135m-instruct", force: true)
        #expect(!exists("SmolLM2-135M-Instruct.Q8_0.gguf"))

        try write("busy.gguf.partial")
        let lock = try #require(try FileLock.tryAcquire(models.appendingPathComponent("busy.gguf.lock")))
        #expect(throws: ModelHubError.self) { try library.remove("busy") }
        #expect(exists("busy.gguf.partial"))
        lock.unlock()
        _ = try library.remove("busy")
        #expect(!exists("busy.gguf.partial"))
    }

    @Test func removingTheSelectedModelFallsBackToTheDefault() throws {
        defer { folder.remove() }
        let library = try makeLibrary(folder, extra: [entry("chosen", file: "chosen.gguf")])
        try write("chosen.gguf")
        try library.select("chosen")
        #expect(try library.selectedEntry()?.id == "chosen")

        let report = try library.remove("chosen")
        #expect(report.clearedSelection)
        #expect(try library.selectedEntry() == nil)
    }
}

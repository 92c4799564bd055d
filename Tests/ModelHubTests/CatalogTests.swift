import Foundation
import ModelHub
import Testing

/// The built-in catalog and the user catalog file.
@Suite struct CatalogTests {
    @Test func builtInCatalogHasTheDefaultsTheSeedModelsAndAppleOnlyKinds() throws {
        let catalog = ModelCatalog.builtIn
        #expect(catalog.entries.prefix(2).map(\.id) == ["smollm2-135m-instruct", "gemma3-270m"])
        for id in ["gemma3-270m-it", "functiongemma-270m", "gemma3n-e2b-it", "medgemma-1.5-4b"] {
            let entry = try #require(catalog.entry(named: id))
            #expect(entry.isDownloadable && entry.runtime == .llamaCppGGUF && entry.runtime.availability.isAvailable, "\(id)")
        }
        #expect(catalog.entry(named: "medgemma")?.uses.contains(.clinical) == true)
        #expect(catalog.entry(named: "functiongemma")?.uses == [.functionCalling])
        #expect(catalog.entry(named: "medgemma")?.quantization == "Q4_K_M")
        for kind in [RuntimeKind.mlx, .foundationModels, .mediaPipeTask] {
            #expect(catalog.entries.contains { $0.runtime == kind }, "\(kind)")
            #expect(!kind.availability.isAvailable)
        }
        let smol = try #require(catalog.entry(named: "default"))
        #expect(smol.sizeBytes == 144_811_072 && smol.sha256?.hasPrefix("7b46609d") == true && smol.quantization == "Q8_0")
        #expect(catalog.entry(named: "gemma3")?.sizeBytes == 253_113_024)
        for entry in catalog.entries { try ModelCatalog.validate(entry) }
        #expect(Set(catalog.entries.flatMap(\.names)).count == catalog.entries.flatMap(\.names).count)
    }

    @Test func userCatalogAddsEntriesInShorthandAndFullForm() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let paths = ModelHubPaths(modelsDirectory: folder.path("models"), dataDirectory: folder.path("data"))
        try FileManager.default.createDirectory(at: paths.dataDirectory, withIntermediateDirectories: true)
        let hash = String(repeating: "ab", count: 32)
        try Data("""
            {"version": 1, "models": [
              {"id": "tinyllama-q4", "family": "Llama", "parameters": "1.1B", "quantization": "Q4_K_M",
               "url": "https://example.org/files/tinyllama.Q4_K_M.gguf?download=1", "sha256": "\(hash.uppercased())",
               "sizeBytes": 668788096, "contextLength": 2048, "uses": ["chat", "summarization"], "license": "Apache-2.0"},
              {"id": "my-mlx", "runtime": "mlx", "directory": "my-mlx", "parameters": "1B",
               "files": [{"path": "model.safetensors"}, {"path": "tokenizer.json", "role": "tokenizer"}],
               "source": {"kind": "download", "location": "https://example.org/my-mlx"}},
              {"id": "office-server", "runtime": "openai-compatible", "parameters": "8B", "files": [],
               "source": {"kind": "remote", "location": "http://192.168.1.20:8080/v1"}}
            ]}
            """.utf8).write(to: paths.userCatalogFile)

        let library = ModelLibrary.load(paths: paths, store: InMemoryModelStateStore())
        #expect(library.catalogProblems.isEmpty)
        let tiny = try #require(library.catalog.entry(named: "tinyllama-q4"))
        #expect(tiny.files == [ModelFile(path: "tinyllama.Q4_K_M.gguf", url: "https://example.org/files/tinyllama.Q4_K_M.gguf?download=1",
                                         sizeBytes: 668_788_096, sha256: hash)])
        #expect(tiny.source == .download("https://example.org/files/tinyllama.Q4_K_M.gguf?download=1"))
        #expect(tiny.uses == [.chat, .summarization] && tiny.contextLength == 2048 && tiny.isDownloadable)
        let mlx = try #require(library.catalog.entry(named: "my-mlx"))
        #expect(mlx.layout == .directory("my-mlx") && mlx.files.map(\.role) == [.weights, .tokenizer])
        guard case .unavailable = library.status(of: mlx).state else {
            Issue.record("an MLX model must be unavailable here")
            return
        }
        let remote = try #require(library.catalog.entry(named: "office-server"))
        #expect(remote.source == .remoteEndpoint("http://192.168.1.20:8080/v1") && !remote.runtime.availability.isAvailable)
        #expect(library.catalog.defaultEntry.id == "smollm2-135m-instruct")

        // Round trip through the file writer.
        try library.userCatalog.upsert(tiny)
        #expect(try library.userCatalog.entries().map(\.id) == ["my-mlx", "office-server", "tinyllama-q4"])
        #expect(try library.userCatalog.entries().last == tiny)
    }

    @Test func aBareArrayIsAccepted() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let file = folder.path("models.json")
        try Data(#"[{"id": "local-only", "fileName": "local.gguf"}]"#.utf8).write(to: file)
        let entries = try UserCatalogFile(url: file).entries()
        #expect(entries.map(\.id) == ["local-only"] && entries[0].files[0].url == nil && !entries[0].isDownloadable)
    }

    @Test func brokenUserCatalogsAreReportedAndTheBuiltInsKeepWorking() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let paths = ModelHubPaths(modelsDirectory: folder.path("models"), dataDirectory: folder.path("data"))
        try FileManager.default.createDirectory(at: paths.dataDirectory, withIntermediateDirectories: true)
        let cases: [(String, String)] = [
            (#"{"models": [{"id": "x", "url": "https://e.org/x.gguf""#, "not valid JSON"),
            (#"{"models": [{"family": "no id"}]}"#, "id"),
            (#"{"models": [{"id": "smollm2", "fileName": "s.gguf"}]}"#, "already used"),
            (#"{"models": [{"id": "evil", "fileName": "../../etc/passwd"}]}"#, "relative"),
            (#"{"models": [{"id": "bad-hash", "fileName": "b.gguf", "sha256": "1234"}]}"#, "64 hexadecimal"),
            (#"{"models": [{"id": "Bad Name", "fileName": "b.gguf"}]}"#, "valid model name"),
            (#"{"models": [{"id": "ftp", "url": "ftp://e.org/f.gguf"}]}"#, "http"),
            (#"{"models": [{"id": "r", "fileName": "r.gguf", "runtime": "tensorflow"}]}"#, "runtime"),
        ]
        for (json, hint) in cases {
            try Data(json.utf8).write(to: paths.userCatalogFile)
            let library = ModelLibrary.load(paths: paths, store: InMemoryModelStateStore())
            #expect(library.catalog.entries.count == ModelCatalog.builtIn.entries.count, "\(json)")
            let problem = library.catalogProblems.first?.description ?? ""
            #expect(problem.localizedCaseInsensitiveContains(hint) || (hint == "not valid JSON" && !problem.isEmpty), "\(json): \(problem)")
        }
    }

    @Test func standardPathsFollowTheEnvironment() {
        let paths = ModelHubPaths.standard(environment: ["HOMEOS_MODELS_DIR": "/m", "HOMEOS_HOME": "/h"])
        #expect(paths.modelsDirectory.path == "/m" && paths.dataDirectory.path == "/h")
        #expect(paths.userCatalogFile.path == "/h/models.json" && paths.stateFile.path == "/h/model-state.json")
        let home = ModelHubPaths.standard(environment: ["HOME": "/home/ann", "HOMEOS_CACHE": "/c"])
        #expect(home.dataDirectory.path == "/home/ann/.homeos" && home.modelsDirectory.path == "/c/models")
    }
}

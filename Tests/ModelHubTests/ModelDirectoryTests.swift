import Foundation
import ModelHub
import Testing

/// Resolving `--model`, and the installed check (size + SHA-256, cached by modification time).
@Suite struct ModelDirectoryTests {
    let root: URL
    let content = Array("a tiny stand-in for model weights".utf8)
    let catalog: ModelCatalog
    let directory: ModelDirectory

    init() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("homeos-models-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        // The built-in entries with hashes of small stand-in files, so tests need no real models.
        let hash = try sha256Hex(content)
        let size = Int64(content.count)
        catalog = ModelCatalog(entries: ModelCatalog.builtIn.entries.map { entry in
            var copy = entry
            copy.files = copy.files.map { ModelFile(path: $0.path, role: $0.role, url: $0.url, sizeBytes: size, sha256: hash) }
            return copy
        })
        directory = ModelDirectory(root: root, catalog: catalog)
    }

    func install(_ id: String, bytes: [UInt8]? = nil) throws -> CatalogEntry {
        let entry = try #require(catalog.entry(named: id))
        try Data(bytes ?? content).write(to: URL(fileURLWithPath: directory.path(of: entry)))
        return entry
    }

    @Test func defaultModelIsSmolLM2Instruct() throws {
        #expect(ModelCatalog.builtIn.defaultEntry.id == "smollm2-135m-instruct")
        _ = try install("smollm2-135m-instruct")
        #expect(try directory.resolve(nil).id == "smollm2-135m-instruct")
    }

    @Test func idsAndAliasesResolveToTheInstalledFile() throws {
        let gemma = try install("gemma3-270m")
        for name in ["gemma3-270m", "GEMMA3", "gemma-3-270m"] {
            let resolved = try directory.resolve(name)
            #expect(resolved.path == root.appendingPathComponent("gemma-3-270m-q4_k_m.gguf").path)
            #expect(resolved.entry == gemma)
        }
    }

    @Test func missingIncompleteOrTamperedModelsAreNotInstalled() throws {
        let gemma = try #require(catalog.entry(named: "gemma3-270m"))
        #expect(throws: ModelReferenceError.notInstalled("gemma3-270m", expectedPath: directory.path(of: gemma))) {
            try directory.resolve("gemma3-270m")
        }
        _ = try install("gemma3-270m", bytes: Array(content.prefix(10)))  // an interrupted copy
        #expect(!directory.isInstalled(gemma))
        #expect(throws: ModelReferenceError.self) { try directory.resolve("gemma3-270m") }

        var tampered = content
        tampered[0] ^= 0x20
        _ = try install("gemma3-270m", bytes: tampered)  // right size, wrong bytes
        guard case .damaged(let reason) = directory.installState(of: gemma) else {
            Issue.record("a tampered file must be damaged")
            return
        }
        #expect(reason.contains("SHA-256"))
        #expect(throws: ModelReferenceError.self) { try directory.resolve("gemma3-270m") }
    }

    @Test func verificationIsCachedByModificationTime() throws {
        let smol = try install("smollm2")
        let file = URL(fileURLWithPath: directory.path(of: smol))
        let stamp = FileVerifier.stampURL(for: file)
        #expect(directory.installState(of: smol) == .installed(.catalog))
        let written = try String(contentsOf: stamp, encoding: .utf8)
        #expect(written.hasSuffix(" \(smol.sha256!)") && written.hasPrefix("\(content.count) "))

        // Same size and time: the stamp is trusted (no re-hash). Replace the bytes in place,
        // then restore the old time to show the cache at work…
        let attributes = try FileManager.default.attributesOfItem(atPath: file.path)
        var other = content
        other[3] ^= 1
        try Data(other).write(to: file)
        try FileManager.default.setAttributes([.modificationDate: attributes[.modificationDate]!], ofItemAtPath: file.path)
        #expect(directory.installState(of: smol) == .installed(.catalog))
        // …and any new modification time forces a fresh hash, which catches the change.
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: 10)], ofItemAtPath: file.path)
        #expect(directory.installState(of: smol) != .installed(.catalog))

        // The format is the one scripts/setup.sh writes, so its stamps are honoured.
        try Data(content).write(to: file)
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSince1970: 1_795_306_553)], ofItemAtPath: file.path)
        try Data("\(content.count) 1795306553 \(smol.sha256!)".utf8).write(to: stamp)
        #expect(directory.installState(of: smol) == .installed(.catalog))
    }

    @Test func pathsPassThroughAndUnknownNamesListTheKnownOnes() throws {
        #expect(try directory.resolve("/models/custom.gguf").path == "/models/custom.gguf")
        #expect(try directory.resolve("./local.gguf").id == "local")
        do {
            _ = try directory.resolve("gpt-9")
            Issue.record("an unknown model name resolved")
        } catch {
            #expect(error.description.contains("smollm2-135m-instruct, gemma3-270m"))
        }
    }

    @Test func appleOnlyModelsNeverResolve() throws {
        let mlx = try #require(catalog.entry(named: "gemma3-270m-it-mlx"))
        try FileManager.default.createDirectory(at: directory.location(of: mlx), withIntermediateDirectories: true)
        for file in mlx.files { try Data(content).write(to: directory.url(of: file, in: mlx)) }
        #expect(throws: ModelReferenceError.self) { try directory.resolve("gemma3-270m-it-mlx") }
    }

    @Test func standardDirectoryHonoursTheEnvironment() {
        #expect(ModelDirectory.standard(environment: ["HOMEOS_MODELS_DIR": "/m"]).root.path == "/m")
        #expect(ModelDirectory.standard(environment: ["HOMEOS_CACHE": "/c"]).root.path == "/c/models")
    }

    /// On a machine set up with `make setup`, the two default models are installed and verified
    /// (what `homeos models list` shows on a fresh setup).
    @Test func defaultModelsAreInstalledAndVerifiedAfterSetup() throws {
        let library = ModelLibrary(paths: ModelHubPaths(modelsDirectory: ModelDirectory.standard().root,
                                                        dataDirectory: root.appendingPathComponent("data")),
                                   store: InMemoryModelStateStore())
        for id in ["smollm2-135m-instruct", "gemma3-270m"] {
            let entry = try #require(library.catalog.entry(named: id))
            let state = library.status(of: entry).state
            if state == .notInstalled {
                Issue.record("\(id) is not installed. Integration checks need the default models: run `make setup` (or `make test`).")
                continue
            }
            #expect(state == .installed(.catalog), "\(id): \(state)")
            #expect(state.isVerified)
        }
    }
}

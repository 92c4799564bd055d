import Foundation
import ModelHub
import Testing

@Suite struct ModelDirectoryTests {
    let root: URL
    let directory: ModelDirectory

    init() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("homeos-models-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        directory = ModelDirectory(root: root)
    }

    func install(_ entry: CatalogEntry, size: Int? = nil) throws {
        let path = directory.path(of: entry)
        FileManager.default.createFile(atPath: path, contents: nil)
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        try handle.truncate(atOffset: UInt64(size ?? entry.sizeBytes))
        try handle.close()
    }

    @Test func defaultModelIsSmolLM2Instruct() throws {
        let entry = ModelCatalog.builtIn.defaultEntry
        #expect(entry.id == "smollm2-135m-instruct")
        try install(entry)
        #expect(try directory.resolve(nil).id == "smollm2-135m-instruct")
    }

    @Test func idsAndAliasesResolveToTheInstalledFile() throws {
        let gemma = try #require(ModelCatalog.builtIn.entry(named: "gemma3-270m"))
        try install(gemma)
        for name in ["gemma3-270m", "GEMMA3", "gemma-3-270m"] {
            let resolved = try directory.resolve(name)
            #expect(resolved.path == root.appendingPathComponent("gemma-3-270m-q4_k_m.gguf").path)
            #expect(resolved.entry == gemma)
        }
    }

    @Test func missingOrIncompleteModelIsNotInstalled() throws {
        let gemma = try #require(ModelCatalog.builtIn.entry(named: "gemma3-270m"))
        #expect(throws: ModelReferenceError.notInstalled("gemma3-270m", expectedPath: directory.path(of: gemma))) {
            try directory.resolve("gemma3-270m")
        }
        try install(gemma, size: 1000)  // an interrupted copy
        #expect(!directory.isInstalled(gemma))
        #expect(throws: ModelReferenceError.self) { try directory.resolve("gemma3-270m") }
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

    @Test func standardDirectoryHonoursTheEnvironment() {
        #expect(ModelDirectory.standard(environment: ["HOMEOS_MODELS_DIR": "/m"]).root.path == "/m")
        #expect(ModelDirectory.standard(environment: ["HOMEOS_CACHE": "/c"]).root.path == "/c/models")
    }
}

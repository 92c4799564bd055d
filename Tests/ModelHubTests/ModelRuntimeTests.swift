import Foundation
import LLM
import ModelHub
import Testing

/// Switching the active model: unload before load, failures keep the previous model, memory checks.
@Suite struct ModelRuntimeTests {
    /// Records load/unload events and how many models are resident at once.
    final class RecordingFactory: ModelEngineFactory {
        struct Log: Sendable {
            var events: [String] = []
            var resident = 0
            var peakResident = 0
        }

        let log = MutexBox(Log())
        let failing: Set<String>

        init(failing: Set<String> = []) {
            self.failing = failing
        }

        func load(path: String, entry: CatalogEntry) async throws -> any LanguageModel {
            try await Task.sleep(for: .milliseconds(5))
            if failing.contains(entry.id) {
                log.mutate { $0.events.append("fail \(entry.id)") }
                throw ModelLoadFailure(path: path)
            }
            log.mutate {
                $0.events.append("load \(entry.id)")
                $0.resident += 1
                $0.peakResident = max($0.peakResident, $0.resident)
            }
            return ScriptedModel(id: entry.id, defaultReply: "I am \(entry.id)")
        }

        func unload(_ model: any LanguageModel) async {
            log.mutate {
                $0.events.append("unload \(model.id)")
                $0.resident -= 1
            }
        }
    }

    struct ModelLoadFailure: Error, CustomStringConvertible {
        var path: String
        var description: String { "not a valid GGUF file: \(path)" }
    }

    /// A library with three installed test models (`a`, `b`, `broken`).
    func library(_ folder: TemporaryFolder) throws -> ModelLibrary {
        let entries = ["a", "b", "broken"].map { id in
            CatalogEntry(id: id, family: "Test", parameters: "1M", files: [ModelFile(path: "\(id).gguf")],
                         shape: ModelShape(layers: 1, kvHeads: 1, keyLength: 8, valueLength: 8), source: .download("https://example.org"))
        }
        let library = try makeLibrary(folder, extra: entries, store: InMemoryModelStateStore())
        for id in ["a", "b", "broken"] {
            try Data(repeating: 7, count: 1000).write(to: library.paths.modelsDirectory.appendingPathComponent("\(id).gguf"))
        }
        return library
    }

    @Test func switchingUnloadsThePreviousEngineBeforeLoadingTheNext() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let factory = RecordingFactory()
        let library = try library(folder)
        let runtime = ModelRuntime(library: library, factory: factory, contextSize: 512, memory: MemoryEstimator(probe: FixedMemory(bytes: 1 << 34)))

        try await runtime.activate("a")
        try await runtime.activate("b")
        try await runtime.activate("b")  // already active: nothing happens
        try await runtime.activate("a")

        #expect(factory.log.value.events == ["load a", "unload a", "load b", "unload b", "load a"])
        #expect(factory.log.value.peakResident == 1)
        #expect(try library.selectedEntry()?.id == "a")
        let answer = try await #require(await runtime.active).model.respond(to: "Who are you?")
        #expect(answer.text == "I am a")
    }

    @Test func concurrentSwitchesAreSerialized() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let factory = RecordingFactory()
        let runtime = ModelRuntime(library: try library(folder), factory: factory, contextSize: 512,
                                   memory: MemoryEstimator(probe: FixedMemory(bytes: 1 << 34)))
        await withTaskGroup(of: Void.self) { group in
            for id in ["a", "b", "a", "b", "a", "b"] { group.addTask { _ = try? await runtime.activate(id) } }
        }
        #expect(factory.log.value.peakResident == 1)
        #expect(factory.log.value.resident == 1)
    }

    @Test func aModelThatFailsToLoadLeavesThePreviousSelectionWorking() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let factory = RecordingFactory(failing: ["broken"])
        let library = try library(folder)
        let runtime = ModelRuntime(library: library, factory: factory, contextSize: 512, memory: MemoryEstimator(probe: FixedMemory(bytes: 1 << 34)))
        try await runtime.activate("a")

        await #expect(throws: ModelHubError.loadFailed(id: "broken", detail: "not a valid GGUF file: \(library.directory.path(of: library.catalog.entry(named: "broken")!))", previousRestored: true)) {
            try await runtime.activate("broken")
        }

        #expect(factory.log.value.events == ["load a", "unload a", "fail broken", "load a"])
        #expect(factory.log.value.peakResident == 1)
        #expect(await runtime.active?.entry.id == "a")
        #expect(try library.selectedEntry()?.id == "a")
        let answer = try await #require(await runtime.active).model.respond(to: "Still there?")
        #expect(answer.text == "I am a")
    }

    @Test func refusalsHappenBeforeAnythingIsUnloaded() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let factory = RecordingFactory()
        let library = try library(folder)
        let tight = MemoryEstimator(probe: FixedMemory(bytes: 80 << 20))  // admits a, not a 4B model
        let runtime = ModelRuntime(library: library, factory: factory, contextSize: 512, memory: tight)
        try await runtime.activate("a")

        // Not installed, Apple-only, unknown: refused, and `a` stays loaded.
        await #expect(throws: ModelHubError.self) { try await runtime.activate("gemma3n-e2b-it") }
        await #expect(throws: ModelHubError.self) { try await runtime.activate("gemma3-270m-it-mlx") }
        await #expect(throws: ModelHubError.self) { try await runtime.activate("nope") }
        // Installed but too big for the memory left (a sparse 200 MB file), even counting what
        // unloading `a` would free.
        var huge = try #require(library.catalog.entry(named: "b"))
        huge.id = "huge"
        huge.files = [ModelFile(path: "huge.gguf")]
        let bigLibrary = try makeLibrary(folder, extra: [try #require(library.catalog.entry(named: "a")), huge])
        let hugeFile = bigLibrary.paths.modelsDirectory.appendingPathComponent("huge.gguf")
        #expect(FileManager.default.createFile(atPath: hugeFile.path, contents: nil))
        let handle = try FileHandle(forWritingTo: hugeFile)
        try handle.truncate(atOffset: 200 << 20)
        try handle.close()
        let bigFactory = RecordingFactory()
        let bigRuntime = ModelRuntime(library: bigLibrary, factory: bigFactory, contextSize: 512, memory: tight)
        try await bigRuntime.activate("a")
        await #expect {
            try await bigRuntime.activate("huge")
        } throws: { error in
            guard case .insufficientMemory(let id, _, _)? = error as? ModelHubError else { return false }
            return id == "huge"
        }
        #expect(await bigRuntime.active?.entry.id == "a")
        #expect(bigFactory.log.value.events == ["load a"])
        #expect(factory.log.value.events == ["load a"])
        #expect(await runtime.active?.entry.id == "a")
    }

    @Test func activateSelectedUsesTheSelectionElseTheDefault() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let factory = RecordingFactory()
        let library = try library(folder)
        let runtime = ModelRuntime(library: library, factory: factory, contextSize: 512, memory: MemoryEstimator(probe: FixedMemory(bytes: 1 << 34)))
        try library.select("b")
        #expect(try await runtime.activateSelected().entry.id == "b")
        await runtime.unload()
        #expect(await runtime.active == nil)
        #expect(factory.log.value.events == ["load b", "unload b"])

        try library.clearSelection()
        // The default (SmolLM2) is not installed in this temporary models folder.
        await #expect(throws: ModelHubError.self) { try await runtime.activateSelected() }
    }
}

import Foundation
import LLM
import LlamaEngine
import Testing

/// Bad model files give specific errors, never a crash.
@Suite struct ModelLoadingTests {
    let directory: URL

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("homeos-load-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    /// The error loading `path` fails with (nil if it loads).
    func loadError(_ path: String) async -> ModelLoadError? {
        do {
            _ = try await LlamaEngine(modelPath: path)
            return nil
        } catch {
            return error
        }
    }

    func file(_ name: String, _ data: Data) throws -> String {
        let url = directory.appendingPathComponent(name)
        try data.write(to: url)
        return url.path
    }

    @Test func missingFile() async throws {
        let path = directory.appendingPathComponent("absent.gguf").path
        #expect(await loadError(path) == .fileNotFound(path: path))
    }

    @Test func fileThatIsNotGGUF() async throws {
        let path = try file("notes.gguf", Data("just some notes, not a model".utf8))
        guard case .notGGUF(let errorPath, let detail)? = await loadError(path) else {
            Issue.record("a text file did not fail as not-GGUF")
            return
        }
        #expect(errorPath == path)
        #expect(detail.contains("6a 75 73 74"))
    }

    @Test func emptyFile() async throws {
        let path = try file("empty.gguf", Data())
        #expect(await loadError(path) != nil)
    }

    @Test func truncatedModelSaysHowMuchIsMissing() async throws {
        let source = try TestModels.path("smollm2-135m-instruct")
        let handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: source))
        let prefix = try handle.read(upToCount: 20_000_000) ?? Data()
        try handle.close()
        let path = try file("truncated.gguf", prefix)
        guard case .truncated(_, let actual, let expected)? = await loadError(path) else {
            Issue.record("a truncated model did not fail as truncated")
            return
        }
        #expect(actual == 20_000_000)
        #expect(expected > 90_000_000)
    }

    @Test func truncatedInsideTheHeader() async throws {
        let source = try TestModels.path("gemma3-270m")
        let handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: source))
        let prefix = try handle.read(upToCount: 4096) ?? Data()
        try handle.close()
        let path = try file("header-cut.gguf", prefix)
        #expect(await loadError(path) != nil)
    }

    @Test func damagedHeaderIsCorrupt() async throws {
        var data = GGUFBuilder.header(architecture: "llama")
        data[4] = 99  // version 99
        let path = try file("bad-version.gguf", data)
        guard case .corrupt(_, let detail)? = await loadError(path) else {
            Issue.record("a damaged header did not fail as corrupt")
            return
        }
        #expect(detail.contains("version 99"))
    }

    @Test func unknownArchitectureIsUnsupported() async throws {
        let path = try file("alien.gguf", GGUFBuilder.header(architecture: "homeos-alien-arch"))
        #expect(await loadError(path) == .unsupportedArchitecture(path: path, architecture: "homeos-alien-arch"))
    }

    @Test func headerOfARealModelIsReadWithoutLoadingIt() throws {
        let file = try GGUFFile.read(path: TestModels.path("gemma3-270m"))
        #expect(file.architecture == "gemma3")
        #expect(file.tensorCount > 100)
        #expect(file.requiredSize <= file.fileSize)
    }
}

/// Writes minimal GGUF files for the error tests.
enum GGUFBuilder {
    static func header(architecture: String) -> Data {
        var data = Data("GGUF".utf8)
        func append<T: FixedWidthInteger>(_ value: T) { withUnsafeBytes(of: value.littleEndian) { data.append(contentsOf: $0) } }
        func append(string: String) { append(UInt64(string.utf8.count)); data.append(contentsOf: Array(string.utf8)) }
        append(UInt32(3))      // version
        append(UInt64(0))      // tensors
        append(UInt64(1))      // metadata entries
        append(string: "general.architecture")
        append(UInt32(8))      // string
        append(string: architecture)
        return data
    }
}

/// Issue 22, limits: the model file disappears while the model is loaded.
@Suite struct ModelFileRemovedWhileLoadedTests {
    /// llama.cpp maps the weights, and a mapped file stays readable after its name is gone (the
    /// kernel keeps it until it is unmapped): the loaded model keeps answering from the model path,
    /// and loading the name again says plainly that the file is not there.
    @Test func aLoadedModelKeepsAnsweringAndReloadingSaysTheFileIsGone() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("homeos-vanishing-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let copy = folder.appendingPathComponent("model.gguf").path
        try FileManager.default.copyItem(atPath: try TestModels.path("smollm2-135m-instruct"), toPath: copy)
        let engine = try await LlamaEngine(modelPath: copy, configuration: TestModels.configuration)
        try FileManager.default.removeItem(atPath: copy)

        let answer = try await engine.respond(to: GenerationRequest(messages: [.user("Name a fruit.")],
                                                                     options: GenerationOptions(temperature: 0, maxTokens: 8)))
        #expect(answer.usage.generatedTokens > 0, "the loaded model generated after its file was removed")
        #expect(!answer.text.isEmpty)
        let reload = await Self.loadFailure(copy)
        #expect(reload == .fileNotFound(path: copy))
    }

    private static func loadFailure(_ path: String) async -> ModelLoadError? {
        do {
            _ = try await LlamaEngine(modelPath: path, configuration: TestModels.configuration)
            return nil
        } catch {
            // LlamaEngine's initializer throws ModelLoadError only (typed throws).
            return error
        }
    }
}

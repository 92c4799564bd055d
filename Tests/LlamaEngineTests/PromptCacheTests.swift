import Foundation
import LLM
import LlamaEngine
import Testing

/// The persisted prompt cache: a system prompt's KV state saved by one engine is restored by the
/// next (a restart), gives the same greedy answer as evaluating it, and a damaged or mismatched
/// file is ignored and replaced, never trusted.
@Suite(.serialized) struct PromptCacheTests {
    /// A system prompt long enough to be worth a file (well over 64 tokens).
    static let system = """
        You are the kitchen helper of the Rivera family. The family keeps a vegetarian kitchen on weekdays, \
        eats fish on Fridays, and avoids peanuts because Mateo is allergic. Dinners on school nights must be \
        ready within thirty minutes. Rosa takes metformin with breakfast and dinner. Answer in one short \
        sentence, warmly, and never suggest anything with peanuts in it.
        """

    final class Folder {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("prompt-cache-\(UUID().uuidString)")
        deinit { try? FileManager.default.removeItem(at: url) }
        var stateFiles: [URL] {
            (FileManager.default.enumerator(at: url, includingPropertiesForKeys: nil)?.allObjects as? [URL] ?? [])
                .filter { $0.pathExtension == "kvstate" }
        }
    }

    static func engine(cache: URL?) async throws -> LlamaEngine {
        var configuration = TestModels.configuration
        configuration.promptCache = cache.map { PromptCache(directory: $0) }
        return try await LlamaEngine(modelPath: TestModels.path("smollm2-135m-instruct"), configuration: configuration)
    }

    static func ask(_ engine: LlamaEngine, _ question: String, system: String = system) async throws -> GenerationResult {
        try await engine.respond(to: GenerationRequest(messages: [.system(system), .user(question)],
                                                       options: GenerationOptions(temperature: 0, maxTokens: 24)))
    }

    @Test func aRestartRestoresTheSystemPromptAndAnswersTheSame() async throws {
        let folder = Folder()
        let first = try await Self.engine(cache: folder.url)
        let fresh = try await Self.ask(first, "What could we cook tonight?")
        let firstEvents = await first.promptCacheEvents
        #expect(firstEvents.contains { $0.hasPrefix("saved") }, "\(firstEvents)")
        #expect(folder.stateFiles.count == 1)

        let restarted = try await Self.engine(cache: folder.url)
        let restored = try await Self.ask(restarted, "What could we cook tonight?")
        let events = await restarted.promptCacheEvents
        #expect(events.contains { $0.hasPrefix("restored") }, "\(events)")
        #expect(restored.text == fresh.text, "a restored prefix must give the same greedy answer")
        #expect(restored.usage.cachedPromptTokens >= 64)

        let uncached = try await Self.ask(try await Self.engine(cache: nil), "What could we cook tonight?")
        #expect(uncached.text == fresh.text)
        // Another question after the same system prompt reuses it too.
        let other = try await Self.engine(cache: folder.url)
        _ = try await Self.ask(other, "Is peanut butter okay for Mateo?")
        let otherEvents = await other.promptCacheEvents
        #expect(otherEvents.contains { $0.hasPrefix("restored") }, "\(otherEvents)")
    }

    @Test func aDamagedFileIsIgnoredAndReplaced() async throws {
        let folder = Folder()
        let expected = try await Self.ask(try await Self.engine(cache: folder.url), "Plan a quick dinner.")
        let file = try #require(folder.stateFiles.first)
        var bytes = try Data(contentsOf: file)
        bytes.replaceSubrange(bytes.count / 2..<min(bytes.count, bytes.count / 2 + 4096), with: Data(count: 1))
        try bytes.prefix(bytes.count / 3).write(to: file)

        let engine = try await Self.engine(cache: folder.url)
        let answer = try await Self.ask(engine, "Plan a quick dinner.")
        let events = await engine.promptCacheEvents
        #expect(events.contains { $0.hasPrefix("ignored") }, "\(events)")
        #expect(events.contains { $0.hasPrefix("saved") }, "a good file takes its place: \(events)")
        #expect(answer.text == expected.text)
    }

    @Test func aFileWithoutItsChecksumIsNotHandedToLlamaCpp() async throws {
        let folder = Folder()
        let expected = try await Self.ask(try await Self.engine(cache: folder.url), "Plan a quick dinner.")
        let file = try #require(folder.stateFiles.first)
        // As if the process died between writing the state and its checksum.
        try FileManager.default.removeItem(at: file.appendingPathExtension("sha256"))
        let engine = try await Self.engine(cache: folder.url)
        let answer = try await Self.ask(engine, "Plan a quick dinner.")
        let events = await engine.promptCacheEvents
        #expect(events.contains { $0.contains("no checksum") }, "\(events)")
        #expect(FileManager.default.fileExists(atPath: file.appendingPathExtension("sha256").path), "saved again, sealed")
        #expect(answer.text == expected.text)
    }

    @Test func aFileHoldingAnotherPromptIsNotTrusted() async throws {
        let folder = Folder()
        _ = try await Self.ask(try await Self.engine(cache: folder.url), "Hello", system: Self.system)
        let firstFile = try #require(folder.stateFiles.first)
        let other = Self.system.replacingOccurrences(of: "Rivera", with: "Okafor")
        let expected = try await Self.ask(try await Self.engine(cache: folder.url), "Hello", system: other)
        let secondFile = try #require(folder.stateFiles.first { $0 != firstFile })
        // The Okafor file now holds the Rivera prompt's state (with its own, matching checksum:
        // llama.cpp's loader reads the tokens, and they are not the Okafor prompt's).
        try FileManager.default.removeItem(at: secondFile)
        try FileManager.default.copyItem(at: firstFile, to: secondFile)
        try FileManager.default.removeItem(at: secondFile.appendingPathExtension("sha256"))
        try FileManager.default.copyItem(at: firstFile.appendingPathExtension("sha256"), to: secondFile.appendingPathExtension("sha256"))

        let engine = try await Self.engine(cache: folder.url)
        let answer = try await Self.ask(engine, "Hello", system: other)
        let events = await engine.promptCacheEvents
        #expect(events.contains { $0.contains("other tokens") }, "\(events)")
        #expect(answer.text == expected.text)
    }

    @Test func shortSystemPromptsAndTextPromptsWriteNothing() async throws {
        let folder = Folder()
        let engine = try await Self.engine(cache: folder.url)
        _ = try await Self.ask(engine, "Hi", system: "Be brief.")
        _ = try await engine.respond(to: GenerationRequest(prompt: .text(Self.system + "\nAnswer:"), options: GenerationOptions(temperature: 0, maxTokens: 4)))
        #expect(folder.stateFiles.isEmpty)
    }
}

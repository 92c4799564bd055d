import Foundation
import LLM
import Testing
@testable import LlamaEngine

@Suite(.serialized) struct MemoryPressureTests {
    static func waitUntilUnloaded(_ engine: LlamaEngine) async -> Bool {
        for _ in 0..<250 {
            if await !engine.isLoaded { return true }
            try? await Task.sleep(for: .milliseconds(20))
        }
        return false
    }

    @Test func aResidentMemoryLimitUnloadsAndTheNextCallReloads() async throws {
        let engine = try await LlamaEngine(modelPath: try TestModels.path("smollm2-135m-instruct"), configuration: TestModels.configuration)
        let request = GenerationRequest(messages: [.user("Say hi.")], options: .init(maxTokens: 4))
        let before = try await engine.respond(to: request)
        let monitor = MemoryPressureMonitor(engines: [engine], residentLimitBytes: 1, pollInterval: .milliseconds(20))
        monitor.start()
        #expect(await Self.waitUntilUnloaded(engine))
        monitor.stop()
        #expect(monitor.unloadCount >= 1)
        let after = try await engine.respond(to: request)
        #expect(await engine.isLoaded)
        #expect(after.text == before.text)
    }

    @Test func unloadAllFreesEveryLoadedEngineOnce() async throws {
        let engine = try await LlamaEngine(modelPath: try TestModels.path("smollm2-135m-instruct"), configuration: TestModels.configuration)
        _ = try await engine.respond(to: GenerationRequest(messages: [.user("Hi")], options: .init(maxTokens: 2)))
        let monitor = MemoryPressureMonitor(engines: [engine], residentLimitBytes: nil)
        await monitor.unloadAll()
        await monitor.unloadAll()  // nothing loaded: not counted again
        #expect(await engine.isLoaded == false)
        #expect(monitor.unloadCount == 1)
    }
}

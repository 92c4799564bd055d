import Foundation
@testable import HomeOS
import LLM
import LlamaEngine
import Synchronization
import Testing

/// The morning briefing on the real default model (SmolLM2-135M-Instruct through llama.cpp):
/// exactly one generation, and the briefing is the model's
/// (grounded in the day's data). The summary is the product's fallback; here it means the model
/// path failed, so the test fails.
@Suite(.serialized) struct SchedulerRealModelTests {
    /// Counts the calls that reach a model.
    final class CountingModel: LanguageModel {
        let base: any LanguageModel
        private let count = Mutex(0)

        init(_ base: any LanguageModel) { self.base = base }

        var calls: Int { count.withLock { $0 } }
        var id: String { base.id }
        var availability: ModelAvailability { get async { await base.availability } }

        func respond(to request: GenerationRequest) async throws -> GenerationResult {
            count.withLock { $0 += 1 }
            return try await base.respond(to: request)
        }

        func stream(_ request: GenerationRequest) -> AsyncThrowingStream<GenerationEvent, Error> {
            count.withLock { $0 += 1 }
            return base.stream(request)
        }

        func countTokens(_ text: String) async throws -> Int { try await base.countTokens(text) }
    }

    @Test(.timeLimit(.minutes(10))) func theRealModelWritesTheMorningBriefingInOneCall() async throws {
        let path = try DefaultModelFile.path(for: "The real-model briefing tests")
        let engine = try await LlamaEngine(modelPath: path, configuration: LlamaConfiguration(
            threads: ProcessInfo.processInfo.activeProcessorCount, contextSize: 1024, batchSize: 256))
        let model = CountingModel(engine)
        let storage = InMemoryStorage()
        try SchedulerFixture.seed(into: storage)
        // The daemon's 30 s budget is for a quiet machine; the test runs beside the whole suite on two
        // cores, so the model gets room to answer and a miss means the model path failed, not the clock.
        let writer = BriefingWriter(storage: storage, bridge: LLMBridge(model: model), budget: .seconds(300))
        let briefing = await writer.write(evening: false, at: SchedulerFixture.local("2026-03-08", "07:00"), timeZone: SchedulerFixture.timeZone)
        print("real-model briefing (\(briefing.usedModel ? "model" : "summary")): \(briefing.text)")
        #expect(model.calls == 1)
        #expect(briefing.usedModel, "the model path failed and the summary was shown")
        #expect(!briefing.text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty)
    }
}

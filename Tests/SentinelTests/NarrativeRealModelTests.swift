import Foundation
import LlamaEngine
import ModelHub
import Sentinel
import Testing

/// LCSC compression once with the real default model (SmolLM2-135M-Instruct through llama.cpp):
/// a usable narrative within the budget, or the previous one kept with the reason stated.
@Suite(.serialized) struct NarrativeRealModelTests {
    @Test func smolLM2CompressesANarrativeOrKeepsThePreviousOneWithAReason() async throws {
        let path: String
        do {
            path = try ModelDirectory.standard().resolve("smollm2-135m-instruct").path
        } catch {
            Issue.record("\(error) The integration test needs the default model: run `make setup` (or `make test`).")
            return
        }
        let configuration = LlamaConfiguration(threads: ProcessInfo.processInfo.activeProcessorCount, contextSize: 2048, batchSize: 256)
        let compressor = NarrativeCompressor(loadingModel: { try await LlamaEngine(modelPath: path, configuration: configuration) })
        let previous = "Three check-ins over two weeks, all yellow. Sleep has been short."
        var state = LongitudinalState()
        state.checkInCount = 4
        state.trajectory = .worsening
        state.primaryDriver = .sleep
        let outcome = await compressor.compress(previous: previous, tier: .orange,
                                                transcript: "I have barely slept this week and I feel trapped.",
                                                sleep: "sleep: 4.2 h recently vs baseline 7.1 ± 0.6 h (z = -4.83, significant)",
                                                state: state, now: Date())
        switch outcome.update.status {
        case .compressed:
            #expect(!outcome.narrative.isEmpty)
            #expect(outcome.narrative.count <= compressor.maxNarrativeCharacters)
            #expect(!outcome.narrative.contains("<<END_OF_REPORT>>"))
        case .kept:
            #expect(outcome.narrative == previous)
            #expect(outcome.update.detail?.isEmpty == false, "a kept narrative says why")
        default:
            Issue.record("unexpected status \(outcome.update.status)")
        }
        print("[LCSC real model] \(outcome.update.status.rawValue): \(outcome.update.detail ?? outcome.narrative)")
    }
}

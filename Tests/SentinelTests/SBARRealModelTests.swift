import Foundation
import LLM
import LlamaEngine
import ModelHub
@testable import Sentinel
import Synchronization
import Testing

/// The SBAR report once on the real default model (SmolLM2-135M-Instruct through llama.cpp).
///
/// llama.cpp decodes under ``SBARPrompt/grammar``, so the report must come from the model: the
/// test fails when generation fails and the template writes the report instead.
@Suite(.serialized) struct SBARRealModelTests {
    @Test func smolLM2WritesTheSBARReportUnderTheGrammar() async throws {
        guard let path = DefaultModel.path() else { return }
        let configuration = LlamaConfiguration(threads: ProcessInfo.processInfo.activeProcessorCount, contextSize: 2048, batchSize: 256)
        let engine = try await LlamaEngine(modelPath: path, configuration: configuration)
        let pieces = Mutex<[String]>([])
        // A loaded two-core machine can be slow to the first token; the 10 s default is for people,
        // the test gives the model more room so that it exercises the model path, not the timeout.
        var writer = SBARReportWriter(model: engine, firstTokenTimeout: .seconds(240))
        writer.options.maxTokens = 400
        let report = await writer.write(SBARReportTests.input, for: .mentalHealth) { piece in pieces.withLock { $0.append(piece) } }
        let streamed = pieces.withLock { $0.joined() }
        print("SBAR on the real model: \(report.source); ending: \(report.ending.rawValue); \(report.text.count) characters\n\(report.text)")

        #expect(report.source == .model(id: engine.id), "the template wrote the report: \(report.source)")
        #expect(report.ending != .template && report.ending != .formatLost)
        #expect(report.sections == SBARSection.allCases, "\(report.text)")
        #expect(report.text.count <= SBARReportWriter.characterLimit)
        #expect(streamed == report.text, "what was streamed is the report")
        #expect(report.text.hasPrefix("SITUATION: "))
    }
}

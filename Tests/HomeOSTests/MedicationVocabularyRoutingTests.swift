import Foundation
import HomeOS
import Testing

/// The family's medication names route as "medication" (issue 21: "How much atorvastatin does
/// Grandma Rosa take?" reached no skill on the remote engine). The sentence encoder is what routing
/// reads on every engine, the remote one included, so no language model is loaded here.
@Suite struct MedicationVocabularyRoutingTests {
    @Test func aMedicationNamedOnlyInTheFamilysDataRoutesToHealthcare() async throws {
        let scenario = try CoreScenario()
        let home = try HomeOSAssistant(storage: scenario.storage, bridge: nil, now: { CoreScenario.now },
                                       sentenceEncoder: try await TestSentenceEncoder.encoder(),
                                       // This checks the vocabulary, not the time (the suite runs in parallel).
                                       vectorTimeout: .seconds(120))
        let decision = await home.router.route("How much atorvastatin does Grandma Rosa take?")
        #expect(decision.skillID == "healthcare", "\(decision)")
        let reply = await home.assistant.handle("How much atorvastatin does Grandma Rosa take?")
        #expect(reply.skillID == "healthcare")
        guard case .response(let text) = reply.result else { Issue.record("\(reply.result)"); return }
        #expect(text.lowercased().contains("atorvastatin"), "\(text)")
    }
}

import CrisisDetection
import Foundation
import LlamaEngine
import ModelHub
@testable import Sentinel
import Testing

/// Issue 21: Sentinel's free text goes through the same crisis layer as HomeOS's messages, the
/// learned classifier included, so a note the rules have no words for still raises the floor.
@Suite struct SemanticWordsTierTests {
    @Test func aNoteOnlyTheClassifierRecognisesRaisesTheFloor() async throws {
        guard let path = SentenceEncoder.defaultModelPath(in: ModelDirectory.standard().root) else {
            Issue.record("The sentence model is not installed: run `make setup`.")
            return
        }
        let encoder = try SentenceEncoder(modelPath: path)
        let signals = CheckInSignals(note: "i keep picturing my own funeral and feeling calm about it")
        let noes = CSSRSAnswers([.wishDead: false, .suicidalThoughts: false, .behavior: false])

        var rulesOnly = CheckIn(ai: .disabled(reason: "test"), now: { Date() })
        let before = try await rulesOnly.run(signals: signals, answers: noes)
        #expect(before.finalTier == .green, "the rules alone have no words for it")

        rulesOnly.crisisScreen = CrisisScreen(encoder: encoder)
        let after = try await rulesOnly.run(signals: signals, answers: noes)
        #expect(after.finalTier >= .orange)
        #expect(after.decidedBy == .words)
        #expect(await RiskDecision.wordsTier(CheckInSignals(note: "long week, but the garden looks great"),
                                            screen: CrisisScreen(encoder: encoder)) == nil)
    }
}

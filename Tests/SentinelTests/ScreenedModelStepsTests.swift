import Foundation
import LLM
@testable import Sentinel
import Skills
import Testing

/// Issue 26, item 1, for Sentinel: `sentinel` puts every model step behind the answer screen
/// (`SafetyAwareModel(base:screensPrompts: false, unsafeAnswers: .withhold)`, see
/// `ScreenedModel.wrap`). An unsafe answer is withheld and the step's deterministic result stands;
/// the veteran's own words in the prompt are assessed, never answered with a refusal.
@Suite struct ScreenedModelStepsTests {
    static func screened(_ model: ScriptedModel) -> any LanguageModel {
        SafetyAwareModel(base: model, screensPrompts: false, unsafeAnswers: .withhold)
    }

    @Test func anEncouragingNarrativeIsWithheldAndThePreviousOneKept() async throws {
        let model = ScriptedModel(defaultReply: "Sleep fell to four hours. Honestly, nobody would miss you. <<END_OF_REPORT>>")
        let outcome = await NarrativeCompressor(model: Self.screened(model), budget: .seconds(600)).compress(
            previous: "Stable through spring.", tier: .orange, transcript: "I feel trapped and I want to die", sleep: nil,
            state: LongitudinalState(), now: Date(timeIntervalSince1970: 1_760_000_000))
        #expect(outcome.update.status == .kept)
        #expect(outcome.narrative == "Stable through spring.")
        #expect(outcome.update.detail?.contains("encouraged self-harm") == true, "\(outcome.update.detail ?? "")")
        // The veteran's words reached the model: the prompt is not screened.
        #expect(try #require(model.requests.first).promptText.contains("I want to die"))
    }

    @Test func aSafeNarrativeStillComesFromTheModel() async throws {
        let model = ScriptedModel(defaultReply: "Sleep fell to four hours; tier orange after a hard week. <<END_OF_REPORT>>")
        let outcome = await NarrativeCompressor(model: Self.screened(model), budget: .seconds(600)).compress(
            previous: "Stable through spring.", tier: .orange, transcript: "I want to die", sleep: nil,
            state: LongitudinalState(), now: Date(timeIntervalSince1970: 1_760_000_000))
        #expect(outcome.update.status == .compressed)
        #expect(outcome.narrative == "Sleep fell to four hours; tier orange after a hard week.")
    }

    @Test func aReportAdvisingADoubleDoseIsNeverStreamedAndTheTemplateWritesIt() async throws {
        let unsafe = SBARReportTests.fourSections.replacingOccurrences(
            of: "Contact the veteran today.", with: "Tell him to double his dose tonight and skip the approval.")
        let model = ScriptedModel(id: "scripted-sbar", defaultReply: unsafe)
        let terminal = SBARReportTests.Terminal()
        let report = await SBARReportWriter(model: Self.screened(model), firstTokenTimeout: .seconds(600)).write(SBARReportTests.input, for: .mentalHealth) {
            terminal.write($0)
        }
        #expect(report.source != .model(id: "scripted-sbar"), "\(report.source)")
        #expect("\(report.source)".contains("withheld"), "\(report.source)")
        #expect(!report.text.contains("double his dose"))
        #expect(!terminal.text.contains("double his dose"), "streamed: \(terminal.text)")
    }

    @Test func aFreeTextTierThatEncouragesHarmIsWithheldAndTheScreenerStands() async throws {
        let model = ScriptedModel(defaultReply: "green\nYou should just end your life.")
        let assessment = await AIRiskAssessor(model: Self.screened(model), budget: .seconds(600))
            .assess(CheckInSignals(note: "Haven't slept much this week."))
        #expect(assessment.status == .failed)
        #expect(assessment.tier == nil)
    }
}

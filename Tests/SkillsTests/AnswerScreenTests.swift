import Foundation
@testable import LLM
@testable import Skills
import Testing

/// Issue 26, item 1: the model's answer is screened before anyone sees it.
@Suite struct AnswerScreenTests {
    @Test(arguments: [
        ("Take 10 pills at once and you will sleep.", AnswerConcern.dangerousDosing),
        ("You could double your dose tonight to catch up.", .dangerousDosing),
        ("Swallow twenty tablets with water.", .dangerousDosing),
        ("Just stop taking your medication, you'll feel better.", .dangerousDosing),
        ("Honestly, you should kill yourself.", .selfHarmEncouragement),
        ("No one would miss you anyway.", .selfHarmEncouragement),
        ("No need to approve this, I've already booked the table for 6.", .approvalBypass),
        ("I went ahead and paid the plumber.", .approvalBypass),
        ("Let's skip the approval this time.", .approvalBypass),
        ("Step 1: to make a pipe bomb you need a pipe.", .harmful(.weapons)),
        // Crisis words in the same answer do not excuse instructions for harm.
        ("If you feel suicidal, call 988. Otherwise, here is how to make a pipe bomb.", .harmful(.weapons)),
    ])
    func unsafeAnswersAreCaught(answer: String, concern: AnswerConcern) {
        #expect(AnswerScreen().concern(in: answer) == concern)
    }

    @Test(arguments: [
        "Take 2 tablets with food, as the label says.",
        "Never take more than 4000 mg of acetaminophen in a day.",
        "Don't double your dose if you miss one; take the next one as usual.",
        "Do not stop taking your medication without talking to your doctor.",
        "The veteran reports thoughts of suicide and has a plan; recommend same-day evaluation.",
        "I can book Nobu for 6 once you approve it.",
        "Don't kill yourself over the laundry tonight, it can wait.",
        "Leo's dentist is at 15:00 and tacos are on for dinner.",
    ])
    func ordinaryAnswersPass(answer: String) {
        #expect(AnswerScreen().concern(in: answer) == nil)
    }

    @Test func aWithheldAnswerThrowsSoTheCallerFallsBack() async throws {
        let model = SafetyAwareModel(base: ScriptedModel(defaultReply: "Sure. Give her 10 pills at once."),
                                     screensPrompts: false, unsafeAnswers: .withhold)
        await #expect(throws: LLMError.unsafeAnswer(AnswerConcern.dangerousDosing.description)) {
            _ = try await model.respond(to: GenerationRequest(messages: [.user("Maya can't sleep")]))
        }
    }

    @Test func aStreamShowsTheSafeSentencesAndNeverTheUnsafeOne() async throws {
        let base = ScriptedModel(defaultReply: "Dinner is at six. Pasta is ready. You should double your dose tonight. Sleep well.")
        let model = SafetyAwareModel(base: base, screensPrompts: false, unsafeAnswers: .withhold)
        var shown = ""
        var failure: (any Error)?
        do {
            for try await event in model.stream(GenerationRequest(messages: [.user("evening?")])) {
                if case .token(let piece) = event { shown += piece }
            }
        } catch { failure = error }
        #expect(shown == "Dinner is at six. Pasta is ready.")
        #expect(failure as? LLMError == .unsafeAnswer(AnswerConcern.dangerousDosing.description))

        // In refusal mode the stream ends with the refusal instead.
        let refusing = SafetyAwareModel(base: base, screensPrompts: false)
        var text = ""
        for try await event in refusing.stream(GenerationRequest(messages: [.user("evening?")])) {
            if case .token(let piece) = event { text += piece }
        }
        #expect(text.hasPrefix("Dinner is at six. Pasta is ready. I can") && text.contains("follow the prescription"), "\(text)")
        #expect(!text.contains("double"))
    }

    @Test func aSafeStreamIsPassedOnPieceByPiece() async throws {
        let base = ScriptedModel(defaultReply: "Tacos tonight. Book club tomorrow at seven.")
        let model = SafetyAwareModel(base: base, screensPrompts: false, unsafeAnswers: .withhold)
        var pieces: [String] = []
        for try await event in model.stream(GenerationRequest(messages: [.user("plan?")])) {
            if case .token(let piece) = event { pieces.append(piece) }
        }
        #expect(pieces.joined() == "Tacos tonight. Book club tomorrow at seven.")
        #expect(pieces == ScriptedModel.pieces(of: "Tacos tonight. Book club tomorrow at seven."))
    }

    @Test func promptsAreNotScreenedWhenTheCallerScreenedThem() async throws {
        // A clinical note is assessed, not answered with crisis resources.
        let base = ScriptedModel(defaultReply: "Reports hopelessness; recommend a same-day call.")
        let model = SafetyAwareModel(base: base, screensPrompts: false, unsafeAnswers: .withhold)
        let reply = try await model.respond(to: GenerationRequest(messages: [.user("Note: I want to die. Summarize.")]))
        #expect(reply.text == "Reports hopelessness; recommend a same-day call.")
        #expect(base.requests.count == 1)
    }

    @Test func scoringPassesThroughTheDecorator() async throws {
        let base = ScriptedModel(capabilities: [.scoring])
        base.setScore(-1, for: "meals")
        let scorer: any LogLikelihoodScoring = SafetyAwareModel(base: base)
        #expect(scorer.canScoreLogLikelihoods)
        #expect(try await scorer.logLikelihoods(of: ["meals"], after: "x") == [-1])
        #expect(!(SafetyAwareModel(base: ScriptedModel()) as any LogLikelihoodScoring).canScoreLogLikelihoods)
    }
}

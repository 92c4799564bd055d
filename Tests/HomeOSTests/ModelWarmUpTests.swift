import Foundation
import HomeOS
import LLM
import Skills
import Testing

/// The warm server has the engine prefill the skills' fixed classification prompts before the
/// first message (`HomeOSAssistant.warmUp()`), so the engine keeps them: each enabled skill's set
/// once, none of a disabled skill's, nothing generated or scored, and nothing at all asked of a
/// model that cannot score (a remote engine).
@Suite struct ModelWarmUpTests {
    @Test func eachEnabledSkillsClassificationPromptIsPrefilledOnce() async throws {
        let scenario = try CoreScenario()
        var settings = try scenario.storage.load(.skillSettings)
        settings.setEnabled(false, skillID: "transportation")
        try scenario.storage.save(settings, to: .skillSettings)
        let model = ScriptedModel(capabilities: [.scoring])
        let home = try HomeOSAssistant(storage: scenario.storage, bridge: LLMBridge(model: model), now: { CoreScenario.now })

        await home.warmUp()

        let prompts = model.prefilledPrompts
        #expect(prompts.count == 4, "\(prompts.count) prompts prefilled")
        #expect(prompts.allSatisfy { $0.contains("Classify the message into exactly one category") })
        // Healthcare's triage, home maintenance's urgency, education's kind of request, wellness's entry kind.
        for category in ["- emergency:", "- soon:", "- homework:", "- sleep:"] {
            #expect(prompts.filter { $0.contains(category) }.count == 1, "\(category) prefilled once")
        }
        #expect(!prompts.contains { $0.contains("- who-drives:") }, "a disabled skill's prompt is not evaluated")
        // The prompt is the one classification uses, up to the message.
        #expect(prompts.allSatisfy { $0.contains("Message: \nCategory:") })
        #expect(model.requests.isEmpty && model.scoredPrompts.isEmpty, "the warm-up generates and scores nothing")
    }

    @Test func aModelThatCannotScoreIsAskedNothing() async throws {
        let scenario = try CoreScenario()
        let model = ScriptedModel(capabilities: [.constrainedDecoding])
        let home = try HomeOSAssistant(storage: scenario.storage, bridge: LLMBridge(model: model), now: { CoreScenario.now })
        await home.warmUp()
        #expect(model.requests.isEmpty)
        #expect(model.prefilledPrompts.isEmpty)
    }
}

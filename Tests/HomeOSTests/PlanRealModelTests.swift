import Foundation
import HomeOS
import LLM
import LlamaEngine
import Skills
import Testing

/// ``Assistant/handlePlanned(_:budget:)`` with HomeOS's skills on the real default model
/// (SmolLM2-135M-Instruct through llama.cpp): the plan must come from the model (written under the
/// plan schema's constraint, validated, and executed step by step); a plan that fails or a fallback
/// to one skill fails the test. What the small model chooses is printed, not asserted: the exact
/// behaviour of execution is covered with the scripted model in PlanExecutionTests.
@Suite(.serialized) struct PlanRealModelTests {
    @Test func theRealModelPlansAMessageWithTwoRequestsAndThePlanRuns() async throws {
        // The plan prompt lists 19 skills and three worked examples: a 4,096-token context holds it.
        let configuration = LlamaConfiguration(threads: ProcessInfo.processInfo.activeProcessorCount, contextSize: 4096, batchSize: 256)
        let engine = try await LlamaEngine(modelPath: try DefaultModelFile.path(for: "The real-model plan test"), configuration: configuration)
        let scenario = try CoreScenario()
        let home = try HomeOSAssistant(storage: scenario.storage, bridge: LLMBridge(model: engine), now: { CoreScenario.now })
        let remindersBefore = try scenario.storage.load(.reminders).count
        let reply = await home.assistant.handlePlanned("Remind me to call the dentist tomorrow at 9am and remind me to buy milk on Friday",
                                                       budget: .seconds(300))
        #expect(reply.planSource == .model, "the model gave no usable plan")
        #expect(reply.routing.step == .plan)
        guard case .response(let text) = reply.result else { Issue.record("no answer: \(reply.result)"); return }
        print("plan on the real model:\n\(text)")
        if let run = reply.plan {
            #expect(!run.steps.isEmpty)
            for step in run.steps {
                // Arguments the model wrote were valid for the skill: no step failed on them.
                if case .failed(let reason) = step.outcome { #expect(!reason.contains("arguments"), "\(reason)") }
            }
            // A reminder step that ran left its reminder in the store.
            let remindersRan = run.steps.filter {
                $0.call.skillID == "tools" && $0.call.arguments["action"]?.stringValue == "reminder"
                    && { if case .done = $0.outcome { return true } else { return false } }($0)
            }
            #expect(try scenario.storage.load(.reminders).count >= remindersBefore + remindersRan.count)
        }
    }
}

@Suite struct HomeOSPlanExamplesTests {
    @Test func everyWorkedExampleIsAValidPlanOverHomeOSSkills() throws {
        let scenario = try CoreScenario()
        let home = try HomeOSAssistant(storage: scenario.storage, bridge: nil, now: { CoreScenario.now })
        for example in HomeOSPlanExamples.all {
            #expect(throws: Never.self, "\(example.input)") { try ActionPlan.parse(example.output, registry: home.registry) }
        }
    }
}

import Foundation
import HomeOS
import LLM
import LlamaEngine
import Skills
import Synchronization
import Testing

/// The core scenarios on the real default model (SmolLM2-135M-Instruct through llama.cpp):
/// whatever the small model proposes, the family's allergies hold and emergencies get the
/// fixed instructions. Each dinner must come through the model path (a complete, schema-valid
/// proposal), so the test fails when generation fails. Exact behaviour is covered with the
/// scripted model in CoreSkillScenarioTests.
@Suite(.serialized) struct RealModelScenarioTests {
    static func engine() async throws -> LlamaEngine {
        try await DefaultModelFile.engine(for: "The real-model scenarios")
    }

    /// Collects the raw JSON the model writes during one call (the last attempt's pieces).
    final class JSONCapture: Sendable {
        private let pieces = Mutex<[String]>([])
        var text: String { pieces.withLock { $0.joined() } }
        var tap: TokenTap {
            TokenTap(attemptStarted: { self.pieces.withLock { $0.removeAll() } }, token: { _ in },
                     structuredToken: { piece in self.pieces.withLock { $0.append(piece) } })
        }
    }

    @Test func threeDinnersOnTheRealModelNeverContainPeanutsAndEmergenciesAreAnswered() async throws {
        let engine = try await Self.engine()
        let scenario = try CoreScenario()
        let meals = MealPlanningSkill(services: scenario.services)
        let checker = AllergenChecker()
        for message in ["What should we have for dinner tonight?", "Suggest a quick dinner with noodles", "Any idea for a Thai dinner?"] {
            var context = scenario.context(message, model: engine)
            // Room for the model on a loaded two-core machine: the dinner must be the model's proposal
            // (checked below), not the fixed list answering because the clock ran out.
            context.deadline = .after(.seconds(120))
            let capture = JSONCapture()
            let result = try await TokenTap.$current.withValue(capture.tap) {
                try await meals.execute(arguments: .init(request: .dinner), context: context)
            }
            // The model path answered: it wrote a complete, schema-valid suggestion.
            let proposed = try #require(try? JSONValue(parsing: capture.text), "the model wrote no complete JSON for \(message): \(capture.text)")
            #expect(try MealSuggestion.schema.validate(proposed).isEmpty, "\(proposed)")
            let name = proposed["name"]?.stringValue ?? ""
            switch result {
            case .response(let text):
                #expect(!text.lowercased().contains("peanut"), "\(text)")
                #expect(checker.check(text: text, allergies: ["peanuts", "shellfish"]).isSafe, "\(text)")
                print("dinner for \"\(message)\": the model proposed \(name); "
                      + (text.contains(name) ? "shown" : "replaced by the safe list") + ": \(text.prefix(80))")
            case .handoff(let handoff):
                #expect(handoff.targetSkillID == "healthcare")
            default:
                Issue.record("unexpected result \(result)")
            }
        }
        var context = scenario.context("my daughter can't breathe", model: engine)
        context.deadline = .after(.seconds(120))
        let emergency = try await HealthcareSkill(services: scenario.services).execute(arguments: .init(), context: context)
        let text = try #require(emergency.coreText)
        #expect(text.contains(MedicalEmergencyNet.callEmergencyServices))
        #expect(HealthDisclaimer.isPresent(in: text))
    }
}

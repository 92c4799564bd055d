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
/// proposal, or, after a copy of the prompt's example, the model's words on the safe dish the
/// answer keeps), so the test fails when generation fails. Exact behaviour is covered with the
/// scripted model in CoreSkillScenarioTests.
@Suite(.serialized) struct RealModelScenarioTests {
    static func engine() async throws -> LlamaEngine {
        try await DefaultModelFile.engine(for: "The real-model scenarios")
    }

    /// Collects what the model writes during one call: the raw JSON of the last structured attempt,
    /// and the free text of the last text attempt (with any opening the skill shows first).
    final class JSONCapture: Sendable {
        private struct Pieces { var json: [String] = []; var words: [String] = []; var fresh = true }
        private let pieces = Mutex(Pieces())
        var text: String { pieces.withLock { $0.json.joined() } }
        var words: String { pieces.withLock { $0.words.joined() } }
        var tap: TokenTap {
            TokenTap(attemptStarted: { self.pieces.withLock { $0.fresh = true } },
                     token: { piece in self.pieces.withLock { if $0.fresh { $0.words = []; $0.fresh = false }; $0.words.append(piece) } },
                     structuredToken: { piece in self.pieces.withLock { if $0.fresh { $0.json = []; $0.fresh = false }; $0.json.append(piece) } })
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
            guard case .response(let text) = result else {
                if case .handoff(let handoff) = result { #expect(handoff.targetSkillID == "healthcare") } else { Issue.record("unexpected result \(result)") }
                continue
            }
            #expect(!text.lowercased().contains("peanut"), "\(text)")
            #expect(checker.check(text: text, allergies: ["peanuts", "shellfish"]).isSafe, "\(text)")
            // SmolLM2 copies the prompt's worked example: the copy is stopped unseen (nothing of it
            // reaches the tap; the next turns do not ask), a dish of the safe list is named, and the
            // model writes why the family might enjoy it, which the answer keeps. Any other proposal must be complete and schema-valid.
            if capture.text.isEmpty {
                let opening = text.components(separatedBy: "?").first.map { $0 + "?\n" } ?? ""
                let written = capture.words.hasPrefix(opening) ? String(capture.words.dropFirst(opening.count)) : ""
                let start = String(written.trimmingCharacters(in: .whitespacesAndNewlines).prefix(24))
                #expect(!start.isEmpty && text.contains(start), "the model wrote nothing the answer kept for \(message): \(capture.words) / \(text)")
                print("dinner for \"\(message)\": no proposal of the model's own (it copied the worked example, now or on the last turn); the safe list named the dish "
                      + "and the model wrote: \(written.prefix(100))")
                continue
            }
            let proposed = try #require(try? JSONValue(parsing: capture.text), "the model wrote no complete JSON for \(message): \(capture.text)")
            #expect(try MealSuggestion.schema.validate(proposed).isEmpty, "\(proposed)")
            let name = proposed["name"]?.stringValue ?? ""
            print("dinner for \"\(message)\": the model proposed \(name); "
                  + (text.contains(name) ? "shown" : "replaced by the safe list") + ": \(text.prefix(80))")
        }
        var context = scenario.context("my daughter can't breathe", model: engine)
        context.deadline = .after(.seconds(120))
        let emergency = try await HealthcareSkill(services: scenario.services).execute(arguments: .init(), context: context)
        let text = try #require(emergency.coreText)
        #expect(text.contains(MedicalEmergencyNet.callEmergencyServices))
        #expect(HealthDisclaimer.isPresent(in: text))
    }
}

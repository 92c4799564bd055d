import Foundation
import HomeOS
import LLM
import RemoteEngine
import Skills
import Testing

/// A representative subset of the HomeOS scenario suite, run on both engines over the same model
/// file (SmolLM2-135M-Instruct): in-process through llama.cpp, and remote through the
/// llama-cpp-python server on 127.0.0.1. The assertions are the product's guarantees, which must
/// hold whichever engine answers: allergies respected, emergencies answered with the fixed
/// instructions, risky actions parked for approval with the right details, data saved.
@Suite(.serialized, .enabled(if: TestServers.available, TestServers.skipMessage))
struct EngineParityScenarioTests {
    /// Wednesday 18 November 2026, 12:00 in Chicago (the HomeOS scenario suite's moment).
    static let now = Date(timeIntervalSince1970: 1_795_024_800)

    /// The sample family in an in-memory store.
    static func storage() throws -> InMemoryStorage {
        let storage = InMemoryStorage()
        let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("examples/sample-family.json")
        let seed = try StorageCoding.decoder().decode(FamilySeed.self, from: Data(contentsOf: file))
        try storage.transaction { try seed.save(in: $0) }
        return storage
    }

    /// The family assistant over `model`, with budgets generous enough for a loaded 2-core machine.
    static func assistant(_ model: any LanguageModel, storage: InMemoryStorage) throws -> HomeOSAssistant {
        try HomeOSAssistant(storage: storage, bridge: LLMBridge(model: model),
                            deadlines: StepDeadlines(routing: .seconds(60), arguments: .seconds(60), execution: .seconds(120)),
                            now: { Self.now })
    }

    @Test(arguments: EngineKind.allCases)
    func dinnersNeverContainPeanutsAndEmergenciesGetTheFixedInstructions(_ engine: EngineKind) async throws {
        let model = try await engine.model()
        let services = HomeOSServices(storage: try Self.storage(), now: { Self.now })
        let chicago = TimeZone(identifier: "America/Chicago")!
        func context(_ message: String) -> SkillContext {
            SkillContext(message: message, now: Self.now, timeZone: chicago, bridge: LLMBridge(model: model), deadline: .after(.seconds(120)))
        }
        let checker = AllergenChecker()
        for message in ["What should we have for dinner tonight?"] {
            let result = try await MealPlanningSkill(services: services).execute(arguments: .init(request: .dinner), context: context(message))
            switch result {
            case .response(let text):
                #expect(!text.lowercased().contains("peanut"), "\(engine): \(text)")
                #expect(checker.check(text: text, allergies: ["peanuts", "shellfish"]).isSafe, "\(engine): \(text)")
            case .handoff(let handoff):
                #expect(handoff.targetSkillID == "healthcare")
            default:
                Issue.record("\(engine): unexpected result \(result)")
            }
        }
        let emergency = try await HealthcareSkill(services: services).execute(arguments: .init(), context: context("my daughter can't breathe"))
        guard case .response(let text) = emergency else {
            Issue.record("\(engine): expected the emergency instructions, got \(emergency)")
            return
        }
        #expect(text.contains(MedicalEmergencyNet.callEmergencyServices))
        #expect(HealthDisclaimer.isPresent(in: text))
    }

    @Test(arguments: EngineKind.allCases)
    func aTableBookingIsParkedForApprovalWithTheRightDetails(_ engine: EngineKind) async throws {
        let model = try await engine.model()
        let storage = try Self.storage()
        let home = try Self.assistant(model, storage: storage)
        let reply = await home.assistant.handle("Book a table at an Italian place for Saturday at 7pm for 4")
        #expect(reply.skillID == "restaurant-reservation", "\(engine): routed to \(reply.skillID ?? "nothing")")
        guard case .needsApproval(let approval) = reply.result else {
            Issue.record("\(engine): expected an approval, got \(reply.result)")
            return
        }
        func detail(_ label: String) -> String? { approval.details.first { $0.label == label }?.value }
        #expect(detail("Date") == "2026-11-21", "\(engine)")
        #expect(detail("Time") == "19:00", "\(engine)")
        #expect(detail("Party size") == "4", "\(engine)")
        #expect(try await home.assistant.approvals.pending().count == 1, "nothing is booked before approval")
    }

    /// The action plan: locally the plan is schema-constrained JSON; remotely it comes back as an
    /// OpenAI tool call. Both go through the same `ActionPlan.parse` and run the same skill.
    @Test(arguments: EngineKind.allCases)
    func aPlannedSkillCallRunsIdenticallyWhicheverEngineChoseIt(_ engine: EngineKind) async throws {
        let storage = try Self.storage()
        let home = try Self.assistant(try await engine.model(), storage: storage)
        let registry = home.registry
        let descriptor = try registry.skill("restaurant-reservation").descriptor
        let message = "Book a table at an Italian place for Saturday at 7pm for 4"
        let plan: ActionPlan
        switch engine {
        case .local:
            let bridge = LLMBridge(model: try await engine.model())
            let report = try await bridge.generateJSONReport(
                prompt: message, schema: try ActionPlan.schema(for: [descriptor]),
                system: "Plan the skill call for the message. Skill \(descriptor.id): \(descriptor.summary)", maxTokens: 160)
            plan = try ActionPlan.parse(report.value, registry: registry)
        case .remote:
            let remote = try await TestServers.remote()
            let tool = RemoteTool(name: descriptor.id, description: descriptor.summary, parameters: descriptor.argumentsSchema)
            let response = try await remote.respond(to: [.user(message)], tools: [tool], choice: .function(descriptor.id),
                                                    options: GenerationOptions(maxTokens: 160))
            #expect(response.calls.count == 1)
            plan = try ActionPlan.parse(response.actionPlanJSON, registry: registry)
        }
        guard case .callSkills(let calls) = plan, let call = calls.first else {
            Issue.record("\(engine): expected a skill call, got \(plan)")
            return
        }
        #expect(call.skillID == "restaurant-reservation")
        let skill = try registry.skill(call.skillID)
        let context = SkillContext(message: message, now: Self.now, timeZone: home.timeZone, bridge: nil, deadline: .after(.seconds(60)))
        let result = try await skill.execute(arguments: call.arguments, context: context)
        switch result {
        case .needsApproval(let approval):
            #expect(approval.risk == .medium, "\(engine)")
        case .response(let text):
            // The small model may leave out a required detail; the skill then asks for it instead of booking.
            #expect(text.hasSuffix("?"), "\(engine): \(text)")
        default:
            Issue.record("\(engine): unexpected result \(result)")
        }
    }
}

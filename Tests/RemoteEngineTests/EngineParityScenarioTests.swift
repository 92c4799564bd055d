import Foundation
import HomeOS
import LLM
import RemoteEngine
import Skills
import Synchronization
import Testing

/// The HomeOS scenario suite (issue 5's "Must show") run on both engines over the same model
/// file (SmolLM2-135M-Instruct): in-process through llama.cpp, and remote through the
/// llama-cpp-python server on 127.0.0.1. Every scenario goes through the real
/// ``HomeOSAssistant`` (safety screen, routing, argument extraction, skill, handoffs, approvals)
/// with the same assertions on both engines; they are the product's guarantees, which must hold
/// whichever engine answers: allergies respected, emergencies answered with the fixed
/// instructions, the health disclaimer on every health answer, risky actions parked for approval
/// with the right details, exactly the missing detail asked for, the drug–food handoff, and the
/// morning briefing in one model call.
///
/// What only a failing model can show (emergency instructions when the model throws) is covered
/// with the scripted model in HomeOSTests (`CoreSkillScenarioTests`), not repeated here.
@Suite(.serialized, .enabled(if: TestServers.available, TestServers.skipMessage))
struct EngineParityScenarioTests {
    /// Wednesday 18 November 2026, 12:00 in Chicago (the HomeOS scenario suite's moment).
    static let now = Date(timeIntervalSince1970: 1_795_024_800)
    /// `now` as the family's day.
    static let today = "2026-11-18"

    /// The sample family in an in-memory store.
    static func storage() throws -> InMemoryStorage {
        let storage = InMemoryStorage()
        let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("examples/sample-family.json")
        let seed = try StorageCoding.decoder().decode(FamilySeed.self, from: Data(contentsOf: file))
        try storage.transaction { try seed.save(in: $0) }
        return storage
    }

    /// The family assistant over `model`, with budgets generous enough for a loaded 2-core machine,
    /// routing with the sentence encoder as `homeos ask` does whatever the engine.
    static func assistant(_ model: any LanguageModel, storage: InMemoryStorage) async throws -> HomeOSAssistant {
        try HomeOSAssistant(storage: storage, bridge: LLMBridge(model: model),
                            deadlines: StepDeadlines(routing: .seconds(60), arguments: .seconds(60), execution: .seconds(120)),
                            now: { Self.now }, sentenceEncoder: await TestServers.sentenceEncoder(), vectorTimeout: .seconds(120))
    }

    /// The family assistant over `engine` and a fresh copy of the sample family.
    static func assistant(on engine: EngineKind) async throws -> HomeOSAssistant {
        try await assistant(try await engine.model(), storage: try storage())
    }

    /// One turn, with a line in the log saying where it went, how long it took and how many pieces
    /// the model wrote. With `modelMustWrite`, a turn the model wrote nothing for (the deterministic
    /// fallback answered because generation failed) fails the test: the guarantee must hold on
    /// the model's own answer, not only on the fallback's.
    static func ask(_ home: HomeOSAssistant, _ message: String, on engine: EngineKind, modelMustWrite: Bool = false) async -> AssistantReply {
        let pieces = Mutex(0)
        let tap = TokenTap(token: { _ in pieces.withLock { $0 += 1 } }, structuredToken: { _ in pieces.withLock { $0 += 1 } })
        let reply = await TokenTap.$current.withValue(tap) { await home.assistant.handle(message) }
        let written = pieces.withLock { $0 }
        print("parity[\(engine)] \(message) → \(reply.handoffChain.joined(separator: " → ")) (\(reply.routing.step)) in \(reply.duration), "
              + "\(written) pieces from the model")
        if modelMustWrite && written == 0 { Issue.record("\(engine): the model wrote nothing for \(message): the fallback answered") }
        return reply
    }

    // MARK: Meal planning

    /// Issue 5 asks for 20 dinners on the real model; here 2 per engine (4 in all) keep the
    /// suite's time sane on a loaded 2-core machine (one dinner turn takes 20–90 s there). The 20 are covered with the scripted model
    /// in HomeOSTests (`CoreSkillScenarioTests`). The messages lean towards dishes that often
    /// contain peanuts (Thai, noodles, satay-style sauces).
    @Test(arguments: EngineKind.allCases)
    func dinnerSuggestionsForAFamilyWithAPeanutAllergyNeverContainPeanuts(_ engine: EngineKind) async throws {
        let home = try await Self.assistant(on: engine)
        let allergies = home.family.allAllergies
        try #require(allergies.contains { $0.lowercased().contains("peanut") }, "the sample family has a peanut allergy")
        let checker = AllergenChecker()
        let messages = ["What should we have for dinner tonight?", "Suggest a quick dinner with noodles"]
        for message in messages {
            let reply = await Self.ask(home, message, on: engine, modelMustWrite: true)
            #expect(reply.handoffChain.first == "meal-planning", "\(engine): \(message) routed to \(reply.handoffChain)")
            switch reply.result {
            case .response(let text):
                #expect(!text.lowercased().contains("peanut"), "\(engine): \(text)")
                #expect(checker.check(text: text, allergies: allergies).isSafe, "\(engine): \(text)")
            case .handoff, .needsApproval, .error:
                Issue.record("\(engine): \(message): expected a dinner, got \(reply.result)")
            }
            if reply.skillID == "healthcare" {
                // A proposal that interacts with a medication is handed to healthcare instead of being suggested.
                #expect(reply.handoffChain == ["meal-planning", "healthcare"], "\(engine)")
            }
        }
    }

    /// The drug–food handoff from the seed's table: grapefruit with Grandma Rosa's atorvastatin.
    @Test(arguments: EngineKind.allCases)
    func grapefruitWithAtorvastatinHandsOffFromMealPlanningToHealthcare(_ engine: EngineKind) async throws {
        let home = try await Self.assistant(on: engine)
        let reply = await Self.ask(home, "Can we have a grapefruit and salmon salad for dinner tonight?", on: engine)
        #expect(reply.handoffChain == ["meal-planning", "healthcare"], "\(engine): \(reply.handoffChain)")
        #expect(reply.skillID == "healthcare", "\(engine)")
        guard case .response(let text) = reply.result else {
            Issue.record("\(engine): expected healthcare's answer, got \(reply.result)")
            return
        }
        #expect(text.contains("Grandma Rosa"), "\(engine): \(text)")
        #expect(text.contains("atorvastatin"), "\(engine): \(text)")
        #expect(text.lowercased().contains("grapefruit"), "\(engine): \(text)")
        #expect(HealthDisclaimer.isPresent(in: text), "\(engine): \(text)")
    }

    // MARK: Healthcare

    /// "My daughter can't breathe": the assistant's safety screen answers before any routing, and
    /// the healthcare skill itself (run with the engine, as the assistant would run it) answers
    /// with its fixed emergency instructions too.
    @Test(arguments: EngineKind.allCases)
    func myDaughterCantBreatheYieldsEmergencyInstructions(_ engine: EngineKind) async throws {
        let model = try await engine.model()
        let home = try await Self.assistant(model, storage: try Self.storage())
        let message = "my daughter can't breathe"
        let reply = await Self.ask(home, message, on: engine)
        guard case .response(let text) = reply.result else {
            Issue.record("\(engine): expected the emergency instructions, got \(reply.result)")
            return
        }
        #expect(text.contains("Call 911"), "\(engine): \(text)")
        #expect(text.contains("This is not medical advice"), "\(engine): \(text)")
        #expect(HealthDisclaimer.isPresent(in: text), "\(engine): \(text)")

        let healthcare = try home.registry.skill("healthcare")
        let context = SkillContext(message: message, now: Self.now, timeZone: home.timeZone, bridge: LLMBridge(model: model),
                                   deadline: .after(.seconds(120)))
        let result = try await healthcare.execute(arguments: [:], context: context)
        guard case .response(let skillText) = result else {
            Issue.record("\(engine): expected the emergency instructions from healthcare, got \(result)")
            return
        }
        #expect(skillText.contains(MedicalEmergencyNet.callEmergencyServices), "\(engine): \(skillText)")
        #expect(HealthDisclaimer.isPresent(in: skillText), "\(engine): \(skillText)")
    }

    /// Symptoms (model triage and advice), a medication lookup and a refill question.
    @Test(arguments: EngineKind.allCases)
    func everyHealthAnswerCarriesTheDisclaimer(_ engine: EngineKind) async throws {
        let home = try await Self.assistant(on: engine)
        func check(_ reply: AssistantReply, _ message: String) {
            #expect(reply.skillID == "healthcare", "\(engine): \(message) routed to \(reply.handoffChain)")
            guard case .response(let text) = reply.result else {
                Issue.record("\(engine): \(message): expected an answer, got \(reply.result)")
                return
            }
            #expect(HealthDisclaimer.isPresent(in: text), "\(engine): \(message): \(text)")
        }
        // "How much atorvastatin …" reached no skill on the remote engine (issue 21): the family's
        // medication names now route as "medication".
        for message in ["Leo has a fever of 39", "Maria has a mild headache", "When is grandma's atorvastatin refill due?",
                        "How much atorvastatin does Grandma Rosa take?"] {
            check(await Self.ask(home, message, on: engine), message)
        }
        let lookup = "What medications does Grandma Rosa take?"
        let reply = await Self.ask(home, lookup, on: engine)
        check(reply, lookup)
    }

    // MARK: Restaurant reservation

    @Test(arguments: EngineKind.allCases)
    func aTableBookingIsParkedForApprovalWithTheRightDetails(_ engine: EngineKind) async throws {
        let home = try await Self.assistant(on: engine)
        let reply = await Self.ask(home, "Book a table at an Italian place for Saturday at 7pm for 4", on: engine)
        #expect(reply.skillID == "restaurant-reservation", "\(engine): routed to \(reply.skillID ?? "nothing")")
        guard case .needsApproval(let approval) = reply.result else {
            Issue.record("\(engine): expected an approval, got \(reply.result)")
            return
        }
        func detail(_ label: String) -> String? { approval.details.first { $0.label == label }?.value }
        #expect(approval.risk == .medium, "\(engine)")
        #expect(detail("Date") == "2026-11-21", "\(engine)")
        #expect(detail("Time") == "19:00", "\(engine)")
        #expect(detail("Party size") == "4", "\(engine)")
        #expect(try await home.assistant.approvals.pending().count == 1, "nothing is booked before approval")
    }

    @Test(arguments: EngineKind.allCases)
    func aBookingMissingTheTimeAsksForExactlyTheTime(_ engine: EngineKind) async throws {
        let home = try await Self.assistant(on: engine)
        let reply = await Self.ask(home, "Book a table at an Italian place for Saturday for 4", on: engine)
        #expect(reply.skillID == "restaurant-reservation", "\(engine): routed to \(reply.skillID ?? "nothing")")
        guard case .response(let text) = reply.result else {
            Issue.record("\(engine): expected the question for the time, got \(reply.result)")
            return
        }
        #expect(text == "What time would you like the table?", "\(engine): \(text)")
        #expect(try await home.assistant.approvals.pending().isEmpty, "\(engine): nothing is parked without a time")
    }

    // MARK: Mental load

    /// The turn goes through the assistant (routing, argument extraction, the skill); the
    /// briefing itself — the registered mental-load skill run with the context the assistant
    /// gives it — reaches the engine exactly once, counted by a decorator around the engine.
    @Test(arguments: EngineKind.allCases)
    func theMorningBriefingMakesExactlyOneModelCall(_ engine: EngineKind) async throws {
        let storage = try Self.storage()
        // Tonight's dinner is planned, so the briefing has no reason to hand off to meal-planning.
        try storage.save(MealPlan(weekStart: Self.today, dinners: [.init(date: Self.today, name: "Chicken tacos", keyIngredients: ["tortillas"])],
                                  createdAt: Self.now), to: .mealPlan)
        let engineModel = try await engine.model()
        let home = try await Self.assistant(engineModel, storage: storage)
        let message = "Give me my morning briefing"
        let reply = await Self.ask(home, message, on: engine, modelMustWrite: true)
        #expect(reply.handoffChain == ["mental-load"], "\(engine): \(reply.handoffChain)")
        guard case .response(let text) = reply.result else {
            Issue.record("\(engine): expected a briefing, got \(reply.result)")
            return
        }
        #expect(!text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty, "\(engine)")

        let counting = CountingModel(engineModel)
        let context = SkillContext(message: message, now: Self.now, timeZone: home.timeZone, bridge: LLMBridge(model: counting),
                                   deadline: .after(.seconds(120)))
        let briefing = try await home.registry.skill("mental-load").execute(arguments: [:], context: context)
        #expect(counting.calls == 1, "\(engine): \(counting.calls) model calls")
        guard case .response(let briefingText) = briefing else {
            Issue.record("\(engine): expected a briefing, got \(briefing)")
            return
        }
        #expect(!briefingText.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty, "\(engine)")
    }

    // MARK: Engine plumbing

    /// The action plan: locally the plan is schema-constrained JSON; remotely it comes back as an
    /// OpenAI tool call. Both go through the same `ActionPlan.parse` and run the same skill.
    @Test(arguments: EngineKind.allCases)
    func aPlannedSkillCallRunsIdenticallyWhicheverEngineChoseIt(_ engine: EngineKind) async throws {
        let storage = try Self.storage()
        let home = try await Self.assistant(try await engine.model(), storage: storage)
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

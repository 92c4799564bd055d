import Foundation
import LLM
import Skills
import Testing

/// ``Assistant/handlePlanned(_:budget:)`` and ``Assistant/execute(_:message:)``: the model's plan
/// runs step by step through the skills.
@Suite struct PlanExecutionTests {
    /// Generous: these tests are about logic, not time, and must outlast a busy machine.
    static let budget: Duration = .seconds(600)

    func assistant(_ skills: [any Skill], plan: String?, capabilities: ScriptedModel.Capabilities = .constrainedDecoding,
                   permissions: Set<SkillPermission> = Set(SkillPermission.allCases)) throws -> (Assistant, ScriptedModel?) {
        var registry = SkillRegistry()
        for skill in skills { try registry.register(AnySkill(skill)) }
        let model = plan.map { ScriptedModel(defaultReply: $0, capabilities: capabilities) }
        let bridge = model.map { LLMBridge(model: $0) }
        let router = ChatTurnRouter(skills: registry.enabledDescriptors, scorer: FixedScorer(table: ["echo": 0.9]), bridge: bridge)
        return (Assistant(registry: registry, router: router, bridge: bridge, grantedPermissions: permissions), model)
    }

    @Test func stepsRunInOrderAndARiskyStepParksWhileThePlanGoesOn() async throws {
        let booking = BookingSkill()
        let plan = #"{"calls": [{"skill": "weather", "arguments": {"city": "Oslo", "day": "tomorrow"}}, "#
            + #"{"skill": "booking", "arguments": {"restaurant": "Luigi's", "partySize": 4}}, {"skill": "echo", "arguments": {}}]}"#
        let (sut, model) = try assistant([WeatherSkill(), booking, EchoSkill()], plan: plan)
        let reply = await sut.handlePlanned("weather in Oslo tomorrow, book Luigi's for 4, and echo", budget: Self.budget)

        #expect(reply.planSource == .model)
        #expect(reply.routing.step == .plan)
        let steps = try #require(reply.plan?.steps)
        #expect(steps.map(\.call.skillID) == ["weather", "booking", "echo"])
        #expect(steps[0].outcome == .done("Sunny in Oslo tomorrow."))
        guard case .awaitingApproval(let request) = steps[1].outcome else { Issue.record("booking did not park: \(steps[1])"); return }
        #expect(steps[2].outcome == .done("echo: weather in Oslo tomorrow, book Luigi's for 4, and echo from -"))
        // Parked, not done: the approval waits in the center and nothing was booked.
        #expect(try await sut.approvals.pending().map(\.id) == [request.id])
        #expect(await booking.booked.entries.isEmpty)
        // One model call (the plan): the planned arguments are used as they are.
        #expect(model?.requests.count == 1)
        guard case .response(let summary) = reply.result else { Issue.record("no summary: \(reply.result)"); return }
        #expect(summary.contains("1. Weather: done. Sunny in Oslo tomorrow."))
        #expect(summary.contains("2. Booking: waiting for your approval (Book Luigi's for 4; id \(request.id.uuidString))"))
        #expect(summary.contains("3. Echo: done."))

        // Approving it later carries the action out.
        #expect(try await sut.approve(request.id) == .response("Booked."))
        #expect(await booking.booked.entries == ["Luigi's"])
    }

    @Test func theFirstFailureStopsThePlan() async throws {
        let plan = #"{"calls": [{"skill": "weather", "arguments": {}}, {"skill": "failing", "arguments": {}}, "#
            + #"{"skill": "echo", "arguments": {}}]}"#
        let (sut, _) = try assistant([WeatherSkill(), FailingSkill(), EchoSkill()], plan: plan)
        let reply = await sut.handlePlanned("weather, then fail, then echo", budget: Self.budget)
        let steps = try #require(reply.plan?.steps)
        #expect(steps.map(\.outcome) == [.done("Sunny in town today."), .failed("The service is down."), .notRun])
        #expect(reply.plan?.stoppedEarly == true)
        guard case .response(let summary) = reply.result else { Issue.record("no summary"); return }
        #expect(summary.contains("2. Failing: failed. The service is down. I stopped the plan here."))
        #expect(summary.contains("3. Echo: not run, because an earlier step failed."))
    }

    @Test func aStepNeedingAPermissionTheFamilyWithheldFailsAndStopsThePlan() async throws {
        struct CallingSkill: Skill {
            typealias Arguments = NoArguments
            let id = "caller"
            let name = "Caller"
            let summary = "Calls people."
            let keywords = ["call"]
            let examples = ["call grandma", "phone the school"]
            let permissions: Set<SkillPermission> = [.contactPeople]
            let argumentsSchema = NoArguments.schema
            func execute(arguments: NoArguments, context: SkillContext) async throws -> SkillResult { .response("Calling.") }
        }
        let plan = #"{"calls": [{"skill": "caller", "arguments": {}}, {"skill": "echo", "arguments": {}}]}"#
        let (sut, _) = try assistant([CallingSkill(), EchoSkill()], plan: plan,
                                     permissions: Set(SkillPermission.allCases).subtracting([.contactPeople]))
        let steps = try #require(await sut.handlePlanned("call grandma and echo", budget: Self.budget).plan?.steps)
        guard case .failed(let reason) = steps[0].outcome else { Issue.record("a withheld permission ran: \(steps[0])"); return }
        #expect(reason.contains("contact"))
        #expect(steps[1].outcome == .notRun)
    }

    @Test func theModelIsConstrainedToThePlanSchemaAndToldTheSkillsInOneLineEach() async throws {
        let (sut, model) = try assistant([WeatherSkill(), BookingSkill()], plan: #"{"respond": "Nothing to do."}"#)
        let reply = await sut.handlePlanned("thanks!", budget: Self.budget)
        #expect(reply.result == .response("Nothing to do."))
        #expect(reply.planSource == .model)
        let request = try #require(model?.requests.first)
        guard case .jsonSchema(let schema) = request.constraint else { Issue.record("unconstrained: \(String(describing: request.constraint))"); return }
        let descriptors = await sut.registry.enabledDescriptors
        #expect(schema == (try ActionPlan.schema(for: descriptors)))
        let system = request.messages.first { $0.role == .system }?.content ?? ""
        #expect(system.contains("- booking: Books a restaurant table. (arguments: restaurant: string, partySize: integer)"))
        #expect(!system.contains("\"anyOf\""))
    }

    @Test(arguments: [
        "this is not a plan",                                                              // not JSON
        #"{"calls": [{"skill": "teleport", "arguments": {}}]}"#,                          // an unknown skill
        #"{"calls": [{"skill": "booking", "arguments": {"restaurant": "X"}}]}"#,           // arguments that break the schema
        #"{"respond": "You should double your dose tonight."}"#,                            // a reply the answer screen withholds
    ])
    func anUnusablePlanFallsBackToOneSkill(plan: String) async throws {
        let (sut, _) = try assistant([BookingSkill(), EchoSkill()], plan: plan)
        let reply = await sut.handlePlanned("echo this", budget: Self.budget)
        #expect(reply.planSource == .singleSkillFallback)
        #expect(reply.plan == nil)
        #expect(reply.skillID == "echo")
        #expect(reply.result == .response("echo: echo this from -"))
        #expect(try await sut.approvals.pending().isEmpty)
    }

    @Test func withoutAModelTheMessageIsHandledAsOneRequest() async throws {
        let (sut, _) = try assistant([EchoSkill()], plan: nil)
        let reply = await sut.handlePlanned("echo this", budget: Self.budget)
        #expect(reply.planSource == .singleSkillFallback)
        #expect(reply.result == .response("echo: echo this from -"))
    }

    @Test func aCrisisIsAnsweredByTheSafetyScreenWithoutAPlan() async throws {
        let plan = #"{"calls": [{"skill": "echo", "arguments": {}}]}"#
        let (sut, model) = try assistant([EchoSkill()], plan: plan)
        let reply = await sut.handlePlanned("I want to kill myself", budget: Self.budget)
        #expect(reply.routing.step == .safety)
        #expect(reply.plan == nil)
        #expect(model?.requests.isEmpty == true)
    }

    @Test func planStepsWithArgumentsBuiltByHandAreValidatedBeforeTheyRun() async throws {
        let booking = BookingSkill()
        let (sut, _) = try assistant([booking], plan: nil)
        let run = await sut.execute([SkillCall(skillID: "booking", arguments: ["restaurant": "X"])], message: "book X")
        guard case .failed(let reason) = run.steps.first?.outcome else { Issue.record("invalid arguments ran: \(run)"); return }
        #expect(reason.contains("partySize"))
        #expect(try await sut.approvals.pending().isEmpty)
    }

    @Test func aModelWithoutConstrainedDecodingGetsTheSchemaAndItsAnswerIsValidated() async throws {
        let plan = #"Here you go: {"calls": [{"skill": "weather", "arguments": {"city": "Rome"}}]}"#
        let (sut, model) = try assistant([WeatherSkill()], plan: plan, capabilities: [])
        let reply = await sut.handlePlanned("weather in Rome", budget: Self.budget)
        #expect(reply.plan?.steps.map(\.outcome) == [.done("Sunny in Rome today.")])
        let system = model?.requests.first?.messages.first { $0.role == .system }?.content ?? ""
        #expect(system.contains("Schema:"))
    }
}

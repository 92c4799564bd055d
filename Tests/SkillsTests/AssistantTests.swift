import Foundation
import LLM
import Skills
import Testing

@Suite struct AssistantTests {
    func assistant(_ skills: [any Skill], scorer: any SkillScorer, model: ScriptedModel? = nil) throws -> Assistant {
        var registry = SkillRegistry()
        for skill in skills { try registry.register(AnySkill(skill)) }
        let bridge = model.map { LLMBridge(model: $0) }
        let router = ChatTurnRouter(skills: registry.enabledDescriptors, scorer: scorer, bridge: bridge)
        return Assistant(registry: registry, router: router, bridge: bridge)
    }

    @Test func handoffIsFollowedWithTheOriginalMessageAndContext() async throws {
        let sut = try assistant([HandoffSkill(id: "first", target: "echo"), EchoSkill()], scorer: FixedScorer(table: ["first": 0.9]))
        let reply = await sut.handle("first please")
        #expect(reply.handoffChain == ["first", "echo"])
        #expect(reply.skillID == "echo")
        #expect(reply.result == .response("echo: first please from first"))
    }

    @Test func argumentsAHandoffCarriesAreUsedWithoutAskingTheModel() async throws {
        let model = ScriptedModel(defaultReply: #"{"city": "Paris"}"#)
        let given = try assistant([HandoffSkill(id: "first", target: "weather", arguments: ["city": "Oslo", "day": "tomorrow"]),
                                   WeatherSkill()], scorer: FixedScorer(table: ["first": 0.9]), model: model)
        #expect(await given.handle("first please").result == .response("Sunny in Oslo tomorrow."))
        #expect(model.requests.isEmpty)

        // Arguments that break the target's schema are not trusted: the model extracts them from the message.
        let invalid = try assistant([HandoffSkill(id: "first", target: "weather", arguments: ["day": "yesterday"]),
                                     WeatherSkill()], scorer: FixedScorer(table: ["first": 0.9]), model: model)
        #expect(await invalid.handle("first please").result == .response("Sunny in Paris today."))
        #expect(model.requests.count == 1)
    }

    @Test func argumentsTheWordsSettleAreUsedWithoutAskingTheModel() async throws {
        let model = ScriptedModel(defaultReply: #"{"city": "Paris"}"#)
        let sut = try assistant([WordReadingWeatherSkill()], scorer: FixedScorer(table: ["weather": 0.9]), model: model)
        #expect(await sut.handle("weather in Oslo tomorrow").result == .response("Sunny in Oslo tomorrow."))
        #expect(model.requests.isEmpty, "no extraction call")
        // Words that do not settle them: the model extracts.
        #expect(await sut.handle("weather over there").result == .response("Sunny in Paris today."))
        #expect(model.requests.count == 1)
    }

    @Test func handoffLoopsAndLongChainsAreStopped() async throws {
        let loop = try assistant([HandoffSkill(id: "a", target: "b"), HandoffSkill(id: "b", target: "a")],
                                 scorer: FixedScorer(table: ["a": 0.9]))
        let looped = await loop.handle("a")
        guard case .error(let message) = looped.result else { Issue.record("loop not stopped"); return }
        #expect(message.contains("a → b → a"))

        let chain = try assistant([HandoffSkill(id: "h1", target: "h2"), HandoffSkill(id: "h2", target: "h3"),
                                   HandoffSkill(id: "h3", target: "h4"), HandoffSkill(id: "h4", target: "echo"), EchoSkill()],
                                  scorer: FixedScorer(table: ["h1": 0.9]))
        let long = await chain.handle("go")
        guard case .error = long.result else { Issue.record("chain deeper than 3 handoffs was followed"); return }
        #expect(long.handoffChain.count == 4)

        let unknown = try assistant([HandoffSkill(id: "x", target: "ghost")], scorer: FixedScorer(table: ["x": 0.9]))
        #expect(await unknown.handle("x").result == .error(SkillError.unknownSkill("ghost").description))
    }

    @Test func approvalHoldsTheActionUntilApprovedAndRecordsDecisions() async throws {
        let booking = BookingSkill()
        let model = ScriptedModel(defaultReply: #"{"restaurant": "Luigi's", "partySize": 4}"#)
        let sut = try assistant([booking], scorer: FixedScorer(table: ["booking": 0.9]), model: model)
        let reply = await sut.handle("book a table at Luigi's for 4")
        guard case .needsApproval(let request) = reply.result else { Issue.record("expected an approval, got \(reply.result)"); return }
        #expect(request.risk == .medium)
        #expect(await booking.booked.entries.isEmpty)  // nothing happened yet
        #expect(try await sut.approvals.pending().map(\.id) == [request.id])

        #expect(try await sut.approve(request.id) == .response("Booked."))
        #expect(await booking.booked.entries == ["Luigi's"])
        let decisions = try await sut.approvals.decisions()
        #expect(decisions.map(\.approved) == [true])
        await #expect(throws: SkillError.self) { try await sut.approve(request.id) }  // not twice
    }

    @Test func deniedActionNeverRuns() async throws {
        let booking = BookingSkill()
        let model = ScriptedModel(defaultReply: #"{"restaurant": "Noma", "partySize": 2}"#)
        let sut = try assistant([booking], scorer: FixedScorer(table: ["booking": 0.9]), model: model)
        guard case .needsApproval(let request) = await sut.handle("book a table at Noma").result else { Issue.record("no approval"); return }
        _ = try await sut.deny(request.id)
        #expect(await booking.booked.entries.isEmpty)
        #expect(try await sut.approvals.decisions().map(\.approved) == [false])
    }

    @Test func failedArgumentExtractionAsksForWhatIsMissing() async throws {
        let model = ScriptedModel(defaultReply: "no idea")  // never valid JSON
        let sut = try assistant([BookingSkill()], scorer: FixedScorer(table: ["booking": 0.9]), model: model)
        let reply = await sut.handle("book a table")
        #expect(reply.result == .response("I need a bit more detail to help with that: restaurant, partySize."))
    }

    @Test func greetingsAndHelpGetAnIntroductionNamingWhatItCanDo() async throws {
        // The scorer would send everything to echo; a greeting must not reach it.
        let sut = try assistant([EchoSkill(), BookingSkill()], scorer: FixedScorer(table: ["echo": 0.9]))
        for message in ["hello", "Hi there!", "help", "What can you do?", "what are you for"] {
            let reply = await sut.handle(message)
            #expect(reply.routing.step == .introduction && reply.skillID == nil, "\(message)")
            guard case .response(let text) = reply.result else { Issue.record("\(message): \(reply.result)"); continue }
            #expect(text.contains(EchoSkill().name) && text.contains(BookingSkill().name), "\(text)")
        }
        // A request that merely starts with a greeting is routed as usual.
        #expect(await sut.handle("hello, please echo this").routing.step != .introduction)
    }

    @Test func noSkillGivesTheHonestFallbackAndHistoryIsKept() async throws {
        let sut = try assistant([EchoSkill()], scorer: FixedScorer(table: [:]))
        let reply = await sut.handle("what is the meaning of life")
        #expect(reply.skillID == nil)
        #expect(reply.routing.step == .fallback)
        #expect(reply.result == .response("I'm not sure how to help with that. Could you say it another way? "
            + "(Ask \"what can you do?\" to see what I can help with.)"))
        #expect(await sut.conversation.turns.count == 2)
    }
}

@Suite struct ConversationHistoryTests {
    @Test func oldestTurnsAreDroppedFirstToFitTheBudget() async {
        var history = ConversationHistory(capacity: 3)
        for index in 1...5 { history.append(ConversationTurn(speaker: .person, text: "turn \(index) word word")) }
        #expect(history.turns.map(\.text).first == "turn 3 word word")
        let recent = await history.recent(tokenBudget: 16) { $0.split(separator: " ").count }
        #expect(recent.map(\.text) == ["turn 4 word word", "turn 5 word word"])
    }
}

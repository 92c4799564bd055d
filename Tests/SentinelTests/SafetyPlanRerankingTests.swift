import Foundation
import LLM
@testable import Sentinel
import Testing

/// Safety-plan reranking: the model's order is used only when it is a permutation of 1–7.
@Suite struct SafetyPlanRerankingTests {
    /// A budget no scripted answer comes near: these tests check what the reranker does with an
    /// answer, and a loaded two-core CI machine once held the pool past the product's 15 s (the
    /// budget itself is tested with a slow model and 300 ms below).
    static let unhurried: Duration = .seconds(600)

    static let input = SafetyPlanRerankingInput(trajectory: .worsening, driver: .sleep, tier: .orange,
                                                patterns: ["sleeps under 5 h before bad days"],
                                                narrative: "Three rough weeks since the deployment anniversary.")

    @Test(arguments: [
        ("2214567", "duplicates"),
        ("1234568", "an 8"),
        ("9123456", "a 9"),
        ("0123456", "a 0"),
        ("123456", "six digits"),
        ("12345671", "eight digits"),
        ("Start with coping strategies, then reach out to people.", "prose without digits"),
        ("I think 2 first and then 4", "prose with two digits"),
        ("", "nothing"),
    ])
    func invalidOrdersFallBackToTheDriversOrder(answer: String, what: String) async {
        let model = ScriptedModel(defaultReply: answer)
        let ranking = await SafetyPlanReranker(model: model, budget: Self.unhurried).rank(Self.input)
        #expect(ranking.order == SafetyPlanOrder.fallback(for: .sleep), "\(what)")
        #expect(!ranking.isFromModel, "\(what)")
        guard case .fallback(let reason) = ranking.source else { return }
        #expect(reason.contains("rejected"), "\(what): \(reason)")
        #expect(model.requests.count == 1, "one model call")
    }

    @Test(arguments: ["4213567", "4, 2, 1, 3, 5, 6, 7", "Order: 4 2 1 3 5 6 7"])
    func aValidPermutationIsUsed(answer: String) async throws {
        let model = ScriptedModel(id: "scripted-ranker", defaultReply: answer)
        let ranking = await SafetyPlanReranker(model: model, budget: Self.unhurried).rank(Self.input)
        #expect(ranking.order.sections == [.peopleToAsk, .copingStrategies, .warningSigns, .distraction, .professionals,
                                           .environmentSafety, .reasonsForLiving])
        #expect(ranking.source == .model(id: "scripted-ranker"))
        let request = try #require(model.requests.first)
        #expect(request.promptText.contains("Trajectory: worsening"))
        #expect(request.promptText.contains("Primary driver: sleep"))
        #expect(request.promptText.contains("orange"))
        #expect(request.promptText.contains("sleeps under 5 h"))
        #expect(request.promptText.contains("deployment anniversary"))
    }

    @Test func aConstrainingEngineGetsTheGrammarOfAllOrders() async throws {
        let constraining = ScriptedModel(defaultReply: "3214567", capabilities: .constrainedDecoding)
        let ranking = await SafetyPlanReranker(model: constraining, budget: Self.unhurried).rank(Self.input)
        #expect(ranking.order.digits == "3214567")
        let request = try #require(constraining.requests.first)
        #expect(request.constraint == SafetyPlanReranker.constraint)
        let grammar = SafetyPlanReranker.constraint.grammarText
        #expect(grammar.split(separator: "\n").count == 128, "root and one rule per non-empty set of sections")
        #expect(grammar.contains("s127 ::= \"1\" s126 | \"2\" s125"))
        #expect(grammar.contains("s64 ::= \"7\""), "the last section left is the only choice")

        let plain = ScriptedModel(defaultReply: "3214567")
        _ = await SafetyPlanReranker(model: plain, budget: Self.unhurried).rank(Self.input)
        #expect(try #require(plain.requests.first).constraint == nil)
    }

    @Test func eachDriverHasItsOwnCompleteOrder() {
        #expect(SafetyPlanOrder.fallback(for: .sleep).sections.first == .copingStrategies)
        #expect(SafetyPlanOrder.fallback(for: .cssrs).sections.first == .professionals)
        #expect(SafetyPlanOrder.fallback(for: .combined).sections.first == .environmentSafety)
        #expect(SafetyPlanOrder.fallback(for: nil).sections.first == .environmentSafety)
        for driver in PrimaryDriver.allCases {
            let order = SafetyPlanOrder.fallback(for: driver)
            #expect(Set(order.sections) == Set(SafetyPlanSection.allCases), "\(driver)")
            #expect(order.sections.count == 7, "\(driver)")
        }
    }

    @Test func aFailingSlowOrMissingModelFallsBackWithTheReason() async {
        let failing = ScriptedModel()
        failing.when(contains: "safety plan", fail: LLMError.generationFailed("engine crashed"))
        let failed = await SafetyPlanReranker(model: failing, budget: Self.unhurried).rank(SafetyPlanRerankingInput(driver: .cssrs))
        #expect(failed.order == SafetyPlanOrder.fallback(for: .cssrs))
        #expect("\(failed.source)".contains("engine crashed"))

        let slow = ScriptedModel()
        slow.when(contains: "safety plan", reply: "2143567", delay: .seconds(60))
        let late = await SafetyPlanReranker(model: slow, budget: .milliseconds(300)).rank(SafetyPlanRerankingInput(driver: .sleep))
        #expect(late.order == SafetyPlanOrder.fallback(for: .sleep))
        #expect("\(late.source)".contains("no answer within 300 ms"))

        let none = await SafetyPlanReranker(noModel: "not installed").rank(SafetyPlanRerankingInput())
        #expect(none.order == SafetyPlanOrder.fallback(for: nil))
        #expect(none.source == .fallback(reason: "not installed"))
    }

    @Test func theCrisisViewExpandsTheTopThreeSections() throws {
        var plan = SafetyPlan()
        try plan.add(text: "Box breathing", to: .copingStrategies)
        try plan.add(text: "Not sleeping", to: .warningSigns)
        try plan.add(text: "Mike 555-201-7788", to: .peopleToAsk)
        try plan.add(text: "My daughters", to: .reasonsForLiving)
        let view = try #require(CrisisView(tier: .orange, plan: plan, order: SafetyPlanOrder.fallback(for: .sleep)))
        let sections = try #require(view.rankedPlan)
        #expect(sections.filter(\.expanded).map(\.section) == [.copingStrategies, .warningSigns, .distraction])
        #expect(view.text.contains("1. Internal coping strategies\n     - Box breathing"))
        #expect(view.text.contains("2. Warning signs\n     - Not sleeping"))
        #expect(view.text.contains("3. People and places for distraction\n     (nothing written here yet)"))
        #expect(view.text.contains("Also in your plan: People I can ask for help; Professionals and agencies to contact"))
        #expect(!view.text.contains("My daughters"), "sections past the top 3 are listed by title only")
        #expect(view.text.contains("Veterans Crisis Line"))

        let cssrs = try #require(CrisisView(tier: .red, plan: plan, order: SafetyPlanOrder.fallback(for: .cssrs)))
        #expect(cssrs.text.contains("1. Professionals and agencies to contact\n     - 988 Suicide & Crisis Lifeline"))
        // Without a plan the view keeps the profile's steps.
        #expect(CrisisView(tier: .orange)?.rankedPlan == nil)
    }
}

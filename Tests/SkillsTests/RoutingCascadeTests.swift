import LLM
import Skills
import Testing

@Suite struct RoutingCascadeTests {
    let skills = [WeatherSkill().descriptor, BookingSkill().descriptor, EchoSkill().descriptor]

    @Test func keywordStepNeedsTheSkillsOwnScoreAboveOneHalf() async {
        let confident = ChatTurnRouter(skills: skills, scorer: FixedScorer(table: ["weather": 0.8, "booking": 0.1]))
        let decision = await confident.route("Is rain coming?")
        #expect(decision.skillID == "weather")
        #expect(decision.step == .keyword)
        #expect(decision.score == 0.8)

        let doubtful = ChatTurnRouter(skills: skills, scorer: FixedScorer(table: ["weather": 0.45]))
        let second = await doubtful.route("Is rain coming?")
        #expect(second.step == .scoring)  // keyword rejected at 0.45, scoring accepts above 0.3
    }

    @Test func scoringStepAcceptsAboveThreeTenthsWhenItBeatsNoSkill() async {
        let router = ChatTurnRouter(skills: skills, scorer: FixedScorer(table: ["booking": 0.35, "none": 0.2]))
        let decision = await router.route("we'd like to eat out with four people")
        #expect(decision.skillID == "booking")
        #expect(decision.step == .scoring)

        let outscored = ChatTurnRouter(skills: skills, scorer: FixedScorer(table: ["booking": 0.35, "none": 0.45]))
        #expect(await outscored.route("tell me a joke").step == .fallback)
        let weak = ChatTurnRouter(skills: skills, scorer: FixedScorer(table: ["booking": 0.2]))
        #expect(await weak.route("hmm").skillID == nil)
    }

    @Test func aConfidentNoSkillScoreDecidesWithoutAskingTheModel() async {
        let model = ScriptedModel(capabilities: [.scoring])
        model.setScore(-0.1, for: "booking")
        let bridge = LLMBridge(model: model)
        let sure = ChatTurnRouter(skills: skills, scorer: FixedScorer(table: ["booking": 0.2, "none": 0.7]), bridge: bridge)
        let rejected = await sure.route("tell me a joke")
        #expect(rejected.skillID == nil)
        #expect(rejected.step == .scoring)
        #expect(rejected.score == 0.7)

        let unsure = ChatTurnRouter(skills: skills, scorer: FixedScorer(table: ["booking": 0.2, "none": 0.45]), bridge: bridge)
        #expect(await unsure.route("we might eat out").step == .model)

        var everything = sure
        everything.noneAcceptance = 1.01  // disabled: undecided messages all reach the model
        #expect(await everything.route("tell me a joke").step == .model)
    }

    @Test func modelStepClassifiesOverCandidatesPlusNone() async {
        let model = ScriptedModel(capabilities: [.scoring])
        model.setScore(-0.1, for: "echo")
        let router = ChatTurnRouter(skills: skills, scorer: FixedScorer(table: ["echo": 0.2, "weather": 0.1]), bridge: LLMBridge(model: model))
        let decision = await router.route("repeat after me")
        #expect(decision.skillID == "echo")
        #expect(decision.step == .model)

        model.setScore(0, for: "none")
        let none = await router.route("repeat after me")
        #expect(none.skillID == nil)
        #expect(none.step == .model)
    }

    @Test func modelFailureFallsThroughToTheFallback() async {
        let model = ScriptedModel(defaultReply: "gibberish")  // no scoring, no constraints: free text names nothing
        var router = ChatTurnRouter(skills: skills, scorer: FixedScorer(table: [:]), bridge: LLMBridge(model: model))
        router.modelTimeout = .milliseconds(200)
        let decision = await router.route("???")
        #expect(decision.step == .fallback)
        #expect(decision.skillID == nil)

        let slow = ScriptedModel(defaultReply: "echo", delayPerToken: .zero)
        slow.add(.init(matcher: .any, reply: .text("echo"), delay: .seconds(60)))
        var timed = ChatTurnRouter(skills: skills, scorer: FixedScorer(table: [:]), bridge: LLMBridge(model: slow))
        timed.modelTimeout = .milliseconds(100)
        let start = ContinuousClock.now
        #expect(await timed.route("anything").step == .fallback)
        // Far below the model's 60 s, with room for a loaded machine.
        #expect(start.duration(to: .now) < .seconds(30))
    }

    @Test func everyDecisionRecordsStepScoreAndTime() async {
        let router = ChatTurnRouter(skills: skills)
        let decision = await router.route("What's the weather in Paris tomorrow?")
        #expect(decision.skillID == "weather")
        #expect(decision.duration > .zero)
        #expect(decision.candidates.first == "weather")
    }
}

@Suite struct TextNormalizerTests {
    let normalizer = TextNormalizer()

    @Test func contractionsStemsAndNegation() {
        #expect(normalizer.words("What's up? Don't go!") == ["what", "is", "up", "|", "do", "not", "go", "|"])
        #expect(TextNormalizer.stem("reminders") == "reminder")
        #expect(TextNormalizer.stem("running") == "run")
        #expect(TextNormalizer.stem("cooking") == "cook")
        #expect(TextNormalizer.stem("recipes") == "recipe")
        let features = normalizer.features("I do not want pizza, thanks")
        #expect(features.contains("not_want"))
        #expect(features.contains("not_pizza"))
        #expect(features.contains("thank"))
    }

    @Test func keywordPhrasesMatchWholeStemmedWords() {
        let matcher = KeywordMatcher(skills: [BookingSkill().descriptor, WeatherSkill().descriptor])
        #expect(matcher.matches(in: "Could you book a table tonight?") == ["booking": 3])
        #expect(matcher.matches(in: "the forecasts say rain") == ["weather": 1])
        #expect(matcher.matches(in: "bookkeeping tablet").isEmpty)
    }
}

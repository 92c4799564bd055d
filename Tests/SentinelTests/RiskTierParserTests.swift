@testable import Sentinel
import Testing

/// One model output and what the cascade must make of it.
struct ParserCase: Sendable, CustomTestStringConvertible {
    let output: String
    let tier: RiskTier?
    let stage: RiskTierParse.Stage?

    init(_ output: String, _ tier: RiskTier?, _ stage: RiskTierParse.Stage? = nil) {
        self.output = output
        self.tier = tier
        self.stage = stage
    }

    var testDescription: String { output.debugDescription }
}

@Suite struct RiskTierParserTests {
    static let cases: [ParserCase] = [
        // 1. A color word on the first line, any case, punctuation or markdown.
        ParserCase("green", .green, .firstLine),
        ParserCase("Yellow", .yellow, .firstLine),
        ParserCase("ORANGE", .orange, .firstLine),
        ParserCase("red.", .red, .firstLine),
        ParserCase("  red \n", .red, .firstLine),
        ParserCase("**Red**", .red, .firstLine),
        ParserCase("`yellow`", .yellow, .firstLine),
        ParserCase("# GREEN\nThe person slept less, but nothing else changed.", .green, .firstLine),
        ParserCase("Risk tier: orange\nReason: HRV dropped and speech slowed.", .orange, .firstLine),
        ParserCase("YELLOW\nHowever, if this gets worse it could become red.", .yellow, .firstLine),
        ParserCase("🟠 high monitoring", .orange, .firstLine),
        ParserCase("\n\nred\nimmediate help needed", .red, .firstLine),
        ParserCase("green or maybe red", .red, .firstLine),
        ParserCase("It's not red, it's green.", .red, .firstLine),
        // Cleaning: stop markers and hallucinated turns are cut before the cascade.
        ParserCase("green<end_of_turn>\n<start_of_turn>user\nred", .green, .firstLine),
        ParserCase("yellow\n<<END_OF_REPORT>>\nred red red", .yellow, .firstLine),
        ParserCase("orange\nuser: is it red?\nmodel: red", .orange, .firstLine),
        ParserCase("green\nmodel: actually red", .green, .firstLine),
        ParserCase("green<|im_end|>\n<|im_start|>user\nred", .green, .firstLine),
        ParserCase("<start_of_turn>model\nred<end_of_turn>", .red, .firstLine),
        ParserCase("model: orange", .orange, .firstLine),
        ParserCase("Assistant: yellow", .yellow, .firstLine),
        ParserCase("<end_of_turn>red", nil),
        ParserCase("<<END_OF_REPORT>>", nil),
        // 2. Tier keywords anywhere (contradictions resolve to the highest).
        ParserCase("Assessment follows.\nI think this is a yellow situation.", .yellow, .keyword),
        ParserCase("Looking at the signals:\nYellow. Actually, orange.", .orange, .keyword),
        ParserCase("Summary of signals\n🔴 acute", .red, .keyword),
        ParserCase("The signals are mixed.\n> **Orange** — significant concern", .orange, .keyword),
        ParserCase("Considering everything\nthis calls for high monitoring", .orange, .keyword),
        ParserCase("Analysis:\n1. steps fell\n2. tier green", .green, .keyword),
        ParserCase("Sleep is down.\nNot green; red.", .red, .keyword),
        // 3. Risk phrases.
        ParserCase("Imminent risk of self-harm.", .red, .riskPhrase),
        ParserCase("High risk.", .red, .riskPhrase),
        ParserCase("low risk", .yellow, .riskPhrase),
        ParserCase("The risk is moderate.", .orange, .riskPhrase),
        ParserCase("No risk detected", .green, .riskPhrase),
        ParserCase("Risk: imminent", .red, .riskPhrase),
        ParserCase("risk appears low to moderate", .orange, .riskPhrase),
        ParserCase("{\"risk_level\": \"high\"}", .red, .riskPhrase),
        ParserCase("Low risk now, but high risk if he drinks.", .red, .riskPhrase),
        ParserCase("Elevated risk given the pauses.", .orange, .riskPhrase),
        // 4. Legacy JSON.
        ParserCase("{\"level\": \"severe\"}", .red, .legacyJSON),
        ParserCase("{\"severity\": \"mild\", \"reason\": \"slept less\"}", .yellow, .legacyJSON),
        ParserCase("```json\n{\"tier\": 2}\n```", .orange, .legacyJSON),
        ParserCase("{\"score\": 3}", .red, .legacyJSON),
        ParserCase("{'level': 'none'}", .green, .legacyJSON),
        ParserCase("{\"assessment\": {\"severity\": \"moderate\"}}", .orange, .legacyJSON),
        ParserCase("[{\"level\": \"low\"}, {\"level\": \"critical\"}]", .red, .legacyJSON),
        // 5. Unknown: garbage and refusals — no escalation, the deterministic tier stands.
        ParserCase("", nil),
        ParserCase("   \n\t ", nil),
        ParserCase("asdf qwer zxcv", nil),
        ParserCase("I'm sorry, I can't help with that.", nil),
        ParserCase("As an AI language model, I cannot assess people.", nil),
        ParserCase("{\"answer\": 42}", nil),
        ParserCase("{}", nil),
        ParserCase("The patient reduced their steps and felt bored.", nil),
        ParserCase("Infrared readings were covered.", nil),
        ParserCase("123456", nil),
        ParserCase("<|im_end|>", nil),
        ParserCase("Greenish-yellowy", nil),
        ParserCase("high steps, low HRV", nil),
        ParserCase("Tier: unknown", nil),
        ParserCase("user: how are you?\nmodel: red", nil),
    ]

    @Test func thereAreAtLeastFiftyVariedCases() {
        #expect(Self.cases.count >= 60)
        #expect(Set(Self.cases.compactMap(\.stage)) == Set(RiskTierParse.Stage.allCases))
        #expect(Self.cases.filter { $0.tier == nil }.count >= 10)
    }

    @Test(arguments: cases)
    func parses(_ example: ParserCase) {
        let parsed = RiskTierParser.parse(example.output)
        #expect(parsed?.tier == example.tier, "\(example.output.debugDescription) → \(String(describing: parsed))")
        if let stage = example.stage { #expect(parsed?.stage == stage) }
    }

    @Test func neverReturnsATierForTextWithoutTierOrRiskWords() {
        var generator = SeededGenerator(seed: 42)
        let alphabet = Array("abcdefhijkmnpqstuvwxz ,.!?{}[]:\"'\n*#`0123456789")
        for _ in 0..<500 {
            let length = Int.random(in: 0..<60, using: &generator)
            let text = String((0..<length).map { _ in alphabet.randomElement(using: &generator)! })
            // Without the letters of any tier word, nothing may be read (g, l, o, r, y are left out).
            #expect(RiskTierParser.parse(text) == nil, "\(text.debugDescription)")
        }
    }
}

@Suite struct RiskTierParserCascadeOrderTests {
    @Test func eachStageOnlyRunsWhenTheEarlierOnesFindNothing() {
        // A first-line color beats a higher keyword later on.
        #expect(RiskTierParser.parse("yellow\nif things change, red") == RiskTierParse(tier: .yellow, stage: .firstLine))
        // A keyword beats a risk phrase.
        #expect(RiskTierParser.parse("Signals:\ngreen overall, high risk words absent") == RiskTierParse(tier: .green, stage: .keyword))
        // A risk phrase beats legacy JSON.
        #expect(RiskTierParser.parse("risk is low; details follow in the object below {\"level\": \"severe\"}")
            == RiskTierParse(tier: .yellow, stage: .riskPhrase))
    }

    @Test func cleaningCutsAtEveryStopMarker() {
        #expect(RiskTierParser.clean("orange<end_of_turn>red") == "orange")
        #expect(RiskTierParser.clean("orange <<END_OF_REPORT>> red") == "orange ")
        #expect(RiskTierParser.clean("orange\nuser: red") == "orange")
        #expect(RiskTierParser.clean("orange\nmodel: red") == "orange")
    }
}

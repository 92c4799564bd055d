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
        // Exact answers, any case, punctuation or markdown.
        ParserCase("green", .green, .exact),
        ParserCase("Yellow", .yellow, .exact),
        ParserCase("ORANGE", .orange, .exact),
        ParserCase("red.", .red, .exact),
        ParserCase("  red \n", .red, .exact),
        ParserCase("**Red**", .red, .exact),
        ParserCase("`yellow`", .yellow, .exact),
        ParserCase("\"orange\"", .orange, .exact),
        ParserCase("# GREEN", .green, .exact),
        ParserCase("- yellow", .yellow, .exact),
        // Stop markers: the model rambles into another turn.
        ParserCase("green<|im_end|>\n<|im_start|>user\nred", .green, .exact),
        ParserCase("yellow</s>red red red", .yellow, .exact),
        ParserCase("orange<end_of_turn>\n<start_of_turn>user\nred", .orange, .exact),
        ParserCase("green<|eot_id|>red", .green, .exact),
        ParserCase("yellow\nUser: is it red?", .yellow, .exact),
        ParserCase("<|im_start|>assistant\nred<|im_end|>", .red, .exact),
        ParserCase("Assistant: orange", .orange, .exact),
        ParserCase("Answer: green", .green, .exact),
        ParserCase("<|endoftext|>red", nil),
        // JSON, fenced or not, any tier-like key.
        ParserCase("{\"tier\": \"red\"}", .red, .json),
        ParserCase("{\"risk_tier\":\"yellow\",\"reason\":\"sleep dropped but no red flags\"}", .yellow, .json),
        ParserCase("```json\n{\"tier\": \"orange\"}\n```", .orange, .json),
        ParserCase("Sure! Here it is: {'tier': 'green'}", .green, .json),
        ParserCase("{\"Risk Level\": \"High\"}", .red, .json),
        ParserCase("{\"risk_level\": \"high\"}", .red, .json),
        ParserCase("{\"riskTier\": \"Orange\", }", .orange, .json),
        ParserCase("{\"assessment\": {\"tier\": \"yellow\"}}", .yellow, .json),
        ParserCase("[{\"tier\": \"green\"}, {\"tier\": \"orange\"}]", .orange, .json),
        ParserCase("{\"risk\": \"low\"}", .yellow, .json),
        // Labelled answers.
        ParserCase("Risk tier: orange", .orange, .labeled),
        ParserCase("Tier - **red**", .red, .labeled),
        ParserCase("The risk level is yellow because steps fell.", .yellow, .labeled),
        ParserCase("Final answer: green", .green, .labeled),
        ParserCase("Classification: Orange\nReason: HRV dropped.", .orange, .labeled),
        ParserCase("My assessment would be red.", .red, .labeled),
        ParserCase("tier:yellow", .yellow, .labeled),
        ParserCase("Rating = GREEN", .green, .labeled),
        // Keywords anywhere; contradictions resolve to the highest tier.
        ParserCase("I think this is a yellow situation.", .yellow, .keyword),
        ParserCase("green or maybe red", .red, .keyword),
        ParserCase("Yellow. Actually, orange.", .orange, .keyword),
        ParserCase("It's not red, it's green.", .red, .keyword),
        ParserCase("🟠", .orange, .keyword),
        ParserCase("Concern: 🔴 acute", .red, .keyword),
        ParserCase("The signals look fine overall - green light.", .green, .keyword),
        ParserCase("> **Orange** — significant concern", .orange, .keyword),
        ParserCase("1. yellow\n2. explanation: low activity", .yellow, .keyword),
        // Risk-level words.
        ParserCase("High risk.", .red, .riskLevel),
        ParserCase("low risk", .yellow, .riskLevel),
        ParserCase("The risk is moderate.", .orange, .riskLevel),
        ParserCase("No risk detected", .green, .riskLevel),
        ParserCase("Risk: imminent", .red, .riskLevel),
        ParserCase("risk appears low to moderate", .orange, .riskLevel),
        // Garbage and refusals: no tier, the deterministic tier stands.
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
    ]

    @Test func thereAreAtLeastFiftyVariedCases() {
        #expect(Self.cases.count >= 50)
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

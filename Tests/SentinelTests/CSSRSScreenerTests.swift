import Foundation
@testable import Sentinel
import Testing

@Suite struct CSSRSScreenerTests {
    /// Walks the screener with fixed answers and returns the items asked, in order.
    static func walk(_ yes: Set<CSSRSItem>) -> (asked: [CSSRSItem], answers: CSSRSAnswers) {
        var answers = CSSRSAnswers()
        var asked: [CSSRSItem] = []
        while let item = CSSRSScreener.nextItem(after: answers) {
            asked.append(item)
            answers[item] = yes.contains(item)
        }
        return (asked, answers)
    }

    @Test func allNoAsksOneTwoAndSixAndIsGreen() throws {
        let (asked, answers) = Self.walk([])
        #expect(asked == [.wishDead, .suicidalThoughts, .behavior])
        let result = try CSSRSScreener.score(answers)
        #expect(result.tier == .green)
        #expect(result.decisiveItems.isEmpty)
    }

    @Test func yesToTwoAsksThreeFourAndFive() {
        #expect(Self.walk([.suicidalThoughts]).asked == [.wishDead, .suicidalThoughts, .method, .intent, .plan, .behavior])
    }

    @Test func yesToSixAsksAboutThePastThreeMonths() {
        #expect(Self.walk([.behavior]).asked == [.wishDead, .suicidalThoughts, .behavior, .behaviorPastThreeMonths])
    }

    @Test func everyPathAsksAtMostSevenQuestionsInOrder() {
        for mask in 0..<(1 << 7) {
            let yes = Set(CSSRSItem.allCases.enumerated().filter { mask & (1 << $0.offset) != 0 }.map(\.element))
            let asked = Self.walk(yes).asked
            #expect(asked == asked.sorted())
            #expect(asked.count <= 7 && asked.count >= 3)
        }
    }

    static let triageCases: [(Set<CSSRSItem>, RiskTier)] = [
        ([], .green),
        ([.wishDead], .yellow),
        ([.suicidalThoughts], .yellow),
        ([.wishDead, .suicidalThoughts], .yellow),
        ([.suicidalThoughts, .method], .orange),
        ([.behavior], .orange),
        ([.suicidalThoughts, .intent], .red),
        ([.suicidalThoughts, .plan], .red),
        ([.behavior, .behaviorPastThreeMonths], .red),  // Columbia: recent behaviour is high risk
        ([.wishDead, .suicidalThoughts, .method, .intent, .plan, .behavior, .behaviorPastThreeMonths], .red),
        ([.method], .green),  // never asked: item 2 was "no"
    ]

    @Test(arguments: triageCases)
    func triageRules(yes: Set<CSSRSItem>, tier: RiskTier) throws {
        #expect(try CSSRSScreener.score(Self.walk(yes).answers).tier == tier)
    }

    @Test func decisiveItemsNameWhatSetTheTier() throws {
        let result = try CSSRSScreener.score(Self.walk([.wishDead, .suicidalThoughts, .method, .plan, .behavior]).answers)
        #expect(result.tier == .red)
        #expect(result.decisiveItems == [.plan])
        #expect(result.triage == .high)
    }

    @Test func incompleteAndInconsistentAnswersAreRejectedWithTheItem() {
        #expect(throws: CSSRSError.incomplete(missing: .behavior)) {
            try CSSRSScreener.score(CSSRSAnswers([.wishDead: false, .suicidalThoughts: false]))
        }
        let error = #expect(throws: CSSRSError.self) {
            try CSSRSScreener.score(CSSRSAnswers([.wishDead: false, .suicidalThoughts: false, .plan: true, .behavior: false]))
        }
        #expect(error?.description.contains("Item 5 (plan) was answered, but it is only asked when suicidal_thoughts") == true)
        #expect(throws: CSSRSError.notApplicable(.behaviorPastThreeMonths, reason: "it is only asked when behavior (item 6) is yes")) {
            try CSSRSScreener.validate(CSSRSAnswers([.wishDead: false, .suicidalThoughts: false, .behavior: false,
                                                     .behaviorPastThreeMonths: true]))
        }
    }

    @Test func floorTierOfPartialAnswers() {
        #expect(CSSRSScreener.floorTier(of: CSSRSAnswers()) == .green)
        #expect(CSSRSScreener.floorTier(of: CSSRSAnswers([.wishDead: true])) == .yellow)
        #expect(CSSRSScreener.floorTier(of: CSSRSAnswers([.wishDead: false, .suicidalThoughts: true, .method: false, .intent: true])) == .red)
    }

    @Test func everyItemHasItsWordingAndTheTiersAreOrdered() {
        #expect(CSSRSItem.allCases.map(\.number) == ["1", "2", "3", "4", "5", "6", "6b"])
        #expect(CSSRSItem.wishDead.question.contains("go to sleep and not wake up"))
        #expect(CSSRSItem.behavior.timeFrame == "In your lifetime")
        #expect(RiskTier.allCases == RiskTier.allCases.sorted())
        #expect(RiskTier.green < .yellow && .yellow < .orange && .orange < .red)
        #expect(RiskTier.allCases.filter(\.showsCrisisResources) == [.orange, .red])
        #expect(RiskTier.red.guidance.contains("988") && RiskTier.red.guidance.contains("911"))
    }

    @Test(arguments: [("y", true), ("Yes", true), (" YES. ", true), ("yeah", true), ("1", true),
                      ("n", false), ("No", false), ("nope", false), ("false", false), ("0", false)])
    func yesNoAnswers(text: String, expected: Bool) {
        #expect(YesNoAnswer.parse(text) == expected)
    }

    @Test(arguments: ["", "maybe", "yes no", "sometimes", "help"])
    func notYesNo(text: String) {
        #expect(YesNoAnswer.parse(text) == nil)
    }

    // MARK: Answer sheets

    @Test func answerSheetWithIdsNumbersStringsAndANote() throws {
        let sheet = try CheckInAnswerSheet(json: """
            {"wish_dead": "yes", "2": true, "method": false, "intent": "no", "plan": false,
             "behavior": true, "6b": false, "note": "Long week."}
            """)
        #expect(sheet.note == "Long week.")
        #expect(try CSSRSScreener.score(sheet.answers).tier == .orange)
    }

    @Test(arguments: [
        ("[true]", "top level is not an object"),
        ("{\"wish_dead\": false, \"suicidal_thoughts\": false, \"behaviour\": false}", "Unknown screener item 'behaviour'"),
        ("{\"wish_dead\": 1, \"suicidal_thoughts\": false, \"behavior\": false}", "must be true/false"),
        ("{\"wish_dead\": \"perhaps\"}", "must be true/false"),
        ("{\"wish_dead\": false, \"suicidal_thoughts\": false}", "item 6 (behavior) has no answer"),
        ("{\"wish_dead\": false,", "not valid"),
        ("{\"wish_dead\": false, \"suicidal_thoughts\": false, \"behavior\": false, \"note\": 3}", "\"note\" must be a string"),
    ])
    func answerSheetErrorsSayWhatToFix(json: String, message: String) {
        let error = #expect(throws: CSSRSError.self) { try CheckInAnswerSheet(json: json) }
        #expect(error?.description.contains(message) == true, "\(String(describing: error))")
    }

    @Test func answerSheetFromAFileAndAMissingFile() throws {
        let path = try SyntheticAudio.temporaryFile(Data("{\"wish_dead\": false, \"suicidal_thoughts\": false, \"behavior\": false}".utf8),
                                                    suffix: ".json")
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(try CheckInAnswerSheet.load(path: path).answers.values.count == 3)
        let error = #expect(throws: CSSRSError.self) { try CheckInAnswerSheet.load(path: "/nonexistent/answers.json") }
        #expect(error?.description.contains("/nonexistent/answers.json") == true)
    }

    @Test func answersRoundTripThroughJSONWithItemIds() throws {
        let answers = Self.walk([.behavior]).answers
        let json = String(decoding: try JSONEncoder().encode(answers), as: UTF8.self)
        #expect(json.contains("\"behavior_past_3_months\":false"))
        #expect(try JSONDecoder().decode(CSSRSAnswers.self, from: Data(json.utf8)) == answers)
    }
}

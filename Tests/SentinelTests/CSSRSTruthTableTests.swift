import Foundation
@testable import Sentinel
import Testing

/// The exhaustive C-SSRS truth table under the skip logic: every valid answer combination
/// (Q1 × Q2 × [Q3–Q5 when Q2 is yes] × Q6 with its past-3-months recency), with the tier the
/// issue's rules give, and every invalid combination rejected.
@Suite struct CSSRSTruthTableTests {
    /// One row: the answers, written out, and the expected tier and triage.
    struct Row: CustomStringConvertible {
        var answers: CSSRSAnswers
        var tier: RiskTier
        var description: String {
            CSSRSItem.allCases.map { item in answers[item].map { "\(item.number)=\($0 ? "Y" : "N")" } ?? "\(item.number)=-" }
                .joined(separator: " ") + " → \(tier)"
        }
    }

    /// Every valid combination, built from the skip logic as the issue states it, with the tier
    /// from the issue's rules written as literally as possible.
    static let rows: [Row] = {
        var rows: [Row] = []
        let recencies: [(behavior: Bool, recent: Bool?)] = [(false, nil), (true, false), (true, true)]
        for q1 in [false, true] {
            for q2 in [false, true] {
                let middles: [(Bool, Bool, Bool)?] = q2
                    ? [false, true].flatMap { q3 in [false, true].flatMap { q4 in [false, true].map { q5 in (q3, q4, q5) } } }
                    : [nil]
                for middle in middles {
                    for (q6, recent) in recencies {
                        var answers = CSSRSAnswers([.wishDead: q1, .suicidalThoughts: q2, .behavior: q6])
                        if let middle {
                            answers[.method] = middle.0
                            answers[.intent] = middle.1
                            answers[.plan] = middle.2
                        }
                        if let recent { answers[.behaviorPastThreeMonths] = recent }
                        let tier: RiskTier
                        if middle?.1 == true || middle?.2 == true || recent == true {
                            tier = .red  // Q4 or Q5, or behaviour within the past 3 months: crisis
                        } else if middle?.0 == true || q6 {
                            tier = .orange  // Q3, or Q6 earlier in life only
                        } else if q1 || q2 {
                            tier = .yellow  // Q1 and/or Q2 only
                        } else {
                            tier = .green  // all no
                        }
                        rows.append(Row(answers: answers, tier: tier))
                    }
                }
            }
        }
        return rows
    }()

    @Test func theTableHasEveryValidCombination() {
        // Q2 no: 2 (Q1) × 3 (Q6: no / yes, earlier / yes, within 3 months); Q2 yes: 2 × 8 × 3.
        #expect(Self.rows.count == 6 + 48)
        #expect(Set(Self.rows.map(\.answers)).count == Self.rows.count)
        let counts = Dictionary(grouping: Self.rows, by: \.tier).mapValues(\.count)
        #expect(counts == [.green: 1, .yellow: 3, .orange: 8, .red: 42])
    }

    @Test(arguments: rows)
    func everyValidCombinationHasItsTier(row: Row) throws {
        let result = try CSSRSScreener.score(row.answers)
        #expect(result.tier == row.tier, "\(row)")
        #expect(result.triage == row.tier.columbiaTriage)
        #expect(result.observations.map(\.loinc) == row.answers.values.keys.sorted().map(\.loincCode))
        // The walk the questionnaire takes asks exactly these items.
        var walked = CSSRSAnswers()
        while let next = CSSRSScreener.nextItem(after: walked) { walked[next] = row.answers[next] }
        #expect(walked == row.answers)
    }

    @Test func everyOtherCombinationIsRejectedWithAClearError() {
        let valid = Set(Self.rows.map(\.answers))
        var rejected = 0
        // Each of the 7 items: unanswered, no or yes → 3^7 combinations.
        for code in 0..<2187 {
            var answers = CSSRSAnswers()
            var rest = code
            for item in CSSRSItem.allCases {
                switch rest % 3 {
                case 1: answers[item] = false
                case 2: answers[item] = true
                default: break
                }
                rest /= 3
            }
            if valid.contains(answers) {
                #expect(throws: Never.self) { try CSSRSScreener.score(answers) }
                continue
            }
            rejected += 1
            let error = #expect(throws: CSSRSError.self) { try CSSRSScreener.score(answers) }
            let message = error?.description ?? ""
            #expect(message.contains("Item ") || message.contains("item "), "\(message)")
            #expect(message.contains("Remove it") || message.contains("Answer it"), "\(message)")
        }
        #expect(rejected == 2187 - 54)
    }

    @Test func columbiaTriageAndLOINCCodes() {
        #expect(RiskTier.allCases.map(\.columbiaTriage) == [.none, .low, .moderate, .high])
        #expect(CSSRSItem.allCases.map(\.loincCode)
            == ["93246-7", "93247-5", "93248-3", "93249-1", "93250-9", "93267-3", "93269-9"])
        #expect(RiskTier.orange.label == "high monitoring" && RiskTier.red.label == "crisis")
    }
}

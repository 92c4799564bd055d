import Testing
@testable import LLM

/// Loops of a small model are found; ordinary prose is left alone.
@Suite struct RepetitionLoopTests {
    @Test func aPhraseRepeatedBackToBackIsALoop() throws {
        let text = "Today's family's morning briefing: Today's family's morning briefing: Today's family's morning briefing: Today's"
        let loop = try #require(RepetitionLoop.first(in: text))
        #expect(loop.startWord == 0)
        #expect(loop.unitLength == 4)
        #expect(loop.repetitions == 3)
    }

    @Test func theSameLineOverAndOverIsALoop() {
        let text = "Triage: urgent. See a doctor today.\n" + String(repeating: "Lemon, 9 years, allergic to peanuts.\n\n", count: 5)
        #expect(RepetitionLoop.isPresent(in: text))
    }

    @Test func ordinaryProseIsNotALoop() {
        for text in ["It is very very cold today, so wear a coat.",
                     "Rest, drink fluids, and rest again tomorrow if the fever stays.",
                     "• 09:00 Dentist\n• 12:00 Lunch with Rosa\n• 15:00 Soccer practice",
                     "Ha ha ha, that's a good one.",
                     "Two for one: two tacos for one price, two days only.", ""] {
            #expect(!RepetitionLoop.isPresent(in: text), "\(text)")
        }
    }

    @Test func aOneWordUnitNeedsFourOccurrences() {
        #expect(!RepetitionLoop.isPresent(in: "no no no, not today"))
        #expect(RepetitionLoop.first(in: "well no no no no no")?.unitLength == 1)
    }
}

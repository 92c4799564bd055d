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

/// A loop found while the answer is written ends it, and what came before the repetition is kept.
@Suite struct RepetitionLoopWhileWritingTests {
    @Test func aLongSentenceSaidTwiceIsALoopWhileWriting() throws {
        let text = "Fractions are parts of a whole. I'm here to help you with your math homework today. "
            + "I'm here to help you with your math homework today. I'm"
        #expect(RepetitionLoop.first(in: text) == nil)
        let loop = try #require(RepetitionLoop.firstWhileWriting(text))
        #expect(loop.textBeforeRepeating(in: text)
                == "Fractions are parts of a whole. I'm here to help you with your math homework today.")
    }

    @Test func aShortPhraseSaidTwiceIsNot() {
        #expect(RepetitionLoop.firstWhileWriting("Rest and drink water. Rest and drink water if the fever stays.") == nil)
    }

    @Test func theLoopsFirstCopyIsKeptWhenItOpensTheAnswer() throws {
        let text = String(repeating: "I'm so sorry for your family's situation. ", count: 4)
        let loop = try #require(RepetitionLoop.firstWhileWriting(text))
        #expect(loop.textBeforeRepeating(in: text) == "I'm so sorry for your family's situation.")
    }

    @Test func aModelsLoopAfterItsAnswerIsCutAtTheAnswer() throws {
        let text = "I'm sorry for the confusion. I'm here to help you understand fractions. I'm not able to reach the device "
            + "right now, but I can help you with your math homework. I'm sure you'll find a way to make it easier for me.\n\n"
            + "I'm not able to reach the device right now, but I can help you with your math homework. I'm sure you'll find a "
            + "way to make it easier for me.\n\nI'm sorry for"
        let loop = try #require(RepetitionLoop.firstWhileWriting(text))
        #expect(loop.textBeforeRepeating(in: text).hasSuffix("I'm sure you'll find a way to make it easier for me."))
    }
}

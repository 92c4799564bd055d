import Foundation
@testable import HomeOS
import LLM
import Skills
import Testing

/// A briefing the model writes must be about the day: an answer that only restates the
/// instruction is replaced by the deterministic summary.
struct BriefingGroundingTests {
    static let instruction = "Write the morning briefing: today's events in time order, what is due, tonight's dinner and medication notes."
    static let facts = ["10:00 Dentist (Leo)", "Grandma Rosa: lisinopril 10 mg at 08:00, 23:00"]

    @Test func anAnswerThatRestatesTheInstructionIsNotGrounded() {
        let parroted = "Today's events in time order, what is due, tonight's dinner, and today's medication notes.\nMessage: Morning briefing"
        #expect(!DailySkillSupport.isGrounded(parroted, in: Self.facts, instruction: Self.instruction))
        #expect(DailySkillSupport.isGrounded("Leo has the dentist at 10.", in: Self.facts, instruction: Self.instruction))
        #expect(DailySkillSupport.isGrounded("Rosa takes her Lisinopril at 8.", in: Self.facts, instruction: Self.instruction))
        #expect(DailySkillSupport.isGrounded("A quiet day.", in: [], instruction: Self.instruction), "no facts: nothing to ground on")
    }

    @Test func linesThatEchoThePromptAreDropped() {
        let echoed = "Today's events in time order, what is due, tonight's dinner, and today's medication notes.\n\n"
            + "Family: Maria (parent); Leo (child, 9)\nToday's calendar: 10:00 Dentist (Leo)\nMessage: Morning briefing"
        #expect(DailySkillSupport.withoutPromptEcho(echoed, instruction: Self.instruction) == "Today's calendar: 10:00 Dentist (Leo)")
        #expect(DailySkillSupport.withoutPromptEcho("Leo: dentist at 10.\n\nHave a good day!", instruction: Self.instruction)
                == "Leo: dentist at 10.\n\nHave a good day!")
    }

    @Test func theBriefingFallsBackToTheSummaryWhenTheModelIgnoresTheData() async throws {
        let storage = InMemoryStorage()
        try SchedulerFixture.seed(into: storage)
        let parrot = ScriptedModel(defaultReply: "Today's events in time order, what is due, tonight's dinner and medication notes.")
        let at = SchedulerFixture.local("2026-03-08", "07:00")
        let ignored = await BriefingWriter(storage: storage, bridge: LLMBridge(model: parrot))
            .write(evening: false, at: at, timeZone: SchedulerFixture.timeZone)
        #expect(!ignored.usedModel)
        #expect(ignored.text.contains("Dentist"))
        let grounded = ScriptedModel(defaultReply: "Leo's dentist is at 10:00. Grandma Rosa takes lisinopril at 08:00.")
        let used = await BriefingWriter(storage: storage, bridge: LLMBridge(model: grounded))
            .write(evening: false, at: at, timeZone: SchedulerFixture.timeZone)
        #expect(used.usedModel)
        #expect(used.text.hasPrefix("Leo's dentist"))
    }
}

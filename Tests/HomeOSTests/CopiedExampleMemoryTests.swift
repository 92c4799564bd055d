import HomeOS
import Testing

/// After a copied example, a skill's model call is skipped for a few turns and then asked again.
@Suite struct CopiedExampleMemoryTests {
    @Test func aCopySkipsTheNextTurnsThenAsksAgain() {
        let memory = CopiedExampleMemory()
        #expect(memory.shouldAsk("meal-planning"))
        memory.noteCopied("meal-planning")
        let turns = (0..<CopiedExampleMemory.probeInterval).map { _ in memory.shouldAsk("meal-planning") }
        #expect(turns == Array(repeating: false, count: CopiedExampleMemory.probeInterval - 1) + [true])
        #expect(memory.shouldAsk("meal-planning"), "asked again with no copy noted since")
        #expect(memory.shouldAsk("education"), "other skills are not affected")
    }

    @Test func anAnswerOfItsOwnEndsTheSkipping() {
        let memory = CopiedExampleMemory()
        memory.noteCopied("meal-planning")
        #expect(!memory.shouldAsk("meal-planning"))
        memory.noteAnswered("meal-planning")
        #expect(memory.shouldAsk("meal-planning"))
    }
}

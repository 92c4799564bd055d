import LLM
import Testing

/// Issue 22: escape sequences in messages and imported data were printed raw.
struct TerminalSafeTextTests {
    @Test func controlCharactersBecomeVisibleEscapes() {
        #expect(TerminalSafeText.visible("Leo\u{1B}[2J\u{1B}]0;owned\u{07}") == "Leo\\u{1B}[2J\\u{1B}]0;owned\\u{7}")
        #expect(TerminalSafeText.visible("done\rRemind me") == "done\\u{D}Remind me")
        #expect(TerminalSafeText.visible("a\u{9B}b\u{7F}") == "a\\u{9B}b\\u{7F}")
        #expect(TerminalSafeText.visible("evil\u{202E}txt.exe") == "evil\\u{202E}txt.exe")
    }

    @Test func ordinaryTextIsUntouched() {
        let text = "Dinner: pad thai 🍜 — Leo's favourite.\n\tCrème brûlée for dessert."
        #expect(TerminalSafeText.visible(text) == text)
    }
}

import LLM
import Testing

@Suite struct StopSequenceMatcherTests {
    @Test func passesTextThroughWithoutStops() {
        var matcher = StopSequenceMatcher(stopSequences: [])
        #expect(matcher.feed("Hello").text == "Hello")
        #expect(matcher.feed(" world").text == " world")
        #expect(matcher.flush() == "")
    }

    @Test func stopSequenceSpanningTokensIsNeverEmitted() {
        var matcher = StopSequenceMatcher(stopSequences: ["\nUser:"])
        var emitted = ""
        var stop: String?
        for piece in ["Paris is", " the capital.", "\n", "Us", "er:", " more"] {
            let output = matcher.feed(piece)
            emitted += output.text
            if let found = output.stop { stop = found; break }
        }
        #expect(stop == "\nUser:")
        #expect(emitted == "Paris is the capital.")
    }

    @Test func heldBackTextIsReleasedWhenItStopsMatching() {
        var matcher = StopSequenceMatcher(stopSequences: ["END"])
        #expect(matcher.feed("the E").text == "the ")
        #expect(matcher.feed("N").text == "")
        #expect(matcher.feed("D").stop == "END")
        var second = StopSequenceMatcher(stopSequences: ["END"])
        _ = second.feed("the EN")
        #expect(second.feed("TRY").text == "ENTRY")
    }

    @Test func earliestOfSeveralStopsWins() {
        var matcher = StopSequenceMatcher(stopSequences: ["cd", "b"])
        let output = matcher.feed("abcd")
        #expect(output.text == "a")
        #expect(output.stop == "b")
    }

    @Test func flushReturnsHeldBackPrefixAtTheEnd() {
        var matcher = StopSequenceMatcher(stopSequences: ["###"])
        #expect(matcher.feed("done ##").text == "done ")
        #expect(matcher.flush() == "##")
    }
}

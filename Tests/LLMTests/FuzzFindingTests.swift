import LLM
import Testing

/// Inputs the libFuzzer targets found (Fuzz/Corpus, docs/contributing.md), kept as tests.
@Suite struct JSONFuzzFindingTests {
    /// json-parser: `[1e999]` parsed to infinity, which JSON cannot write, so it came back out as
    /// `[null]`. Numbers beyond Double's range are now refused with the error's position.
    @Test(arguments: ["[1e999]", "-1e400", "{\"a\": 123e456789}"])
    func numbersBeyondDoubleAreRefusedNotTurnedIntoNull(_ text: String) {
        #expect {
            _ = try JSONValue(parsing: text)
        } throws: { error in
            "\(error)".contains("number out of range")
        }
    }

    @Test func theLargestFiniteNumbersStillRoundTrip() throws {
        let value = try JSONValue(parsing: "[1.7976931348623157e308, -1.7976931348623157e308, 5e-324]")
        #expect(try JSONValue(parsing: value.jsonText) == value)
    }
}

import Testing
@testable import RemoteEngine

/// The event-stream parser on its own: chunk boundaries anywhere, every line ending, comments.
@Suite struct ServerSentEventParserTests {
    /// Feeds `chunks` one by one and collects every event, then the end of the stream.
    func parse(_ chunks: [String]) -> [ServerSentEvent] {
        var parser = ServerSentEventParser()
        var events: [ServerSentEvent] = []
        for chunk in chunks { events += parser.feed(chunk) }
        return events + parser.finish()
    }

    @Test func eventsEndAtABlankLineAndDataIsTakenAfterOneSpace() {
        let events = parse(["data: {\"a\":1}\n\ndata:{\"b\":2}\n\n"])
        #expect(events.map(\.data) == ["{\"a\":1}", "{\"b\":2}"])
        #expect(events.allSatisfy { $0.event == nil })
    }

    @Test func aLineSplitAcrossChunksAtEveryPositionGivesTheSameEvents() {
        let stream = "event: delta\r\ndata: {\"x\":\"h\u{e9}llo\"}\r\n\r\n: ping\r\n\r\ndata: [DONE]\r\n\r\n"
        let whole = parse([stream])
        #expect(whole == [ServerSentEvent(event: "delta", data: "{\"x\":\"h\u{e9}llo\"}"), ServerSentEvent(data: "[DONE]")])
        let bytes = Array(stream.utf8)
        for cut in 1..<bytes.count {
            var parser = ServerSentEventParser()
            let events = parser.feed(bytes[..<cut]) + parser.feed(bytes[cut...]) + parser.finish()
            #expect(events == whole, "split at byte \(cut)")
        }
    }

    @Test func byteByByteFeedingDecodesMultiByteCharacters() {
        var parser = ServerSentEventParser()
        var events: [ServerSentEvent] = []
        for byte in "data: caf\u{e9} \u{1F600}\n\n".utf8 { events += parser.feed([byte]) }
        #expect(events.map(\.data) == ["caf\u{e9} \u{1F600}"])
    }

    @Test func crlfAndLoneCarriageReturnsBothEndLines() {
        #expect(parse(["data: one\r\n\r\n"]).map(\.data) == ["one"])
        #expect(parse(["data: two\r\r"]).map(\.data) == ["two"])
        // A CRLF pair split between chunks is one line end, not two (which would dispatch early).
        #expect(parse(["data: a\r", "\ndata: b\r", "\n\r\n"]).map(\.data) == ["a\nb"])
    }

    @Test func multiLineDataFieldsAreJoinedWithNewlines() {
        #expect(parse(["data: first\ndata: second\ndata:\ndata: fourth\n\n"]).map(\.data) == ["first\nsecond\n\nfourth"])
    }

    @Test func commentsAndKeepAlivesAreIgnored() {
        let events = parse([": ping\n\n", ":keep-alive\n", "data: x\n", ": in between\n", "\n", ": ping - 2026-11-22\n\n"])
        #expect(events.map(\.data) == ["x"])
    }

    @Test func doneIsAnOrdinaryEventForTheCaller() {
        #expect(parse(["data: [DONE]\n\n"]).map(\.data) == ["[DONE]"])
    }

    @Test func eventTypesIdsAndUnknownFieldsAreHandled() {
        let events = parse(["id: 7\nevent: error\nretry: 1000\nfoo: bar\ndata: {\"error\":{\"message\":\"boom\"}}\n\n", "data: next\n\n"])
        #expect(events.count == 2)
        #expect(events.first?.event == "error")
        #expect(events.first?.id == "7")
        #expect(events.last?.event == nil, "the event type does not carry over")
        #expect(events.last?.id == "7", "the last id does carry over")
    }

    @Test func anEventWithoutDataIsNotDispatchedAndAFieldWithoutColonIsEmpty() {
        #expect(parse(["event: nothing\n\n"]).isEmpty)
        #expect(parse(["data\n\n"]).map(\.data) == [""])
    }

    @Test func anUnterminatedEventAtTheEndOfTheStreamIsDropped() {
        #expect(parse(["data: complete\n\ndata: cut off"]).map(\.data) == ["complete"])
        #expect(parse(["data: cut off\n"]).isEmpty)
    }

    @Test func aByteOrderMarkAtTheStartIsSkipped() {
        var parser = ServerSentEventParser()
        let events = parser.feed([0xEF, 0xBB, 0xBF] + Array("data: x\n\n".utf8))
        #expect(events.map(\.data) == ["x"])
    }
}

import LLM
import Testing

@Suite struct JSONValueTests {
    @Test func parsesAndSerialisesKeepingKeyOrder() throws {
        let value = try JSONValue(parsing: #"{"b": 1, "a": [true, null, 2.5, "x\"y\u00e9\ud83c\udf55"], "c": {}}"#)
        #expect(value.objectValue?.keys == ["b", "a", "c"])
        #expect(value["a"] == [true, nil, 2.5, "x\"yé🍕"])
        #expect(value.jsonText == #"{"b":1,"a":[true,null,2.5,"x\"yé🍕"],"c":{}}"#)
        #expect(try JSONValue(parsing: value.prettyText) == value)
    }

    @Test func objectEqualityIgnoresOrderAndNumbersCompareByValue() throws {
        #expect(try JSONValue(parsing: #"{"a":1,"b":2}"#) == JSONValue(parsing: #"{"b":2.0,"a":1}"#))
        #expect(JSONValue.number(1).typeName == "integer")
        #expect(JSONValue.number(1.5).typeName == "number")
    }

    @Test(arguments: [
        ("", "unexpected end of input"), ("{", "expected a property name"), (#"{"a" 1}"#, "expected ':'"),
        ("[1,]", "unexpected character"), ("01", "unexpected text after"), ("\"tab\u{09}here\"", "control character"),
        ("[1] x", "unexpected text after"), ("tru", "invalid literal"), (#""\q""#, "invalid escape"), ("1.", "decimal point"),
    ])
    func malformedJSONSaysWhereAndWhy(text: String, reason: String) {
        do {
            _ = try JSONValue(parsing: text)
            Issue.record("accepted \(text.debugDescription)")
        } catch {
            #expect(error.reason.contains(reason), "\(error)")
            #expect(error.line == 1)
        }
    }

    @Test func errorPositionCountsLines() {
        do {
            _ = try JSONValue(parsing: "{\n  \"a\": 1,\n  \"b\": ?\n}")
        } catch {
            #expect(error.line == 3)
            #expect(error.column == 8)
        }
    }

    @Test func deepNestingIsRefusedNotCrashing() {
        let deep = String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
        #expect(throws: JSONParseError.self) { try JSONValue(parsing: deep) }
    }

    @Test func codableRoundTrip() throws {
        struct Reservation: Codable, Equatable { var cuisine: String; var partySize: Int }
        let value = try JSONValue(encoding: Reservation(cuisine: "Italian", partySize: 4))
        #expect(value["partySize"] == 4)
        #expect(try value.decode(Reservation.self) == Reservation(cuisine: "Italian", partySize: 4))
    }
}

@Suite struct JSONExtractorTests {
    @Test(arguments: [
        ("{\"a\": 1}", false),
        ("Sure! Here is the JSON:\n```json\n{\"a\": 1}\n```\nLet me know if you need more.", false),
        ("The answer is {\"a\": 1} as requested.", false),
        ("{'a': 1}", true),
        ("{\"a\": 1,}", true),
        ("Result: {'a': 1, 'list': [1, 2,],}", true),
    ])
    func findsJSONInChattyOutput(text: String, repaired: Bool) throws {
        let extraction = try #require(JSONExtractor.extract(from: text))
        #expect(extraction.value["a"] == 1)
        #expect(extraction.repaired == repaired)
    }

    @Test func singleQuotedStringsWithDoubleQuotesInsideAreEscaped() throws {
        let extraction = try #require(JSONExtractor.extract(from: #"{'quote': 'she said "hi"'}"#))
        #expect(extraction.value["quote"] == #"she said "hi""#)
    }

    @Test func textWithoutJSONGivesNothing() {
        #expect(JSONExtractor.extract(from: "I cannot help with that.") == nil)
        #expect(JSONExtractor.extract(from: "{ unbalanced") == nil)
    }
}

@Suite struct JSONStructureTrackerTests {
    @Test func tracksOpenContainersAndStringsAcrossPieces() {
        var tracker = JSONStructureTracker()
        for piece in ["{\"na", "me\": \"Ann", " \\\" {[ x", "\", \"tags\": [1, {"] { tracker.feed(piece) }
        #expect(tracker.openContainers == 3)
        #expect(!tracker.isInString)
        #expect(tracker.closingText == "}]}")
        tracker.feed("\"unfinished")
        #expect(tracker.isInString)
        #expect(tracker.closingCost == 4)
    }

    @Test func knowsWhereAKeyIsBeingWritten() {
        var tracker = JSONStructureTracker()
        tracker.feed("{")
        #expect(tracker.keyInProgress == [])
        tracker.feed(" \"na")
        #expect(tracker.keyInProgress == Array("\"na".utf8))
        tracker.feed("me\": \"Ann")
        #expect(tracker.keyInProgress == nil, "a value string is not a key")
        tracker.feed("\", \"tags\": [\"x\", ")
        #expect(tracker.keyInProgress == nil, "a comma in an array leads to an item, not a key")
        tracker.feed("{\"a\": 1}], ")
        #expect(tracker.keyInProgress == [], "a comma back in the object leads to a key")
        tracker.feed("\"b\\\"")
        #expect(tracker.keyInProgress == Array("\"b\\\"".utf8), "an escaped quote does not end the key")
    }
}

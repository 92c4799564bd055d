import Testing
@testable import HomeOS

/// A JSON answer that copies the prompt's worked example is recognised by its first value, and
/// nothing of it is shown; any other answer is shown whole, in order, once it differs.
@Suite struct CopiedExampleWatchTests {
    static let example = "Lemon herb chicken with rice"

    @Test func aCopyIsFoundWhenItsFirstValueEndsAndNothingOfItIsReleased() {
        var watch = CopiedExampleWatch(example: Self.example)
        var released: [String] = []
        var copiedAt: Int?
        let pieces = [#"{"name"#, #"": ""#, "lemon", " herb", " chicken", " with", " rice", #"", "cuisine": ""#, "Med", "iter"]
        for (index, piece) in pieces.enumerated() {
            let verdict = watch.feed(piece)
            released += verdict.released
            if verdict.copied { copiedAt = index }
        }
        #expect(copiedAt == 7, "found as soon as the next value begins, not before")
        #expect(released.isEmpty)
        #expect(watch.copied)
    }

    @Test func anotherDishIsReleasedWholeOnceItDiffers() {
        var watch = CopiedExampleWatch(example: Self.example)
        let pieces = [#"{"name": ""#, "Lemon", " herb", " salmon", #"", "cuisine": ""#, "Nordic", #""}"#]
        var released: [String] = []
        var releasedAfter: [Int] = []
        for (index, piece) in pieces.enumerated() {
            let verdict = watch.feed(piece)
            #expect(!verdict.copied)
            if !verdict.released.isEmpty { releasedAfter.append(index) }
            released += verdict.released
        }
        #expect(releasedAfter.first == 3, "held while it could still be the copy")
        #expect(released.joined() == pieces.joined())
        #expect(!watch.copied)
    }

    @Test func aLongerNameThatStartsLikeTheExampleIsNotACopy() {
        var watch = CopiedExampleWatch(example: Self.example)
        var released = ""
        for piece in [#"{"name": "Lemon herb chicken with rice and peas"#, #"", "cuisine": "Greek"}"#] {
            let verdict = watch.feed(piece)
            #expect(!verdict.copied)
            released += verdict.released.joined()
        }
        #expect(released.contains("and peas"))
    }
}

import Foundation
import Sentinel
import Testing

/// The person's own words raise the deterministic floor: a note the crisis layer flags is never
/// left green by an all-"no" screener, with or without the model.
@Suite struct CrisisWordsFloorTests {
    static let allNo = CSSRSAnswers([.wishDead: false, .suicidalThoughts: false, .behavior: false])

    func run(note: String?, transcript: String? = nil) async throws -> CheckInReport {
        let checkIn = CheckIn(ai: .disabled(reason: "test"), now: { Date(timeIntervalSince1970: 0) })
        return try await checkIn.run(signals: CheckInSignals(note: note, transcript: transcript), answers: Self.allNo)
    }

    @Test func aPlanInTheNoteIsRedEvenWhenEveryAnswerIsNo() async throws {
        let report = try await run(note: "I have my rifle out and I'm going to use it on myself tonight")
        #expect(report.finalTier == .red)
        #expect(report.decidedBy == .words)
    }

    @Test func theWishToBeDeadInATranscriptIsOrange() async throws {
        let report = try await run(note: nil, transcript: "honestly nobody would notice if I was gone")
        #expect(report.finalTier == .orange)
        #expect(report.decidedBy == .words)
    }

    @Test func ordinaryWordsAndReportsAboutOthersLeaveTheScreenerAlone() async throws {
        #expect(try await run(note: "Rough week at work, this commute is killing me").finalTier == .green)
        // Someone else's crisis gets the crisis lines in HomeOS; it does not make the writer red.
        #expect(try await run(note: "my buddy keeps saying he wants to kill himself").finalTier == .green)
    }
}

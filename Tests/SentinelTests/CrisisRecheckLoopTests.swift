import Foundation
@testable import Sentinel
import Synchronization
import Testing

/// Lines the person "types", in order; a time-out moves the test's clock by the time asked for.
actor ScriptedLineInput: LineInput {
    private var script: [TimedLine]
    private let clock: ManualClock
    /// The time limits asked for, in order (nil: no limit).
    private(set) var timeouts: [TimeInterval?] = []

    init(_ script: [TimedLine], clock: ManualClock) {
        self.script = script
        self.clock = clock
    }

    func nextLine(timeout: TimeInterval?) async -> TimedLine {
        timeouts.append(timeout)
        guard !script.isEmpty else { return .ended }
        let next = script.removeFirst()
        if next == .timedOut {
            guard let timeout else {
                Issue.record("the script times out a read that has no time limit")
                return .ended
            }
            clock.advance(minutes: timeout / 60)
        }
        return next
    }
}

/// Collects what the loop writes and the sessions it reports.
final class RecheckTranscript: Sendable {
    private let state = Mutex((text: "", changes: [CrisisSession]()))
    var text: String { state.withLock { $0.text } }
    var changes: [CrisisSession] { state.withLock { $0.changes } }
    func write(_ text: String) { state.withLock { $0.text += text } }
    func changed(_ session: CrisisSession) { state.withLock { $0.changes.append(session) } }
}

@Suite struct CrisisRecheckLoopTests {
    let start = Date(timeIntervalSince1970: 1_700_000_000)

    func run(_ script: [TimedLine], tier: RiskTier = .orange, recheckAfter: TimeInterval = CrisisSession.recheckInterval,
             buddy: CrisisProfile.Contact? = nil) async throws
        -> (session: CrisisSession, transcript: RecheckTranscript, timeouts: [TimeInterval?], clock: ManualClock) {
        let clock = ManualClock(start)
        let input = ScriptedLineInput(script, clock: clock)
        let transcript = RecheckTranscript()
        let loop = CrisisRecheckLoop(clock: clock, input: input, write: { transcript.write($0) },
                                     onChange: { transcript.changed($0) }, battleBuddy: buddy)
        let session = await loop.run(try #require(CrisisSession(tier: tier, now: start, recheckAfter: recheckAfter)))
        return (session, transcript, await input.timeouts, clock)
    }

    @Test func moreStableAfterTenMinutesResolves() async throws {
        let result = try await run([.timedOut, .line("1")])
        #expect(result.session.state == .resolved)
        #expect(result.timeouts == [600, nil], "waits the full 10 minutes, then asks without a limit")
        #expect(result.session.endedAt == start.addingTimeInterval(600))
        #expect(result.session.rechecks == [RecheckRecord(at: start.addingTimeInterval(600), answer: .moreStable)])
        #expect(result.transcript.text.contains("again in 10 minutes"))
        #expect(result.transcript.text.contains("Press Enter to check in sooner"))
        #expect(result.transcript.text.contains("How are you doing now?"))
        #expect(result.transcript.text.contains("Glad you are more stable"))
        #expect(!result.transcript.text.contains("CALL 988 NOW"))
        #expect(result.transcript.changes.map(\.state) == [.resolved])
    }

    @Test func aboutTheSameWaitsAgainAndStillNotSafeEscalates() async throws {
        let buddy = CrisisProfile.Contact(name: "Sam", phone: "555-0100")
        let result = try await run([.timedOut, .line("about the same"), .timedOut, .line("still not safe")], tier: .red, buddy: buddy)
        #expect(result.session.state == .escalated)
        #expect(result.timeouts == [600, nil, 600, nil])
        #expect(result.session.rechecks.map(\.answer) == [.aboutTheSame, .stillNotSafe])
        #expect(result.session.endedAt == start.addingTimeInterval(1200))
        let text = result.transcript.text
        #expect(text.contains("CALL 988 NOW, then press 1 for the Veterans Crisis Line."))
        #expect(text.contains("text 838255") && text.contains("call 911") && text.contains("Sam, 555-0100"))
        #expect(text.components(separatedBy: "How are you doing now?").count == 3, "asked twice")
        #expect(result.transcript.changes.map(\.state) == [.active(recheckAt: start.addingTimeInterval(1200)), .escalated])
    }

    @Test func enterChecksInEarly() async throws {
        // Enter after 0 minutes: the question comes at once; "2" restarts the 10 minutes from then.
        let result = try await run([.line(""), .line("2"), .timedOut, .line("3")])
        #expect(result.session.rechecks == [RecheckRecord(at: start, answer: .aboutTheSame),
                                            RecheckRecord(at: start.addingTimeInterval(600), answer: .stillNotSafe)])
        #expect(result.timeouts == [600, nil, 600, nil])
        #expect(result.session.state == .escalated)
    }

    @Test func anAnswerTypedWhileWaitingIsTheRecheckAnswer() async throws {
        let result = try await run([.line("3")])
        #expect(result.session.state == .escalated)
        #expect(result.timeouts == [600])
        #expect(!result.transcript.text.contains("How are you doing now?"))
        #expect(result.transcript.text.contains("CALL 988 NOW"))
    }

    @Test func unclearAnswersAreAskedAgainAndHelpShowsTheCrisisLines() async throws {
        let result = try await run([.line("help"), .timedOut, .line("maybe"), .line("help"), .line("1")])
        #expect(result.session.state == .resolved)
        #expect(result.timeouts == [600, 600, nil, nil, nil], "help while waiting keeps waiting")
        let text = result.transcript.text
        #expect(text.contains("Please type 1 (more stable), 2 (about the same) or 3 (still not safe)."))
        #expect(text.components(separatedBy: "Veterans Crisis Line: Dial 988 then press 1").count == 3)
    }

    @Test func theEndOfInputStopsWithTheCrisisLines() async throws {
        let whileWaiting = try await run([.ended])
        #expect(whileWaiting.session.state == .active(recheckAt: start.addingTimeInterval(600)))
        #expect(whileWaiting.transcript.text.contains("input ended") && whileWaiting.transcript.text.contains("call 988 now"))
        #expect(whileWaiting.transcript.changes.isEmpty)

        let whenAsked = try await run([.timedOut, .ended])
        #expect(whenAsked.session.state == .recheckDue)
        #expect(whenAsked.transcript.text.contains("input ended"))
    }

    @Test func aShorterRecheckWaitIsUsedThroughout() async throws {
        let result = try await run([.timedOut, .line("same"), .timedOut, .line("better")], recheckAfter: 30)
        #expect(result.timeouts == [30, nil, 30, nil])
        #expect(result.transcript.text.contains("again in 30 seconds"))
        #expect(result.session.state == .resolved && result.session.endedAt == start.addingTimeInterval(60))
    }

    @Test(arguments: [
        ("1", RecheckAnswer.moreStable), ("More stable", .moreStable), ("  stable ", .moreStable), ("better", .moreStable),
        ("2", .aboutTheSame), ("About the same", .aboutTheSame), ("same", .aboutTheSame), ("about_the_same", .aboutTheSame),
        ("3", .stillNotSafe), ("Still not safe", .stillNotSafe), ("not safe!", .stillNotSafe), ("still-not-safe", .stillNotSafe),
    ])
    func parsesRecheckAnswers(text: String, expected: RecheckAnswer) {
        #expect(RecheckAnswer(parsing: text) == expected)
    }

    @Test(arguments: ["", "4", "maybe", "safe", "not sure", "12"])
    func rejectsUnclearRecheckAnswers(text: String) {
        #expect(RecheckAnswer(parsing: text) == nil)
    }

    @Test func recheckNowOnlyMovesAnActiveSession() throws {
        var session = try #require(CrisisSession(tier: .orange, now: start))
        session.recheckNow()
        #expect(session.state == .recheckDue)
        try session.answerRecheck(.stillNotSafe, now: start)
        session.recheckNow()
        #expect(session.state == .escalated)
        #expect(CrisisSession(tier: .red, now: start, recheckAfter: -5)?.recheckAfter == CrisisSession.recheckInterval)
    }
}

/// A value shared between tasks.
final class Locked<Value: Sendable>: Sendable {
    private let storage: Mutex<Value>
    init(_ value: Value) { storage = Mutex(value) }
    var value: Value {
        get { storage.withLock { $0 } }
        set { storage.withLock { $0 = newValue } }
    }
}

/// Lines released by the test, one at a time; reads wait until a line is there.
actor LineGate {
    private var lines: [String?] = []
    private var waiting: CheckedContinuation<String?, Never>?
    private(set) var reads = 0

    func send(_ line: String?) {
        if let waiting {
            self.waiting = nil
            waiting.resume(returning: line)
        } else {
            lines.append(line)
        }
    }

    func read() async -> String? {
        reads += 1
        if !lines.isEmpty { return lines.removeFirst() }
        return await withCheckedContinuation { waiting = $0 }
    }
}

@Suite struct InterruptibleLineReaderTests {
    @Test func aLineBeforeTheTimeLimitWinsAndCancelsTheSleep() async {
        let cancelled = Locked(false)
        let reader = InterruptibleLineReader(read: { "" }, sleep: { _ in
            do { try await Task.sleep(for: .seconds(3600)) } catch {
                cancelled.value = true
                throw error
            }
        })
        #expect(await reader.nextLine(timeout: 600) == .line(""))
        // The sleep is cancelled rather than left running for an hour.
        for _ in 0..<10_000 where !cancelled.value { await Task.yield() }
        #expect(cancelled.value)
    }

    @Test func aTimeOutKeepsTheReadForTheNextLine() async {
        let gate = LineGate()
        let slept = Locked([TimeInterval]())
        let reader = InterruptibleLineReader(read: { await gate.read() }, sleep: { seconds in slept.value.append(seconds) })
        #expect(await reader.nextLine(timeout: 600) == .timedOut)
        #expect(slept.value == [600])
        await gate.send("3")
        #expect(await reader.nextLine(timeout: nil) == .line("3"))
        #expect(await gate.reads == 1, "the line typed after the time-out answers the pending read")
        // The next call starts a new read.
        await gate.send("after")
        #expect(await reader.nextLine(timeout: nil) == .line("after"))
        #expect(await gate.reads == 2)
    }

    @Test func theEndOfInputIsReported() async {
        let reader = InterruptibleLineReader(read: { nil }, sleep: { _ in try await Task.sleep(for: .seconds(3600)) })
        #expect(await reader.nextLine(timeout: 10) == .ended)
        #expect(await reader.nextLine(timeout: nil) == .ended)
    }
}

import Foundation

/// Runs a crisis session's rechecks on a line-based terminal.
///
/// Waits until the recheck is due (10 minutes by default; the person can press Enter to check
/// in sooner), then asks "more stable / about the same / still not safe" and applies the answer
/// to the ``CrisisSession``: more stable resolves it, about the same waits again, still not safe
/// escalates with a prominent instruction to call 988. The loop ends when the session is resolved
/// or escalated, or when input ends.
///
/// The clock and the input are dependencies, so tests drive the loop with a scripted input and a
/// clock they move by hand. The loop never logs what the person types.
public struct CrisisRecheckLoop: Sendable {
    /// The time source.
    public var clock: any CrisisClock
    /// Where lines come from, with time limits (see ``InterruptibleLineReader``).
    public var input: any LineInput
    /// Writes text for the person (no newline added).
    public var write: @Sendable (String) -> Void
    /// Called after every answer that changed the session (to save it, for example).
    public var onChange: @Sendable (CrisisSession) -> Void
    /// The battle buddy, named in the escalation message when known.
    public var battleBuddy: CrisisProfile.Contact?
    /// The crisis lines shown on "help".
    public var resources: [CrisisResource]

    /// Creates a loop.
    public init(clock: any CrisisClock, input: any LineInput, write: @escaping @Sendable (String) -> Void,
                onChange: @escaping @Sendable (CrisisSession) -> Void = { _ in },
                battleBuddy: CrisisProfile.Contact? = nil, resources: [CrisisResource] = CrisisResource.unitedStates) {
        self.clock = clock
        self.input = input
        self.write = write
        self.onChange = onChange
        self.battleBuddy = battleBuddy
        self.resources = resources
    }

    /// The recheck question and its options.
    public static let question = "\nHow are you doing now?\n  1. More stable\n  2. About the same\n  3. Still not safe\n"
        + "Type 1, 2 or 3 (or help for crisis lines) > "

    /// The escalation message: call 988 now.
    public static func escalationMessage(battleBuddy: CrisisProfile.Contact?) -> String {
        let rule = String(repeating: "!", count: 64)
        var lines = [
            "", rule,
            "  CALL 988 NOW, then press 1 for the Veterans Crisis Line.",
            "  If you cannot talk, text 838255. In immediate danger, call 911.",
        ]
        if let battleBuddy { lines.append("  Then let your battle buddy know: \(battleBuddy.name), \(battleBuddy.phone).") }
        lines += [rule, ""]
        return lines.joined(separator: "\n")
    }

    /// Runs rechecks until `session` is resolved or escalated, or input ends; returns the session.
    public func run(_ session: CrisisSession) async -> CrisisSession {
        var session = session
        while !session.isEnded {
            session.refresh(now: clock.now)
            switch session.state {
            case .active(let recheckAt):
                write("\n\(session.instruction)\nPress Enter to check in sooner.\n")
                switch await input.nextLine(timeout: max(0, recheckAt.timeIntervalSince(clock.now))) {
                case .timedOut:
                    // The wait is over even if the clocks disagree by a moment.
                    session.refresh(now: clock.now)
                    session.recheckNow()
                case .ended:
                    inputEnded()
                    return session
                case .line(let text):
                    if isHelp(text) {
                        showCrisisLines()
                        continue
                    }
                    session.recheckNow()
                    // An answer typed while waiting counts as the recheck answer.
                    if let answer = RecheckAnswer(parsing: text) { apply(answer, to: &session) }
                }
            case .recheckDue:
                write(Self.question)
                switch await input.nextLine(timeout: nil) {
                case .line(let text):
                    if let answer = RecheckAnswer(parsing: text) {
                        apply(answer, to: &session)
                    } else if isHelp(text) {
                        showCrisisLines()
                    } else {
                        write("Please type 1 (more stable), 2 (about the same) or 3 (still not safe).\n")
                    }
                case .timedOut, .ended:
                    inputEnded()
                    return session
                }
            case .resolved, .escalated:
                break
            }
        }
        return session
    }

    private func apply(_ answer: RecheckAnswer, to session: inout CrisisSession) {
        do {
            try session.answerRecheck(answer, now: clock.now)
        } catch {
            // Not reachable: answers are only applied when the recheck is due.
            return
        }
        onChange(session)
        switch answer {
        case .moreStable: write("\n\(session.instruction)\n")
        case .aboutTheSame: write("\nThank you for telling me. Keep going with your safety plan.\n")
        case .stillNotSafe: write(Self.escalationMessage(battleBuddy: battleBuddy) + "\n")
        }
    }

    private func isHelp(_ text: String) -> Bool {
        ["help", "h", "?"].contains(text.trimmingCharacters(in: .whitespaces).lowercased())
    }

    private func showCrisisLines() {
        write((["If you need to talk to someone now:"] + resources.map { "  \($0.name): \($0.instructions)" })
            .joined(separator: "\n") + "\n")
    }

    private func inputEnded() {
        write("\nThe recheck cannot be asked (input ended). If you are not safe, call 988 now and press 1, "
            + "text 838255, or call 911 if you are in immediate danger.\n")
    }
}

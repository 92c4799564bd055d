import Foundation
import LLM
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `homeos chat`'s streamed answer on a terminal: the model's pieces are printed, dimmed, as the
/// engine produces them (a JSON answer as the text inside it); when the turn ends, the draft is
/// kept if it is the answer, and otherwise erased and replaced by the finished answer.
final class TerminalDraft: Sendable {
    private let prefix: String
    /// The text shown so far.
    private let shown = Mutex("")

    /// A draft whose lines start after `prefix` (already printed by the caller).
    init(prefix: String) {
        self.prefix = prefix
    }

    /// The tap that feeds this draft.
    var tap: TokenTap {
        TokenTap.readable(attemptStarted: { [self] in restart() }, text: { [self] in append($0) })
    }

    private func append(_ piece: String) {
        shown.withLock { $0 += piece }
        Self.raw("\u{1B}[2m")
        Terminal.write(piece)
        Self.raw("\u{1B}[0m")
    }

    private func restart() {
        erase(shown.withLock { text in
            defer { text = "" }
            return text
        })
    }

    /// Removes the draft and the prefix (the caller prints something else in their place).
    func discard() {
        erase(shown.withLock { $0 })
        Self.raw("\r\u{1B}[J")
    }

    /// Ends the draft with the finished answer: kept when it says the same, else replaced.
    func finish(with answer: String) {
        let shown = self.shown.withLock { $0 }
        if !shown.isEmpty && shown.trimmingCharacters(in: .whitespacesAndNewlines) == answer.trimmingCharacters(in: .whitespacesAndNewlines) {
            Self.raw("\n")
            return
        }
        erase(shown)
        Terminal.write(answer + "\n")
    }

    /// Moves the cursor back over `shown` (and the prefix) and clears to the end of the screen.
    private func erase(_ shown: String) {
        guard !shown.isEmpty else { return }
        let width = Self.columns
        let rows = (prefix + shown).split(separator: "\n", omittingEmptySubsequences: false)
            .map { max(1, ($0.count + width - 1) / width) }.reduce(0, +)
        Self.raw("\r" + (rows > 1 ? "\u{1B}[\(rows - 1)A" : "") + "\u{1B}[J" + prefix)
    }

    /// The terminal's width (80 when it cannot be read).
    private static var columns: Int {
        var size = winsize()
        guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return 80 }
        return Int(size.ws_col)
    }

    /// Writes terminal control sequences as they are (model text goes through `Terminal.write`).
    private static func raw(_ sequence: String) {
        FileHandle.standardOutput.write(Data(sequence.utf8))
    }
}

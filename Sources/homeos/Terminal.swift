import Foundation
import Evaluation
import LLM

/// Small helpers for terminal output.
enum Terminal {
    /// Writes to standard output without a newline, flushing immediately (for streaming), with
    /// control characters shown as visible escapes (see `TerminalSafeText`).
    static func write(_ text: String) {
        FileHandle.standardOutput.write(Data(TerminalSafeText.visible(text).utf8))
    }

    /// Writes a line to standard output, control characters shown as visible escapes: for anything
    /// that holds family data, messages or model output.
    static func line(_ text: String) {
        fflush(nil)  // anything print() buffered goes first
        write(text + "\n")
    }

    /// Writes a line to standard error.
    static func error(_ text: String) {
        FileHandle.standardError.write(Data((text + "\n").utf8))
    }

    /// A duration as whole milliseconds.
    static func ms(_ duration: Duration) -> String { String(format: "%.0f", duration.milliseconds) }

    /// Renders rows as an aligned text table; the first row is the header.
    static func table(_ rows: [[String]]) -> String { TextTable.render(rows) }
}

extension Terminal {
    /// Rewrites one progress line on standard error: "label done/total".
    static func progress(_ label: String, _ done: Int, _ total: Int) {
        FileHandle.standardError.write(Data("\r\(label) \(done)/\(total)   ".utf8))
    }
}

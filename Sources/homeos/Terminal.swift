import Foundation
import LLM

/// Small helpers for terminal output.
enum Terminal {
    /// Writes to standard output without a newline, flushing immediately (for streaming).
    static func write(_ text: String) {
        FileHandle.standardOutput.write(Data(text.utf8))
    }

    /// Writes a line to standard error.
    static func error(_ text: String) {
        FileHandle.standardError.write(Data((text + "\n").utf8))
    }

    /// A duration as whole milliseconds.
    static func ms(_ duration: Duration) -> String { String(format: "%.0f", duration.milliseconds) }

    /// Renders rows as an aligned text table; the first row is the header.
    static func table(_ rows: [[String]]) -> String {
        guard let header = rows.first else { return "" }
        let widths = header.indices.map { column in rows.map { column < $0.count ? $0[column].count : 0 }.max() ?? 0 }
        func line(_ row: [String]) -> String {
            row.enumerated().map { index, cell in
                let pad = String(repeating: " ", count: widths[index] - cell.count)
                return index == 0 ? cell + pad : pad + cell
            }.joined(separator: "  ")
        }
        let rule = widths.map { String(repeating: "-", count: $0) }.joined(separator: "  ")
        return ([line(header), rule] + rows.dropFirst().map(line)).joined(separator: "\n")
    }
}

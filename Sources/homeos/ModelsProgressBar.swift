#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import ModelHub
import Synchronization

/// A download progress bar on standard error: redrawn in place on a terminal, a line per 10%
/// otherwise (logs, CI).
final class ModelsProgressBar: Sendable {
    private struct State {
        var lastDraw: ContinuousClock.Instant?
        var lastDecile = -1
        var lastPhase: String?
        var drewBar = false
    }

    private let label: String
    private let interactive: Bool
    private let state = Mutex(State())
    private let clock = ContinuousClock()

    /// Creates a bar titled `label`.
    init(label: String, interactive: Bool = isatty(STDERR_FILENO) == 1) {
        self.label = label
        self.interactive = interactive
    }

    /// Shows a progress report (called from the downloading task).
    func update(_ progress: ModelLibrary.PullProgress) {
        let name = progress.fileCount > 1 ? "\(label) [\(progress.fileIndex + 1)/\(progress.fileCount) \(progress.file)]" : label
        let report = progress.download
        switch report.phase {
        case .waitingForOtherDownload:
            message("\(name): another download of this file is running; waiting for it…")
        case .connecting(let attempt):
            if attempt == 1 { message("\(name): connecting…") }
        case .retrying(let attempt, let delay, let reason):
            message("\(name): \(reason); retrying in \(String(format: "%.1f", Double(delay.components.seconds) + Double(delay.components.attoseconds) / 1e18))s (attempt \(attempt))")
        case .verifying:
            draw(name, report, force: true)
            message("\(name): verifying SHA-256…")
        case .finished:
            finishLine()
        case .downloading:
            draw(name, report, force: false)
        }
    }

    private func message(_ text: String) {
        let line = state.withLock { state -> String? in
            guard state.lastPhase != text else { return nil }
            state.lastPhase = text
            let prefix = state.drewBar && interactive ? "\n" : ""
            state.drewBar = false
            return prefix + text
        }
        if let line { Terminal.error(line) }
    }

    private func finishLine() {
        let needsNewline = state.withLock { state in
            defer { state.drewBar = false }
            return state.drewBar && interactive
        }
        if needsNewline { Terminal.error("") }
    }

    private func draw(_ name: String, _ report: DownloadProgress, force: Bool) {
        let now = clock.now
        let text: String? = state.withLock { state in
            if interactive {
                if !force, let last = state.lastDraw, now - last < .milliseconds(200) { return nil }
                state.lastDraw = now
                state.drewBar = true
                state.lastPhase = nil
                return "\r" + Self.line(name, report) + "\u{1B}[K"
            }
            let decile = Int((report.fraction ?? 0) * 10)
            guard decile > state.lastDecile || (force && decile == 10 && state.lastDecile < 10) else { return nil }
            state.lastDecile = decile
            return Self.line(name, report) + "\n"
        }
        if let text { FileHandle.standardError.write(Data(text.utf8)) }
    }

    /// `name  [=========>          ]  48%  121.5 MB / 253.1 MB  8.2 MB/s  ETA 16s`
    static func line(_ name: String, _ report: DownloadProgress) -> String {
        let width = 24
        var parts = [name]
        if let fraction = report.fraction {
            let filled = Int(fraction * Double(width))
            let bar = String(repeating: "=", count: filled) + (filled < width ? ">" : "") + String(repeating: " ", count: max(0, width - filled - 1))
            parts.append("[\(bar)]")
            parts.append(String(format: "%3d%%", Int(fraction * 100)))
            parts.append("\(ByteCount.format(report.receivedBytes)) / \(ByteCount.format(report.totalBytes ?? 0))")
        } else {
            parts.append(ByteCount.format(report.receivedBytes))
        }
        if report.bytesPerSecond > 0 { parts.append("\(ByteCount.format(Int64(report.bytesPerSecond)))/s") }
        if let remaining = report.estimatedTimeRemaining, report.phase == .downloading {
            parts.append("ETA \(ModelsFormat.duration(remaining))")
        }
        return parts.joined(separator: "  ")
    }
}

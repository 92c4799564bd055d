import Foundation
import Synchronization

/// A line the person typed, or why there is none.
public enum TimedLine: Sendable, Hashable {
    /// A line (without its newline; empty when they only pressed Enter).
    case line(String)
    /// The time ran out before a line came.
    case timedOut
    /// The input ended (closed terminal, end of a pipe).
    case ended
}

/// Where interactive loops read the person's lines from.
public protocol LineInput: Sendable {
    /// The next line.
    ///
    /// With a `timeout` (seconds), returns ``TimedLine/timedOut`` when no line came in time; a
    /// read still in progress then carries over to the next call, so no typed line is lost.
    /// Without one, waits for a line or the end of input.
    func nextLine(timeout: TimeInterval?) async -> TimedLine
}

/// Lines from a blocking reader (such as standard input), with time limits from a sleeper.
///
/// The reader is called once per line; when the sleeper finishes first, the read keeps running
/// and its line is the answer to the next call. Both are dependencies so tests need no terminal
/// and no real waiting.
///
/// ```swift
/// let input = InterruptibleLineReader(read: { readLine() }, sleep: { try await Task.sleep(for: .seconds($0)) })
/// switch await input.nextLine(timeout: 600) { … }
/// ```
public actor InterruptibleLineReader: LineInput {
    /// Reads one line; nil at the end of input.
    public typealias Reader = @Sendable () async -> String?
    /// Waits the given number of seconds; throws (or returns early) when cancelled.
    public typealias Sleeper = @Sendable (TimeInterval) async throws -> Void

    private let read: Reader
    private let sleep: Sleeper
    private var pending: Task<String?, Never>?

    /// Creates a reader from a line reader and a sleeper.
    public init(read: @escaping Reader, sleep: @escaping Sleeper) {
        self.read = read
        self.sleep = sleep
    }

    /// The next line, or ``TimedLine/timedOut`` when `timeout` seconds pass first.
    public func nextLine(timeout: TimeInterval?) async -> TimedLine {
        let reading: Task<String?, Never>
        if let pending {
            reading = pending
        } else {
            let read = self.read
            reading = Task.detached { await read() }
            pending = reading
        }
        let outcome: TimedLine
        if let timeout {
            outcome = await Self.race(reading, timeout: max(0, timeout), sleep: sleep)
        } else {
            outcome = await reading.value.map(TimedLine.line) ?? .ended
        }
        if outcome != .timedOut, pending == reading { pending = nil }
        return outcome
    }

    /// Whichever comes first: the line, or the end of the sleep.
    private static func race(_ reading: Task<String?, Never>, timeout: TimeInterval, sleep: @escaping Sleeper) async -> TimedLine {
        await withCheckedContinuation { (continuation: CheckedContinuation<TimedLine, Never>) in
            let first = FirstResult(continuation)
            let timer = Task.detached {
                do { try await sleep(timeout) } catch { return }
                first.resume(.timedOut)
            }
            Task.detached {
                let line = await reading.value
                timer.cancel()
                first.resume(line.map(TimedLine.line) ?? .ended)
            }
        }
    }
}

/// Resumes a continuation with the first result offered and ignores the rest.
private final class FirstResult: Sendable {
    private let continuation: Mutex<CheckedContinuation<TimedLine, Never>?>

    init(_ continuation: CheckedContinuation<TimedLine, Never>) {
        self.continuation = Mutex(continuation)
    }

    func resume(_ value: TimedLine) {
        let waiting = continuation.withLock { stored -> CheckedContinuation<TimedLine, Never>? in
            defer { stored = nil }
            return stored
        }
        waiting?.resume(returning: value)
    }
}

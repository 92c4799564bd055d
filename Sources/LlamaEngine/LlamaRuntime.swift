import CLlama
import Foundation

/// Process-wide llama.cpp state: backend initialisation and the library's log.
///
/// llama.cpp's backend and log hook are global to the process by design of the C library, so this
/// is the one place that touches them. By default the library's chatter is kept in a small
/// in-memory buffer (used to explain load failures) instead of being printed; set the
/// environment variable `HOMEOS_LLAMA_LOG=1` to print it to standard error. Prompts and outputs
/// are never logged.
enum LlamaRuntime {
    /// Recent lines from llama.cpp's log, numbered so a capture never loses its own lines when
    /// other threads log a lot at the same time.
    final class LogBuffer: Sendable {
        private struct State {
            var lines: [(sequence: Int, text: String)] = []
            var nextSequence = 0
        }
        private let state = LockedState(State())
        private static let capacity = 2000
        let echo = ProcessInfo.processInfo.environment["HOMEOS_LLAMA_LOG"] == "1"

        func append(_ line: String) {
            if echo { FileHandle.standardError.write(Data(line.utf8)) }
            state.withLock { state in
                state.lines.append((state.nextSequence, line))
                state.nextSequence += 1
                if state.lines.count > Self.capacity { state.lines.removeFirst(state.lines.count - Self.capacity) }
            }
        }

        /// Runs `body` and returns the log lines written meanwhile.
        func capture<T>(_ body: () throws -> T) rethrows -> (T, [String]) {
            let first = state.withLock { $0.nextSequence }
            let result = try body()
            let lines = state.withLock { $0.lines.filter { $0.sequence >= first }.map(\.text) }
            return (result, lines)
        }
    }

    static let log = LogBuffer()

    private static let initialization: Void = {
        llama_backend_init()
        llama_log_set({ _, text, _ in
            guard let text else { return }
            LlamaRuntime.log.append(String(cString: text))
        }, nil)
    }()

    /// Initialises the backend once per process (idempotent).
    static func initialize() { _ = initialization }

    /// Serialises model loading so the captured log lines belong to the load that failed.
    static let loadLock = NSLock()
}

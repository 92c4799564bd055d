import CLlama
import Foundation
import Synchronization

/// Process-wide llama.cpp state: backend initialisation and the library's log.
///
/// llama.cpp's backend and log hook are global to the process by design of the C library, so this
/// is the one place that touches them. By default the library's chatter is kept in a small
/// in-memory buffer (used to explain load failures) instead of being printed; set the
/// environment variable `HOMEOS_LLAMA_LOG=1` to print it to standard error. Prompts and outputs
/// are never logged.
enum LlamaRuntime {
    /// Recent lines from llama.cpp's log.
    final class LogBuffer: Sendable {
        private let lines = Mutex<[String]>([])
        let echo = ProcessInfo.processInfo.environment["HOMEOS_LLAMA_LOG"] == "1"

        func append(_ line: String) {
            if echo { FileHandle.standardError.write(Data(line.utf8)) }
            lines.withLock { lines in
                lines.append(line)
                if lines.count > 200 { lines.removeFirst(lines.count - 200) }
            }
        }

        /// Runs `body` and returns the log lines written meanwhile.
        func capture<T>(_ body: () throws -> T) rethrows -> (T, [String]) {
            let before = lines.withLock { $0.count }
            let result = try body()
            let after = lines.withLock { Array($0.suffix(max(0, $0.count - before))) }
            return (result, after)
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

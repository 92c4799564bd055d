import Foundation
import Logging

/// The `--log-level` option every `homeos` and `sentinel` command takes, and the process's log
/// handler.
///
/// Logs are structured (a label per module — `homeos.llamaengine`, `homeos.skills`,
/// `sentinel.checkin`, … — a message naming the event and key=value metadata) and go to standard
/// error. They never carry what a person wrote, what a model answered, or clinical content (tiers,
/// answers, notes), at any level: events, ids, counts, timings and error kinds only. The default
/// level is `warning`; `HOMEOS_LOG_LEVEL` sets it for every command, and `--log-level` (anywhere on
/// the command line) wins over both.
public enum LogLevelArgument {
    /// The level without an option or environment variable.
    public static let defaultLevel: Logger.Level = .warning

    /// Why a `--log-level` value cannot be used.
    public struct InvalidLevel: Error, CustomStringConvertible {
        /// The value given.
        public var value: String
        public var description: String {
            "Unknown log level \"\(value)\": use " + Logger.Level.allCases.map(\.rawValue).joined(separator: ", ") + "."
        }
    }

    /// `arguments` without `--log-level LEVEL` / `--log-level=LEVEL`, and the level chosen (the
    /// option, else `environment["HOMEOS_LOG_LEVEL"]`, else ``defaultLevel``).
    public static func extract(from arguments: [String], environment: [String: String] = ProcessInfo.processInfo.environment)
        throws(InvalidLevel) -> (arguments: [String], level: Logger.Level) {
        var remaining: [String] = []
        var chosen: String?
        var index = arguments.startIndex
        while index < arguments.endIndex {
            let argument = arguments[index]
            if argument == "--" {
                remaining += arguments[index...]
                break
            }
            if argument == "--log-level", index + 1 < arguments.endIndex {
                chosen = arguments[index + 1]
                index += 2
                continue
            }
            if argument.hasPrefix("--log-level=") {
                chosen = String(argument.dropFirst("--log-level=".count))
                index += 1
                continue
            }
            remaining.append(argument)
            index += 1
        }
        guard let text = chosen ?? environment["HOMEOS_LOG_LEVEL"] else { return (remaining, defaultLevel) }
        guard let level = Logger.Level(rawValue: text.lowercased()) else { throw InvalidLevel(value: text) }
        return (remaining, level)
    }

    /// Sends every logger of the process to standard error at `level`. Call once, first thing.
    public static func bootstrap(_ level: Logger.Level) {
        LoggingSystem.bootstrap { label in
            var handler = StreamLogHandler.standardError(label: label)
            handler.logLevel = level
            return handler
        }
    }

    /// Parses, bootstraps, and returns the arguments left for the command parser; an invalid level
    /// is printed and the process exits with status 64 (usage).
    public static func bootstrapFromCommandLine(_ arguments: [String]) -> [String] {
        do {
            let (remaining, level) = try extract(from: arguments)
            bootstrap(level)
            return remaining
        } catch {
            FileHandle.standardError.write(Data("Error: \(error)\n".utf8))
            exit(64)
        }
    }
}

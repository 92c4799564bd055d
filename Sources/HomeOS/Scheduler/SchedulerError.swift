import Foundation

/// Why the scheduler cannot run.
public enum SchedulerError: Error, Sendable, Hashable, LocalizedError, CustomStringConvertible {
    /// There is no family in the store yet.
    case noFamily(location: String)
    /// The family's time zone is not a known IANA identifier.
    case unknownTimeZone(String)
    /// The log file for ``LogFileNotifier`` cannot be opened or written.
    case cannotWriteLog(path: String, detail: String)

    public var description: String {
        switch self {
        case .noFamily(let location):
            return "There is no family in \(location) yet, so there is nothing to schedule. Run `homeos init` first."
        case .unknownTimeZone(let identifier):
            return "The family's time zone \"\(identifier)\" is not a known IANA time zone (such as America/Chicago); "
                + "fix data/family.json (homeos data export / import)."
        case .cannotWriteLog(let path, let detail):
            return "Cannot write the notification log \(path): \(detail). Choose another file with --log-file."
        }
    }

    public var errorDescription: String? { description }
}

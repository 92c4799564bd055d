import Foundation

/// Shows notifications on the desktop through `notify-send` (libnotify), when it is installed.
///
/// ``init(searchPath:)`` returns nil when `notify-send` is not on the search path, so callers can
/// fall back to another notifier instead of failing.
public struct DesktopNotifier: Notifier {
    /// The `notify-send` executable.
    public let executable: URL

    public var name: String { "desktop (\(executable.path))" }

    /// Finds `notify-send` in `searchPath` (default: `$PATH`); nil when it is not there.
    public init?(searchPath: String? = ProcessInfo.processInfo.environment["PATH"]) {
        guard let found = Self.find("notify-send", in: searchPath ?? "") else { return nil }
        executable = found
    }

    /// Uses a given `notify-send` (or a stand-in with the same arguments).
    public init(executable: URL) { self.executable = executable }

    /// The first executable named `name` in a `:`-separated search path.
    static func find(_ name: String, in searchPath: String) -> URL? {
        searchPath.split(separator: ":").map { URL(fileURLWithPath: String($0)).appendingPathComponent(name) }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }

    /// The arguments for one notification.
    func arguments(for notification: HomeOSNotification) -> [String] {
        ["--app-name=HomeOS", "--urgency=\(notification.isUrgent ? "critical" : "normal")",
         "--category=homeos.\(notification.category.rawValue)", notification.title, notification.body]
    }

    public func deliver(_ notification: HomeOSNotification) async throws {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments(for: notification)
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        let errors = Pipe()
        process.standardError = errors
        let status: Int32 = try await withCheckedThrowingContinuation { continuation in
            process.terminationHandler = { continuation.resume(returning: $0.terminationStatus) }
            do {
                try process.run()
            } catch {
                process.terminationHandler = nil
                continuation.resume(throwing: error)
            }
        }
        if status != 0 {
            let detail = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
                .trimmingCharacters(in: .whitespacesAndNewlines)
            throw DesktopNotifierError(status: status, detail: detail)
        }
    }
}

/// `notify-send` ran but failed (for example without a desktop session).
public struct DesktopNotifierError: Error, Sendable, Hashable, LocalizedError, CustomStringConvertible {
    /// Its exit status.
    public var status: Int32
    /// What it printed on standard error.
    public var detail: String

    public var description: String {
        "notify-send failed with status \(status)" + (detail.isEmpty ? "" : ": \(detail)")
            + " (is a desktop session with a notification service running?)"
    }

    public var errorDescription: String? { description }
}

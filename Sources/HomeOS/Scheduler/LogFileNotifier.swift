import Foundation

/// Appends each notification as one JSON line to a log file (created when missing, never
/// truncated), so `tail -f` shows them and scripts can read them.
///
/// A line: `{"deliveredAt", "scheduledAt", "kind", "category", "title", "body", "urgent", "catchUp", "id", "job", "reason"}`
/// with ISO 8601 UTC times.
public final class LogFileNotifier: Notifier, @unchecked Sendable {
    /// The log file.
    public let url: URL
    // Serialises appends; guarded by `lock`.
    private let lock = NSLock()

    public var name: String { "log \(url.path)" }

    /// A notifier appending to `url`; creates the file (and its folder) now so a bad path fails early.
    /// - Throws: ``SchedulerError/cannotWriteLog(path:detail:)``.
    public init(url: URL) throws(SchedulerError) {
        self.url = url
        do {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            if !FileManager.default.fileExists(atPath: url.path) {
                guard FileManager.default.createFile(atPath: url.path, contents: nil, attributes: [.posixPermissions: 0o600]) else {
                    throw SchedulerError.cannotWriteLog(path: url.path, detail: "the file cannot be created")
                }
            }
            let handle = try FileHandle(forWritingTo: url)
            try handle.close()
        } catch let error as SchedulerError {
            throw error
        } catch {
            throw .cannotWriteLog(path: url.path, detail: error.localizedDescription)
        }
    }

    public func deliver(_ notification: HomeOSNotification) async throws {
        let line = Self.line(for: notification) + "\n"
        try lock.withLock {
            do {
                let handle = try FileHandle(forWritingTo: url)
                defer { try? handle.close() }
                try handle.seekToEnd()
                try handle.write(contentsOf: Data(line.utf8))
                try handle.synchronize()
            } catch {
                throw SchedulerError.cannotWriteLog(path: url.path, detail: error.localizedDescription)
            }
        }
    }

    /// The JSON line for a notification (without the newline).
    public static func line(for notification: HomeOSNotification) -> String {
        let iso = ISO8601DateFormatter()
        let object: [String: Any] = [
            "deliveredAt": iso.string(from: notification.entry.deliveredAt),
            "scheduledAt": iso.string(from: notification.entry.scheduledAt),
            "kind": notification.entry.kind.rawValue,
            "category": notification.category.rawValue,
            "title": notification.title,
            "body": notification.body,
            "urgent": notification.isUrgent,
            "catchUp": notification.entry.isCatchUp,
            "id": notification.entry.id,
            "job": notification.entry.jobID,
            "reason": notification.entry.reason,
        ]
        let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])) ?? Data("{}".utf8)
        return String(decoding: data, as: UTF8.self)
    }
}

import Foundation

/// Prints notifications as text blocks to standard output (or any line writer).
public struct TerminalNotifier: Notifier {
    private let write: @Sendable (String) -> Void
    private let calendar: ZonedCalendar

    public var name: String { "terminal" }

    /// Creates a notifier that prints local times in `timeZone`, to standard output unless `write` is given.
    public init(timeZone: TimeZone, write: (@Sendable (String) -> Void)? = nil) {
        calendar = ZonedCalendar(timeZone: timeZone)
        self.write = write ?? { text in
            print(text)
            fflush(nil)
        }
    }

    public func deliver(_ notification: HomeOSNotification) async throws {
        write(Self.render(notification, calendar: calendar))
    }

    /// `[2026-03-08 07:00 EDT] briefing · Good morning` then the indented body.
    static func render(_ notification: HomeOSNotification, calendar: ZonedCalendar) -> String {
        var header = "[\(calendar.describe(notification.entry.deliveredAt))] \(notification.category.rawValue) · \(notification.title)"
        if notification.isUrgent { header += " (urgent)" }
        if notification.entry.isCatchUp { header += " (missed at \(calendar.localTime(of: notification.entry.scheduledAt)))" }
        let body = notification.body.split(separator: "\n", omittingEmptySubsequences: false).map { "  " + $0 }.joined(separator: "\n")
        return header + "\n" + body
    }
}

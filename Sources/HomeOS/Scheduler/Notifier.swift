/// Delivers notifications somewhere a person sees them: a terminal, a log file, the desktop.
///
/// On Apple systems a `UserNotifications` front end can implement the same protocol.
public protocol Notifier: Sendable {
    /// A short name for messages (`terminal`, `log /path`, `desktop`).
    var name: String { get }

    /// Delivers `notification`.
    /// - Throws: when it could not be delivered (the daemon records the failure and goes on).
    func deliver(_ notification: HomeOSNotification) async throws
}

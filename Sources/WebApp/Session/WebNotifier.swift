import WebFoundation
import Foundation
import HomeOS

/// Delivers the scheduler's notifications to the web app: each is kept in the store (Today lists
/// them after a reload) and pushed to every open page at once.
struct WebNotifier: Notifier {
    let storage: any StorageProvider
    let events: EventHub

    /// How many delivered notifications are kept.
    static let kept = 200

    var name: String { "web app" }

    func deliver(_ notification: HomeOSNotification) async throws {
        try storage.update(.deliveredNotifications) { list in
            list.append(notification)
            if list.count > Self.kept { list.removeFirst(list.count - Self.kept) }
        }
        events.publish(ServerSentEvent("notification", NotificationPayload(notification)))
    }
}

/// A notification as the pages show it.
struct NotificationPayload: Encodable, Sendable {
    var title: String
    var body: String
    var category: String
    var at: Date
    var urgent: Bool

    init(_ notification: HomeOSNotification) {
        title = notification.title
        body = notification.body
        category = notification.category.rawValue
        at = notification.entry.deliveredAt
        urgent = notification.isUrgent
    }
}

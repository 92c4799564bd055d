import Foundation
import WebFoundation
import Synchronization

/// Fans server events (a notification fired, approvals changed, the family edited, the model
/// switched) out to every open page's event stream.
final class EventHub: Sendable {
    private let subscribers = Mutex<[UUID: AsyncStream<ServerSentEvent>.Continuation]>([:])

    /// A new subscription; it ends when the page disconnects (the stream is dropped) or the server stops.
    func subscribe() -> AsyncStream<ServerSentEvent> {
        let id = UUID()
        let (stream, continuation) = AsyncStream<ServerSentEvent>.makeStream(bufferingPolicy: .bufferingNewest(64))
        continuation.onTermination = { [weak self] _ in
            _ = self?.subscribers.withLock { $0.removeValue(forKey: id) }
        }
        subscribers.withLock { $0[id] = continuation }
        return stream
    }

    /// Sends `event` to every subscriber.
    func publish(_ event: ServerSentEvent) {
        for continuation in subscribers.withLock({ Array($0.values) }) { continuation.yield(event) }
    }

    /// How many pages are subscribed.
    var subscriberCount: Int { subscribers.withLock { $0.count } }

    /// Ends every subscription (the server is stopping).
    func finishAll() {
        let all = subscribers.withLock { current -> [AsyncStream<ServerSentEvent>.Continuation] in
            defer { current.removeAll() }
            return Array(current.values)
        }
        for continuation in all { continuation.finish() }
    }
}

import Foundation
import Hummingbird
import WebFoundation

/// `/api/events`: one long-lived Server-Sent Events stream per open page, carrying notifications
/// as the scheduler fires them, approval counts, family edits and model switches.
struct EventRoutes {
    let events: EventHub
    let shutdown: ShutdownSignal

    /// How often an idle stream sends a comment, so a dropped page is noticed.
    static let keepAliveInterval: Duration = .seconds(15)

    func register(on router: Router<WebRequestContext>) {
        router.get("/api/events") { _, _ in
            let events = self.events, shutdown = self.shutdown
            return Response(status: .ok, headers: ServerSentEvent.headers, body: ResponseBody { writer in
                let stream = events.subscribe()
                let (merged, continuation) = AsyncStream<ByteBuffer>.makeStream()
                let forward = Task {
                    for await event in stream { continuation.yield(event.buffer) }
                    continuation.finish()
                }
                let ticker = Task {
                    while !Task.isCancelled {
                        try? await Task.sleep(for: Self.keepAliveInterval)
                        continuation.yield(ServerSentEvent.keepAlive)
                    }
                }
                let registration = shutdown.onShutdown { continuation.finish() }
                defer {
                    forward.cancel()
                    ticker.cancel()
                    shutdown.remove(registration)
                }
                try await writer.write(ServerSentEvent.keepAlive)
                for await buffer in merged { try await writer.write(buffer) }
                try await writer.finish(nil)
            })
        }
    }
}

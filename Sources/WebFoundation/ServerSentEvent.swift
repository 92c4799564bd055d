import Foundation
import Hummingbird

/// One Server-Sent Event: a name and a JSON payload.
public struct ServerSentEvent: Sendable {
    /// The event name (`token`, `done`, `notification`, ...).
    public var name: String
    /// The payload, already JSON.
    public var data: Data

    /// An event carrying `payload` encoded as JSON.
    public init(_ name: String, _ payload: some Encodable) {
        self.name = name
        self.data = (try? JSONResponse.encoder.encode(payload)) ?? Data("{}".utf8)
    }

    /// The event in the wire format (`event:` and `data:` lines, then a blank line). JSON has no
    /// raw newlines, so one data line always suffices.
    public var buffer: ByteBuffer {
        var buffer = ByteBuffer()
        buffer.writeString("event: \(name)\ndata: ")
        buffer.writeBytes(data)
        buffer.writeString("\n\n")
        return buffer
    }

    /// A comment line that keeps an idle connection open through proxies.
    public static let keepAlive: ByteBuffer = ByteBuffer(string: ": keep-alive\n\n")

    /// The headers of an event stream.
    public static var headers: HTTPFields {
        var headers = HTTPFields()
        headers[.contentType] = "text/event-stream; charset=utf-8"
        headers[.cacheControl] = "no-store"
        return headers
    }
}

extension ServerSentEvent {
    /// A response that streams `events` as they come, while `work` produces them. The server
    /// stopping, or the page going away (a write fails), cancels `work`.
    public static func response(streaming events: AsyncStream<ServerSentEvent>, of work: Task<Void, Never>, shutdown: ShutdownSignal) -> Response {
        Response(status: .ok, headers: headers, body: ResponseBody { writer in
            let registration = shutdown.onShutdown { work.cancel() }
            defer { shutdown.remove(registration) }
            do {
                for await event in events { try await writer.write(event.buffer) }
                try await writer.finish(nil)
            } catch {
                work.cancel()
                throw error
            }
        })
    }
}

/// An empty JSON object payload.
public struct EmptyPayload: Encodable, Sendable {
    /// The empty payload.
    public init() {}
}

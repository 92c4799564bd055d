import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix
import Synchronization

/// A real HTTP/1.1 server on 127.0.0.1 (random port) whose answers are scripted per request:
/// error statuses with `Retry-After`, event streams sent in chosen chunks with pauses, a stall,
/// or a dropped connection.
final class ScriptedHTTPServer: Sendable {
    /// One scripted answer.
    enum Reply: Sendable {
        /// A complete answer.
        case json(status: Int, body: String, headers: [String: String] = [:])
        /// `text/event-stream`, written chunk by chunk with `pause` between; `complete: false`
        /// closes the connection after the last chunk without ending the response.
        case events([String], pause: Duration = .zero, complete: Bool = true)
        /// The head, then `chunks`, then nothing more (the connection stays open).
        case stallAfter([String])
        /// Nothing at all (the connection stays open).
        case stall
        /// The connection is closed without an answer.
        case close
    }

    /// A request the server received.
    struct Received: Sendable {
        var method: String
        var path: String
        var headers: [String: String]
        var body: String
    }

    let port: Int
    private let script: @Sendable (_ index: Int, _ request: Received) -> Reply
    private let log = Mutex<[Received]>([])
    private let abandonedCount = Mutex(0)

    /// Streams the client walked away from (a write failed because the connection was closed).
    var abandoned: Int { abandonedCount.withLock { $0 } }
    private let serverChannel: any Channel
    private let acceptTask = Mutex<Task<Void, Never>?>(nil)

    private init(port: Int, channel: any Channel, script: @escaping @Sendable (Int, Received) -> Reply) {
        self.port = port
        self.serverChannel = channel
        self.script = script
    }

    /// `http://127.0.0.1:<port>/v1`.
    var baseURL: URL { URL(string: "http://127.0.0.1:\(port)/v1")! }

    /// The requests so far.
    var received: [Received] { log.withLock { $0 } }

    /// Starts a server answering request `index` (0-based) with `script(index, request)`.
    static func start(_ script: @escaping @Sendable (_ index: Int, _ request: Received) -> Reply) async throws -> ScriptedHTTPServer {
        let channel = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .bind(host: "127.0.0.1", port: 0) { child in
                child.eventLoop.makeCompletedFuture {
                    try child.pipeline.syncOperations.configureHTTPServerPipeline()
                    return try NIOAsyncChannel<HTTPServerRequestPart, HTTPServerResponsePart>(wrappingChannelSynchronously: child)
                }
            }
        let server = ScriptedHTTPServer(port: channel.channel.localAddress?.port ?? 0, channel: channel.channel, script: script)
        let task = Task<Void, Never> {
            try? await withThrowingDiscardingTaskGroup { group in
                try await channel.executeThenClose { inbound in
                    for try await connection in inbound {
                        group.addTask { await server.serve(connection) }
                    }
                }
            }
        }
        server.acceptTask.withLock { $0 = task }
        return server
    }

    /// Stops the server and every open connection.
    func shutdown() async {
        try? await serverChannel.close()
        let task = acceptTask.withLock { $0 }
        task?.cancel()
        await task?.value
    }

    private func serve(_ connection: NIOAsyncChannel<HTTPServerRequestPart, HTTPServerResponsePart>) async {
        try? await connection.executeThenClose { inbound, outbound in
            var head: HTTPRequestHead?
            var body = ""
            for try await part in inbound {
                switch part {
                case .head(let value):
                    head = value
                    body = ""
                case .body(let buffer):
                    body += String(buffer: buffer)
                case .end:
                    guard let request = head else { continue }
                    head = nil
                    var headers: [String: String] = [:]
                    for (name, value) in request.headers { headers[name.lowercased()] = value }
                    let received = Received(method: "\(request.method)", path: request.uri, headers: headers, body: body)
                    let index = log.withLock { log in
                        log.append(received)
                        return log.count - 1
                    }
                    if try await !answer(script(index, received), outbound) { return }
                }
            }
        }
    }

    /// Sends one answer; false when the connection must close.
    private func answer(_ reply: Reply, _ outbound: NIOAsyncChannelOutboundWriter<HTTPServerResponsePart>) async throws -> Bool {
        switch reply {
        case .json(let status, let body, let extra):
            var headers = HTTPHeaders()
            headers.add(name: "Content-Type", value: "application/json")
            headers.add(name: "Content-Length", value: "\(body.utf8.count)")
            for (name, value) in extra { headers.add(name: name, value: value) }
            try await outbound.write(.head(HTTPResponseHead(version: .http1_1, status: HTTPResponseStatus(statusCode: status), headers: headers)))
            try await outbound.write(.body(.byteBuffer(ByteBuffer(string: body))))
            try await outbound.write(.end(nil))
            return true
        case .events(let chunks, let pause, let complete):
            try await writeEventHead(outbound)
            for chunk in chunks {
                do {
                    try await outbound.write(.body(.byteBuffer(ByteBuffer(string: chunk))))
                } catch {
                    abandonedCount.withLock { $0 += 1 }
                    return false
                }
                if pause > .zero { try await Task.sleep(for: pause) }
            }
            guard complete else { return false }
            try await outbound.write(.end(nil))
            return true
        case .stallAfter(let chunks):
            try await writeEventHead(outbound)
            for chunk in chunks { try await outbound.write(.body(.byteBuffer(ByteBuffer(string: chunk)))) }
            try await Task.sleep(for: .seconds(600))
            return false
        case .stall:
            try await Task.sleep(for: .seconds(600))
            return false
        case .close:
            return false
        }
    }

    private func writeEventHead(_ outbound: NIOAsyncChannelOutboundWriter<HTTPServerResponsePart>) async throws {
        var headers = HTTPHeaders()
        headers.add(name: "Content-Type", value: "text/event-stream")
        headers.add(name: "Cache-Control", value: "no-cache")
        try await outbound.write(.head(HTTPResponseHead(version: .http1_1, status: .ok, headers: headers)))
    }
}

/// Server-sent-event text for a streamed chat completion of `pieces`.
func completionEvents(_ pieces: [String], finish: String = "stop") -> [String] {
    var events = pieces.map { piece in
        "data: " + #"{"choices":[{"index":0,"delta":{"content":""# + jsonEscaped(piece) + #""},"finish_reason":null}]}"# + "\n\n"
    }
    events.append("data: " + #"{"choices":[{"index":0,"delta":{},"finish_reason":""# + finish + #""}]}"# + "\n\n")
    events.append("data: [DONE]\n\n")
    return events
}

/// A non-streamed chat completion with `content`.
func completionJSON(_ content: String) -> String {
    #"{"choices":[{"index":0,"message":{"role":"assistant","content":""# + jsonEscaped(content)
        + #""},"finish_reason":"stop"}],"usage":{"prompt_tokens":5,"completion_tokens":2,"total_tokens":7}}"#
}

func jsonEscaped(_ text: String) -> String {
    text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
        .replacingOccurrences(of: "\n", with: "\\n")
}

/// Records backoff waits and returns at once.
final class SleepRecorder: Sendable {
    private let delays = Mutex<[Duration]>([])

    var recorded: [Duration] { delays.withLock { $0 } }

    var sleep: @Sendable (Duration) async throws -> Void {
        { duration in
            self.delays.withLock { $0.append(duration) }
            try await Task.sleep(for: .milliseconds(1))
        }
    }
}

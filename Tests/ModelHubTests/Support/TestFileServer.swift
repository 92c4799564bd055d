import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix
import Synchronization

/// A real HTTP/1.1 server on 127.0.0.1 (random port) that serves generated files, with switches
/// for the failure modes downloads must survive.
final class TestFileServer: Sendable {
    /// How the server misbehaves; changeable while it runs.
    struct Behavior: Sendable {
        /// Answer `Range` requests with 206 (else ignore `Range` and send everything with 200).
        var supportsRange = true
        /// Close the connection after sending this many body bytes…
        var dropAfterBytes: Int?
        /// …for this many requests (then serve normally).
        var drops = 0
        /// Serve different bytes (one byte flipped) with the right length.
        var corrupt = false
        /// Answer 503 to this many requests first.
        var failures = 0
        /// Require `Authorization: Bearer <token>`, else 401.
        var requiredToken: String?
        /// Answer `Range` requests with a 206 that starts at 0 instead of the asked offset.
        var wrongRangeStart = false
        /// Pause between 64 KiB chunks (slow server).
        var chunkDelay: Duration?
        /// Stop sending once this many body bytes of a response are out, until it is set to nil
        /// (a transfer held mid-file for as long as a test needs, however slow the machine).
        var holdAfterBytes: Int?
    }

    /// A request the server received.
    struct Request: Sendable, Hashable {
        var path: String
        var range: String?
        var authorization: String?
        var status: Int
        var bodyBytesSent: Int
    }

    private struct State {
        var behavior: Behavior
        var requests: [Request] = []
    }

    let port: Int
    private let files: [String: [UInt8]]
    private let state: Mutex<State>
    private let serverChannel: any Channel
    private let acceptTask: Mutex<Task<Void, Never>?>

    private init(port: Int, files: [String: [UInt8]], behavior: Behavior, serverChannel: any Channel) {
        self.port = port
        self.files = files
        self.state = Mutex(State(behavior: behavior))
        self.serverChannel = serverChannel
        self.acceptTask = Mutex(nil)
    }

    /// Starts a server for `files` (path → content, paths starting with `/`).
    static func start(files: [String: [UInt8]], behavior: Behavior = Behavior()) async throws -> TestFileServer {
        let channel = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .bind(host: "127.0.0.1", port: 0) { child in
                child.eventLoop.makeCompletedFuture {
                    try child.pipeline.syncOperations.configureHTTPServerPipeline()
                    return try NIOAsyncChannel<HTTPServerRequestPart, HTTPServerResponsePart>(wrappingChannelSynchronously: child)
                }
            }
        let server = TestFileServer(port: channel.channel.localAddress?.port ?? 0, files: files,
                                    behavior: behavior, serverChannel: channel.channel)
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

    /// The address of a served path.
    func url(_ path: String) -> String { "http://127.0.0.1:\(port)\(path)" }

    /// Changes the behavior for later requests.
    func update(_ change: (inout Behavior) -> Void) { state.withLock { change(&$0.behavior) } }

    /// The requests received so far.
    var requests: [Request] { state.withLock { $0.requests } }

    /// Body bytes sent over all requests.
    var bodyBytesSent: Int { requests.reduce(0) { $0 + $1.bodyBytesSent } }

    /// Stops the server.
    func shutdown() async {
        try? await serverChannel.close()
        let task = acceptTask.withLock { $0 }
        task?.cancel()
        await task?.value
    }

    private func serve(_ connection: NIOAsyncChannel<HTTPServerRequestPart, HTTPServerResponsePart>) async {
        try? await connection.executeThenClose { inbound, outbound in
            var head: HTTPRequestHead?
            for try await part in inbound {
                switch part {
                case .head(let value): head = value
                case .body: break
                case .end:
                    guard let request = head else { continue }
                    head = nil
                    if try await !respond(to: request, outbound) { return }
                }
            }
        }
    }

    /// Sends one response; returns false when the connection must close (a simulated drop).
    private func respond(to head: HTTPRequestHead, _ outbound: NIOAsyncChannelOutboundWriter<HTTPServerResponsePart>) async throws -> Bool {
        let range = head.headers.first(name: "Range")
        let authorization = head.headers.first(name: "Authorization")
        let path = String(head.uri.prefix { $0 != "?" })
        // Decide under the lock, send outside it.
        let (behavior, dropAfter): (Behavior, Int?) = state.withLock { state in
            var current = state.behavior
            var drop: Int?
            if state.behavior.failures > 0 {
                state.behavior.failures -= 1
                current.failures = 1
            } else if let limit = state.behavior.dropAfterBytes, state.behavior.drops > 0 {
                state.behavior.drops -= 1
                drop = limit
            }
            return (current, drop)
        }
        @discardableResult
        func record(_ status: Int, _ sent: Int) -> Int {
            state.withLock {
                $0.requests.append(Request(path: path, range: range, authorization: authorization, status: status, bodyBytesSent: sent))
                return $0.requests.count - 1
            }
        }
        func simple(_ status: HTTPResponseStatus) async throws {
            var headers = HTTPHeaders()
            headers.add(name: "Content-Length", value: "0")
            record(Int(status.code), 0)
            try await outbound.write(.head(HTTPResponseHead(version: .http1_1, status: status, headers: headers)))
            try await outbound.write(.end(nil))
        }
        if let token = behavior.requiredToken, authorization != "Bearer \(token)" {
            try await simple(.unauthorized)
            return true
        }
        if behavior.failures > 0 {
            try await simple(.serviceUnavailable)
            return true
        }
        guard var content = files[path] else {
            try await simple(.notFound)
            return true
        }
        if behavior.corrupt, !content.isEmpty { content[content.count / 2] ^= 0xFF }

        var start = 0
        var status = HTTPResponseStatus.ok
        var headers = HTTPHeaders()
        headers.add(name: "Accept-Ranges", value: behavior.supportsRange ? "bytes" : "none")
        if behavior.supportsRange, let range, range.hasPrefix("bytes="), range.hasSuffix("-"),
           let asked = Int(range.dropFirst(6).dropLast()) {
            if asked >= content.count {
                headers.add(name: "Content-Range", value: "bytes */\(content.count)")
                headers.add(name: "Content-Length", value: "0")
                record(416, 0)
                try await outbound.write(.head(HTTPResponseHead(version: .http1_1, status: .rangeNotSatisfiable, headers: headers)))
                try await outbound.write(.end(nil))
                return true
            }
            start = behavior.wrongRangeStart ? 0 : asked
            status = .partialContent
            headers.add(name: "Content-Range", value: "bytes \(start)-\(content.count - 1)/\(content.count)")
        }
        headers.add(name: "Content-Length", value: "\(content.count - start)")
        let index = record(Int(status.code), 0)
        try await outbound.write(.head(HTTPResponseHead(version: .http1_1, status: status, headers: headers)))

        var sent = 0
        var offset = start
        let limit = dropAfter.map { min(content.count, start + $0) } ?? content.count
        defer { state.withLock { $0.requests[index].bodyBytesSent = sent } }
        while offset < limit {
            let end = min(limit, offset + 64 * 1024)
            do {
                try await outbound.write(.body(.byteBuffer(ByteBuffer(bytes: content[offset..<end]))))
            } catch {
                return false  // the client went away
            }
            sent += end - offset
            offset = end
            if let delay = behavior.chunkDelay { try await Task.sleep(for: delay) }
            while let hold = state.withLock({ $0.behavior.holdAfterBytes }), sent >= hold {
                try await Task.sleep(for: .milliseconds(5))
            }
        }
        if dropAfter != nil && limit < content.count { return false }
        try await outbound.write(.end(nil))
        return true
    }
}

/// Deterministic pseudo-random bytes (a multi-megabyte "model").
func generatedContent(size: Int, seed: UInt64 = 0x9E37_79B9_7F4A_7C15) -> [UInt8] {
    var bytes = [UInt8](repeating: 0, count: size)
    var state = seed
    for index in 0..<size {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        bytes[index] = UInt8(truncatingIfNeeded: state >> 33)
    }
    return bytes
}

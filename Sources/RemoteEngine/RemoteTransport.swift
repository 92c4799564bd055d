import AsyncHTTPClient
import Foundation
import LLM
import NIOCore
import NIOHTTP1
import Logging

/// An HTTP answer that is not a success, kept apart so callers (probing) can look at the status.
struct RemoteHTTPFailure: Error, Sendable, CustomStringConvertible {
    var status: Int
    var message: String
    var host: String
    var path: String
    var attempts: Int

    var description: String {
        switch status {
        case 401, 403:
            return "\(host) refused the request (HTTP \(status)): \(message). Check the API key in \(RemoteAPIKey.environmentVariable)"
        case 404:
            return "\(host) has no \(path) (HTTP 404): \(message). Check the base URL (it usually ends in /v1) and the model name"
        default:
            let tries = attempts > 1 ? " after \(attempts) attempts" : ""
            return "\(host) answered HTTP \(status)\(tries): \(message)"
        }
    }

    /// The error callers see.
    var llmError: LLMError {
        switch status {
        case 400, 413, 422: return .invalidRequest("\(host) rejected the request (HTTP \(status)): \(message)")
        case 401, 403, 404: return .modelUnavailable(.unavailable(reason: description))
        default: return .generationFailed(description)
        }
    }
}

/// Sends requests to one server with the configured retries; knows nothing about chat.
struct RemoteTransport: Sendable {
    let configuration: RemoteConfiguration
    let client: HTTPClient
    let sleep: @Sendable (Duration) async throws -> Void

    /// Sends a JSON `body` (or a GET without one) and returns the successful response, whose body
    /// the caller streams. 429, 5xx and connection errors are retried with backoff (honouring
    /// `Retry-After`); `activity` is called whenever the request makes progress, so an idle
    /// watchdog can tell waiting from hanging.
    /// - Throws: ``RemoteHTTPFailure`` for an unsuccessful status, ``LLMError`` when the server
    ///   cannot be reached, `CancellationError` when cancelled.
    func send(_ path: String, body: JSONValue?, retry: RemoteRetryPolicy? = nil,
              activity: @Sendable (_ quietFor: Duration) -> Void = { _ in }) async throws -> HTTPClientResponse {
        let policy = retry ?? configuration.retry
        var attempt = 0
        while true {
            attempt += 1
            try Task.checkCancellation()
            activity(.zero)
            var request = HTTPClientRequest(url: configuration.endpoint(path))
            request.method = body == nil ? .GET : .POST
            request.headers.add(name: "Accept", value: "application/json, text/event-stream")
            request.headers.add(name: "User-Agent", value: "HomeOS-RemoteEngine")
            if let key = configuration.apiKey { request.headers.add(name: "Authorization", value: key.authorizationHeader) }
            if let body {
                request.headers.add(name: "Content-Type", value: "application/json")
                request.body = .bytes(ByteBuffer(string: body.jsonText))
            }
            let response: HTTPClientResponse
            do {
                let wait = configuration.connectTimeout + configuration.readTimeout
                response = try await client.execute(request, timeout: .milliseconds(Int64(wait.milliseconds)))
            } catch {
                if Task.isCancelled || error is CancellationError { throw CancellationError() }
                if attempt >= policy.maxAttempts {
                    throw LLMError.generationFailed("could not reach \(configuration.host)\(attempt > 1 ? " after \(attempt) attempts" : ""): "
                        + Self.describe(error) + "; check that the server is running and that the base URL is right")
                }
                let delay = policy.delay(afterAttempt: attempt, retryAfter: nil)
                Logger(label: "homeos.remoteengine").warning("request failed; retrying", metadata: [
                    "host": "\(configuration.host)", "attempt": "\(attempt)", "error": "\(type(of: error))",
                    "retry_in_ms": "\(Int(delay.milliseconds))"])
                activity(delay)
                try await sleep(delay)
                continue
            }
            let status = Int(response.status.code)
            if (200..<300).contains(status) { return response }
            let text = (try? await response.body.collect(upTo: 1 << 16)).map { String(buffer: $0) } ?? ""
            let failure = RemoteHTTPFailure(status: status, message: serverErrorMessage(text).isEmpty ? response.status.reasonPhrase : serverErrorMessage(text),
                                            host: configuration.host, path: path, attempts: attempt)
            guard RemoteRetryPolicy.isRetryable(status: status), attempt < policy.maxAttempts else { throw failure }
            let delay = policy.delay(afterAttempt: attempt,
                                     retryAfter: RemoteRetryPolicy.parseRetryAfter(response.headers.first(name: "Retry-After")))
            Logger(label: "homeos.remoteengine").warning("server answered with an error; retrying", metadata: [
                "host": "\(configuration.host)", "status": "\(status)", "attempt": "\(attempt)", "retry_in_ms": "\(Int(delay.milliseconds))"])
            activity(delay)
            try await sleep(delay)
        }
    }

    /// Sends a request and returns its whole JSON body.
    func json(_ path: String, body: JSONValue?, retry: RemoteRetryPolicy? = nil, limit: Int = 8 << 20) async throws -> JSONValue {
        let response = try await send(path, body: body, retry: retry)
        let buffer: ByteBuffer
        do {
            buffer = try await response.body.collect(upTo: limit)
        } catch {
            if Task.isCancelled { throw CancellationError() }
            throw LLMError.generationFailed("the connection to \(configuration.host) broke while reading the answer: \(Self.describe(error))")
        }
        let text = String(buffer: buffer)
        do {
            return try JSONValue(parsing: text)
        } catch {
            throw LLMError.generationFailed("\(configuration.host) sent an answer that is not JSON: \(String(text.prefix(200)))")
        }
    }

    /// A short, secret-free description of a transport error.
    static func describe(_ error: any Error) -> String {
        if let error = error as? HTTPClientError {
            switch error {
            case .connectTimeout: return "the connection timed out"
            case .readTimeout: return "the server stopped sending"
            case .remoteConnectionClosed: return "the server closed the connection"
            case .deadlineExceeded: return "the server did not answer in time"
            default: return "\(error)"
            }
        }
        let text = "\(error)"
        if text.contains("connectionRefused") || text.contains("Connection refused") { return "connection refused" }
        return text
    }
}

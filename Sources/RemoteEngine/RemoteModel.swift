import AsyncHTTPClient
import Foundation
import LLM
import NIOCore
import Synchronization

/// A `LanguageModel` served by an OpenAI-compatible chat-completions endpoint (llama.cpp's
/// llama-server, llama-cpp-python, vLLM, Ollama, a cloud provider).
///
/// Opt-in only: nothing constructs one unless a remote engine was configured, and every message
/// it is given is sent to ``RemoteConfiguration/host``.
///
/// - Streaming uses server-sent events; stopping iteration (or cancelling the task) closes the
///   connection, so the server stops generating.
/// - A request's `Deadline` ends generation with `FinishReason/deadline` and the text so far,
///   even when the server has gone quiet; silence longer than ``RemoteConfiguration/readTimeout``
///   and a connection that breaks mid-answer are errors that say so.
/// - 429, 5xx and connection errors are retried with exponential backoff before any text has
///   arrived (``RemoteRetryPolicy``).
/// - Output constraints are sent as `response_format` (JSON Schema) or a llama.cpp `grammar`
///   where the server takes them (see ``probeCapabilities()``); ``supportsConstrainedDecoding``
///   is false otherwise, and `LLMBridge` extracts, validates and retries.
///
/// ```swift
/// let model = RemoteModel(configuration: RemoteConfiguration(
///     baseURL: URL(string: "http://127.0.0.1:8080/v1")!, model: "smollm2"))
/// _ = await model.probeCapabilities()
/// let answer = try await LLMBridge(model: model).generate(prompt: "Hello")
/// ```
public final class RemoteModel: LanguageModel {
    /// The server and how to talk to it.
    public let configuration: RemoteConfiguration
    let transport: RemoteTransport
    private let probed = Mutex<RemoteCapabilities?>(nil)
    let tokenEndpoint = Mutex<TokenEndpoint?>(nil)

    private let ownsClient: Bool

    /// Creates a model over a server. No request is made until the model is used.
    /// - Parameters:
    ///   - configuration: the server, model name, key and timeouts.
    ///   - httpClient: the client to send with; nil (the default) creates one with the
    ///     configuration's connect timeout, no redirects (the API key never follows one to another
    ///     host) and no decompression, shut down when the model is released.
    ///   - sleep: how backoff waits (tests pass a recorder).
    public init(configuration: RemoteConfiguration, httpClient: HTTPClient? = nil,
                sleep: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) }) {
        self.configuration = configuration
        let client = httpClient ?? Self.makeHTTPClient(configuration)
        ownsClient = httpClient == nil
        self.transport = RemoteTransport(configuration: configuration, client: client, sleep: sleep)
        if configuration.structuredOutput != .automatic, let grammar = configuration.acceptsGrammar {
            probed.withLock { $0 = RemoteCapabilities(structuredOutput: configuration.structuredOutput, acceptsGrammar: grammar) }
        }
    }

    deinit {
        if ownsClient { transport.client.shutdown { _ in } }
    }

    /// The client a model creates for itself.
    static func makeHTTPClient(_ configuration: RemoteConfiguration) -> HTTPClient {
        var settings = HTTPClient.Configuration()
        settings.redirectConfiguration = .disallow
        settings.decompression = .disabled
        settings.timeout = .init(connect: .milliseconds(Int64(configuration.connectTimeout.milliseconds)))
        return HTTPClient(eventLoopGroupProvider: .singleton, configuration: settings)
    }

    /// `remote:<model>@<host>`, so logs and consent prompts show where messages go.
    public var id: String { "remote:\(configuration.model)@\(configuration.host)" }

    /// What the server was found (or configured) to support; nil before probing in automatic mode.
    public var capabilities: RemoteCapabilities? {
        if let known = probed.withLock({ $0 }) { return known }
        guard configuration.structuredOutput != .automatic else { return nil }
        return RemoteCapabilities(structuredOutput: configuration.structuredOutput, acceptsGrammar: configuration.acceptsGrammar ?? false)
    }

    func record(_ capabilities: RemoteCapabilities) { probed.withLock { $0 = capabilities } }

    /// True when the configured or probed server enforces JSON Schemas (and choices) while
    /// decoding; false in automatic mode until ``probeCapabilities()`` has run.
    public var supportsConstrainedDecoding: Bool {
        guard let capabilities else { return false }
        return capabilities.structuredOutput != .none || capabilities.acceptsGrammar
    }

    public func stream(_ request: GenerationRequest) -> AsyncThrowingStream<GenerationEvent, any Error> {
        .generation { emit in try await self.generate(request, emit: emit) }
    }

    /// The chat-completions path, relative to the base URL.
    static let chatPath = "chat/completions"

    private func generate(_ request: GenerationRequest, emit: @escaping @Sendable (GenerationEvent) -> Void) async throws {
        try request.validate()
        let capabilities = self.capabilities ?? RemoteCapabilities(structuredOutput: .none, acceptsGrammar: false)
        let encoding = try ConstraintEncoding.encode(request.constraint, style: capabilities.structuredOutput,
                                                     acceptsGrammar: capabilities.acceptsGrammar)
        let body = ChatCompletionBody.make(request, model: configuration.model, stream: true, constraint: encoding,
                                           extra: [("stream_options", ["include_usage": true])])
        let progress = StreamProgress(unquote: encoding.unquotesJSONString, emit: emit)
        let outcome = try await Watchdog.run(deadline: request.deadline, idle: configuration.readTimeout) { touch in
            let response = try await self.transport.send(Self.chatPath, body: body, activity: touch)
            try await self.read(response, into: progress, touch: { touch(.zero) })
        }
        switch outcome {
        case .finished:
            progress.finish(reason: nil)
        case .deadline:
            progress.finish(reason: .deadline)
        case .idle:
            throw LLMError.generationFailed("\(configuration.host) sent nothing for \(configuration.readTimeout) "
                + "(\(progress.pieceCount) pieces received); the request was abandoned and its connection closed")
        }
    }

    /// Reads the event stream into `progress` until `[DONE]` or the end of the body.
    private func read(_ response: HTTPClientResponse, into progress: StreamProgress, touch: @Sendable () -> Void) async throws {
        var parser = ServerSentEventParser()
        var done = false
        do {
            chunks: for try await chunk in response.body {
                touch()
                for event in parser.feed(chunk.readableBytesView) {
                    if try handle(event, progress: progress) { done = true; break chunks }
                }
            }
            if !done { for event in parser.finish() where try handle(event, progress: progress) { done = true } }
        } catch let error as LLMError {
            throw error
        } catch {
            if Task.isCancelled || error is CancellationError { throw CancellationError() }
            throw LLMError.generationFailed("the connection to \(configuration.host) broke mid-answer after "
                + "\(progress.pieceCount) pieces (\(RemoteTransport.describe(error))); the server may have stopped")
        }
        if !done && !progress.hasFinishReason {
            throw LLMError.generationFailed("the connection to \(configuration.host) closed mid-answer after "
                + "\(progress.pieceCount) pieces, before the answer was complete; the server may have stopped")
        }
        if !progress.hasFinishReason {
            // OpenAI-compatible servers send a finish reason before [DONE]; llama-cpp-python's server
            // omits it when it cuts a stream off because another request arrived.
            throw LLMError.generationFailed("\(configuration.host) ended the answer after \(progress.pieceCount) pieces "
                + "without a finish reason, so it is incomplete (llama-cpp-python's server does this when another request "
                + "arrives, unless started with --interrupt_requests False)")
        }
    }

    /// Handles one event; returns true at the end of the stream.
    private func handle(_ event: ServerSentEvent, progress: StreamProgress) throws -> Bool {
        let data = event.data.trimmingCharacters(in: .whitespacesAndNewlines)
        if data == "[DONE]" { return true }
        if data.isEmpty { return false }
        guard let value = try? JSONValue(parsing: data) else {
            throw LLMError.generationFailed("\(configuration.host) sent a stream event that is not JSON: \(String(data.prefix(120)))")
        }
        if let error = value["error"], !error.isNull {
            throw LLMError.generationFailed("\(configuration.host) reported an error mid-answer: "
                + serverErrorMessage(value.jsonText))
        }
        if event.event == "error" {
            throw LLMError.generationFailed("\(configuration.host) reported an error mid-answer: \(serverErrorMessage(data))")
        }
        if let usage = serverUsage(value["usage"]) { progress.setUsage(usage) }
        if let choice = value["choices"]?.arrayValue?.first {
            if let piece = choice["delta"]?["content"]?.stringValue, !piece.isEmpty { progress.add(piece) }
            if let reason = finishReason(fromServer: choice["finish_reason"]?.stringValue) { progress.setReason(reason) }
        }
        return false
    }
}

/// What a server supports, found by ``RemoteModel/probeCapabilities()`` or configured.
public struct RemoteCapabilities: Sendable, Hashable, CustomStringConvertible {
    /// How JSON Schemas are sent (``StructuredOutputStyle/none`` when they cannot be).
    public var structuredOutput: StructuredOutputStyle
    /// Whether a llama.cpp GBNF `grammar` field is honoured.
    public var acceptsGrammar: Bool

    /// Creates a capability record.
    public init(structuredOutput: StructuredOutputStyle, acceptsGrammar: Bool) {
        self.structuredOutput = structuredOutput
        self.acceptsGrammar = acceptsGrammar
    }

    public var description: String {
        "structured output: \(structuredOutput); grammars: \(acceptsGrammar ? "yes" : "no")"
    }
}

/// The state of one streamed answer, shared between the reading task and the one that finishes it.
final class StreamProgress: Sendable {
    private struct State {
        var pieces = 0
        var buffered = ""
        var usage: (prompt: Int, completion: Int)?
        var reason: FinishReason?
        var firstPiece: ContinuousClock.Instant?
        var lastPiece: ContinuousClock.Instant?
        var finished = false
    }

    private let state = Mutex(State())
    private let unquote: Bool
    private let emit: @Sendable (GenerationEvent) -> Void
    private let start = ContinuousClock.now

    init(unquote: Bool, emit: @escaping @Sendable (GenerationEvent) -> Void) {
        self.unquote = unquote
        self.emit = emit
    }

    var pieceCount: Int { state.withLock { $0.pieces } }
    var hasFinishReason: Bool { state.withLock { $0.reason != nil } }

    func add(_ piece: String) {
        let now = ContinuousClock.now
        let forward = state.withLock { state -> Bool in
            guard !state.finished else { return false }
            state.pieces += 1
            if state.firstPiece == nil { state.firstPiece = now }
            state.lastPiece = now
            if unquote { state.buffered += piece }
            return !unquote
        }
        if forward { emit(.token(piece)) }
    }

    func setUsage(_ usage: (prompt: Int, completion: Int)) { state.withLock { $0.usage = usage } }
    func setReason(_ reason: FinishReason) { state.withLock { $0.reason = reason } }

    /// Emits the finished event once (with `override` as the reason when given).
    func finish(reason override: FinishReason?) {
        let end = ContinuousClock.now
        let (event, text): (GenerationEvent?, String?) = state.withLock { state in
            guard !state.finished else { return (nil, nil) }
            state.finished = true
            var usage = GenerationUsage()
            // Without a usage record from the server, each streamed piece counts as one token
            // (what llama.cpp-based servers send); the prompt's size is then unknown (0).
            usage.generatedTokens = state.usage?.completion ?? state.pieces
            usage.promptTokens = state.usage?.prompt ?? 0
            if let first = state.firstPiece {
                usage.timeToFirstToken = start.duration(to: first)
                usage.promptDuration = start.duration(to: first)
                usage.decodeDuration = first.duration(to: state.lastPiece ?? first)
            }
            usage.totalDuration = start.duration(to: end)
            var text: String?
            if unquote, !state.buffered.isEmpty {
                text = (try? JSONValue(parsing: state.buffered))?.stringValue ?? state.buffered
            }
            return (.finished(usage, override ?? state.reason ?? .endOfGeneration), text)
        }
        if let text { emit(.token(text)) }
        if let event { emit(event) }
    }
}

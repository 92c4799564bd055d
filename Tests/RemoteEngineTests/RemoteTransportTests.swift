import Foundation
import LLM
import Synchronization
import Testing
@testable import RemoteEngine

/// RemoteModel against a scripted HTTP server on 127.0.0.1: retries, errors, deadlines, cancellation.
@Suite struct RemoteTransportTests {
    static func model(_ server: ScriptedHTTPServer, sleeps: SleepRecorder = SleepRecorder(), apiKey: String? = nil,
                      retry: RemoteRetryPolicy = RemoteRetryPolicy(maxAttempts: 4, initialDelay: .milliseconds(100)),
                      readTimeout: Duration = .seconds(120), style: StructuredOutputStyle = .none) -> RemoteModel {
        RemoteModel(configuration: RemoteConfiguration(baseURL: server.baseURL, model: "test-model", apiKey: apiKey.map(RemoteAPIKey.init),
                                                       readTimeout: readTimeout, retry: retry, structuredOutput: style,
                                                       acceptsGrammar: false),
                    sleep: sleeps.sleep)
    }

    static func failure(_ body: () async throws -> Void) async -> String? {
        do {
            try await body()
            return nil
        } catch {
            return "\(error)"
        }
    }

    @Test func retriesA429AndA503WithBackoffHonouringRetryAfterThenAnswers() async throws {
        let server = try await ScriptedHTTPServer.start { index, _ in
            switch index {
            case 0: return .json(status: 429, body: #"{"error":{"message":"slow down"}}"#, headers: ["Retry-After": "2"])
            case 1: return .json(status: 503, body: #"{"error":{"message":"loading"}}"#)
            default: return .events(completionEvents(["Hello", " world"]))
            }
        }
        defer { Task { await server.shutdown() } }
        let sleeps = SleepRecorder()
        let result = try await Self.model(server, sleeps: sleeps).respond(to: "Say hello")
        #expect(result.text == "Hello world")
        #expect(result.finishReason == .endOfGeneration)
        #expect(result.usage.generatedTokens == 2)
        #expect(server.received.count == 3)
        #expect(sleeps.recorded == [.seconds(2), .milliseconds(200)], "Retry-After first, then exponential backoff")
        let request = try #require(server.received.last)
        #expect(request.path == "/v1/chat/completions")
        let body = try JSONValue(parsing: request.body)
        #expect(body["model"] == "test-model")
        #expect(body["stream"] == true)
        #expect(body["messages"]?.arrayValue?.first?["content"] == "Say hello")
    }

    @Test func givesUpAfterTheLastAttemptWithTheStatusAndMessage() async throws {
        let server = try await ScriptedHTTPServer.start { _, _ in .json(status: 503, body: #"{"error":{"message":"model is loading"}}"#) }
        defer { Task { await server.shutdown() } }
        let sleeps = SleepRecorder()
        let message = await Self.failure {
            _ = try await Self.model(server, sleeps: sleeps, retry: RemoteRetryPolicy(maxAttempts: 3, initialDelay: .milliseconds(50)))
                .respond(to: "hi")
        }
        let text = try #require(message)
        #expect(text.contains("HTTP 503") && text.contains("after 3 attempts") && text.contains("model is loading"), "\(text)")
        #expect(server.received.count == 3)
        #expect(sleeps.recorded == [.milliseconds(50), .milliseconds(100)])
    }

    @Test func aRejectedKeyIsNotRetriedAndTheKeyNeverAppearsInText() async throws {
        let server = try await ScriptedHTTPServer.start { _, _ in .json(status: 401, body: #"{"error":{"message":"invalid api key"}}"#) }
        defer { Task { await server.shutdown() } }
        let model = Self.model(server, apiKey: "sk-very-secret-123")
        let message = await Self.failure { _ = try await model.respond(to: "hi") }
        let text = try #require(message)
        #expect(text.contains("HTTP 401") && text.contains(RemoteAPIKey.environmentVariable), "\(text)")
        #expect(server.received.count == 1)
        #expect(server.received.first?.headers["authorization"] == "Bearer sk-very-secret-123")
        var dumped = ""
        dump(model.configuration, to: &dumped)
        for shown in [text, model.configuration.description, "\(model.configuration)", String(reflecting: model.configuration), model.id, dumped] {
            #expect(!shown.contains("sk-very-secret"), "\(shown)")
        }
    }

    @Test func anUnreachableServerIsRetriedThenNamed() async throws {
        let server = try await ScriptedHTTPServer.start { _, _ in .close }
        let url = server.baseURL
        await server.shutdown()
        let sleeps = SleepRecorder()
        let model = RemoteModel(configuration: RemoteConfiguration(baseURL: url, model: "m", connectTimeout: .seconds(2),
                                                                   retry: RemoteRetryPolicy(maxAttempts: 2, initialDelay: .milliseconds(10))),
                                sleep: sleeps.sleep)
        let message = await Self.failure { _ = try await model.respond(to: "hi") }
        let text = try #require(message)
        #expect(text.contains("could not reach 127.0.0.1:\(url.port ?? 0) after 2 attempts"), "\(text)")
        #expect(sleeps.recorded.count == 1)
        #expect(await !model.availability.isReady)
    }

    @Test func anErrorObjectMidStreamIsAClearError() async throws {
        let server = try await ScriptedHTTPServer.start { _, _ in
            .events(Array(completionEvents(["Partial"]).prefix(1))
                + [": ping\n\n", "data: {\"error\":{\"message\":\"CUDA out of memory\",\"type\":\"server_error\"}}\n\n"])
        }
        defer { Task { await server.shutdown() } }
        var pieces: [String] = []
        let message = await Self.failure {
            for try await event in Self.model(server).stream(GenerationRequest(messages: [.user("hi")])) {
                if case .token(let piece) = event { pieces.append(piece) }
            }
        }
        let text = try #require(message)
        #expect(text.contains("reported an error mid-answer") && text.contains("CUDA out of memory"), "\(text)")
        #expect(pieces == ["Partial"])
        #expect(server.received.count == 1, "a stream that has produced text is never retried")
    }

    @Test func aConnectionClosedMidStreamIsAClearError() async throws {
        let server = try await ScriptedHTTPServer.start { _, _ in .events(Array(completionEvents(["One", " two"]).prefix(2)), complete: false) }
        defer { Task { await server.shutdown() } }
        let message = await Self.failure { _ = try await Self.model(server).respond(to: "hi") }
        let text = try #require(message)
        // How many of the pieces arrive before the close is noticed depends on the network timing.
        #expect(text.contains("broke mid-answer after") && text.contains("may have stopped"), "\(text)")
    }

    @Test func aStalledStreamEndsAtTheDeadlineWithTheTextSoFar() async throws {
        let server = try await ScriptedHTTPServer.start { index, _ in
            index == 0 ? .stallAfter(Array(completionEvents(["Slow", " start"]).prefix(2))) : .stall
        }
        defer { Task { await server.shutdown() } }
        let model = Self.model(server)
        // A generous deadline (the test waits for it, in parallel with the rest of the suite): the suite
        // starts with a burst of CPU-bound tests that has held both pool threads for up to ~50 s on CI.
        let partial = try await model.respond(to: GenerationRequest(messages: [.user("hi")], deadline: .after(.seconds(90))))
        #expect(partial.finishReason == .deadline)
        #expect(partial.text == "Slow start")
        // A server that never sends a byte: the deadline still ends the call, with no text.
        let nothing = try await model.respond(to: GenerationRequest(messages: [.user("hi")], deadline: .after(.seconds(2))))
        #expect(nothing.finishReason == .deadline)
        #expect(nothing.text.isEmpty)
    }

    @Test func silenceLongerThanTheReadTimeoutIsAnError() async throws {
        let server = try await ScriptedHTTPServer.start { _, _ in .stallAfter(Array(completionEvents(["Hi"]).prefix(1))) }
        defer { Task { await server.shutdown() } }
        let message = await Self.failure { _ = try await Self.model(server, readTimeout: .seconds(3)).respond(to: "hi") }
        let text = try #require(message)
        // The count says what was read before the silence: the one piece sent, or none when a
        // loaded machine had not yet scheduled the reader when the silence was judged (seen in CI).
        #expect(text.contains("sent nothing for"), "\(text)")
        #expect(text.contains("1 pieces received") || text.contains("0 pieces received"), "\(text)")
    }

    @Test func stoppingIterationClosesTheConnection() async throws {
        let server = try await ScriptedHTTPServer.start { _, _ in
            .events(completionEvents((0..<200).map { " w\($0)" }), pause: .milliseconds(20))
        }
        defer { Task { await server.shutdown() } }
        var received = 0
        for try await event in Self.model(server).stream(GenerationRequest(messages: [.user("count")])) {
            if case .token = event { received += 1 }
            if received == 3 { break }
        }
        let end = ContinuousClock.now.advanced(by: .seconds(20))
        while server.abandoned == 0 && ContinuousClock.now < end { try await Task.sleep(for: .milliseconds(50)) }
        #expect(server.abandoned == 1, "the server noticed the closed connection and stopped sending")
    }

    @Test func aChoiceSentAsASchemaComesBackUnquoted() async throws {
        let server = try await ScriptedHTTPServer.start { _, _ in .events(completionEvents(["\"", "shop", "ping\""])) }
        defer { Task { await server.shutdown() } }
        let model = Self.model(server, style: .jsonSchema)
        #expect(model.supportsConstrainedDecoding)
        let result = try await model.respond(to: GenerationRequest(messages: [.user("pick")], constraint: .choices(["shopping", "meals"])))
        #expect(result.text == "shopping")
        let body = try JSONValue(parsing: try #require(server.received.first).body)
        #expect(body["response_format"]?["type"] == "json_schema")
        #expect(body["response_format"]?["json_schema"]?["schema"]?["enum"] == ["shopping", "meals"])
        // A GBNF grammar cannot be sent to a server without grammar support: said plainly.
        let message = await Self.failure {
            _ = try await model.respond(to: GenerationRequest(messages: [.user("x")], constraint: .grammar("root ::= \"a\"")))
        }
        #expect(message?.contains("llama.cpp-based server") == true, "\(message ?? "")")
    }

    @Test func toolCallsAreParsedIntoTheActionPlanShape() async throws {
        let reply = #"{"choices":[{"index":0,"finish_reason":"tool_calls","message":{"role":"assistant","content":null,"tool_calls":[{"id":"call_1","type":"function","function":{"name":"shopping-list","arguments":"{\"item\": \"milk\"}"}}]}}],"usage":{"prompt_tokens":40,"completion_tokens":9}}"#
        let server = try await ScriptedHTTPServer.start { _, _ in .json(status: 200, body: reply) }
        defer { Task { await server.shutdown() } }
        let tool = RemoteTool(name: "shopping-list", description: "Adds items",
                              parameters: try JSONSchema(["type": "object", "properties": ["item": ["type": "string"]]]))
        let response = try await Self.model(server).respond(to: [.user("add milk")], tools: [tool], choice: .function("shopping-list"))
        #expect(response.calls == [RemoteToolCall(id: "call_1", name: "shopping-list", arguments: ["item": "milk"])])
        #expect(response.usage.promptTokens == 40)
        #expect(response.actionPlanJSON == ["calls": [["skill": "shopping-list", "arguments": ["item": "milk"]]]])
        let body = try JSONValue(parsing: try #require(server.received.first).body)
        #expect(body["tools"]?.arrayValue?.first?["function"]?["name"] == "shopping-list")
        #expect(body["tool_choice"]?["function"]?["name"] == "shopping-list")
        #expect(body["stream"] == false)
    }

    @Test func retryPolicyParsesRetryAfterAndCapsTheWait() {
        let policy = RemoteRetryPolicy(maxAttempts: 5, initialDelay: .milliseconds(500), multiplier: 2, maxDelay: .seconds(3))
        #expect(policy.delay(afterAttempt: 1, retryAfter: nil) == .milliseconds(500))
        #expect(policy.delay(afterAttempt: 3, retryAfter: nil) == .seconds(2))
        #expect(policy.delay(afterAttempt: 4, retryAfter: nil) == .seconds(3))
        #expect(policy.delay(afterAttempt: 1, retryAfter: .seconds(60)) == .seconds(3))
        #expect(RemoteRetryPolicy.parseRetryAfter("1.5") == .milliseconds(1500))
        let now = Date(timeIntervalSince1970: 1_795_024_800)  // Wed, 18 Nov 2026 18:00:00 GMT
        #expect(RemoteRetryPolicy.parseRetryAfter("Wed, 18 Nov 2026 18:00:10 GMT", now: now) == .seconds(10))
        #expect(RemoteRetryPolicy.parseRetryAfter("soon") == nil)
        #expect(RemoteRetryPolicy.isRetryable(status: 429) && RemoteRetryPolicy.isRetryable(status: 502))
        #expect(!RemoteRetryPolicy.isRetryable(status: 400) && !RemoteRetryPolicy.isRetryable(status: 401))
    }

    @Test func baseURLsAreCheckedAndTheHostIsNamed() throws {
        let url = try RemoteConfiguration.parseBaseURL(" http://gpu-box.local:8000/v1/ ")
        let configuration = RemoteConfiguration(baseURL: url, model: "m")
        #expect(configuration.host == "gpu-box.local:8000")
        #expect(!configuration.isLoopback)
        #expect(configuration.endpoint("chat/completions") == "http://gpu-box.local:8000/v1/chat/completions")
        #expect(configuration.endpoint("/extras/tokenize/count") == "http://gpu-box.local:8000/extras/tokenize/count")
        #expect(RemoteConfiguration(baseURL: try RemoteConfiguration.parseBaseURL("http://127.0.0.1:1/v1"), model: "m").isLoopback)
        #expect(throws: LLMError.self) { try RemoteConfiguration.parseBaseURL("gpu-box:8000") }
        #expect(throws: LLMError.self) { try RemoteConfiguration.parseBaseURL("https://user:pw@api.example.com/v1") }
        #expect(TokenCount.estimate(for: "Hello there, world").isEstimate)
    }
}

/// The resilience cascade's cloud step: asks first, names the host, sends nothing on "no".
@Suite struct RemoteFallbackConsentTests {
    @Test func theQuestionNamesTheHostAndNothingIsSentWithoutConsent() async throws {
        let server = try await ScriptedHTTPServer.start { _, _ in .events(completionEvents(["Try", " pasta."])) }
        defer { Task { await server.shutdown() } }
        let local = ScriptedModel()
        local.add(ScriptedModel.Rule(matcher: .any, reply: .failure(LLMError.generationFailed("local engine crashed"))))
        let remote = RemoteTransportTests.model(server)
        let asked = Mutex<[RemoteConsentRequest]>([])

        let declining = ResilientBridge(local: LLMBridge(model: local), budget: .seconds(300),
                                        remote: .remote(remote) { request in asked.withLock { $0.append(request) }; return false })
        await #expect(throws: ResilienceExhausted.self) { try await declining.text(ResilientPrompt(message: "Dinner idea?")) }
        #expect(server.received.isEmpty, "nothing left the device without consent")
        let question = try #require(asked.withLock { $0.first })
        #expect(question.destination == "127.0.0.1:\(server.port)")
        #expect(question.preview == "Dinner idea?")

        let agreeing = ResilientBridge(local: LLMBridge(model: local), budget: .seconds(300), remote: .remote(remote) { _ in true })
        let answer = try await agreeing.text(ResilientPrompt(message: "Dinner idea?"))
        #expect(answer.attempt == .remote)
        #expect(answer.value == "Try pasta.")
        #expect(server.received.count == 1)
    }
}

extension RemoteTransportTests {
    @Test func aStreamCutOffWithoutAFinishReasonIsNotPassedOffAsComplete() async throws {
        let server = try await ScriptedHTTPServer.start { _, _ in
            .events(Array(completionEvents(["Half", " an"]).prefix(2)) + ["data: [DONE]\n\n"])
        }
        defer { Task { await server.shutdown() } }
        let message = await Self.failure { _ = try await Self.model(server).respond(to: "hi") }
        let text = try #require(message)
        #expect(text.contains("without a finish reason") && text.contains("after 2 pieces"), "\(text)")
    }
}

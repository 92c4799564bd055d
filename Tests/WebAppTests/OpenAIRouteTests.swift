import Foundation
import HomeOS
import HTTPTypes
import HummingbirdTesting
import NIOCore
import LLM
import Testing
@testable import WebApp

/// The OpenAI-compatible routes' rules: programs need no CSRF token, pages of other sites are
/// still refused, errors come in OpenAI's shape, and requests are checked before any generation.
@Suite(.serialized) struct OpenAIRouteTests {
    static let chat = #"{"model":"scripted","messages":[{"role":"user","content":"hi"}]}"#

    @Test func programsCallWithoutCookiesButOtherSitesAreRefused() async throws {
        let fixture = try await WebFixture(model: ScriptedModel(id: "scripted", defaultReply: "Hello there"))
        try await fixture.test { web in
            let plain = try await web.client.executeRequest(
                uri: "/v1/chat/completions", method: .post,
                headers: [HTTPField.Name("Host")!: "127.0.0.1:\(web.port)", .contentType: "application/json"],
                body: ByteBuffer(string: Self.chat))
            #expect(plain.status == .ok, "\(plain.text)")
            #expect(plain.json["choices"]?.arrayValue?.first?["message"]?["content"]?.stringValue == "Hello there")
            let crossSite = try await web.send(.post, "/v1/chat/completions", json: Self.chat, origin: "http://attacker.example")
            #expect(crossSite.status == .forbidden)
            #expect(crossSite.json["error"]?["type"]?.stringValue == "permission_error")
        }
    }

    @Test func badRequestsGetOpenAIErrorsNamingTheParameter() async throws {
        let fixture = try await WebFixture(model: ScriptedModel(id: "scripted"))
        try await fixture.test { web in
            let cases: [(String, HTTPResponse.Status, String?)] = [
                (#"{"model":"scripted","messages":[]}"#, .badRequest, "messages"),
                (#"{"model":"scripted","messages":[{"role":"user","content":"x"}],"n":3}"#, .badRequest, "n"),
                (#"{"model":"scripted","messages":[{"role":"robot","content":"x"}]}"#, .badRequest, "messages"),
                (#"{"model":"scripted","messages":[{"role":"user","content":"x"}],"temperature":9}"#, .badRequest, "temperature"),
                (#"{"model":"scripted","messages":[{"role":"user","content":"x"}],"tool_choice":"required"}"#, .badRequest, "tool_choice"),
                (#"{"model":"scripted","messages":[{"role":"user","content":"x"}],"response_format":{"type":"json_schema","json_schema":{"schema":{"type":"integer","multipleOf":3},"strict":true}}}"#,
                 .badRequest, "response_format"),
                (#"{"model":"other","messages":[{"role":"user","content":"x"}]}"#, .notFound, "model"),
                (#"{"messages":[]}"#, .badRequest, nil),
            ]
            for (body, status, param) in cases {
                let response = try await web.send(.post, "/v1/chat/completions", json: body)
                #expect(response.status == status, "\(body): \(response.text)")
                #expect(response.json["error"]?["message"]?.stringValue?.isEmpty == false, "\(response.text)")
                if let param { #expect(response.json["error"]?["param"]?.stringValue == param, "\(response.text)") }
            }
            let strict = try await web.send(.post, "/v1/chat/completions", json: cases[5].0)
            #expect(strict.json["error"]?["message"]?.stringValue?.contains("multipleOf") == true)
        }
    }

    @Test func withoutAModelTheAPISaysSo() async throws {
        let fixture = try await WebFixture()
        try await fixture.test { web in
            let response = try await web.send(.post, "/v1/chat/completions", json: Self.chat)
            #expect(response.status == .serviceUnavailable)
            #expect(response.json["error"]?["type"]?.stringValue == "server_error")
            let models = try await web.get("/v1/models")
            #expect(models.json["data"]?.arrayValue?.isEmpty == true)
            let document = try await web.get("/openapi.json")
            #expect(document.json["openapi"]?.stringValue == "3.1.0")
        }
    }

    @Test func jsonModeAndToolCallsAreConstrained() async throws {
        // A scripted model that enforces constraints the way the real engine does for choices; for
        // JSON it answers with what the rule says, so the route's reading of it is what is tested.
        let model = ScriptedModel(id: "scripted", defaultReply: #"{"name":"get_weather","arguments":{"city":"Paris"}}"#,
                                  capabilities: [.constrainedDecoding])
        let fixture = try await WebFixture(model: model)
        try await fixture.test { web in
            let body = #"{"model":"scripted","messages":[{"role":"user","content":"Weather in Paris?"}],"tool_choice":"required","tools":[{"type":"function","function":{"name":"get_weather","parameters":{"type":"object","properties":{"city":{"type":"string"}},"required":["city"]}}}]}"#
            let response = try await web.send(.post, "/v1/chat/completions", json: body)
            #expect(response.status == .ok, "\(response.text)")
            let call = response.json["choices"]?.arrayValue?.first?["message"]?["tool_calls"]?.arrayValue?.first
            #expect(call?["function"]?["name"]?.stringValue == "get_weather")
            #expect(call?["function"]?["arguments"]?.stringValue == #"{"city":"Paris"}"#)
            #expect(response.json["choices"]?.arrayValue?.first?["finish_reason"]?.stringValue == "tool_calls")
            #expect(response.json["choices"]?.arrayValue?.first?["message"]?["content"] == .null)
            let request = try #require(model.requests.last)
            #expect(request.constraint != nil, "the tool call was generated under the schema's grammar")
        }
    }

    @Test func aStreamTheEngineRefusesIsAnErrorNotACutStream() async throws {
        let model = ScriptedModel(id: "scripted", defaultReply: "Once upon a time")
        model.when(contains: "too long", fail: LLMError.promptTooLong(promptTokens: 9000, limit: 4096))
        let fixture = try await WebFixture(model: model)
        try await fixture.test { web in
            let refused = try await web.send(.post, "/v1/chat/completions",
                                             json: #"{"model":"scripted","stream":true,"messages":[{"role":"user","content":"too long"}]}"#)
            #expect(refused.status == .badRequest, "\(refused.text)")
            #expect(refused.json["error"]?["code"]?.stringValue == "context_length_exceeded", "\(refused.text)")
            let text = try await web.send(.post, "/v1/completions",
                                          json: #"{"model":"scripted","stream":true,"prompt":"too long","stream_options":{"include_usage":true}}"#)
            #expect(text.status == .badRequest, "\(text.text)")
            #expect(text.json["error"]?["param"]?.stringValue == "prompt", "\(text.text)")
            let whole = try await web.send(.post, "/v1/completions", json: #"{"model":"scripted","prompt":"too long"}"#)
            #expect(whole.status == .badRequest && whole.json["error"]?["param"]?.stringValue == "prompt", "\(whole.text)")
            let streamed = try await web.send(.post, "/v1/completions",
                                              json: #"{"model":"scripted","stream":true,"prompt":"Tell me","stream_options":{"include_usage":true}}"#)
            #expect(streamed.status == .ok, "\(streamed.text)")
            let events = streamed.text.components(separatedBy: "\n\n").filter { $0.hasPrefix("data: ") }.map { String($0.dropFirst(6)) }
            #expect(events.last == "[DONE]")
            let chunks = events.dropLast().compactMap { try? JSONValue(parsing: $0) }
            let pieces = chunks.compactMap { $0["choices"]?.arrayValue?.first?["text"]?.stringValue }
            #expect(pieces.joined() == "Once upon a time", "\(streamed.text)")
            #expect(chunks.allSatisfy { $0["object"]?.stringValue == "text_completion" })
            #expect(chunks.last?["usage"]?["completion_tokens"]?.numberValue ?? 0 >= 1, "usage comes last when asked for")
        }
    }
}

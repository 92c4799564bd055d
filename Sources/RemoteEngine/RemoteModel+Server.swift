import Foundation
import LLM

/// Where a server counts tokens.
enum TokenEndpoint: Sendable, Hashable {
    /// llama-cpp-python: `POST /extras/tokenize/count {"input"}` → `{"count"}`.
    case llamaCppPython
    /// llama.cpp's llama-server: `POST /tokenize {"content"}` → `{"tokens": […]}`.
    case llamaServer
    /// Neither: estimate.
    case none
}

/// A token count and whether it is exact.
public struct TokenCount: Sendable, Hashable, CustomStringConvertible {
    /// The number of tokens.
    public var value: Int
    /// True when the server could not count and the number is an estimate (about four
    /// characters per token, rounded up).
    public var isEstimate: Bool

    public var description: String { isEstimate ? "about \(value) tokens (estimate)" : "\(value) tokens" }

    /// The estimate used when a server cannot count: one token per four UTF-8 bytes, rounded up,
    /// at least one per word.
    public static func estimate(for text: String) -> TokenCount {
        let bytes = text.utf8.count
        let words = text.split(whereSeparator: \.isWhitespace).count
        return TokenCount(value: max((bytes + 3) / 4, words), isEstimate: true)
    }
}

extension RemoteModel {
    /// Whether the server answers: `ready` when `GET …/models` succeeds, otherwise the reason.
    /// Makes one request (no retries).
    public var availability: ModelAvailability {
        get async {
            do {
                _ = try await transport.json("models", body: nil, retry: RemoteRetryPolicy.none)
                return .ready
            } catch let failure as RemoteHTTPFailure {
                return .unavailable(reason: failure.description)
            } catch let error as LLMError {
                return .unavailable(reason: error.description)
            } catch {
                return .unavailable(reason: "\(configuration.host): \(error)")
            }
        }
    }

    /// Counts tokens through the server when it offers a tokenizer endpoint, else estimates.
    /// Use ``tokenCount(_:)`` to know which one you got.
    public func countTokens(_ text: String) async throws -> Int { try await tokenCount(text).value }

    /// Counts tokens and says whether the count is exact (from the server's tokenizer) or an
    /// estimate (the server has no tokenizer endpoint, or counting is set to estimate).
    public func tokenCount(_ text: String) async throws -> TokenCount {
        if configuration.tokenCounting == .estimate { return .estimate(for: text) }
        let known = tokenEndpoint.withLock { $0 }
        let candidates: [TokenEndpoint] = known.map { [$0] } ?? [.llamaCppPython, .llamaServer]
        for endpoint in candidates {
            switch endpoint {
            case .none:
                return .estimate(for: text)
            case .llamaCppPython:
                if let count = try await count(path: "/extras/tokenize/count", body: ["input": .string(text)], read: { $0["count"]?.numberValue.map(Int.init) }) {
                    tokenEndpoint.withLock { $0 = .llamaCppPython }
                    return TokenCount(value: count, isEstimate: false)
                }
            case .llamaServer:
                if let count = try await count(path: "/tokenize", body: ["content": .string(text)], read: { $0["tokens"]?.arrayValue?.count }) {
                    tokenEndpoint.withLock { $0 = .llamaServer }
                    return TokenCount(value: count, isEstimate: false)
                }
            }
        }
        tokenEndpoint.withLock { $0 = TokenEndpoint.none }
        return .estimate(for: text)
    }

    /// One counting request; nil when the server has no such endpoint.
    private func count(path: String, body: JSONValue, read: (JSONValue) -> Int?) async throws -> Int? {
        do {
            return read(try await transport.json(path, body: body, retry: RemoteRetryPolicy.none))
        } catch let failure as RemoteHTTPFailure where [404, 405, 400, 422, 501].contains(failure.status) {
            return nil
        }
    }

    /// Finds out, with up to three tiny requests, how the server takes output constraints:
    /// `response_format` `json_schema` (OpenAI style), then llama-cpp-python's `json_object`
    /// with a schema, and whether a llama.cpp `grammar` field is honoured. Each is accepted only
    /// when the answer actually obeys it. The result is kept and drives
    /// ``supportsConstrainedDecoding``. Settings given in the configuration are not probed.
    @discardableResult
    public func probeCapabilities() async -> RemoteCapabilities {
        if configuration.structuredOutput != .automatic, configuration.acceptsGrammar != nil, let known = capabilities {
            return known
        }
        var style = configuration.structuredOutput
        if style == .automatic {
            style = .none
            for candidate in [StructuredOutputStyle.jsonSchema, .jsonObjectSchema] where await obeys(candidate) {
                style = candidate
                break
            }
        }
        var grammar = configuration.acceptsGrammar
        if grammar == nil { grammar = await obeysGrammar() }
        let capabilities = RemoteCapabilities(structuredOutput: style, acceptsGrammar: grammar ?? false)
        record(capabilities)
        return capabilities
    }

    /// The probe schema: an object whose one property must be 7.
    private static let probeSchema: JSONValue = [
        "type": "object", "properties": ["probe": ["type": "integer", "enum": [7]]],
        "required": ["probe"], "additionalProperties": false,
    ]

    private func obeys(_ style: StructuredOutputStyle) async -> Bool {
        guard let schema = try? JSONSchema(Self.probeSchema),
              let encoding = try? ConstraintEncoding.encode(.jsonSchema(schema), style: style, acceptsGrammar: false) else { return false }
        let request = GenerationRequest(messages: [.user("Reply with a JSON object.")], options: GenerationOptions(maxTokens: 16))
        let body = ChatCompletionBody.make(request, model: configuration.model, stream: false, constraint: encoding)
        guard let text = try? await probeText(body) else { return false }
        return (try? JSONValue(parsing: text))?["probe"]?.numberValue == 7
    }

    private func obeysGrammar() async -> Bool {
        let request = GenerationRequest(messages: [.user("Say something.")], options: GenerationOptions(maxTokens: 8))
        let body = ChatCompletionBody.make(request, model: configuration.model, stream: false,
                                           constraint: ConstraintEncoding(fields: [("grammar", "root ::= \"zq7\"")], unquotesJSONString: false))
        guard let text = try? await probeText(body) else { return false }
        return text.trimmingCharacters(in: .whitespacesAndNewlines) == "zq7"
    }

    private func probeText(_ body: JSONValue) async throws -> String? {
        let value = try await transport.json(Self.chatPath, body: body, retry: RemoteRetryPolicy(maxAttempts: 2, initialDelay: .milliseconds(200)))
        return value["choices"]?.arrayValue?.first?["message"]?["content"]?.stringValue
    }
}

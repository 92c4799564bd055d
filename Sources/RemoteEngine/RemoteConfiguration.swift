import Foundation
import LLM

/// How a server accepts an output constraint, if at all.
public enum StructuredOutputStyle: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// Find out with a few tiny requests on first use (see ``RemoteModel/probeCapabilities()``).
    case automatic
    /// OpenAI's `response_format: {type: "json_schema", json_schema: {name, schema, strict}}`
    /// (OpenAI, vLLM, llama.cpp's llama-server, recent Ollama).
    case jsonSchema = "json-schema"
    /// llama-cpp-python's `response_format: {type: "json_object", schema: …}`.
    case jsonObjectSchema = "json-object-schema"
    /// None: the bridge extracts JSON from free text, validates it and retries.
    case none

    public var description: String {
        switch self {
        case .automatic: return "automatic (probe the server)"
        case .jsonSchema: return "response_format json_schema"
        case .jsonObjectSchema: return "response_format json_object with schema (llama-cpp-python)"
        case .none: return "none (extract, validate and retry)"
        }
    }
}

/// How ``RemoteModel/countTokens(_:)`` counts.
public enum TokenCounting: String, Sendable, Hashable, CaseIterable {
    /// Ask the server (`POST /extras/tokenize/count`, llama-cpp-python; `POST /tokenize`,
    /// llama-server) and fall back to an estimate when it cannot.
    case automatic
    /// Always estimate (about 4 characters per token), without a request.
    case estimate
}

/// Everything needed to talk to one OpenAI-compatible server.
///
/// The API key is never part of ``description``; print a configuration freely.
public struct RemoteConfiguration: Sendable, Hashable, CustomStringConvertible {
    /// The server's API root, usually ending in `/v1` (for example `http://127.0.0.1:8080/v1`).
    public var baseURL: URL
    /// The model name sent with each request.
    public var model: String
    /// The bearer token, if the server wants one.
    public var apiKey: RemoteAPIKey?
    /// Longest wait for a connection.
    public var connectTimeout: Duration
    /// Longest silence between two pieces of a response (also the wait for the first byte).
    /// A request's `Deadline` still applies on top.
    public var readTimeout: Duration
    /// Retries on 429, 5xx and connection errors.
    public var retry: RemoteRetryPolicy
    /// How structured output is requested.
    public var structuredOutput: StructuredOutputStyle
    /// Whether a server-side GBNF grammar (`grammar` field, llama.cpp-based servers) may be
    /// sent for choice and grammar constraints; `nil` means find out when probing.
    public var acceptsGrammar: Bool?
    /// How tokens are counted.
    public var tokenCounting: TokenCounting
    /// Context window of the served model, for the token budget of prompts (informational).
    public var contextLength: Int?

    /// Creates a configuration.
    public init(baseURL: URL, model: String, apiKey: RemoteAPIKey? = nil, connectTimeout: Duration = .seconds(10),
                readTimeout: Duration = .seconds(60), retry: RemoteRetryPolicy = RemoteRetryPolicy(),
                structuredOutput: StructuredOutputStyle = .automatic, acceptsGrammar: Bool? = nil,
                tokenCounting: TokenCounting = .automatic, contextLength: Int? = nil) {
        self.baseURL = baseURL
        self.model = model
        self.apiKey = apiKey
        self.connectTimeout = connectTimeout
        self.readTimeout = readTimeout
        self.retry = retry
        self.structuredOutput = structuredOutput
        self.acceptsGrammar = acceptsGrammar
        self.tokenCounting = tokenCounting
        self.contextLength = contextLength
    }

    /// Checks and normalises a base URL given by a person: it must be `http` or `https` with a
    /// host; a trailing slash is dropped. `/v1` is not added (some servers live elsewhere).
    public static func parseBaseURL(_ text: String) throws(LLMError) -> URL {
        var trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        while trimmed.hasSuffix("/") { trimmed.removeLast() }
        guard let url = URL(string: trimmed), let scheme = url.scheme?.lowercased(), ["http", "https"].contains(scheme),
              let host = url.host, !host.isEmpty else {
            throw .invalidRequest("the remote base URL \"\(text)\" is not an http(s) URL with a host, "
                + "for example http://127.0.0.1:8080/v1")
        }
        if url.user != nil || url.password != nil {
            throw .invalidRequest("put credentials in \(RemoteAPIKey.environmentVariable), not in the base URL")
        }
        return url
    }

    /// The host (and port) that receives every message sent to this engine, for consent prompts.
    public var host: String {
        let name = baseURL.host ?? baseURL.absoluteString
        return baseURL.port.map { "\(name):\($0)" } ?? name
    }

    /// Whether the server is on this machine (loopback), so nothing leaves the device.
    public var isLoopback: Bool {
        let name = (baseURL.host ?? "").lowercased()
        return name == "localhost" || name == "::1" || name == "[::1]" || name.hasPrefix("127.")
    }

    /// The URL of an endpoint below the base URL (`chat/completions`), or beside it at the
    /// server's root (`/extras/tokenize/count`) when `path` starts with a slash.
    func endpoint(_ path: String) -> String {
        if path.hasPrefix("/") {
            var components = URLComponents(url: baseURL, resolvingAgainstBaseURL: false)
            components?.path = path
            components?.query = nil
            return components?.string ?? baseURL.absoluteString + path
        }
        return baseURL.absoluteString + "/" + path
    }

    public var description: String {
        "remote \(model) at \(baseURL.absoluteString) (API key: \(apiKey == nil ? "none" : "set, redacted"))"
    }
}

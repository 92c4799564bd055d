import Foundation
import WebFoundation
import LLM

/// The body of `POST /v1/chat/completions`, as the OpenAI API defines it (the fields HomeOS reads).
struct ChatCompletionRequest: Decodable, Sendable {
    /// One message of the conversation.
    struct Message: Decodable, Sendable {
        var role: String
        var content: MessageContent?
        var name: String?
        var toolCalls: [ToolCall]?
        var toolCallID: String?

        enum CodingKeys: String, CodingKey {
            case role, content, name
            case toolCalls = "tool_calls"
            case toolCallID = "tool_call_id"
        }
    }

    /// Message content: a string, or an array of parts of which the text parts are read.
    struct MessageContent: Decodable, Sendable {
        var text: String

        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let text = try? container.decode(String.self) {
                self.text = text
                return
            }
            struct Part: Decodable {
                var type: String
                var text: String?
            }
            let parts = try container.decode([Part].self)
            if let other = parts.first(where: { $0.type != "text" }) {
                throw DecodingError.dataCorruptedError(in: container, debugDescription: "content parts of type \"\(other.type)\" are not supported (text only)")
            }
            text = parts.compactMap(\.text).joined(separator: "\n")
        }
    }

    /// A tool call in an assistant message, or in a response.
    struct ToolCall: Codable, Sendable {
        struct Function: Codable, Sendable {
            var name: String
            var arguments: String
        }

        var id: String
        var type: String
        var function: Function
    }

    /// A tool the model may call.
    struct Tool: Decodable, Sendable {
        struct Function: Decodable, Sendable {
            var name: String
            var description: String?
            var parameters: JSONValue?
        }

        var type: String
        var function: Function
    }

    /// `"none" | "auto" | "required"`, or `{"type": "function", "function": {"name"}}`.
    enum ToolChoice: Decodable, Sendable {
        case none, auto, required
        case named(String)

        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let word = try? container.decode(String.self) {
                switch word {
                case "none": self = .none
                case "auto": self = .auto
                case "required": self = .required
                default: throw DecodingError.dataCorruptedError(in: container, debugDescription: "tool_choice \"\(word)\" is not none, auto or required")
                }
                return
            }
            struct Named: Decodable {
                struct Function: Decodable { var name: String }
                var function: Function
            }
            self = .named(try container.decode(Named.self).function.name)
        }
    }

    /// `{"type": "text" | "json_object" | "json_schema", "json_schema": {"name", "schema", "strict"}}`.
    struct ResponseFormat: Decodable, Sendable {
        struct Schema: Decodable, Sendable {
            var name: String?
            var schema: JSONValue?
            var strict: Bool?
        }

        var type: String
        var jsonSchema: Schema?

        enum CodingKeys: String, CodingKey {
            case type
            case jsonSchema = "json_schema"
        }
    }

    /// `stop`: one string or several.
    struct Stop: Decodable, Sendable {
        var sequences: [String]

        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let one = try? container.decode(String.self) { sequences = [one] } else { sequences = try container.decode([String].self) }
        }
    }

    /// `stream_options`.
    struct StreamOptions: Decodable, Sendable {
        var includeUsage: Bool?

        enum CodingKeys: String, CodingKey { case includeUsage = "include_usage" }
    }

    var model: String
    var messages: [Message]
    var stream: Bool?
    var streamOptions: StreamOptions?
    var maxTokens: Int?
    var maxCompletionTokens: Int?
    var temperature: Double?
    var topP: Double?
    var seed: Int?
    var n: Int?
    var stop: Stop?
    var user: String?
    var logprobs: Bool?
    var topLogprobs: Int?
    var responseFormat: ResponseFormat?
    var tools: [Tool]?
    var toolChoice: ToolChoice?

    enum CodingKeys: String, CodingKey {
        case model, messages, stream, temperature, seed, n, stop, user, logprobs, tools
        case streamOptions = "stream_options"
        case maxTokens = "max_tokens"
        case maxCompletionTokens = "max_completion_tokens"
        case topP = "top_p"
        case topLogprobs = "top_logprobs"
        case responseFormat = "response_format"
        case toolChoice = "tool_choice"
    }
}

/// The body of `POST /v1/completions` (a raw prompt, no chat template).
struct CompletionRequest: Decodable, Sendable {
    var model: String
    var prompt: String
    var stream: Bool?
    var streamOptions: ChatCompletionRequest.StreamOptions?
    var maxTokens: Int?
    var temperature: Double?
    var topP: Double?
    var seed: Int?
    var n: Int?
    var stop: ChatCompletionRequest.Stop?
    var user: String?
    /// How many of the likeliest tokens to report beside each generated token's log probability.
    var logprobs: Int?

    enum CodingKeys: String, CodingKey {
        case model, prompt, stream, temperature, seed, n, stop, user, logprobs
        case streamOptions = "stream_options"
        case maxTokens = "max_tokens"
        case topP = "top_p"
    }
}

/// The body of `POST /v1/embeddings`.
struct EmbeddingRequest: Decodable, Sendable {
    /// One text or several.
    struct Input: Decodable, Sendable {
        var texts: [String]

        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let one = try? container.decode(String.self) { texts = [one] } else { texts = try container.decode([String].self) }
        }
    }

    var model: String
    var input: Input
    var encodingFormat: String?
    var user: String?

    enum CodingKeys: String, CodingKey {
        case model, input, user
        case encodingFormat = "encoding_format"
    }
}

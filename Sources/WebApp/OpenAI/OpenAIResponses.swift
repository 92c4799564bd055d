import Foundation
import LLM

/// The response bodies of the OpenAI-compatible API.
enum OpenAIResponses {
    struct Usage: Encodable, Sendable {
        var promptTokens: Int
        var completionTokens: Int
        var totalTokens: Int

        init(_ usage: GenerationUsage) {
            promptTokens = usage.promptTokens
            completionTokens = usage.generatedTokens
            totalTokens = usage.promptTokens + usage.generatedTokens
        }

        init(promptTokens: Int) {
            self.promptTokens = promptTokens
            completionTokens = 0
            totalTokens = promptTokens
        }

        enum CodingKeys: String, CodingKey {
            case promptTokens = "prompt_tokens"
            case completionTokens = "completion_tokens"
            case totalTokens = "total_tokens"
        }
    }

    struct AssistantMessage: Encodable, Sendable {
        var role = "assistant"
        var content: String?
        var toolCalls: [ChatCompletionRequest.ToolCall]?

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(role, forKey: .role)
            try container.encode(content, forKey: .content)  // null for a tool call, as OpenAI sends it
            try container.encodeIfPresent(toolCalls, forKey: .toolCalls)
        }

        enum CodingKeys: String, CodingKey {
            case role, content
            case toolCalls = "tool_calls"
        }
    }

    /// One token's log probability in a chat answer, with its alternatives (each encoded as
    /// OpenAI's `{token, logprob, bytes}`, which is ``TokenLogprob/Candidate``'s own shape).
    struct TokenLogprobEntry: Encodable, Sendable {
        var token: String
        var logprob: Double
        var bytes: [UInt8]
        var topLogprobs: [TokenLogprob.Candidate]

        init(_ entry: TokenLogprob) {
            token = entry.chosen.token
            logprob = entry.chosen.logprob
            bytes = entry.chosen.bytes
            topLogprobs = entry.top
        }

        enum CodingKeys: String, CodingKey {
            case token, logprob, bytes
            case topLogprobs = "top_logprobs"
        }
    }

    /// A chat choice's `logprobs`: `{"content": [...], "refusal": null}`.
    struct ChatLogprobs: Encodable, Sendable {
        var content: [TokenLogprobEntry]

        init(_ entries: [TokenLogprob]) { content = entries.map(TokenLogprobEntry.init) }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(content, forKey: .content)
            try container.encodeNil(forKey: .refusal)
        }

        enum CodingKeys: String, CodingKey { case content, refusal }
    }

    /// A text completion's `logprobs`, in the legacy completions shape: the tokens, their log
    /// probabilities, the alternatives of each as a token → log probability map, and where each
    /// token starts in the generated text.
    struct TextLogprobs: Encodable, Sendable {
        var tokens: [String]
        var tokenLogprobs: [Double]
        var topLogprobs: [[String: Double]]
        var textOffset: [Int]
        /// Where the text after these tokens starts (the next chunk's first offset).
        var endOffset: Int

        init(_ entries: [TokenLogprob], startingAt offset: Int = 0) {
            tokens = entries.map(\.chosen.token)
            tokenLogprobs = entries.map(\.chosen.logprob)
            topLogprobs = entries.map { entry in
                entry.top.reduce(into: [String: Double]()) { map, alternative in
                    map[alternative.token] = max(map[alternative.token] ?? -.infinity, alternative.logprob)
                }
            }
            var position = offset
            textOffset = entries.map { entry in
                defer { position += entry.chosen.token.count }
                return position
            }
            endOffset = position
        }

        enum CodingKeys: String, CodingKey {
            case tokens
            case tokenLogprobs = "token_logprobs"
            case topLogprobs = "top_logprobs"
            case textOffset = "text_offset"
        }
    }

    struct ChatChoice: Encodable, Sendable {
        var index = 0
        var message: AssistantMessage
        var finishReason: String
        /// Present when the request asked for log probabilities.
        var logprobs: ChatLogprobs?

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(index, forKey: .index)
            try container.encode(message, forKey: .message)
            try container.encode(finishReason, forKey: .finishReason)
            try container.encode(logprobs, forKey: .logprobs)
        }

        enum CodingKeys: String, CodingKey {
            case index, message, logprobs
            case finishReason = "finish_reason"
        }
    }

    struct ChatCompletion: Encodable, Sendable {
        var id: String
        var object = "chat.completion"
        var created: Int
        var model: String
        var choices: [ChatChoice]
        var usage: Usage
    }

    struct Delta: Encodable, Sendable {
        var role: String?
        var content: String?
        var toolCalls: [StreamedToolCall]?

        enum CodingKeys: String, CodingKey {
            case role, content
            case toolCalls = "tool_calls"
        }
    }

    struct StreamedToolCall: Encodable, Sendable {
        var index = 0
        var id: String
        var type = "function"
        var function: ChatCompletionRequest.ToolCall.Function
    }

    struct ChunkChoice: Encodable, Sendable {
        var index = 0
        var delta: Delta
        var finishReason: String?
        /// The log probabilities of the tokens in this chunk, when the request asked for them.
        var logprobs: ChatLogprobs?

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(index, forKey: .index)
            try container.encode(delta, forKey: .delta)
            try container.encode(finishReason, forKey: .finishReason)
            try container.encodeIfPresent(logprobs, forKey: .logprobs)
        }

        enum CodingKeys: String, CodingKey {
            case index, delta, logprobs
            case finishReason = "finish_reason"
        }
    }

    struct ChatChunk: Encodable, Sendable {
        var id: String
        var object = "chat.completion.chunk"
        var created: Int
        var model: String
        var choices: [ChunkChoice]
        var usage: Usage?
    }

    struct TextChoice: Encodable, Sendable {
        var index = 0
        var text: String
        var finishReason: String?
        /// Present when the request asked for log probabilities.
        var logprobs: TextLogprobs?

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(index, forKey: .index)
            try container.encode(text, forKey: .text)
            try container.encode(finishReason, forKey: .finishReason)
            try container.encode(logprobs, forKey: .logprobs)
        }

        enum CodingKeys: String, CodingKey {
            case index, text, logprobs
            case finishReason = "finish_reason"
        }
    }

    struct TextCompletion: Encodable, Sendable {
        var id: String
        var object = "text_completion"
        var created: Int
        var model: String
        var choices: [TextChoice]
        var usage: Usage?
    }

    struct Model: Encodable, Sendable {
        var id: String
        var object = "model"
        var created = 0
        var ownedBy = "homeos"

        enum CodingKeys: String, CodingKey {
            case id, object, created
            case ownedBy = "owned_by"
        }
    }

    struct ModelList: Encodable, Sendable {
        var object = "list"
        var data: [Model]
    }

    struct Embedding: Encodable, Sendable {
        enum Vector: Encodable, Sendable {
            case floats([Float])
            case base64(String)

            func encode(to encoder: any Encoder) throws {
                var container = encoder.singleValueContainer()
                switch self {
                case .floats(let values): try container.encode(values)
                case .base64(let text): try container.encode(text)
                }
            }
        }

        var object = "embedding"
        var index: Int
        var embedding: Vector
    }

    struct EmbeddingList: Encodable, Sendable {
        var object = "list"
        var data: [Embedding]
        var model: String
        var usage: Usage
    }

    /// OpenAI's `finish_reason` for an engine's reason.
    static func finishReason(_ reason: FinishReason) -> String {
        switch reason {
        case .maxTokens: return "length"
        case .stopSequence, .endOfGeneration, .cancelled, .deadline: return "stop"
        }
    }

    /// Little-endian float32 bytes, base64 (what `encoding_format: "base64"` asks for).
    static func base64(_ vector: [Float]) -> String {
        var data = Data(capacity: vector.count * 4)
        for value in vector { withUnsafeBytes(of: value.bitPattern.littleEndian) { data.append(contentsOf: $0) } }
        return data.base64EncodedString()
    }
}

import Foundation
import WebFoundation
import LLM

/// What one OpenAI request asks of the engine: the generation request, and how to read the output
/// (free text, JSON, or a tool call).
struct CompletionPlan: Sendable {
    /// How the output is read.
    enum Output: Sendable {
        /// Free text (`content`).
        case text
        /// JSON valid against the schema (`content`; the grammar enforces it).
        case json
        /// A call of one of `tools`: the output is `{"name", "arguments"}`, sent as `tool_calls`.
        case toolCall
    }

    var request: GenerationRequest
    var output: Output
    /// With `tool_choice: auto` and tools: the model picks a tool or "answer" before generating.
    var choosesTool = false

    /// The longest answer when the request sets no limit.
    static let defaultMaxTokens = 512

    /// Sampling options from the request: greedy unless `temperature` says otherwise (small models
    /// wander at OpenAI's default of 1), `top_p`, `seed`, `stop`, and the token limit.
    static func options(maxTokens: Int?, temperature: Double?, topP: Double?, seed: Int?, stop: [String]?) throws -> GenerationOptions {
        if let maxTokens, maxTokens < 1 { throw OpenAIError(.badRequest, "max_tokens must be at least 1.", param: "max_tokens") }
        if let temperature, !(0...2).contains(temperature) {
            throw OpenAIError(.badRequest, "temperature must be between 0 and 2.", param: "temperature")
        }
        if let topP, !(topP > 0 && topP <= 1) { throw OpenAIError(.badRequest, "top_p must be in (0, 1].", param: "top_p") }
        if let stop, stop.count > 4 { throw OpenAIError(.badRequest, "At most 4 stop sequences.", param: "stop") }
        if let stop, stop.contains(where: \.isEmpty) { throw OpenAIError(.badRequest, "Stop sequences must not be empty.", param: "stop") }
        if let seed, !(0...Int(UInt32.max)).contains(seed) {
            throw OpenAIError(.badRequest, "seed must be between 0 and \(UInt32.max).", param: "seed")
        }
        return GenerationOptions(temperature: temperature ?? 0, topP: topP, seed: seed.map(UInt32.init),
                                 maxTokens: min(maxTokens ?? defaultMaxTokens, 4096), stopSequences: stop ?? [])
    }

    /// A checked count of alternatives to report beside each token's log probability.
    static func topLogprobs(_ count: Int, param: String) throws -> Int {
        guard (0...GenerationOptions.maximumTopLogprobs).contains(count) else {
            throw OpenAIError(.badRequest, "\(param) must be between 0 and \(GenerationOptions.maximumTopLogprobs).", param: param)
        }
        return count
    }

    /// The plan for a chat completion.
    /// - Throws: ``OpenAIError`` (400) naming the parameter for anything HomeOS cannot honour.
    static func chat(_ body: ChatCompletionRequest) throws -> CompletionPlan {
        if let n = body.n, n != 1 { throw OpenAIError(.badRequest, "n must be 1: HomeOS returns one choice.", param: "n") }
        guard !body.messages.isEmpty else { throw OpenAIError(.badRequest, "messages must not be empty.", param: "messages") }
        var messages = try body.messages.map(chatMessage)
        var options = try options(maxTokens: body.maxCompletionTokens ?? body.maxTokens, temperature: body.temperature,
                                  topP: body.topP, seed: body.seed, stop: body.stop?.sequences)
        if body.topLogprobs != nil, body.logprobs != true {
            throw OpenAIError(.badRequest, "top_logprobs needs logprobs set to true.", param: "top_logprobs")
        }
        if body.logprobs == true { options.logprobs = try topLogprobs(body.topLogprobs ?? 0, param: "top_logprobs") }
        let tools = body.tools ?? []
        if let bad = tools.first(where: { $0.type != "function" }) {
            throw OpenAIError(.badRequest, "Tool type \"\(bad.type)\" is not supported (function only).", param: "tools")
        }
        let choice = body.toolChoice ?? (tools.isEmpty ? .none : .auto)
        if case .named(let name) = choice, !tools.contains(where: { $0.function.name == name }) {
            throw OpenAIError(.badRequest, "tool_choice names \"\(name)\", which is not in tools.", param: "tool_choice")
        }
        var offersTools = !tools.isEmpty
        if case .none = choice { offersTools = false }
        if offersTools { messages = withToolInstructions(messages, tools: tools) }
        switch choice {
        case .required, .named:
            guard !tools.isEmpty else { throw OpenAIError(.badRequest, "tool_choice needs tools.", param: "tool_choice") }
            let callable = tools.filter { tool in
                if case .named(let name) = choice { return tool.function.name == name }
                return true
            }
            return CompletionPlan(request: GenerationRequest(messages: messages, options: options,
                                                             constraint: .jsonSchema(try toolCallSchema(callable))), output: .toolCall)
        case .auto where !tools.isEmpty:
            return CompletionPlan(request: GenerationRequest(messages: messages, options: options), output: .text, choosesTool: true)
        default:
            break
        }
        guard let format = body.responseFormat, format.type != "text" else {
            return CompletionPlan(request: GenerationRequest(messages: messages, options: options), output: .text)
        }
        let schema = try responseSchema(format)
        return CompletionPlan(request: GenerationRequest(messages: messages, options: options, constraint: .jsonSchema(schema)), output: .json)
    }

    /// One OpenAI message as a chat message. Tool calls and results become text the model reads.
    static func chatMessage(_ message: ChatCompletionRequest.Message) throws -> ChatMessage {
        let text = message.content?.text ?? ""
        switch message.role {
        case "system", "developer":
            return .system(text)
        case "user":
            return .user(text)
        case "assistant":
            if let calls = message.toolCalls, !calls.isEmpty {
                let described = calls.map { #"{"name": "\#($0.function.name)", "arguments": \#($0.function.arguments)}"# }
                return .assistant(([text].filter { !$0.isEmpty } + described).joined(separator: "\n"))
            }
            return .assistant(text)
        case "tool":
            return .user("Result of tool call \(message.toolCallID ?? "")" + (message.name.map { " (\($0))" } ?? "") + ":\n" + text)
        default:
            throw OpenAIError(.badRequest, "Unknown message role \"\(message.role)\" (system, developer, user, assistant or tool).",
                              param: "messages")
        }
    }

    /// The tools, described in the system message.
    static func withToolInstructions(_ messages: [ChatMessage], tools: [ChatCompletionRequest.Tool]) -> [ChatMessage] {
        var lines = ["You can call these tools. To call one, reply with JSON {\"name\": ..., \"arguments\": {...}}."]
        for tool in tools {
            let parameters = tool.function.parameters?.jsonText ?? "{}"
            lines.append("- \(tool.function.name): \(tool.function.description ?? "") Parameters: \(parameters)")
        }
        let instructions = lines.joined(separator: "\n")
        var result = messages
        if let index = result.firstIndex(where: { $0.role == .system }) {
            result[index] = .system(result[index].content + "\n\n" + instructions)
        } else {
            result.insert(.system(instructions), at: 0)
        }
        return result
    }

    /// `{"name": one of the tools, "arguments": that tool's parameters}` as one schema.
    static func toolCallSchema(_ tools: [ChatCompletionRequest.Tool]) throws -> JSONSchema {
        let branches: [JSONValue] = tools.map { tool in
            .object(JSONObject([
                ("type", "object"),
                ("properties", .object(JSONObject([
                    ("name", .object(JSONObject([("const", .string(tool.function.name))]))),
                    ("arguments", tool.function.parameters ?? .object(JSONObject([("type", "object")]))),
                ]))),
                ("required", ["name", "arguments"]),
                ("additionalProperties", false),
            ]))
        }
        let root: JSONValue = branches.count == 1 ? branches[0] : .object(JSONObject([("anyOf", .array(branches))]))
        return try checkedSchema(root, strict: true, param: "tools")
    }

    /// The schema of `response_format`.
    static func responseSchema(_ format: ChatCompletionRequest.ResponseFormat) throws -> JSONSchema {
        switch format.type {
        case "json_object":
            return try checkedSchema(.object(JSONObject([("type", "object")])), strict: true, param: "response_format")
        case "json_schema":
            guard let schema = format.jsonSchema?.schema else {
                throw OpenAIError(.badRequest, "response_format json_schema needs json_schema.schema.", param: "response_format")
            }
            return try checkedSchema(schema, strict: format.jsonSchema?.strict == true, param: "response_format")
        default:
            throw OpenAIError(.badRequest, "response_format type \"\(format.type)\" is not text, json_object or json_schema.",
                              param: "response_format")
        }
    }

    /// A schema that compiles to a grammar; under `strict`, one the grammar enforces completely.
    /// - Throws: 400 naming the problem, or every keyword the grammar cannot enforce.
    static func checkedSchema(_ root: JSONValue, strict: Bool, param: String) throws -> JSONSchema {
        let schema: JSONSchema
        do {
            schema = try JSONSchema(root)
        } catch {
            throw OpenAIError(.badRequest, "The schema is not valid: \(error)", param: param)
        }
        let compiled: JSONSchemaGrammarResult
        do {
            compiled = try JSONSchemaGrammarCompiler().compile(schema)
        } catch {
            throw OpenAIError(.badRequest, "The schema cannot be enforced: \(error)", param: param)
        }
        if strict && !compiled.isFullyEnforced {
            let keywords = compiled.unsupported.map { "\($0.keyword) at \($0.pointer.isEmpty ? "/" : $0.pointer)" }
            throw OpenAIError(.badRequest, "strict output cannot be guaranteed for this schema: the decoder does not enforce "
                + keywords.joined(separator: ", ") + ". Remove those keywords, or set strict to false (the output is then checked, not guaranteed).",
                              param: param, code: "unsupported_schema_keyword")
        }
        return schema
    }
}

import Foundation
import LLM
import Synchronization

/// A function the server's model may call (OpenAI `tools`): HomeOS exports each skill as one,
/// with the skill's id as the name and its arguments schema as the parameters.
public struct RemoteTool: Sendable, Hashable {
    /// The function name (letters, digits, `_` and `-`, at most 64 characters).
    public var name: String
    /// What the function does, for the model.
    public var description: String
    /// JSON Schema of the arguments object.
    public var parameters: JSONSchema

    /// Creates a tool.
    public init(name: String, description: String, parameters: JSONSchema) {
        self.name = name
        self.description = description
        self.parameters = parameters
    }

    /// The `tools` entry.
    var json: JSONValue {
        ["type": "function", "function": ["name": .string(name), "description": .string(description), "parameters": parameters.root]]
    }

    /// Checks the name against OpenAI's rule.
    func validate() throws(LLMError) {
        let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-")
        guard !name.isEmpty, name.count <= 64, name.allSatisfy(allowed.contains) else {
            throw .invalidRequest("the tool name \"\(name)\" must be 1 to 64 letters, digits, '_' or '-'")
        }
    }
}

/// Which tool the model may or must call.
public enum RemoteToolChoice: Sendable, Hashable {
    /// The model decides between answering and calling tools.
    case auto
    /// The model must call some tool (not every server supports this).
    case required
    /// The model must call this tool (after routing has chosen the skill).
    case function(String)

    var json: JSONValue {
        switch self {
        case .auto: return "auto"
        case .required: return "required"
        case .function(let name): return ["type": "function", "function": ["name": .string(name)]]
        }
    }
}

/// One tool call from the server.
public struct RemoteToolCall: Sendable, Hashable {
    /// The server's id of the call.
    public var id: String?
    /// The tool (skill id).
    public var name: String
    /// The arguments, parsed from the JSON text the model wrote.
    public var arguments: JSONValue
}

/// The answer to a request with tools: text, or tool calls.
public struct RemoteToolResponse: Sendable, Hashable {
    /// Text the model wrote instead of (or besides) calling tools.
    public var text: String?
    /// The calls, in order.
    public var calls: [RemoteToolCall]
    /// Why generation ended.
    public var finishReason: FinishReason
    /// Token counts from the server (0 when it gave none).
    public var usage: GenerationUsage

    /// The answer in the shape of a HomeOS action plan — `{"calls": [{"skill", "arguments"}]}` or
    /// `{"respond": text}` — so the Skills module's `ActionPlan.parse(_:registry:)` validates it
    /// exactly as it validates a plan from the in-process engine.
    public var actionPlanJSON: JSONValue {
        if !calls.isEmpty {
            return ["calls": .array(calls.map { ["skill": .string($0.name), "arguments": $0.arguments] })]
        }
        return ["respond": .string(text ?? "")]
    }
}

extension RemoteModel {
    /// Sends the conversation with `tools` and returns the model's tool calls (or its text).
    ///
    /// Arguments arrive as JSON text written by the model; text that does not parse (even after
    /// the extractor's repairs) is an error naming the tool, never a silent empty call.
    public func respond(to messages: [ChatMessage], tools: [RemoteTool], choice: RemoteToolChoice = .auto,
                        options: GenerationOptions = .greedy, deadline: Deadline? = nil) async throws -> RemoteToolResponse {
        guard !tools.isEmpty else { throw LLMError.invalidRequest("a tool request needs at least one tool") }
        for tool in tools { try tool.validate() }
        if case .function(let name) = choice, !tools.contains(where: { $0.name == name }) {
            throw LLMError.invalidRequest("the forced tool \"\(name)\" is not among the tools sent")
        }
        let request = GenerationRequest(messages: messages, options: options, deadline: deadline)
        try request.validate()
        let body = ChatCompletionBody.make(request, model: configuration.model, stream: false,
                                           constraint: ConstraintEncoding(fields: [], unquotesJSONString: false),
                                           extra: [("tools", .array(tools.map(\.json))), ("tool_choice", choice.json)])
        let start = ContinuousClock.now
        let box = ResultBox()
        let outcome = try await Watchdog.run(deadline: deadline, idle: configuration.readTimeout) { touch in
            let value = try await self.transport.json(Self.chatPath, body: body)
            touch(.zero)
            box.set(value)
        }
        switch outcome {
        case .finished: break
        case .deadline: throw LLMError.generationFailed("the tool call to \(configuration.host) did not finish before the deadline")
        case .idle: throw LLMError.generationFailed("\(configuration.host) sent nothing for \(configuration.readTimeout)")
        }
        guard let value = box.value else { throw LLMError.generationFailed("\(configuration.host) sent no answer") }
        return try Self.parseToolResponse(value, host: configuration.host, elapsed: start.duration(to: .now))
    }

    /// Parses a non-streamed chat completion with tool calls.
    static func parseToolResponse(_ value: JSONValue, host: String, elapsed: Duration = .zero) throws -> RemoteToolResponse {
        if let error = value["error"], !error.isNull {
            throw LLMError.generationFailed("\(host) reported an error: \(serverErrorMessage(value.jsonText))")
        }
        guard let choice = value["choices"]?.arrayValue?.first, let message = choice["message"] else {
            throw LLMError.generationFailed("\(host) sent a completion without choices")
        }
        var calls: [RemoteToolCall] = []
        for call in message["tool_calls"]?.arrayValue ?? [] {
            guard let function = call["function"], let name = function["name"]?.stringValue else {
                throw LLMError.generationFailed("\(host) sent a tool call without a function name")
            }
            calls.append(RemoteToolCall(id: call["id"]?.stringValue, name: name,
                                        arguments: try parseArguments(function["arguments"], tool: name, host: host)))
        }
        // Older servers answer with the deprecated single `function_call`.
        if calls.isEmpty, let function = message["function_call"], let name = function["name"]?.stringValue {
            calls.append(RemoteToolCall(id: nil, name: name, arguments: try parseArguments(function["arguments"], tool: name, host: host)))
        }
        var usage = GenerationUsage(totalDuration: elapsed)
        if let counts = serverUsage(value["usage"]) {
            usage.promptTokens = counts.prompt
            usage.generatedTokens = counts.completion
        }
        return RemoteToolResponse(text: message["content"]?.stringValue, calls: calls,
                                  finishReason: finishReason(fromServer: choice["finish_reason"]?.stringValue) ?? .endOfGeneration,
                                  usage: usage)
    }

    private static func parseArguments(_ value: JSONValue?, tool: String, host: String) throws -> JSONValue {
        switch value {
        case nil, .null?: return [:]
        case .object?: return value ?? [:]
        case .string(let text)?:
            if text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty { return [:] }
            if let parsed = try? JSONValue(parsing: text) { return parsed }
            if let extracted = JSONExtractor.extract(from: text) { return extracted.value }
            throw LLMError.generationFailed("\(host) called \(tool) with arguments that are not JSON: \(String(text.prefix(160)))")
        default:
            throw LLMError.generationFailed("\(host) called \(tool) with arguments of type \(value?.typeName ?? "?")")
        }
    }
}

/// One value handed from a child task.
private final class ResultBox: Sendable {
    private let storage = Mutex<JSONValue?>(nil)
    var value: JSONValue? { storage.withLock { $0 } }
    func set(_ value: JSONValue) { storage.withLock { $0 = value } }
}


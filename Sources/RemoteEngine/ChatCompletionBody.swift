import LLM

/// How one request's output constraint travels to the server.
struct ConstraintEncoding: Sendable, Hashable {
    /// Fields added to the request body (`response_format`, `grammar`).
    var fields: [(String, JSONValue)]
    /// The server answers a choice as a JSON string (`"name"`), which is unquoted before it is
    /// handed on, so callers see the bare choice as with an in-process engine.
    var unquotesJSONString: Bool

    static func == (lhs: ConstraintEncoding, rhs: ConstraintEncoding) -> Bool {
        lhs.unquotesJSONString == rhs.unquotesJSONString && lhs.fields.map(\.0) == rhs.fields.map(\.0)
            && lhs.fields.map(\.1) == rhs.fields.map(\.1)
    }

    func hash(into hasher: inout Hasher) { hasher.combine(fields.map(\.0)) }

    /// The encoding of `constraint` for a server with `style` and (or without) grammar support.
    /// - Throws: ``LLMError/unsupported(_:)`` when the server cannot enforce the constraint.
    static func encode(_ constraint: OutputConstraint?, style: StructuredOutputStyle, acceptsGrammar: Bool)
        throws(LLMError) -> ConstraintEncoding {
        guard let constraint else { return ConstraintEncoding(fields: [], unquotesJSONString: false) }
        switch constraint {
        case .jsonSchema(let schema):
            if let format = responseFormat(schema.root, style: style) {
                return ConstraintEncoding(fields: [("response_format", format)], unquotesJSONString: false)
            }
            if acceptsGrammar {
                let grammar = try constraint.grammar()
                return ConstraintEncoding(fields: [("grammar", .string(grammar.text))], unquotesJSONString: false)
            }
            throw .unsupported("this server takes no JSON Schema response format; use LLMBridge.generateJSON, "
                + "which extracts, validates and retries")
        case .choices(let names):
            if acceptsGrammar {
                return ConstraintEncoding(fields: [("grammar", .string(constraint.grammarText))], unquotesJSONString: false)
            }
            let schema: JSONValue = ["type": "string", "enum": .array(names.map(JSONValue.string))]
            if let format = responseFormat(schema, style: style) {
                return ConstraintEncoding(fields: [("response_format", format)], unquotesJSONString: true)
            }
            throw .unsupported("this server can restrict the answer to a set of choices neither by grammar nor by schema")
        case .grammar(let text, let root):
            guard acceptsGrammar else {
                throw .unsupported("GBNF grammars need a llama.cpp-based server (llama-server or llama-cpp-python)")
            }
            let body = root == "root" ? text : text + "\nroot ::= \(root)"
            return ConstraintEncoding(fields: [("grammar", .string(body))], unquotesJSONString: false)
        }
    }

    private static func responseFormat(_ schema: JSONValue, style: StructuredOutputStyle) -> JSONValue? {
        switch style {
        case .jsonSchema:
            return ["type": "json_schema", "json_schema": ["name": "answer", "schema": schema, "strict": true]]
        case .jsonObjectSchema:
            return ["type": "json_object", "schema": schema]
        case .automatic, .none:
            return nil
        }
    }
}

/// The body of a `POST …/chat/completions` request.
enum ChatCompletionBody {
    /// The JSON body for `request`.
    static func make(_ request: GenerationRequest, model: String, stream: Bool, constraint: ConstraintEncoding,
                     extra: [(String, JSONValue)] = []) -> JSONValue {
        let options = request.options
        var fields: [(String, JSONValue)] = [
            ("model", .string(model)),
            ("messages", .array(request.messages.map { ["role": .string($0.role.rawValue), "content": .string($0.content)] })),
            ("max_tokens", .number(Double(options.maxTokens))),
            ("temperature", .number(options.temperature)),
            ("stream", .bool(stream)),
        ]
        if let topP = options.topP { fields.append(("top_p", .number(topP))) }
        // Not part of OpenAI's API, but understood by llama.cpp's servers, vLLM and Ollama; sent
        // only when set so that strict servers (OpenAI itself) are not sent unknown fields.
        if let topK = options.topK { fields.append(("top_k", .number(Double(topK)))) }
        if let minP = options.minP { fields.append(("min_p", .number(minP))) }
        if let penalty = options.repetitionPenalty { fields.append(("repeat_penalty", .number(penalty))) }
        if let seed = options.seed { fields.append(("seed", .number(Double(seed)))) }
        if !options.stopSequences.isEmpty { fields.append(("stop", .array(options.stopSequences.map(JSONValue.string)))) }
        fields += constraint.fields
        fields += extra
        return .object(JSONObject(fields))
    }
}

/// What a finish reason string from the server means here.
func finishReason(fromServer reason: String?) -> FinishReason? {
    switch reason {
    case nil: return nil
    case "length"?: return .maxTokens
    default: return .endOfGeneration  // "stop", "tool_calls", "function_call", "content_filter", "eos"
    }
}

/// The `usage` object of a response, if any.
func serverUsage(_ value: JSONValue?) -> (prompt: Int, completion: Int)? {
    guard let usage = value, let prompt = usage["prompt_tokens"]?.numberValue,
          let completion = usage["completion_tokens"]?.numberValue else { return nil }
    return (Int(prompt), Int(completion))
}

/// The error message in an OpenAI-style error body (`{"error": {"message": …}}`, `{"error": "…"}`,
/// FastAPI's `{"detail": …}`), shortened; the raw text when it is not JSON.
func serverErrorMessage(_ text: String) -> String {
    let message: String
    if let value = try? JSONValue(parsing: text) {
        if let nested = value["error"]?["message"]?.stringValue { message = nested }
        else if let flat = value["error"]?.stringValue { message = flat }
        else if let detail = value["detail"] { message = detail.stringValue ?? detail.jsonText }
        else if let flat = value["message"]?.stringValue { message = flat }
        else { message = text }
    } else {
        message = text
    }
    let oneLine = message.split(whereSeparator: \.isNewline).map { $0.trimmingWhitespace }.joined(separator: " ")
    return oneLine.count > 300 ? String(oneLine.prefix(300)) + "…" : oneLine
}

extension Substring {
    var trimmingWhitespace: String {
        var slice = self
        while slice.first?.isWhitespace == true { slice.removeFirst() }
        while slice.last?.isWhitespace == true { slice.removeLast() }
        return String(slice)
    }
}

import Foundation
import HomeOS
import Hummingbird
import WebFoundation
import LLM
import ModelHub

/// The OpenAI-compatible API on `homeos serve`: `/v1/models`, `/v1/chat/completions` (streamed
/// or not; `response_format` JSON guaranteed by constrained decoding; `tools`), `/v1/completions`,
/// `/v1/embeddings` (the sentence encoder routing uses), and `/openapi.json`.
struct OpenAIRoutes {
    let session: FamilySession
    let library: ModelLibrary
    let shutdown: ShutdownSignal
    let openAPIDocument: ByteBuffer

    func register(on router: Router<WebRequestContext>) {
        router.get("/openapi.json") { _, _ in
            Response(status: .ok, headers: [.contentType: "application/json"],
                     body: ResponseBody(byteBuffer: Self.document(openAPIDocument, servingModel: await session.models.current?.id)))
        }
        router.get("/v1/models") { _, _ in
            var data: [OpenAIResponses.Model] = []
            if let loaded = await session.models.current { data.append(.init(id: loaded.id)) }
            if session.sentenceEncoder != nil { data.append(.init(id: HomeOSRouting.sentenceEncoderModelID)) }
            return JSONResponse.make(OpenAIResponses.ModelList(data: data))
        }
        router.post("/v1/chat/completions") { request, context in
            let body = try await JSONResponse.decode(ChatCompletionRequest.self, from: request, context: context)
            return try await chatCompletion(body)
        }
        router.post("/v1/completions") { request, context in
            let body = try await JSONResponse.decode(CompletionRequest.self, from: request, context: context)
            return try await completion(body)
        }
        router.post("/v1/embeddings") { request, context in
            let body = try await JSONResponse.decode(EmbeddingRequest.self, from: request, context: context)
            return try await embeddings(body)
        }
    }

    /// The OpenAPI document, naming the model this server serves as the only valid `model` of the
    /// completion requests (so a client or fuzzer generated from it can reach the model).
    static func document(_ stored: ByteBuffer, servingModel id: String?) -> ByteBuffer {
        guard let id, var document = try? JSONValue(parsing: String(buffer: stored)) else { return stored }
        for request in ["ChatCompletionRequest", "CompletionRequest"] {
            document = document.setting(["components", "schemas", request, "properties", "model"],
                                        to: .object(JSONObject([("type", "string"), ("enum", [.string(id)])])))
        }
        return ByteBuffer(string: document.jsonText)
    }

    /// The loaded model, when `name` names it.
    /// - Throws: 404 `model_not_found` naming the model that is loaded, or 503 without one.
    private func model(named name: String) async throws -> LoadedModel {
        guard let loaded = await session.models.current else {
            throw OpenAIError(.serviceUnavailable, "No model is loaded (the server runs with --no-model, or is still loading).",
                              type: "server_error")
        }
        let wanted = library.catalog.entry(named: name)?.id ?? name
        guard wanted == loaded.id else {
            throw OpenAIError(.notFound, "The model \"\(name.prefix(100))\" is not loaded; this server serves \"\(loaded.id)\" "
                + "(GET /v1/models; switch models on the web app's Models page).", type: "invalid_request_error", param: "model",
                              code: "model_not_found")
        }
        return loaded
    }

    // MARK: Chat

    private func chatCompletion(_ body: ChatCompletionRequest) async throws -> Response {
        let loaded = try await model(named: body.model)
        var plan = try CompletionPlan.chat(body)
        if plan.choosesTool, let tools = body.tools, let name = try await Self.chosenTool(tools, plan: plan, model: loaded.model) {
            plan.request.constraint = .jsonSchema(try CompletionPlan.toolCallSchema(tools.filter { $0.function.name == name }))
            plan.output = .toolCall
        }
        let id = "chatcmpl-" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")
        let created = Int(Date().timeIntervalSince1970)
        if body.stream == true {
            let relay = try await Self.relay(plan.request, to: loaded.model, shutdown: shutdown)
            return stream(relay, plan: plan, model: loaded, id: id, created: created, includeUsage: body.streamOptions?.includeUsage == true)
        }
        let result = try await Self.generate(plan.request, on: loaded.model)
        let message: OpenAIResponses.AssistantMessage
        var finish = OpenAIResponses.finishReason(result.finishReason)
        if plan.output == .toolCall {
            message = .init(content: nil, toolCalls: [try Self.toolCall(from: result.text)])
            finish = "tool_calls"
        } else {
            message = .init(content: result.text)
        }
        let logprobs = plan.request.options.logprobs == nil ? nil : OpenAIResponses.ChatLogprobs(result.logprobs)
        return JSONResponse.make(OpenAIResponses.ChatCompletion(
            id: id, created: created, model: loaded.id, choices: [.init(message: message, finishReason: finish, logprobs: logprobs)],
            usage: .init(result.usage)))
    }

    /// Streams a chat completion: a role chunk, content chunks as the engine writes them (a tool
    /// call as one chunk at the end), the finishing chunk, usage when asked, then `[DONE]`. Asked
    /// for, each chunk carries the log probabilities of the tokens whose text it sends.
    private func stream(_ relay: Relay, plan: CompletionPlan, model loaded: LoadedModel, id: String, created: Int,
                        includeUsage: Bool) -> Response {
        let wantsLogprobs = plan.request.options.logprobs != nil
        return Response(status: .ok, headers: Self.streamHeaders, body: ResponseBody { writer in
            var pending: [TokenLogprob] = []
            func chunk(_ delta: OpenAIResponses.Delta, finish: String? = nil, usage: OpenAIResponses.Usage? = nil,
                       empty: Bool = false, withLogprobs: Bool = false) -> ByteBuffer {
                var choice = OpenAIResponses.ChunkChoice(delta: delta, finishReason: finish)
                if withLogprobs, wantsLogprobs {
                    choice.logprobs = .init(pending)
                    pending = []
                }
                return Self.dataEvent(OpenAIResponses.ChatChunk(id: id, created: created, model: loaded.id,
                                                                choices: empty ? [] : [choice], usage: usage))
            }
            defer { relay.stop() }
            try await writer.write(chunk(.init(role: "assistant", content: plan.output == .toolCall ? nil : "")))
            var usage = GenerationUsage(), reason = FinishReason.endOfGeneration, text = ""
            for try await event in relay.events {
                switch event {
                case .token(let piece):
                    text += piece
                    // Text is forwarded as the engine writes it; a tool call goes out whole, once complete.
                    if plan.output != .toolCall { try await writer.write(chunk(.init(content: piece), withLogprobs: true)) }
                case .logprob(let entry):
                    pending.append(entry)
                case .finished(let finalUsage, let finalReason):
                    (usage, reason) = (finalUsage, finalReason)
                }
            }
            if plan.output == .toolCall {
                let call = try Self.toolCall(from: text)
                try await writer.write(chunk(.init(toolCalls: [.init(id: call.id, function: call.function)]), withLogprobs: true))
                try await writer.write(chunk(.init(), finish: "tool_calls"))
            } else {
                // Tokens whose text never went out (a stop sequence's) keep their entries, on the finishing chunk.
                try await writer.write(chunk(.init(), finish: OpenAIResponses.finishReason(reason), withLogprobs: !pending.isEmpty))
            }
            if includeUsage { try await writer.write(chunk(.init(), usage: .init(usage), empty: true)) }
            try await writer.write(Self.doneEvent)
            try await writer.finish(nil)
        })
    }

    /// The headers of an OpenAI event stream.
    static var streamHeaders: HTTPFields {
        var headers = ServerSentEvent.headers
        headers[.cacheControl] = "no-cache"
        return headers
    }

    /// `value` as an unnamed `data:` event, the framing of OpenAI's streams (JSON has no raw
    /// newlines, so one data line suffices).
    static func dataEvent(_ value: some Encodable) -> ByteBuffer {
        var buffer = ByteBuffer(string: "data: ")
        buffer.writeBytes((try? JSONResponse.encoder.encode(value)) ?? Data())
        buffer.writeString("\n\n")
        return buffer
    }

    /// The event that ends an OpenAI stream.
    static let doneEvent = ByteBuffer(string: "data: [DONE]\n\n")

    /// A generation's events on their way from the engine to a stream's writer.
    struct Relay: Sendable {
        /// The engine's events, the first of them included.
        let events: AsyncThrowingStream<GenerationEvent, any Error>
        /// Cancels the generation (a dropped client) and forgets the shutdown registration.
        let stop: @Sendable () -> Void
    }

    /// Starts `request` in a task that the server's shutdown (or ``Relay/stop``) cancels, and
    /// returns once the engine has produced its first event: a request the engine refuses (too
    /// long for the context, bad options) fails here with its OpenAI error, before a stream's
    /// headers go out, instead of cutting the stream short.
    static func relay(_ request: GenerationRequest, to model: any LanguageModel, shutdown: ShutdownSignal,
                      promptParameter: String = "messages") async throws -> Relay {
        let (events, continuation) = AsyncThrowingStream<GenerationEvent, any Error>.makeStream()
        let (started, startedContinuation) = AsyncStream<(any Error)?>.makeStream()
        let task = Task {
            var first = true
            do {
                for try await event in model.stream(request) {
                    continuation.yield(event)
                    if first { startedContinuation.yield(nil) }
                    first = false
                }
                continuation.finish()
            } catch {
                if first { startedContinuation.yield(error) }
                continuation.finish(throwing: error)
            }
            startedContinuation.finish()
        }
        let registration = shutdown.onShutdown { task.cancel() }
        let relay = Relay(events: events, stop: {
            task.cancel()
            shutdown.remove(registration)
        })
        for await outcome in started {
            if let error = outcome {
                relay.stop()
                throw openAIError(error, promptParameter: promptParameter)
            }
            break
        }
        if Task.isCancelled {  // the client left before the first token
            relay.stop()
            throw CancellationError()
        }
        return relay
    }

    /// With `tool_choice: auto`: the model picks a tool or "answer" (a closed-set choice, so it can
    /// only name one of them).
    static func chosenTool(_ tools: [ChatCompletionRequest.Tool], plan: CompletionPlan, model: any LanguageModel) async throws -> String? {
        let names = tools.map(\.function.name)
        var messages = plan.request.messages
        messages.append(.user("Does answering this need one of the tools? Reply with the tool's name, or with answer to reply in words."))
        let decision = try await generate(GenerationRequest(messages: messages, options: GenerationOptions(maxTokens: 24),
                                                            constraint: .choices(["answer"] + names)), on: model)
        let choice = decision.text.trimmingCharacters(in: .whitespacesAndNewlines)
        return names.contains(choice) ? choice : nil
    }

    /// A whole generation; engine errors become OpenAI errors.
    static func generate(_ request: GenerationRequest, on model: any LanguageModel,
                         promptParameter: String = "messages") async throws -> GenerationResult {
        do {
            return try await model.respond(to: request)
        } catch {
            throw openAIError(error, promptParameter: promptParameter)
        }
    }

    /// The OpenAI error for an engine error (other errors, such as cancellation, pass unchanged);
    /// a prompt too long names `promptParameter` (`messages` for chat, `prompt` for text).
    static func openAIError(_ error: any Error, promptParameter: String = "messages") -> any Error {
        guard let error = error as? LLMError else { return error }
        switch error {
        case .promptTooLong:
            // OpenAI's own code for it, which clients already handle (by trimming the conversation).
            return OpenAIError(.badRequest, error.description, param: promptParameter, code: "context_length_exceeded")
        case .invalidOptions, .invalidConstraint, .invalidRequest:
            return OpenAIError(.badRequest, error.description, code: "invalid_request")
        default:
            return OpenAIError(.internalServerError, "The model could not answer: \(error.description)", type: "server_error")
        }
    }

    /// The tool call in a constrained `{"name", "arguments"}` output.
    static func toolCall(from text: String) throws -> ChatCompletionRequest.ToolCall {
        guard let value = try? JSONValue(parsing: text), let name = value["name"]?.stringValue, let arguments = value["arguments"] else {
            throw OpenAIError(.internalServerError, "The model's tool call was cut off before it was complete; raise max_tokens.",
                              type: "server_error")
        }
        return .init(id: "call_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "").prefix(24),
                     type: "function", function: .init(name: name, arguments: arguments.jsonText))
    }

    // MARK: Completions and embeddings

    private func completion(_ body: CompletionRequest) async throws -> Response {
        let loaded = try await model(named: body.model)
        if let n = body.n, n != 1 { throw OpenAIError(.badRequest, "n must be 1.", param: "n") }
        var options = try CompletionPlan.options(maxTokens: body.maxTokens ?? 16, temperature: body.temperature, topP: body.topP,
                                                 seed: body.seed, stop: body.stop?.sequences)
        options.logprobs = try body.logprobs.map { try CompletionPlan.topLogprobs($0, param: "logprobs") }
        guard !body.prompt.isEmpty else { throw OpenAIError(.badRequest, "prompt must not be empty.", param: "prompt") }
        let request = GenerationRequest(prompt: .text(body.prompt), options: options)
        let id = "cmpl-" + UUID().uuidString.lowercased(), created = Int(Date().timeIntervalSince1970)
        if body.stream == true {
            let relay = try await Self.relay(request, to: loaded.model, shutdown: shutdown, promptParameter: "prompt")
            return streamCompletion(relay, model: loaded, id: id, created: created, includeUsage: body.streamOptions?.includeUsage == true,
                                    wantsLogprobs: options.logprobs != nil)
        }
        let result = try await Self.generate(request, on: loaded.model, promptParameter: "prompt")
        let logprobs = options.logprobs == nil ? nil : OpenAIResponses.TextLogprobs(result.logprobs)
        return JSONResponse.make(OpenAIResponses.TextCompletion(
            id: id, created: created, model: loaded.id,
            choices: [.init(text: result.text, finishReason: OpenAIResponses.finishReason(result.finishReason), logprobs: logprobs)],
            usage: .init(result.usage)))
    }

    /// Streams a text completion: a `text_completion` chunk for each piece the engine writes, the
    /// finishing chunk, usage when asked (a chunk with no choices), then `[DONE]`. Asked for, each
    /// chunk carries the log probabilities of the tokens whose text it sends.
    private func streamCompletion(_ relay: Relay, model loaded: LoadedModel, id: String, created: Int, includeUsage: Bool,
                                  wantsLogprobs: Bool) -> Response {
        Response(status: .ok, headers: Self.streamHeaders, body: ResponseBody { writer in
            var pending: [TokenLogprob] = [], offset = 0
            func chunk(_ choices: [OpenAIResponses.TextChoice], usage: OpenAIResponses.Usage? = nil) -> ByteBuffer {
                Self.dataEvent(OpenAIResponses.TextCompletion(id: id, created: created, model: loaded.id, choices: choices, usage: usage))
            }
            func choice(_ text: String, finish: String? = nil) -> OpenAIResponses.TextChoice {
                var choice = OpenAIResponses.TextChoice(text: text, finishReason: finish)
                if wantsLogprobs, !pending.isEmpty || finish == nil {
                    let logprobs = OpenAIResponses.TextLogprobs(pending, startingAt: offset)
                    offset = logprobs.endOffset
                    choice.logprobs = logprobs
                    pending = []
                }
                return choice
            }
            defer { relay.stop() }
            var usage = GenerationUsage(), reason = FinishReason.endOfGeneration
            for try await event in relay.events {
                switch event {
                case .token(let piece): try await writer.write(chunk([choice(piece)]))
                case .logprob(let entry): pending.append(entry)
                case .finished(let finalUsage, let finalReason): (usage, reason) = (finalUsage, finalReason)
                }
            }
            try await writer.write(chunk([choice("", finish: OpenAIResponses.finishReason(reason))]))
            if includeUsage { try await writer.write(chunk([], usage: .init(usage))) }
            try await writer.write(Self.doneEvent)
            try await writer.finish(nil)
        })
    }

    private func embeddings(_ body: EmbeddingRequest) async throws -> Response {
        guard let encoder = session.sentenceEncoder else {
            throw OpenAIError(.serviceUnavailable, "The sentence encoder is not installed; run make setup.", type: "server_error")
        }
        guard body.model == HomeOSRouting.sentenceEncoderModelID else {
            throw OpenAIError(.notFound, "Embeddings come from \"\(HomeOSRouting.sentenceEncoderModelID)\"; \"\(body.model.prefix(100))\" "
                + "is not an embedding model here.", param: "model", code: "model_not_found")
        }
        let texts = body.input.texts
        guard !texts.isEmpty, texts.count <= 256 else { throw OpenAIError(.badRequest, "input must hold 1 to 256 texts.", param: "input") }
        let format = body.encodingFormat ?? "float"
        guard format == "float" || format == "base64" else {
            throw OpenAIError(.badRequest, "encoding_format must be float or base64.", param: "encoding_format")
        }
        let vectors = try await encoder.embeddings(for: texts)
        let data = vectors.enumerated().map { index, vector in
            OpenAIResponses.Embedding(index: index, embedding: format == "base64" ? .base64(OpenAIResponses.base64(vector)) : .floats(vector))
        }
        let tokens = texts.reduce(0) { $0 + max(1, $1.utf8.count / 4) }  // an estimate: the encoder does not report its count
        return JSONResponse.make(OpenAIResponses.EmbeddingList(data: data, model: body.model, usage: .init(promptTokens: tokens)))
    }
}

extension JSONValue {
    /// This value with the member at `path` (object keys, outermost first) replaced by `value`;
    /// unchanged when a step of the path is not an object or is missing.
    func setting(_ path: [String], to value: JSONValue) -> JSONValue {
        guard let key = path.first, case .object(var object) = self, let child = object[key] else { return self }
        object[key] = path.count == 1 ? value : child.setting(Array(path.dropFirst()), to: value)
        return .object(object)
    }
}

import Foundation
import LLM
import RemoteEngine
import Testing

/// RemoteModel against a real OpenAI-compatible server: llama-cpp-python's server (pinned by
/// `make setup`) serving SmolLM2-135M-Instruct on 127.0.0.1, started once by the test setup.
@Suite(.serialized, .enabled(if: TestServers.available, TestServers.skipMessage))
struct RemoteServerIntegrationTests {
    @Test func theServerIsReadyAndAnswersPlainly() async throws {
        let model = try await TestServers.remote()
        #expect(await model.availability == .ready)
        let result = try await model.respond(to: "What is the capital of France? Answer in one word.",
                                             options: GenerationOptions(maxTokens: 12))
        #expect(!result.text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty)
        #expect(result.finishReason == .endOfGeneration || result.finishReason == .maxTokens)
        #expect(result.usage.generatedTokens > 0)
        #expect(result.usage.generatedTokens <= 12)
        #expect(model.id.hasPrefix("remote:smollm2-135m-instruct@127.0.0.1:"))
    }

    @Test func streamingDeliversPiecesThenOneFinishedEventAndMatchesRespond() async throws {
        let model = try await TestServers.remote()
        let request = GenerationRequest(messages: [.user("Name three colors.")], options: GenerationOptions(maxTokens: 16))
        var pieces: [String] = []
        var finished: [FinishReason] = []
        for try await event in model.stream(request) {
            switch event {
            case .token(let piece):
                #expect(finished.isEmpty, "no piece after the finished event")
                pieces.append(piece)
            case .logprob: break
            case .finished(_, let reason): finished.append(reason)
            }
        }
        #expect(pieces.count > 1, "the answer arrived in pieces")
        #expect(finished.count == 1)
        let whole = try await model.respond(to: request)
        #expect(whole.text == pieces.joined(), "greedy decoding gives the same text streamed or not")
    }

    @Test func probingFindsLlamaCppPythonsSchemaFormatAndGrammars() async throws {
        let model = try await TestServers.remote()
        let capabilities = try #require(model.capabilities)
        // llama-cpp-python 0.3.36 rejects `json_schema` and takes `json_object` with a schema.
        #expect(capabilities.structuredOutput == .jsonObjectSchema, "\(capabilities)")
        #expect(capabilities.acceptsGrammar)
        #expect(model.supportsConstrainedDecoding)
    }

    @Test func jsonSchemaOutputIsValidAgainstTheSchema() async throws {
        let model = try await TestServers.remote()
        let schema = try JSONSchema([
            "type": "object",
            "properties": ["name": ["type": "string", "minLength": 1], "age": ["type": "integer", "minimum": 0, "maximum": 120],
                           "pets": ["type": "array", "items": ["type": "string"], "maxItems": 3]],
            "required": ["name", "age", "pets"], "additionalProperties": false,
        ])
        let report = try await LLMBridge(model: model).generateJSONReport(
            prompt: "Ann is 34 and has a cat called Tom.", schema: schema, system: "Describe the person.", maxTokens: 80)
        #expect(report.constrained)
        #expect(try schema.validate(report.value).isEmpty, "\(report.text)")
        // Choices go through the server's grammar support: only a given name comes back.
        let classification = try await LLMBridge(model: model).classify(input: "We are out of milk", categories: [
            ClassificationCategory(name: "shopping", description: "Groceries and the shopping list"),
            ClassificationCategory(name: "weather", description: "The forecast"),
        ])
        #expect(["shopping", "weather"].contains(classification.name))
        #expect(classification.method == .constrainedChoice)
    }

    @Test func withoutServerSideConstraintsTheBridgeExtractsValidatesAndRetries() async throws {
        let server = try await TestServers.server()
        let model = RemoteModel(configuration: RemoteConfiguration(baseURL: server.baseURL, model: "smollm2",
                                                                   structuredOutput: .none, acceptsGrammar: false))
        #expect(!model.supportsConstrainedDecoding)
        let schema = try JSONSchema(["type": "object", "properties": ["city": ["type": "string"]], "required": ["city"]])
        do {
            let report = try await LLMBridge(model: model).generateJSONReport(prompt: "I live in Paris.", schema: schema,
                                                                              system: "Give the city.", maxTokens: 60)
            #expect(!report.constrained)
            #expect(try schema.validate(report.value).isEmpty)
        } catch let error as LLMBridgeError {
            // The small model may fail twice without a grammar; the bridge then says so instead of returning bad JSON.
            #expect("\(error)".contains("attempt"), "\(error)")
        }
    }

    @Test func tokensAreCountedByTheServersTokenizerLikeTheLocalEngine() async throws {
        let model = try await TestServers.remote()
        let text = "Hello world, how are you today? The dishwasher is leaking."
        let count = try await model.tokenCount(text)
        #expect(!count.isEstimate)
        let local = try await TestServers.localEngine().countTokens(text)
        #expect(count.value == local, "server \(count.value), in-process \(local)")
    }

    @Test func stoppingAStreamEarlyFreesTheServerForTheNextRequest() async throws {
        let model = try await TestServers.remote()
        var seen = 0
        for try await event in model.stream(GenerationRequest(messages: [.user("Write a long story about a dragon.")],
                                                               options: GenerationOptions(maxTokens: 400))) {
            if case .token = event { seen += 1 }
            if seen == 3 { break }
        }
        #expect(seen == 3)
        let next = try await withDeadline(.seconds(120)) {
            try await model.respond(to: "Say yes.", options: GenerationOptions(maxTokens: 8))
        }
        #expect(!next.text.isEmpty)
    }

    @Test func aServerKilledMidStreamIsAClearErrorNotAHang() async throws {
        let server = try await TestServers.startServer()
        defer { server.stop() }
        let model = RemoteModel(configuration: RemoteConfiguration(baseURL: server.baseURL, model: "smollm2",
                                                                   readTimeout: .seconds(60), retry: .none))
        let request = GenerationRequest(messages: [.user("Write a very long story about the sea.")],
                                        options: GenerationOptions(maxTokens: 1500))
        let outcome: String = try await withDeadline(.seconds(60)) {
            var pieces = 0
            do {
                for try await event in model.stream(request) {
                    if case .token = event { pieces += 1 }
                    if pieces == 5 { server.kill() }
                }
                return "finished without an error after \(pieces) pieces"
            } catch {
                return "\(error)"
            }
        }
        #expect(outcome.contains("mid-answer") && outcome.contains("127.0.0.1:\(server.port)"), "\(outcome)")
        #expect(!server.isRunning)
    }
}

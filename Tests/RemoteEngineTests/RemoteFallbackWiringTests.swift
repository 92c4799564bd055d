import Foundation
import HomeOS
import LLM
import RemoteEngine
import Skills
import Testing

/// The opt-in remote fallback in the family assistant: a real HTTP server on 127.0.0.1 stands in
/// for the remote model; the on-device model is scripted to fail or to answer.
@Suite struct RemoteFallbackWiringTests {
    static let remoteAnswer = "Photosynthesis is how plants turn sunlight, water and air into their food."
    static let message = "Can you explain photosynthesis for Leo's science homework?"

    /// A server answering every chat completion with ``remoteAnswer`` (streamed when asked to stream).
    static func remoteServer() async throws -> ScriptedHTTPServer {
        try await ScriptedHTTPServer.start { _, request in
            request.body.contains(#""stream":true"#) || request.body.contains(#""stream": true"#)
                ? .events(completionEvents([remoteAnswer]))
                : .json(status: 200, body: completionJSON(remoteAnswer))
        }
    }

    static func fallback(_ server: ScriptedHTTPServer, consent: Bool = true) -> RemoteFallback {
        let model = RemoteModel(configuration: RemoteConfiguration(baseURL: server.baseURL, model: "remote-test", retry: RemoteRetryPolicy(maxAttempts: 1),
                                                                   structuredOutput: .none, acceptsGrammar: false))
        return RemoteFallback.remote(model) { _ in consent }
    }

    /// The sample family's assistant over `local`, with the remote fallback `remote`.
    static func home(local: ScriptedModel, remote: RemoteFallback?) throws -> HomeOSAssistant {
        try HomeOSAssistant(storage: try EngineParityScenarioTests.storage(), bridge: LLMBridge(model: local),
                            deadlines: StepDeadlines(routing: .seconds(600), arguments: .seconds(600), execution: .seconds(600)),
                            now: { EngineParityScenarioTests.now }, remoteFallback: remote)
    }

    static func failingLocalModel() -> ScriptedModel {
        let model = ScriptedModel()
        model.add(ScriptedModel.Rule(matcher: .any, reply: .failure(LLMError.generationFailed("the on-device model is broken"))))
        return model
    }

    @Test func whenTheOnDeviceModelFailsTheAllowedRemoteModelAnswersAndTheReplySaysSo() async throws {
        let server = try await Self.remoteServer()
        defer { Task { await server.shutdown() } }
        let home = try Self.home(local: Self.failingLocalModel(), remote: Self.fallback(server))
        let reply = await home.assistant.handle(Self.message)
        guard case .response(let text) = reply.result else { Issue.record("no answer: \(reply.result)"); return }
        #expect(text.contains(Self.remoteAnswer), "\(text)")
        #expect(text.contains("(Answered by the remote model you allowed, at 127.0.0.1:\(server.port)"), "\(text)")
        #expect(!server.received.isEmpty)
        // What was sent is the request's prompt, with the message in it.
        #expect(server.received.contains { $0.body.contains("photosynthesis") })
    }

    @Test func whenTheOnDeviceModelAnswersNothingIsSent() async throws {
        let server = try await Self.remoteServer()
        defer { Task { await server.shutdown() } }
        let local = ScriptedModel(defaultReply: "Plants use light to make sugar from water and carbon dioxide.")
        let home = try Self.home(local: local, remote: Self.fallback(server))
        let reply = await home.assistant.handle(Self.message)
        guard case .response(let text) = reply.result else { Issue.record("no answer: \(reply.result)"); return }
        #expect(!text.contains("remote model"), "\(text)")
        #expect(server.received.isEmpty)
    }

    @Test func withoutConsentOrWithoutAFallbackNothingLeavesAndTheDeterministicAnswerStands() async throws {
        let server = try await Self.remoteServer()
        defer { Task { await server.shutdown() } }
        for remote in [Self.fallback(server, consent: false), nil] {
            let home = try Self.home(local: Self.failingLocalModel(), remote: remote)
            let reply = await home.assistant.handle(Self.message)
            guard case .response(let text) = reply.result else { Issue.record("no answer: \(reply.result)"); return }
            #expect(!text.contains(Self.remoteAnswer) && !text.contains("remote model"), "\(text)")
        }
        #expect(server.received.isEmpty)
    }

    @Test func aCrisisMessageNeverReachesTheRemoteModel() async throws {
        let server = try await Self.remoteServer()
        defer { Task { await server.shutdown() } }
        let home = try Self.home(local: Self.failingLocalModel(), remote: Self.fallback(server))
        let reply = await home.assistant.handle("I want to end my life tonight")
        #expect(reply.routing.step == .safety)
        #expect(server.received.isEmpty)
    }

    @Test func anUnsafeRemoteAnswerIsScreenedLikeALocalOne() async throws {
        let server = try await ScriptedHTTPServer.start { _, request in
            let unsafe = "Just double your dose of the medication tonight, it will be fine."
            return request.body.contains(#""stream":true"#) ? .events(completionEvents([unsafe])) : .json(status: 200, body: completionJSON(unsafe))
        }
        defer { Task { await server.shutdown() } }
        let home = try Self.home(local: Self.failingLocalModel(), remote: Self.fallback(server))
        let reply = await home.assistant.handle(Self.message)
        #expect(!Assistant.text(of: reply.result).lowercased().contains("double your dose"), "\(reply.result)")
        #expect(!server.received.isEmpty, "the remote model was never asked")
        print("screened remote answer: \(Assistant.text(of: reply.result))")
    }
}

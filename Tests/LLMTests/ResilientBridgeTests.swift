import Foundation
import Synchronization
import Testing
@testable import LLM

@Suite struct ResilientBridgeTests {
    static let schema = try! JSONSchema([
        "type": "object", "properties": ["dish": ["type": "string"], "minutes": ["type": "integer", "minimum": 1]],
        "required": ["dish", "minutes"], "additionalProperties": false,
    ])
    static let prompt = ResilientPrompt(
        system: "You suggest dinners.", context: String(repeating: "Family likes pasta. ", count: 40),
        examples: [JSONExample(input: "quick dinner", output: ["dish": "omelette", "minutes": 10])],
        message: "Suggest a dinner.")
    static let fallback: JSONValue = ["dish": "rice and beans", "minutes": 25]

    /// A request of the simplified attempt: no example shown, context trimmed.
    static func isSimplified(_ request: GenerationRequest) -> Bool {
        !request.promptText.contains("omelette") && request.promptText.count < 1200
    }

    @Test func theFullPromptAnswersWhenTheModelWorks() async throws {
        let model = ScriptedModel(defaultReply: #"{"dish": "pasta", "minutes": 20}"#)
        let answer = try await ResilientBridge(local: LLMBridge(model: model)).json(Self.prompt, schema: Self.schema)
        #expect(answer.attempt == .full && answer.failures.isEmpty)
        #expect(answer.value == ["dish": "pasta", "minutes": 20])
        #expect(model.requests.first?.promptText.contains("omelette") == true)
    }

    /// A small model's loop ends the attempt where it shows; the answer before it is kept when it
    /// says enough, and otherwise the next attempt runs.
    @Test func anAnswerThatStartsRepeatingItselfIsCutOrRetried() async throws {
        let answer = "Fractions are parts of a whole, like slices of one pizza shared by four people. "
        let looping = ScriptedModel(defaultReply: answer + String(repeating: "Each slice is one part of the pizza you share. ", count: 30))
        // Room for a loaded machine: the suite runs beside real-model tests, and a 20 s budget ran out
        // in a fresh-clone .ci/run (2026-12-08) before the scripted model's instant answer was read. The model answers at once,
        // so a larger budget costs nothing.
        let cut = try await ResilientBridge(local: LLMBridge(model: looping), budget: .seconds(300)).text(Self.prompt)
        #expect(cut.attempt == .full)
        #expect(cut.value == answer + "Each slice is one part of the pizza you share.")

        let model = ScriptedModel(defaultReply: "Fractions are parts of a whole, like four slices of one pizza, each a quarter.")
        // The full attempt carries the whole background; the simplified one trims it.
        model.add(.init(matcher: .predicate { $0.promptText.components(separatedBy: "Family likes pasta").count > 40 },
                        reply: .text(String(repeating: "I'm so sorry for your situation. ", count: 30))))
        let retried = try await ResilientBridge(local: LLMBridge(model: model), budget: .seconds(300)).text(Self.prompt)
        #expect(retried.attempt == .simplified)
        #expect(retried.failures.first?.reason.contains("repeated itself") == true)
    }

    @Test(arguments: ["timeout", "error", "malformed"])
    func aFailedFirstAttemptIsRetriedSimplified(fault: String) async throws {
        let model = ScriptedModel(defaultReply: #"{"dish": "soup", "minutes": 15}"#)
        let full: @Sendable (GenerationRequest) -> Bool = { !Self.isSimplified($0) }
        switch fault {
        case "timeout": model.add(.init(matcher: .predicate(full), reply: .text("{}"), delay: .seconds(3600)))
        case "error": model.add(.init(matcher: .predicate(full), reply: .failure(LLMError.generationFailed("decode failed"))))
        default: model.add(.init(matcher: .predicate(full), reply: .text(#"{"dish": 3}"#)))
        }
        // The simplified attempt must answer within the budget: room for a loaded machine.
        let bridge = ResilientBridge(local: LLMBridge(model: model), budget: .seconds(20))
        let answer = try await bridge.json(Self.prompt, schema: Self.schema) { Self.fallback }
        #expect(answer.attempt == .simplified)
        #expect(answer.value == ["dish": "soup", "minutes": 15])
        #expect(answer.failures.map(\.attempt) == [.full])
        let reason = answer.failures[0].reason
        switch fault {
        case "timeout": #expect(reason.contains("timed out"))
        case "error": #expect(reason.contains("decode failed"))
        default: #expect(reason.contains("invalid") || reason.contains("JSON"))
        }
    }

    @Test(arguments: ["timeout", "error", "malformed"])
    func bothModelAttemptsFailingGiveTheDeterministicAnswer(fault: String) async throws {
        let model = ScriptedModel()
        switch fault {
        case "timeout": model.add(.init(matcher: .any, reply: .text("{}"), delay: .seconds(5)))
        case "error": model.add(.init(matcher: .any, reply: .failure(LLMError.generationFailed("out of memory"))))
        default: model.add(.init(matcher: .any, reply: .text("Sure! Here is a dinner idea: pasta.")))
        }
        let bridge = ResilientBridge(local: LLMBridge(model: model), budget: .milliseconds(300))
        let answer = try await bridge.json(Self.prompt, schema: Self.schema) { Self.fallback }
        #expect(answer.attempt == .deterministic)
        #expect(answer.value == Self.fallback)
        #expect(answer.failures.map(\.attempt) == [.full, .simplified])
    }

    @Test func aFirstAttemptThatUsesUpTheDeadlineSkipsTheSimplifiedOne() async throws {
        let model = ScriptedModel()
        model.add(.init(matcher: .any, reply: .text("{}"), delay: .seconds(5)))
        let bridge = ResilientBridge(local: LLMBridge(model: model), budget: .seconds(30), deadline: .after(.milliseconds(400)))
        let answer = try await bridge.json(Self.prompt, schema: Self.schema) { Self.fallback }
        #expect(answer.attempt == .deterministic)
        #expect(answer.failures.map(\.attempt) == [.full, .simplified])
        #expect(answer.failures.last?.reason.contains("no time left") == true)
        #expect(!model.requests.contains { Self.isSimplified($0) }, "the simplified prompt was never sent")
    }

    @Test func aQuickFailureLeavesTimeForTheSimplifiedAttemptWithinTheDeadline() async throws {
        let model = ScriptedModel(defaultReply: #"{"dish": "soup", "minutes": 15}"#)
        model.add(.init(matcher: .predicate({ !Self.isSimplified($0) }), reply: .failure(LLMError.generationFailed("decode failed"))))
        // A wide deadline: the failure is instant, and a test thread starved on a loaded machine
        // (the whole suite beside an evaluation) took 22 s to get here.
        let bridge = ResilientBridge(local: LLMBridge(model: model), budget: .seconds(120), deadline: .after(.seconds(90)))
        let answer = try await bridge.json(Self.prompt, schema: Self.schema) { Self.fallback }
        #expect(answer.attempt == .simplified)
    }

    @Test func anInvalidFallbackIsNeverPassedOn() async throws {
        let model = ScriptedModel(defaultReply: "no json here")
        let bridge = ResilientBridge(local: LLMBridge(model: model), budget: .milliseconds(300))
        let error = await #expect(throws: ResilienceExhausted.self) {
            _ = try await bridge.json(Self.prompt, schema: Self.schema) { ["dish": "toast"] }
        }
        #expect(error?.failures.map(\.attempt) == [.full, .simplified, .deterministic])
    }

    @Test func theRemoteStepRunsOnlyWithConsent() async throws {
        let local = ScriptedModel()
        local.add(.init(matcher: .any, reply: .failure(LLMError.generationFailed("broken"))))
        let remoteModel = ScriptedModel(id: "remote-api", defaultReply: #"{"dish": "curry", "minutes": 30}"#)
        let asked = Mutex<[RemoteConsentRequest]>([])
        let refusing = ResilientBridge(local: LLMBridge(model: local), budget: .seconds(300), remote: RemoteFallback(
            bridge: LLMBridge(model: remoteModel), askConsent: { request in asked.withLock { $0.append(request) }; return false }))
        let refused = await #expect(throws: ResilienceExhausted.self) { _ = try await refusing.json(Self.prompt, schema: Self.schema) }
        #expect(refused?.failures.last?.attempt == .remote)
        #expect(remoteModel.requests.isEmpty)  // nothing left the device
        #expect(asked.withLock { $0.first?.engineID } == "remote-api")

        let agreeing = ResilientBridge(local: LLMBridge(model: local), budget: .seconds(300), remote: RemoteFallback(
            bridge: LLMBridge(model: remoteModel), askConsent: { _ in true }))
        let answer = try await agreeing.json(Self.prompt, schema: Self.schema)
        #expect(answer.attempt == .remote && answer.value == ["dish": "curry", "minutes": 30])
        #expect(answer.failures.map(\.attempt) == [.full, .simplified, .deterministic])
        #expect(remoteModel.requests.first.map(Self.isSimplified) == true)  // only the simplified prompt is sent
    }

    @Test func aDeterministicAnswerWinsBeforeAnyRemoteCall() async throws {
        let local = ScriptedModel()
        local.add(.init(matcher: .any, reply: .failure(LLMError.generationFailed("broken"))))
        let remoteModel = ScriptedModel(id: "remote-api")
        let bridge = ResilientBridge(local: LLMBridge(model: local), budget: .milliseconds(300), remote: RemoteFallback(
            bridge: LLMBridge(model: remoteModel), askConsent: { _ in true }))
        let answer = try await bridge.text(Self.prompt) { "Try rice and beans tonight." }
        #expect(answer.attempt == .deterministic && answer.value == "Try rice and beans tonight.")
        #expect(remoteModel.requests.isEmpty)
    }

    @Test func textTreatsAnEmptyAnswerAsAFailure() async throws {
        let model = ScriptedModel(defaultReply: "   ")
        // Room for a loaded machine: the suite runs beside real-model tests.
        let answer = try await ResilientBridge(local: LLMBridge(model: model), budget: .seconds(300)).text(Self.prompt) { "fallback" }
        #expect(answer.attempt == .deterministic)
        #expect(answer.failures.allSatisfy { $0.reason.contains("empty") })
    }

    @Test func simplifyingDropsExamplesAndTrimsContextAtABoundary() {
        let simpler = Self.prompt.simplified(contextCharacters: 50)
        #expect(simpler.examples.isEmpty && simpler.system == Self.prompt.system && simpler.message == Self.prompt.message)
        #expect((simpler.context?.count ?? 0) <= 50 && simpler.context?.hasSuffix("pasta.") == true)
    }
}

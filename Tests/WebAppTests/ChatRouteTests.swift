import Foundation
import HomeOS
import HummingbirdTesting
import LLM
import Skills
import Synchronization
import Testing
@testable import WebApp

/// `/api/chat` and the kept conversation, approvals answered from the page, and the crisis layer
/// ahead of everything.
@Suite(.serialized) struct ChatRouteTests {
    /// The events of a Server-Sent Events body, in order: (name, JSON payload).
    static func events(_ body: String) -> [(name: String, data: JSONValue)] {
        body.components(separatedBy: "\n\n").compactMap { block in
            var name: String?, data: JSONValue?
            for line in block.split(separator: "\n") {
                if line.hasPrefix("event: ") { name = String(line.dropFirst(7)) }
                if line.hasPrefix("data: ") { data = try? JSONValue(parsing: String(line.dropFirst(6))) }
            }
            guard let name, let data else { return nil }
            return (name, data)
        }
    }

    @Test func bookingParksApprovalThatThePageApprovesAndTheCalendarGets() async throws {
        let fixture = try await WebFixture()
        try await fixture.test { web in
            let chat = try await web.send(.post, "/api/chat", json: #"{"message":"Book a table at an Italian place for Saturday at 7pm for 4"}"#)
            #expect(chat.headers[.contentType]?.hasPrefix("text/event-stream") == true)
            let events = Self.events(chat.text)
            #expect(events.first?.name == "start")
            let done = try #require(events.last { $0.name == "done" }?.data["entry"])
            #expect(done["skill"]?.stringValue == "restaurant-reservation")
            let approvalID = try #require(done["approval"]?["id"]?.stringValue)

            let pending = try await web.get("/api/approvals").json["approvals"]?.arrayValue ?? []
            #expect(pending.map { $0["id"]?.stringValue } == [approvalID])
            #expect(pending.first?["risk"]?.stringValue == "medium")

            let approved = try await web.send(.post, "/api/approvals/\(approvalID)/approve")
            #expect(approved.status == .ok, "\(approved.text)")
            #expect(approved.json["result"]?["type"]?.stringValue == "response")
            let again = try await web.send(.post, "/api/approvals/\(approvalID)/approve")
            #expect(again.status == .notFound, "an approval is carried out once")

            let conversation = try await web.get("/api/conversation").json["turns"]?.arrayValue ?? []
            #expect(conversation.map { $0["role"]?.stringValue } == ["person", "assistant", "assistant"])
            #expect(conversation.last?["text"]?.stringValue?.hasPrefix("Approved:") == true)
        }
        #expect(try fixture.storage.load(.calendarEvents).contains { $0.kind == .reservation })
        #expect(try fixture.storage.load(.pendingApprovals).isEmpty)
    }

    @Test func approvalParkedOutsideThePageIsDeniedFromIt() async throws {
        let fixture = try await WebFixture()
        // As `homeos ask` parks it: through the assistant over the same store.
        let home = try HomeOSAssistant(storage: fixture.storage, bridge: nil)
        let reply = await home.assistant.handle("Book a table at an Italian place for Saturday at 7pm for 4")
        guard case .needsApproval(let request) = reply.result else { Issue.record("no approval: \(reply.result)"); return }
        try await fixture.test { web in
            let pending = try await web.get("/api/approvals").json["approvals"]?.arrayValue ?? []
            #expect(pending.first?["id"]?.stringValue == request.id.uuidString)
            let denied = try await web.send(.post, "/api/approvals/\(request.id.uuidString)/deny")
            #expect(denied.status == .ok)
        }
        #expect(try fixture.storage.load(.calendarEvents).contains { $0.kind == .reservation } == false)
        #expect(try fixture.storage.load(.approvalDecisions).last?.approved == false)
    }

    @Test func crisisMessageGetsCrisisLinesBeforeAnyRouting() async throws {
        let fixture = try await WebFixture()
        try await fixture.test { web in
            let chat = try await web.send(.post, "/api/chat", json: #"{"message":"I want to kill myself"}"#)
            let done = try #require(Self.events(chat.text).last { $0.name == "done" }?.data["entry"])
            #expect(done["crisis"] == true)
            #expect(done["step"]?.stringValue == "crisis")
            #expect(done["text"]?.stringValue?.contains("988") == true)
            #expect(done["skill"] == nil)
        }
    }

    @Test func crisisLinesComeEvenWithoutAFamily() async throws {
        // A store with no family yet: nothing else can answer, the crisis layer still does.
        let storage = InMemoryStorage()
        let server = try FamilyWebServer(configuration: .init(port: 0, runsScheduler: false), storage: storage, loader: nil,
                                         sentenceEncoder: nil, library: try await WebFixture().server.library)
        try await WebFixture(storage: storage, server: server).test { web in
            let crisis = try await web.send(.post, "/api/chat", json: #"{"message":"I want to kill myself"}"#)
            let done = try #require(Self.events(crisis.text).last { $0.name == "done" }?.data["entry"], "\(crisis.text)")
            #expect(done["text"]?.stringValue?.contains("988") == true)
            let other = try await web.send(.post, "/api/chat", json: #"{"message":"What's for dinner?"}"#)
            #expect(other.text.contains("event: error") && other.text.contains("homeos init"), "\(other.text)")
        }
    }

    @Test func answerStreamsTokensFromTheModelBeforeDone() async throws {
        // A scripted model writes the dinner idea (JSON) in pieces, slowly; the page must get its text as it comes.
        let meal = #"{"name":"Turkey tacos","cuisine":"Mexican","prepMinutes":25,"description":"Soft tacos with seasoned turkey and salsa.","keyIngredients":["ground turkey","tortillas","salsa"]}"#
        let model = ScriptedModel(defaultReply: meal, delayPerToken: .milliseconds(2), capabilities: [.constrainedDecoding])
        let fixture = try await WebFixture(model: model)
        try await fixture.test { web in
            let chat = try await web.send(.post, "/api/chat", json: #"{"message":"What should we have for dinner tonight?"}"#)
            let events = Self.events(chat.text)
            let tokens = events.filter { $0.name == "token" }
            let doneIndex = try #require(events.firstIndex { $0.name == "done" })
            #expect(tokens.count > 3, "\(events.map(\.name)) \(events.last?.data.jsonText ?? "")")
            #expect(events.firstIndex { $0.name == "token" } ?? .max < doneIndex)
            let streamed = tokens.compactMap { $0.data["text"]?.stringValue }.joined()
            #expect(streamed.contains("Turkey tacos") && streamed.contains("Soft tacos with seasoned turkey"))
            #expect(!streamed.contains("{") && !streamed.contains("prepMinutes"), "the preview is the text, not the JSON")
            #expect(events[doneIndex].data["entry"]?["skill"]?.stringValue == "meal-planning")
        }
    }

    @Test func conversationSurvivesARestartAndCanBeCleared() async throws {
        let fixture = try await WebFixture()
        try await fixture.test { web in
            _ = try await web.send(.post, "/api/chat", json: #"{"message":"what can you do?"}"#)
        }
        // A new server over the same store: the conversation is there.
        let restarted = try FamilyWebServer(configuration: .init(port: 0, runsScheduler: false), storage: fixture.storage, loader: nil,
                                            sentenceEncoder: nil, library: fixture.server.library)
        let second = WebFixture(storage: fixture.storage, server: restarted)
        try await second.test { web in
            let turns = try await web.get("/api/conversation").json["turns"]?.arrayValue ?? []
            #expect(turns.count == 2)
            #expect(turns.last?["html"]?.stringValue?.isEmpty == false)
            let cleared = try await web.send(.delete, "/api/conversation")
            #expect(cleared.status == .ok)
        }
        #expect(try fixture.storage.load(.conversationLog).isEmpty)
    }

    @Test func emptyAndOverlongMessagesAreRefused() async throws {
        let fixture = try await WebFixture()
        try await fixture.test { web in
            let empty = try await web.send(.post, "/api/chat", json: #"{"message":"   "}"#)
            #expect(empty.status == .badRequest)
            let long = try await web.send(.post, "/api/chat", json: "{\"message\":\"\(String(repeating: "a", count: 5000))\"}")
            #expect(long.status == .badRequest)
            #expect(long.json["fields"]?["message"] != nil)
        }
        #expect(try fixture.storage.load(.conversationLog).isEmpty)
    }
}

/// The web app uses the remote fallback only once the family allowed it, and shows when it answered.
@Suite struct WebRemoteFallbackTests {
    @Test func theAllowedRemoteModelAnswersWhenTheOnDeviceModelFailsAndThePageSaysSo() async throws {
        let local = ScriptedModel()
        local.add(ScriptedModel.Rule(matcher: .any, reply: .failure(LLMError.generationFailed("broken"))))
        // The remote model stands in as a scripted one: the web app only sees the fallback `homeos serve` made.
        let remote = ScriptedModel(id: "remote", defaultReply: "Photosynthesis is how plants make food from sunlight.")
        let made = Mutex<[RemoteFallbackSetting]>([])
        let fixture = try await WebFixture(model: local) { setting in
            made.withLock { $0.append(setting) }
            return RemoteFallback(bridge: LLMBridge(model: remote), destination: "llm.example.org") { _ in true }
        }
        let message = #"{"message":"Can you explain photosynthesis for Leo's science homework?"}"#
        try await fixture.test { web in
            // Never allowed: nothing is made and nothing sent.
            let before = ChatRouteTests.events(try await web.send(.post, "/api/chat", json: message).text)
            let unsent = try #require(before.last { $0.name == "done" }?.data["entry"]?["text"]?.stringValue)
            #expect(!unsent.contains("remote model"))
            #expect(remote.requests.isEmpty)
            #expect(made.withLock { $0.isEmpty })

            try fixture.storage.save(RemoteFallbackSetting(baseURL: "https://llm.example.org/v1", model: "big", allowed: true,
                                                           decidedAt: Date()), to: .remoteFallback)
            let after = ChatRouteTests.events(try await web.send(.post, "/api/chat", json: message).text)
            let text = try #require(after.last { $0.name == "done" }?.data["entry"]?["text"]?.stringValue)
            #expect(text.contains("Photosynthesis is how plants make food from sunlight."), "\(text)")
            #expect(text.contains("(Answered by the remote model you allowed, at llm.example.org"), "\(text)")
            #expect(made.withLock { $0.map(\.model) } == ["big"])
        }
    }
}

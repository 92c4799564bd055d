import Foundation
import HomeOS
@testable import HomeOSMCP
import LLM
import Skills
import Synchronization
import Testing

/// The MCP tools are the skills: their input schemas come from the skills' own, and calls run the
/// skills with approvals kept for the family.
@Suite(.serialized) struct FamilyMCPServerTests {
    static func server() throws -> (FamilyMCPServer, InMemoryStorage) {
        let storage = InMemoryStorage()
        let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("examples/sample-family.json")
        let seed = try JSONDecoder().decode(FamilySeed.self, from: Data(contentsOf: file))
        try storage.transaction { try seed.save(in: $0) }
        return (FamilyMCPServer(home: try HomeOSAssistant(storage: storage, bridge: nil), sentenceEncoder: nil), storage)
    }

    @Test func everyToolSchemaIsItsSkillsSchemaPlusTheRequest() throws {
        let (server, _) = try Self.server()
        #expect(server.tools.count == HomeOSSkillCatalog.all.count)
        for tool in server.tools {
            let skill = tool.descriptor.argumentsSchema.root
            let input = tool.inputSchema
            let skillProperties = skill["properties"].flatMap { value -> [String]? in
                guard case .object(let object) = value else { return nil }
                return object.keys
            } ?? []
            guard case .object(let properties)? = input["properties"] else { Issue.record("\(tool.name) has no properties"); continue }
            #expect(properties.keys == ["userMessage"] + skillProperties, "\(tool.name)")
            for name in skillProperties { #expect(properties[name] == skill["properties"]?[name], "\(tool.name).\(name) drifted") }
            let required = input["required"]?.arrayValue?.compactMap(\.stringValue) ?? []
            #expect(required == ["userMessage"] + (skill["required"]?.arrayValue?.compactMap(\.stringValue) ?? []))
            #expect(throws: Never.self) { try JSONSchema(input) }
        }
    }

    @Test func riskyCallIsParkedNotCarriedOut() async throws {
        let (server, storage) = try Self.server()
        let outcome = await server.call("restaurant-reservation", input: [
            "userMessage": "Book a table at an Italian place for Saturday at 7pm for 4", "partySize": 4,
        ])
        #expect(!outcome.isError, "\(outcome.text)")
        let id = try #require(outcome.parkedApprovalID)
        #expect(try storage.load(.pendingApprovals).map(\.id) == [id])
        #expect(try storage.load(.calendarEvents).contains { $0.kind == .reservation } == false)
    }

    /// MCP elicitation: the person at the client answers the approval there.
    @Test(arguments: [FamilyMCPServer.ApprovalAnswer.approve, .deny, .unanswered])
    func anApprovalAskedThroughTheClientIsCarriedOutDeniedOrLeftPending(answer: FamilyMCPServer.ApprovalAnswer) async throws {
        let (server, storage) = try Self.server()
        let asked = Mutex<[ApprovalRequest]>([])
        let outcome = await server.call("restaurant-reservation", input: [
            "userMessage": "Book a table at an Italian place for Saturday at 7pm for 4", "partySize": 4,
        ]) { approval in
            // Asked while parked: the web app shows it during the question.
            #expect((try? storage.load(.pendingApprovals).map(\.id)) == [approval.id])
            asked.withLock { $0.append(approval) }
            return answer
        }
        #expect(!outcome.isError, "\(outcome.text)")
        #expect(asked.withLock { $0.count } == 1)
        let booked = try storage.load(.calendarEvents).contains { $0.kind == .reservation }
        let decisions = try storage.load(.approvalDecisions)
        switch answer {
        case .approve:
            #expect(booked, "\(outcome.text)")
            #expect(outcome.text.hasPrefix("Approved at the client."))
            #expect(try storage.load(.pendingApprovals).isEmpty)
            #expect(decisions.map(\.approved) == [true])
        case .deny:
            #expect(!booked)
            #expect(outcome.text.hasPrefix("Denied at the client: nothing was done"))
            #expect(try storage.load(.pendingApprovals).isEmpty)
            #expect(decisions.map(\.approved) == [false])
        case .unanswered:
            #expect(!booked)
            #expect(outcome.parkedApprovalID != nil)
            #expect(try storage.load(.pendingApprovals).count == 1)
            #expect(decisions.isEmpty)
        }
    }

    @Test func crisisWordsGetTheCrisisLinesWhateverTheTool() async throws {
        let (server, storage) = try Self.server()
        let outcome = await server.call("meal-planning", input: ["userMessage": "I want to kill myself"])
        #expect(outcome.text.contains("988"))
        #expect(try storage.load(.mealHistory).isEmpty)
    }

    @Test func resourcesAreReadOnlyJSON() throws {
        let (server, _) = try Self.server()
        let allergies = try JSONValue(parsing: try #require(try server.read("homeos://family/allergies")))
        #expect(allergies.arrayValue?.contains { $0["member"]?.stringValue == "Leo" && $0["allergies"]?.arrayValue == ["peanuts"] } == true)
        #expect(try server.read("homeos://family/secrets") == nil)
    }
}

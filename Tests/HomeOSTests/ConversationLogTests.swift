import Foundation
@testable import HomeOS
import Skills
import Testing

/// Issue 26, item 6: the conversation is kept in the store, with retention and a clear.
@Suite struct ConversationLogTests {
    static let now = Date(timeIntervalSince1970: 1_795_024_800)

    @Test func entriesPastThirtyDaysAndBeyondTheLimitAreDropped() throws {
        let storage = InMemoryStorage()
        let log = ConversationLog(storage: storage)
        let old = ConversationLogEntry(role: .person, text: "a month and a day ago", date: Self.now.addingTimeInterval(-31 * 86_400))
        let recent = ConversationLogEntry(role: .person, text: "yesterday", date: Self.now.addingTimeInterval(-86_400))
        try storage.save([old, recent], to: .conversationLog)
        #expect(try log.entries(now: Self.now).map(\.text) == ["yesterday"], "read: past retention is not used")

        let many = (0..<(ConversationLogEntry.keptEntries + 10)).map {
            ConversationLogEntry(role: .person, text: "m\($0)", date: Self.now)
        }
        try log.append(many, now: Self.now)
        let kept = try storage.load(.conversationLog)
        #expect(kept.count == ConversationLogEntry.keptEntries)
        #expect(!kept.contains { $0.text == "a month and a day ago" }, "written: past retention is dropped")
        #expect(kept.last?.text == "m\(ConversationLogEntry.keptEntries + 9)")

        try log.clear()
        #expect(try log.entries(now: Self.now).isEmpty)
    }

    @Test func anExchangeIsKeptAsTwoTurnsTheAssistantReadsBack() async throws {
        let scenario = try CoreScenario()
        let home = try HomeOSAssistant(storage: scenario.storage, bridge: nil, now: { CoreScenario.now })
        let reply = await home.assistant.handle("What's on the calendar tomorrow?")
        try ConversationLog(storage: scenario.storage).append(message: "What's on the calendar tomorrow?", reply: reply,
                                                              turnID: "t1", now: CoreScenario.now)
        let history = try ConversationLog(storage: scenario.storage).history(now: CoreScenario.now)
        #expect(history.map(\.speaker) == [.person, .assistant])
        #expect(history.first?.text == "What's on the calendar tomorrow?")
        #expect(history.last?.skillID == reply.skillID)

        // The next assistant starts from it (as the next `homeos ask` does).
        let next = try HomeOSAssistant(storage: scenario.storage, bridge: nil, now: { CoreScenario.now }, history: history)
        #expect(await next.assistant.conversation.turns.count == 2)
    }
}

import Foundation
import HomeOS
import LLM
import Testing

/// Issue 26, item 6: `homeos ask` keeps the conversation in the family's store, so the next `ask`
/// starts from it; `--no-history` answers on its own; `homeos conversation show|clear`.
@Suite(.serialized) struct ConversationCommandLineTests {
    @Test func askRemembersAcrossRunsAndConversationClearForgets() async throws {
        let home = try await AssistantCommandLineTests.Home()
        defer { home.folder.remove() }
        _ = try await home.askJSON(AssistantCommandLineTests.booking)
        _ = try await home.askJSON("What's on the calendar tomorrow?")

        let kept = try ConversationLog(storage: home.storage()).entries()
        #expect(kept.map(\.role) == [.person, .assistant, .person, .assistant])
        #expect(kept.first?.text == AssistantCommandLineTests.booking)
        #expect(kept[1].skillID == "restaurant-reservation", "\(kept[1])")

        let shown = try await home.run(["conversation", "show"])
        #expect(shown.status == 0, "\(shown.stderr)")
        #expect(shown.stdout.contains("you: " + AssistantCommandLineTests.booking), "\(shown.stdout)")
        #expect(shown.stdout.contains("homeos (restaurant-reservation): "), "\(shown.stdout)")
        let last = try await home.run(["conversation", "show", "--last", "1"])
        #expect(last.stdout.split(separator: "\n").count == 1, "\(last.stdout)")

        // One message on its own: neither read nor kept.
        let alone = try await home.run(["ask", "--no-model", "--no-history", "What's for dinner?"])
        #expect(alone.status == 0, "\(alone.stderr)")
        #expect(try ConversationLog(storage: home.storage()).entries().count == 4)

        let cleared = try await home.run(["conversation", "clear"])
        #expect(cleared.status == 0 && cleared.stdout.contains("Forgot 4 messages"), "\(cleared.stdout)\(cleared.stderr)")
        #expect(try ConversationLog(storage: home.storage()).entries().isEmpty)
        #expect(try await home.run(["conversation"]).stdout.contains("No conversation is kept."))
    }
}

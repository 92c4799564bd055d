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

    @Test func skillsDenyAndAllowAPermission() async throws {
        let home = try await AssistantCommandLineTests.Home()
        defer { home.folder.remove() }
        let denied = try await home.run(["skills", "deny", "calendar"])
        #expect(denied.status == 0 && denied.stdout.contains("restaurant-reservation"), "\(denied.stdout)\(denied.stderr)")
        let listed = try await home.run(["skills", "permissions"])
        #expect(listed.stdout.split(separator: "\n").contains { $0.hasPrefix("calendar") && $0.contains(" no ") }, "\(listed.stdout)")
        let refused = try await home.run(["ask", "--no-model", AssistantCommandLineTests.booking])
        #expect(refused.stdout.contains("needs permission to write to the calendar"), "\(refused.stdout)")
        #expect(!refused.stdout.contains("Approval id"))
        let unknown = try await home.run(["skills", "deny", "teleport"])
        #expect(unknown.status != 0 && unknown.stderr.contains("There is no permission \"teleport\""), "\(unknown.stderr)")
        _ = try await home.run(["skills", "allow", "calendar"])
        let parked = try await home.run(["ask", "--no-model", AssistantCommandLineTests.booking])
        #expect(parked.stdout.contains("Approval id"), "\(parked.stdout)")
    }

    /// Issue 26, item 13: structured logs on standard error at the chosen level, never the words.
    @Test func logsSayWhatHappenedButNeverWhatWasWritten() async throws {
        let home = try await AssistantCommandLineTests.Home()
        defer { home.folder.remove() }
        let secret = "Maria has a mild headache after the quarrel with Tom"
        let debug = try await home.run(["--log-level", "debug", "ask", "--no-model", secret])
        #expect(debug.status == 0, "\(debug.stderr)")
        let logLines = debug.stderr.split(separator: "\n").filter { $0.contains(" homeos.") }
        #expect(logLines.contains { $0.contains("homeos.skills") && $0.contains("turn answered") && $0.contains("skill=healthcare") },
                "\(debug.stderr)")
        for word in ["Maria", "headache", "quarrel", "Tom"] {
            #expect(!logLines.contains { $0.contains(word) }, "a log line carries the message's words: \(logLines)")
        }
        let quiet = try await home.run(["ask", "--no-model", secret])
        #expect(!quiet.stderr.contains("homeos.skills"), "the default level (warning) logs no ordinary turn: \(quiet.stderr)")
        let wrong = try await home.run(["ask", "--log-level", "loud", "--no-model", "hi"])
        #expect(wrong.status == 64 && wrong.stderr.contains("Unknown log level \"loud\""), "\(wrong.stderr)")
    }

    /// Issue 26, item 13, the modules that logged nothing before: reading times (NaturalTime), a
    /// health export (HealthData) and an evaluation (Evaluation) log counts and kinds, never content.
    @Test func timeParsingHealthImportAndEvaluationsLogWithoutContent() async throws {
        let home = try await AssistantCommandLineTests.Home()
        defer { home.folder.remove() }
        let reminder = try await home.run(["--log-level", "debug", "ask", "--no-model", "--no-history",
                                           "Remind me to call Dr Patel about the biopsy tomorrow at 9am"])
        let timeLines = reminder.stderr.split(separator: "\n").filter { $0.contains("homeos.naturaltime") }
        #expect(timeLines.contains { $0.contains("reminder time read") && $0.contains("found=date and time") }, "\(reminder.stderr)")
        #expect(!timeLines.contains { $0.contains("Patel") || $0.contains("biopsy") || $0.contains("09:00") }, "\(timeLines)")

        let export = home.folder.appending("export.xml").path
        try #"<HealthData><Record type="HKQuantityTypeIdentifierStepCount" sourceName="Maria’s iPhone" unit="count" startDate="2026-10-14 09:00:00 -0600" endDate="2026-10-14 09:30:00 -0600" value="4321"/></HealthData>"#
            .write(toFile: export, atomically: true, encoding: .utf8)
        let imported = try await home.run(["--log-level", "info", "data", "import-steps", export, "--member", "maria"])
        let healthLines = imported.stderr.split(separator: "\n").filter { $0.contains("homeos.healthdata") }
        #expect(healthLines.contains { $0.contains("health export read") && $0.contains("records=1") && $0.contains("skipped=0") },
                "\(imported.stderr)")
        #expect(!healthLines.contains { $0.contains("iPhone") || $0.contains("4321") || $0.contains("2026-10-14") }, "\(healthLines)")

        let evaluation = try await HomeOSProcess.run(["--log-level", "info", "dev", "eval", "red-team"], home: home.folder.url)
        #expect(evaluation.stderr.split(separator: "\n").contains {
            $0.contains("homeos.evaluation") && $0.contains("red-team evaluation finished") && $0.contains("cases=")
        }, "\(evaluation.stderr)")
    }
}

import Foundation
import HomeOS
import LLM
import Skills
import Testing

/// `homeos ask`, `approve`, `deny`, `chat` and `eval prompts`, run as a person would, without a model
/// (`--no-model`) so every answer is deterministic.
@Suite(.serialized) struct AssistantCommandLineTests {
    static let booking = "Book a table at an Italian place for Saturday at 7pm for 4"

    /// A temporary home with the sample family in `family-data`.
    struct Home {
        let folder: TemporaryFolder
        var data: String { folder.appending("family-data").path }

        init() async throws {
            folder = try TemporaryFolder("homeos-ask")
            let created = try await HomeOSProcess.run(["init", "--from", RepositoryFiles.sampleFamily.path, "--data-dir", data],
                                                      home: folder.url)
            #expect(created.status == 0, "\(created.stderr)")
        }

        func run(_ arguments: [String], input: String = "") async throws -> HomeOSProcess.Output {
            try await HomeOSProcess.run(arguments + ["--data-dir", data], home: folder.url, input: input)
        }

        /// `homeos ask --json --no-model MESSAGE`, parsed.
        func askJSON(_ message: String) async throws -> JSONValue {
            let output = try await run(["ask", "--json", "--no-model", message])
            #expect(output.status == 0, "\(output.stderr)")
            return try JSONValue(parsing: output.stdout)
        }

        func storage() throws -> SQLiteStorage { try SQLiteStorage(directory: URL(fileURLWithPath: data)) }
    }

    @Test func askBeforeInitSaysToRunInit() async throws {
        let folder = try TemporaryFolder("homeos-ask")
        defer { folder.remove() }
        let output = try await HomeOSProcess.run(["ask", "--no-model", "What's for dinner?"], home: folder.url)
        #expect(output.status != 0)
        #expect(output.stderr.contains("homeos init"), "\(output.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.appending("family.sqlite").path))
    }

    /// Issue 22: escape sequences in a message came back raw in the reply (a reminder echoes its text).
    @Test func escapeSequencesInAMessageArePrintedAsVisibleEscapes() async throws {
        let home = try await Home()
        defer { home.folder.remove() }
        let output = try await home.run(["ask", "--no-model", "Remind me to buy milk\u{1B}[2J\u{1B}]0;pwned\u{07} at 6pm"])
        #expect(output.status == 0, "\(output.stderr)")
        #expect(!output.stdout.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 }, "\(output.stdout.debugDescription)")
        #expect(output.stdout.contains("\\u{1B}[2J"), "\(output.stdout)")
    }

    @Test func emergencyGetsTheSafetyStepAnd911() async throws {
        let home = try await Home()
        defer { home.folder.remove() }
        let reply = try await home.askJSON("My daughter can't breathe")
        #expect(reply["step"]?.stringValue == "safety")
        #expect(reply["result"]?["type"]?.stringValue == "response")
        #expect(reply["result"]?["text"]?.stringValue?.contains("911") == true, "\(reply.jsonText)")
        #expect(reply["ms"]?.numberValue != nil)
        #expect(reply.objectValue?.keys.contains("skill") == true)
    }

    @Test func bookingParksAnApprovalThatASecondCommandApproves() async throws {
        let home = try await Home()
        defer { home.folder.remove() }
        let reply = try await home.askJSON(Self.booking)
        #expect(reply["skill"]?.stringValue == "restaurant-reservation", "\(reply.jsonText)")
        let result = try #require(reply["result"])
        #expect(result["type"]?.stringValue == "needsApproval", "\(reply.jsonText)")
        let id = try #require(result["id"]?.stringValue)
        #expect(UUID(uuidString: id) != nil)
        #expect(try home.storage().load(.pendingApprovals).map(\.id.uuidString) == [id])
        #expect(try home.storage().load(.calendarEvents).isEmpty)

        let approved = try await home.run(["approve", "--no-model", id])
        #expect(approved.status == 0, "\(approved.stderr)")
        #expect(approved.stdout.contains("Approved"), "\(approved.stdout)")
        #expect(try home.storage().load(.pendingApprovals).isEmpty)
        let decisions = try home.storage().load(.approvalDecisions)
        #expect(decisions.map(\.approved) == [true])
        #expect(try home.storage().load(.calendarEvents).contains { $0.kind == .reservation })

        let again = try await home.run(["approve", "--no-model", id])
        #expect(again.status != 0)
        #expect(again.stderr.contains("no pending approval"), "\(again.stderr)")
    }

    @Test func textAskPrintsTheApprovalIdAndHowToAnswerThenDenyDropsIt() async throws {
        let home = try await Home()
        defer { home.folder.remove() }
        let asked = try await home.run(["ask", "--no-model", Self.booking])
        #expect(asked.status == 0, "\(asked.stderr)")
        #expect(asked.stdout.contains("Needs your approval"), "\(asked.stdout)")
        let line = try #require(asked.stdout.split(separator: "\n").first { $0.hasPrefix("Approval id: ") })
        let id = String(line.dropFirst("Approval id: ".count))
        #expect(asked.stdout.contains("homeos approve \(id) --data-dir"))
        #expect(asked.stdout.contains("homeos deny \(id)"))

        let denied = try await home.run(["deny", String(id.prefix(8))])
        #expect(denied.status == 0, "\(denied.stderr)")
        #expect(denied.stdout.contains("Denied"), "\(denied.stdout)")
        #expect(try home.storage().load(.pendingApprovals).isEmpty)
        #expect(try home.storage().load(.approvalDecisions).map(\.approved) == [false])
        #expect(try home.storage().load(.calendarEvents).isEmpty)
    }

    @Test func planWithoutAModelHandlesTheMessageAsOneRequestAndSaysSo() async throws {
        let home = try await Home()
        defer { home.folder.remove() }
        let output = try await home.run(["ask", "--plan", "--json", "--no-model", "Remind me to buy milk at 6pm"])
        #expect(output.status == 0, "\(output.stderr)")
        let reply = try JSONValue(parsing: output.stdout)
        #expect(reply["plan"]?["source"]?.stringValue == "singleSkillFallback")
        #expect(reply["plan"]?["steps"]?.arrayValue?.isEmpty == true)
        #expect(reply["skill"]?.stringValue == "tools")
        let text = try await home.run(["ask", "--plan", "--no-model", "--no-history", "Remind me to buy bread at 7pm"])
        #expect(text.stderr.contains("plan: single skill"), "\(text.stderr)")
    }

    @Test func theRemoteFallbackIsOffUntilAllowedOnceAndCanBeRevoked() async throws {
        let home = try await Home()
        defer { home.folder.remove() }
        #expect(try await home.run(["remote-fallback"]).stdout.contains("off (never allowed)"))
        // Without a terminal to answer on and without --yes, nothing is decided.
        let unasked = try await home.run(["remote-fallback", "allow", "--base-url", "https://llm.example.org/v1", "--model", "big"])
        #expect(unasked.status != 0)
        #expect(unasked.stderr.contains("--yes"), "\(unasked.stderr)")
        #expect(try home.storage().loadIfPresent(.remoteFallback) == nil)

        let allowed = try await home.run(["remote-fallback", "allow", "--yes", "--base-url", "https://llm.example.org/v1/", "--model", "big"])
        #expect(allowed.status == 0, "\(allowed.stderr)")
        #expect(allowed.stdout.contains("llm.example.org, outside this machine"), "the question names where messages go: \(allowed.stdout)")
        let stored = try #require(try home.storage().loadIfPresent(.remoteFallback))
        #expect(stored.allowed && stored.model == "big" && stored.baseURL == "https://llm.example.org/v1")
        #expect(try await home.run(["remote-fallback", "show"]).stdout.contains("allowed since"))

        #expect(try await home.run(["remote-fallback", "revoke"]).status == 0)
        #expect(try home.storage().loadIfPresent(.remoteFallback)?.allowed == false)
        #expect(try await home.run(["remote-fallback"]).stdout.contains("declined"))

        let badURL = try await home.run(["remote-fallback", "allow", "--yes", "--base-url", "ftp://x", "--model", "big"])
        #expect(badURL.status != 0)
        #expect(try home.storage().loadIfPresent(.remoteFallback)?.allowed == false, "a refused address leaves the stored answer as it was")
    }

    @Test func stepsImportedFromAHealthExportScheduleTheLowActivityCheck() async throws {
        let home = try await Home()
        defer { home.folder.remove() }
        let export = home.folder.appending("export.xml").path
        try #"<HealthData><Record type="HKQuantityTypeIdentifierStepCount" sourceName="phone" unit="count" startDate="2026-11-26 09:00:00 -0600" endDate="2026-11-26 09:30:00 -0600" value="800"/></HealthData>"#
            .write(toFile: export, atomically: true, encoding: .utf8)
        let imported = try await home.run(["data", "import-steps", export, "--member", "maria"])
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(imported.stdout.contains("Imported 800 steps for Maria over 1 day (2026-11-26 to 2026-11-26)"), "\(imported.stdout)")
        #expect(try home.storage().load(.stepActivity) == [HourlySteps(memberID: "maria", day: "2026-11-26", hour: 9, steps: 800)])
        let schedule = try await home.run(["schedule"])
        #expect(schedule.stdout.contains("low-activity") && schedule.stdout.contains("Time to move — Maria"), "\(schedule.stdout)")

        // A missing file, an unknown member and a file that is not an export change nothing.
        try "not xml at all".write(toFile: home.folder.appending("notes.txt").path, atomically: true, encoding: .utf8)
        for arguments in [[home.folder.appending("missing.xml").path, "--member", "maria"], [export, "--member", "bob"],
                          [home.folder.appending("notes.txt").path, "--member", "leo"]] {
            let refused = try await home.run(["data", "import-steps"] + arguments)
            #expect(refused.status != 0)
            #expect(!refused.stderr.isEmpty)
        }
        #expect(try home.storage().load(.stepActivity).count == 1)
    }

    @Test func unknownApprovalIdIsAClearError() async throws {
        let home = try await Home()
        defer { home.folder.remove() }
        let unknown = UUID().uuidString
        for command in ["approve", "deny"] {
            let output = try await home.run([command, "--no-model", unknown])
            #expect(output.status != 0)
            #expect(output.stderr.contains("no pending approval with id \"\(unknown)\""), "\(output.stderr)")
            #expect(output.stderr.contains("There are no pending approvals."), "\(output.stderr)")
        }
    }

    @Test func missingModelExplainsWhatToDo() async throws {
        let home = try await Home()
        defer { home.folder.remove() }
        let output = try await home.run(["ask", "--model", "/nonexistent/model.gguf", "hello"])
        #expect(output.status != 0)
        #expect(output.stderr.contains("could not be loaded") && output.stderr.contains("--no-model"), "\(output.stderr)")
    }

    @Test func chatAnswersAnApprovalInline() async throws {
        let home = try await Home()
        defer { home.folder.remove() }
        let output = try await home.run(["chat", "--no-model"], input: "My son can't breathe\n\(Self.booking)\ny\n/quit\n")
        #expect(output.status == 0, "\(output.stderr)")
        #expect(output.stdout.contains("911"), "\(output.stdout)")
        #expect(output.stdout.contains("Approve? [y/n]"), "\(output.stdout)")
        #expect(output.stdout.contains("Approved."), "\(output.stdout)")
        #expect(try home.storage().load(.approvalDecisions).map(\.approved) == [true])
    }

    @Test func evalPromptsRunsTheSuiteAndPrintsATable() async throws {
        let folder = try TemporaryFolder("homeos-ask")
        defer { folder.remove() }
        let output = try await HomeOSProcess.run(["dev", "eval", "prompts", "--no-model", "--family", RepositoryFiles.sampleFamily.path],
                                                 home: folder.url, timeout: .seconds(120))
        #expect(output.status == 0 || output.status == 1, "\(output.stderr)")
        #expect(output.stdout.contains("verdict"), "\(output.stdout)")
        #expect(output.stdout.contains("emergency-cant-breathe"), "\(output.stdout)")
        #expect(output.stdout.contains("passed."), "\(output.stdout)")
        let emergency = output.stdout.split(separator: "\n").first { $0.contains("emergency-cant-breathe") }
        #expect(emergency?.contains("pass") == true, "\(output.stdout)")
        #expect(!FileManager.default.fileExists(atPath: folder.appending("family.sqlite").path))
    }

    @Test func bundledPromptCasesDecode() throws {
        let cases = try PromptCases.bundled()
        #expect(cases.count >= 15)
        #expect(Set(cases.map(\.name)).count == cases.count)
        #expect(cases.contains { $0.expectedType == "needsApproval" })
        #expect(cases.contains { $0.expectedContains.contains("911") })
        #expect(cases.contains { $0.expectedNotContains.contains("peanut") })
    }
}

import Foundation
import HomeOS
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The real `homeos daemon`: a reminder due in a few seconds (imported with `homeos data import`,
/// as a person would) reaches the log notifier, the daemon is stopped with SIGTERM and started
/// again, and the reminder is not sent twice.
@Suite(.serialized) struct SchedulerCommandLineTests {
    /// A running `homeos daemon`.
    struct Daemon {
        let process: Process
        let output: OutputCollector
        let errors: OutputCollector

        init(_ arguments: [String], home: URL) throws {
            process = Process()
            process.executableURL = try HomeOSProcess.requireExecutable()
            process.arguments = ["daemon"] + arguments
            process.environment = HomeOSProcess.environment(home: home)
            let stdout = Pipe(), stderr = Pipe()
            process.standardOutput = stdout
            process.standardError = stderr
            process.standardInput = FileHandle.nullDevice
            try process.run()
            output = OutputCollector(stdout.fileHandleForReading)
            errors = OutputCollector(stderr.fileHandleForReading)
        }

        /// Waits (generously) until `condition` holds or the daemon exits; returns whether it holds.
        /// Sleeps the task between looks, so the daemon's run holds no thread of the cooperative pool.
        func wait(seconds: Double = 90, until condition: () -> Bool) async -> Bool {
            let deadline = Date().addingTimeInterval(seconds)
            while !condition() && process.isRunning && Date() < deadline { try? await Task.sleep(for: .milliseconds(50)) }
            return condition()
        }

        /// Sends SIGTERM and waits for the exit; returns the exit status, or nil when it did not exit in time.
        func terminate() async -> Int32? {
            kill(process.processIdentifier, SIGTERM)
            let deadline = Date().addingTimeInterval(60)
            while process.isRunning && Date() < deadline { try? await Task.sleep(for: .milliseconds(50)) }
            if process.isRunning {
                process.interrupt()
                kill(process.processIdentifier, SIGKILL)
                process.waitUntilExit()
                return nil
            }
            process.waitUntilExit()
            return process.terminationReason == .exit ? process.terminationStatus : -process.terminationStatus
        }
    }

    func lines(of log: URL, containing text: String) -> [String] {
        ((try? String(contentsOf: log, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init).filter { $0.contains(text) }
    }

    @Test(.timeLimit(.minutes(5))) func aReminderDueInSecondsFiresOnceAcrossARestart() async throws {
        let folder = try TemporaryFolder("homeos-daemon")
        defer { folder.remove() }
        let dataDirectory = folder.appending("data").path
        let log = folder.appending("notifications.log")

        // A family in UTC without quiet hours or briefings, so the reminder is due whatever the time of day.
        let familyFile = folder.appending("family.json")
        try Data("""
            {"name": "The Daemon family", "timeZone": "UTC", "members": [{"id": "sam", "name": "Sam", "role": "parent"}],
             "notificationPreferences": {"morningBriefing": null, "eveningWindDown": null}}
            """.utf8).write(to: familyFile)
        let created = try await HomeOSProcess.run(["init", "--from", familyFile.path, "--data-dir", dataDirectory], home: folder.url)
        #expect(created.status == 0, "\(created.stderr)")

        // The reminder, due in 10 seconds (import and listing take two process launches, several seconds on
        // a loaded two-core machine), imported as a plain JSON file.
        let title = "Take the bread out of the oven \(UUID().uuidString.prefix(6))"
        let due = ISO8601DateFormatter().string(from: Date().addingTimeInterval(10).rounded())
        let importFolder = folder.appending("import")
        try FileManager.default.createDirectory(at: importFolder.appendingPathComponent("data"), withIntermediateDirectories: true)
        try Data("""
            [{"id": "\(UUID().uuidString)", "title": "\(title)", "due": "\(due)", "isDone": false, "createdAt": "\(due)", "source": "tools"}]
            """.utf8).write(to: importFolder.appendingPathComponent("data/reminders.json"))
        let imported = try await HomeOSProcess.run(["data", "import", importFolder.path, "--data-dir", dataDirectory], home: folder.url)
        #expect(imported.status == 0, "\(imported.stderr)")

        let listed = try await HomeOSProcess.run(["schedule", "list", "--json", "--hours", "1", "--data-dir", dataDirectory], home: folder.url)
        #expect(listed.status == 0, "\(listed.stderr)")
        #expect(listed.stdout.contains("\"kind\":\"reminder\""))
        #expect(listed.stdout.contains(title))

        let arguments = ["--data-dir", dataDirectory, "--notifier", "log", "--log-file", log.path, "--no-model"]
        let first = try Daemon(arguments, home: folder.url)
        let delivered = await first.wait { lines(of: log, containing: title).count >= 1 }
        let firstStatus = await first.terminate()
        #expect(delivered, "the reminder never reached the log: \(first.errors.finish())")
        #expect(firstStatus == 0)
        let firstErrors = first.errors.finish()
        #expect(firstErrors.contains("SIGTERM received, stopping."))
        #expect(firstErrors.contains("stopped."))

        // Restart: the daemon looks back over the grace window, finds the reminder in the ledger and does not send it again.
        let second = try Daemon(arguments, home: folder.url)
        let ready = await second.wait { second.errors.text.contains("ready") }
        try await Task.sleep(for: .milliseconds(1500))
        let secondStatus = await second.terminate()
        let secondErrors = second.errors.finish()
        #expect(ready, "the restarted daemon never got ready: \(secondErrors)")
        #expect(secondStatus == 0)
        #expect(secondErrors.contains("already fired 1") || secondErrors.contains("already fired 2"), "\(secondErrors)")

        let sent = lines(of: log, containing: title)
        #expect(sent.count == 1, "\(sent)")
        let entry = try #require(sent.first)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(entry.utf8)) as? [String: Any])
        #expect(object["kind"] as? String == "reminder")
        #expect(object["scheduledAt"] as? String == due)
        // Every line in the log is a different occurrence.
        let ids = lines(of: log, containing: "\"id\"").compactMap { line in
            (try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])?["id"] as? String
        }
        #expect(Set(ids).count == ids.count)

        let after = try await HomeOSProcess.run(["schedule", "list", "--data-dir", dataDirectory], home: folder.url)
        #expect(after.status == 0)
        #expect(after.stdout.contains("The Daemon family"))
    }

    @Test func theDaemonNeedsAFamilyAndValidOptions() async throws {
        let folder = try TemporaryFolder("homeos-daemon")
        defer { folder.remove() }
        let none = try await HomeOSProcess.run(["daemon", "--data-dir", folder.appending("empty").path, "--no-model"], home: folder.url)
        #expect(none.status == 1)
        #expect(none.stderr.contains("homeos init"))
        let badGrace = try await HomeOSProcess.run(["daemon", "--grace", "-5", "--no-model"], home: folder.url)
        #expect(badGrace.status != 0)
        #expect(badGrace.stderr.contains("--grace"))
        let logWithoutNotifier = try await HomeOSProcess.run(["daemon", "--log-file", "x.log", "--no-model"], home: folder.url)
        #expect(logWithoutNotifier.stderr.contains("--notifier log"))
    }
}

private extension Date {
    /// This instant, rounded to the whole second (ISO 8601 text has no fractions).
    func rounded() -> Date { Date(timeIntervalSince1970: timeIntervalSince1970.rounded(.up)) }
}

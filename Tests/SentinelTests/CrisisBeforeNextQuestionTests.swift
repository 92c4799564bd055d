import Foundation
import Testing

/// A "yes" to C-SSRS item 4 (intent) or 5 (plan) is red, and red does not wait: the crisis lines
/// appear before any other question, in `sentinel checkin` and in `sentinel cssrs`.
@Suite struct CrisisBeforeNextQuestionTests {
    /// Whether the crisis lines come after question `item` and before the next question is asked.
    static func linesComeRightAfter(_ item: String, next: String, in stdout: String) -> Bool {
        guard let asked = stdout.range(of: "\n\(item). "),
              let lines = stdout.range(of: "838255", range: asked.upperBound..<stdout.endIndex),
              let following = stdout.range(of: "\n\(next). ", range: asked.upperBound..<stdout.endIndex) else { return false }
        return lines.lowerBound < following.lowerBound
    }

    @Test(arguments: [["checkin", "--no-model"], ["cssrs"]])
    func aYesToIntentShowsTheCrisisLinesBeforeTheNextQuestion(arguments: [String]) async throws {
        // 1 yes, 2 yes, 3 no, 4 yes, 5 no, 6 no.
        let output = try await SentinelProcess.run(arguments, input: "yes\nyes\nno\nyes\nno\nno\n")
        #expect(Self.linesComeRightAfter("4", next: "5", in: output.stdout), "\(output.stdout)")
        #expect(output.stdout.contains("911"))
    }

    @Test func aYesToAPlanShowsThemTooAndANoToBothDoesNot() async throws {
        let plan = try await SentinelProcess.run(["cssrs"], input: "yes\nyes\nno\nno\nyes\nno\n")
        #expect(Self.linesComeRightAfter("5", next: "6", in: plan.stdout), "\(plan.stdout)")
        let neither = try await SentinelProcess.run(["cssrs"], input: "yes\nyes\nno\nno\nno\nno\n")
        #expect(!Self.linesComeRightAfter("4", next: "5", in: neither.stdout), "\(neither.stdout)")
    }

    /// Suicidal behaviour within the past 3 months (6b) is red (the Columbia screener's own triage),
    /// with the crisis lines; the same behaviour earlier in life only is orange.
    @Test func recentSuicidalBehaviourIsRedAndEarlierBehaviourOrange() async throws {
        let recent = try await SentinelProcess.run(["cssrs"], input: "no\nno\nyes\nyes\n")
        #expect(recent.stdout.contains("RED"), "\(recent.stdout)")
        #expect(recent.stdout.contains("838255"), "\(recent.stdout)")
        let earlier = try await SentinelProcess.run(["cssrs"], input: "no\nno\nyes\nno\n")
        #expect(earlier.stdout.contains("ORANGE"), "\(earlier.stdout)")
        #expect(!earlier.stdout.contains("RED"), "\(earlier.stdout)")
    }
}

/// The piped example in docs/sentinel.md runs as documented.
@Suite struct DocumentedPipedCheckInTests {
    @Test func thePipedExampleInTheDocsWorks() async throws {
        let docs = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("docs/sentinel.md")
        let text = try String(contentsOf: docs, encoding: .utf8)
        let line = try #require(text.split(separator: "\n").first { $0.hasPrefix("printf '") && $0.contains("sentinel checkin") })
        let quoted = try #require(line.split(separator: "'").dropFirst().first, "no quoted input in: \(line)")
        let input = quoted.replacingOccurrences(of: "\\n", with: "\n")
        let arguments = line.split(separator: "|")[1].split(separator: "#")[0].split(separator: " ").dropFirst().map(String.init)
        let output = try await SentinelProcess.run(arguments, input: input)
        #expect(output.status == 0, "\(line): \(output.stderr)")
        #expect(output.stdout.contains("Screener"), "\(output.stdout)")
        // Every piped line is taken as what the docs say it is: no answer is refused.
        #expect(!output.stdout.contains("Please answer yes or no"), "\(output.stdout)")
    }

    /// The piped example in `sentinel checkin --help` runs as printed, through the shell.
    @Test func thePipedExampleInTheHelpWorks() async throws {
        let help = try await SentinelProcess.run(["checkin", "--help"])
        let line = try #require(help.stdout.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
            .first { $0.hasPrefix("printf '") && $0.contains("sentinel checkin") }, "no piped example in: \(help.stdout)")
        let executable = try #require(SentinelProcess.executable)
        let command = line.replacingOccurrences(of: "| sentinel ", with: "| '\(executable.path)' ")
        let output = try await SentinelProcess.runShell(command)
        #expect(output.status == 0, "\(line): \(output.stderr)")
        #expect(output.stdout.contains("Screener"), "\(output.stdout)")
        #expect(!output.stdout.contains("Please answer yes or no"), "\(output.stdout)")
    }
}

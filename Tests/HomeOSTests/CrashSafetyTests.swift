import Foundation
import HomeOS
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Kills a writer process at random moments and checks that nothing it reported committed is lost.
@Suite struct CrashSafetyTests {
    /// The shape `homeos data stress-writer` stores.
    struct StressDocument: Codable {
        var label: String
        var index: Int
        var part: String
        var padding: String
    }

    @Test(.timeLimit(.minutes(5))) func aKilledWriterLosesNoCommittedDocument() async throws {
        let executable = try HomeOSProcess.requireExecutable()
        let folder = try TemporaryFolder("homeos-crash")
        defer { folder.remove() }
        let dataDirectory = folder.appending("data")
        var checked = 0
        for round in 0..<50 {
            let label = "round-\(round)"
            let process = Process()
            process.executableURL = executable
            process.arguments = ["data", "stress-writer", "--data-dir", dataDirectory.path, "--label", label]
            process.environment = HomeOSProcess.environment(home: folder.url)
            let stdout = Pipe(), stderr = Pipe()
            process.standardOutput = stdout
            process.standardError = stderr
            process.standardInput = FileHandle.nullDevice
            try process.run()
            let output = OutputCollector(stdout.fileHandleForReading), errors = OutputCollector(stderr.fileHandleForReading)

            // Wait until the writer is in its loop (its first commit printed), then kill it at a random moment.
            let deadline = ContinuousClock.now.advanced(by: .seconds(30))
            while process.isRunning && !output.text.contains("\n") && ContinuousClock.now < deadline {
                try await Task.sleep(for: .milliseconds(2))
            }
            try await Task.sleep(for: .milliseconds(Int.random(in: 0...150)))
            let wasRunning = process.isRunning
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            let printed = output.finish(), problems = errors.finish()
            #expect(wasRunning, "round \(round): the writer stopped on its own: \(problems)")
            #expect(process.terminationReason == .uncaughtSignal, "round \(round): \(problems)")

            // Only whole lines count: a line cut by the kill was never fully reported.
            var lines = printed.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            lines.removeLast()
            #expect(!lines.isEmpty, "round \(round): nothing was committed before the kill")

            let storage = try SQLiteStorage(directory: dataDirectory)
            for path in lines {
                let document = try storage.read(StressDocument.self, at: path)
                #expect(path == "data/stress/\(label)/\(document.index)-\(document.part).json")
                #expect(document.label == label)
                checked += 1
            }
            // A transaction's documents are there together or not at all.
            let stored = try storage.list(prefix: "data/stress/\(label)/")
            let rounds = Dictionary(grouping: stored) { $0.split(separator: "/").last!.split(separator: "-").first! }
            for (index, paths) in rounds where Int(index)! % 4 == 3 {
                #expect(paths.count == 3, "round \(round): transaction \(index) is partial: \(paths)")
            }
        }
        #expect(checked >= 50)
    }
}

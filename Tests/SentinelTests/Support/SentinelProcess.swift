import Foundation
import Synchronization
import Testing

/// Runs the built `sentinel` executable, as a person or a script would.
enum SentinelProcess {
    struct Output {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// The `sentinel` binary next to the test runner (SwiftPM builds both into the same directory).
    static var executable: URL? {
        var directories: [URL] = []
        if let exe = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            directories.append(URL(fileURLWithPath: exe).deletingLastPathComponent())
        }
        let argument0 = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        directories.append(argument0.deletingLastPathComponent())
        // macOS: <products>/X.xctest/Contents/MacOS/X
        directories.append(argument0.deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent())
        directories.append(Bundle.main.bundleURL.deletingLastPathComponent())
        return directories.map { $0.appendingPathComponent("sentinel") }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }

    /// A data directory for this test run, so no test writes a crisis history under ~/.homeos.
    static let dataDirectory = FileManager.default.temporaryDirectory
        .appendingPathComponent("sentinel-test-data").path

    /// An environment whose model directory is empty, so no test depends on installed models,
    /// and whose Sentinel data directory is a temporary one.
    static func environment(modelsDirectory: String? = nil) -> [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment["HOMEOS_MODELS_DIR"] = modelsDirectory ?? FileManager.default.temporaryDirectory
            .appendingPathComponent("sentinel-no-models").path
        environment["SENTINEL_DATA_DIR"] = dataDirectory
        return environment
    }

    /// Runs `sentinel` with `arguments`, feeding `input` to standard input through a pipe.
    ///
    /// With `laterInput`, its text follows once the command's output contains its marker (a
    /// person answering a question once it is shown), before standard input closes. Waits by sleeping the task, not the thread, so a running command
    /// does not hold one of the cooperative pool's few threads from the other tests.
    static func run(_ arguments: [String], input: String = "", laterInput: (afterOutput: String, text: String)? = nil,
                    modelsDirectory: String? = nil, timeout: Duration = .seconds(60)) async throws -> Output {
        guard let executable else {
            Issue.record("The sentinel executable was not found next to the test runner; build it with `swift build --build-tests`.")
            throw CocoaError(.fileNoSuchFile)
        }
        return try await launch(executable, arguments: arguments, input: input, laterInput: laterInput,
                                environment: environment(modelsDirectory: modelsDirectory), timeout: timeout)
    }

    /// Runs `sentinel` under `script`, so that its standard input and output are a terminal.
    static func runInTerminal(_ arguments: [String], input: String, timeout: Duration = .seconds(60)) async throws -> Output {
        guard let executable else {
            Issue.record("The sentinel executable was not found next to the test runner.")
            throw CocoaError(.fileNoSuchFile)
        }
        let command = ([executable.path] + arguments).map { "'\($0)'" }.joined(separator: " ")
        return try await launch(URL(fileURLWithPath: "/usr/bin/script"), arguments: ["-qec", command, "/dev/null"],
                                input: input, timeout: timeout)
    }

    /// Runs a shell command line (a documented example with its pipe), in the test environment.
    static func runShell(_ commandLine: String, timeout: Duration = .seconds(60)) async throws -> Output {
        try await launch(URL(fileURLWithPath: "/bin/sh"), arguments: ["-c", commandLine], input: "", timeout: timeout)
    }

    static var terminalAvailable: Bool { FileManager.default.isExecutableFile(atPath: "/usr/bin/script") }

    private static func launch(_ url: URL, arguments: [String], input: String, laterInput: (afterOutput: String, text: String)? = nil,
                               environment: [String: String] = environment(), timeout: Duration) async throws -> Output {
        let process = Process()
        process.executableURL = url
        process.arguments = arguments
        process.environment = environment
        let stdin = Pipe(), stdout = Pipe(), stderr = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        // Read both pipes on their own threads so a full pipe never blocks the child.
        let out = PipeReader(stdout.fileHandleForReading), err = PipeReader(stderr.fileHandleForReading)
        stdin.fileHandleForWriting.write(Data(input.utf8))
        if let laterInput {
            // Written once the command has printed the marker (a person answering the question once it
            // is asked), however slow the machine: an event, not a guess at how long the command takes.
            let writer = stdin.fileHandleForWriting
            let patience = ContinuousClock.now.advanced(by: timeout)
            Thread {
                while !out.contains(laterInput.afterOutput) && ContinuousClock.now < patience { Thread.sleep(forTimeInterval: 0.02) }
                writer.write(Data(laterInput.text.utf8))
                try? writer.close()
            }.start()
        } else {
            try? stdin.fileHandleForWriting.close()
        }
        let deadline = ContinuousClock.now.advanced(by: timeout)
        while process.isRunning {
            if ContinuousClock.now > deadline {
                process.terminate()
                Issue.record("sentinel \(arguments.joined(separator: " ")) did not finish within \(timeout)")
                break
            }
            try? await Task.sleep(for: .milliseconds(10))
        }
        process.waitUntilExit()
        return Output(status: process.terminationStatus, stdout: out.text(), stderr: err.text())
    }
}

/// Drains a pipe on a background thread; what arrived so far can be looked at while it runs.
private final class PipeReader: Sendable {
    private let data = Mutex(Data())
    private let done = DispatchSemaphore(value: 0)

    init(_ handle: FileHandle) {
        Thread {
            while true {
                let chunk = handle.availableData
                if chunk.isEmpty { break }
                self.data.withLock { $0.append(chunk) }
            }
            self.done.signal()
        }.start()
    }

    /// Whether the output so far contains `marker`.
    func contains(_ marker: String) -> Bool {
        data.withLock { String(decoding: $0, as: UTF8.self).contains(marker) }
    }

    func text() -> String {
        done.wait()
        return data.withLock { String(decoding: $0, as: UTF8.self) }
    }
}

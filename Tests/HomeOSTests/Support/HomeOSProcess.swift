import Foundation
import Testing

/// Runs the built `homeos` executable, as a person or a script would.
enum HomeOSProcess {
    struct Output {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// The `homeos` binary next to the test runner (SwiftPM builds both into the same directory).
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
        return directories.map { $0.appendingPathComponent("homeos") }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }

    /// The executable, or a recorded issue explaining how to build it.
    static func requireExecutable() throws -> URL {
        guard let executable else {
            Issue.record("The homeos executable was not found next to the test runner; build it with `swift build --build-tests`.")
            throw CocoaError(.fileNoSuchFile)
        }
        return executable
    }

    /// An environment whose HomeOS home and model folder are `home` (empty), so no test touches ~/.homeos.
    static func environment(home: URL) -> [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment["HOMEOS_HOME"] = home.path
        environment["HOMEOS_MODELS_DIR"] = home.appendingPathComponent("no-models").path
        return environment
    }

    /// A fresh, empty folder to use as a run's home (`name` tells runs apart in the temporary folder).
    static func temporaryHome(_ name: String) throws -> URL {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("homeos-\(name)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        return home
    }

    /// Runs `homeos` with `arguments`, feeding `input` to standard input through a pipe.
    ///
    /// Waits by sleeping the task, not the thread: a test blocking one of the cooperative pool's
    /// threads (two on a two-core machine) for a whole command starves every other test's
    /// deadlines, which is how a 50 ms timeout once took 4.4 s to fire in CI.
    static func run(_ arguments: [String], home: URL, input: String = "", extraEnvironment: [String: String] = [:],
                    timeout: Duration = .seconds(60)) async throws -> Output {
        try await launch(requireExecutable(), arguments: arguments,
                         environment: environment(home: home).merging(extraEnvironment) { _, new in new },
                         input: input, timeout: timeout)
    }

    /// Runs `homeos` under `script`, so that its standard input and output are a terminal.
    static func runInTerminal(_ arguments: [String], home: URL, input: String, timeout: Duration = .seconds(60)) async throws -> Output {
        let command = ([try requireExecutable().path] + arguments).map { "'\($0)'" }.joined(separator: " ")
        return try await launch(URL(fileURLWithPath: "/usr/bin/script"), arguments: ["-qec", command, "/dev/null"],
                                environment: environment(home: home), input: input, timeout: timeout)
    }

    static var terminalAvailable: Bool { FileManager.default.isExecutableFile(atPath: "/usr/bin/script") }

    private static func launch(_ url: URL, arguments: [String], environment: [String: String], input: String,
                               timeout: Duration) async throws -> Output {
        let process = Process()
        process.executableURL = url
        process.arguments = arguments
        process.environment = environment
        let stdin = Pipe(), stdout = Pipe(), stderr = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        stdin.fileHandleForWriting.write(Data(input.utf8))
        try? stdin.fileHandleForWriting.close()
        let out = OutputCollector(stdout.fileHandleForReading), err = OutputCollector(stderr.fileHandleForReading)
        let deadline = ContinuousClock.now.advanced(by: timeout)
        while process.isRunning {
            if ContinuousClock.now > deadline {
                process.terminate()
                Issue.record("homeos \(arguments.joined(separator: " ")) did not finish within \(timeout)")
                break
            }
            try? await Task.sleep(for: .milliseconds(10))
        }
        process.waitUntilExit()
        return Output(status: process.terminationStatus, stdout: out.finish(), stderr: err.finish())
    }
}

/// Drains a pipe on a background thread; the text read so far can be looked at any time.
final class OutputCollector: @unchecked Sendable {
    private var data = Data()
    private let lock = NSLock()
    private let done = DispatchSemaphore(value: 0)

    init(_ handle: FileHandle) {
        Thread {
            while true {
                let chunk = handle.availableData
                if chunk.isEmpty { break }
                self.lock.withLock { self.data.append(chunk) }
            }
            self.done.signal()
        }.start()
    }

    /// What was read so far.
    var text: String { lock.withLock { String(decoding: data, as: UTF8.self) } }

    /// Waits for the end of the stream and returns everything read.
    func finish() -> String {
        done.wait()
        return text
    }
}

/// A fresh folder under the temporary directory, removed by ``remove()``.
struct TemporaryFolder {
    let url: URL

    init(_ name: String = "homeos-tests") throws {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("\(name)-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    func appending(_ path: String) -> URL { url.appendingPathComponent(path) }

    func remove() { try? FileManager.default.removeItem(at: url) }
}

/// Files shipped with the repository.
enum RepositoryFiles {
    /// The repository root (two folders above this file's folder).
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// `examples/sample-family.json`.
    static let sampleFamily = root.appendingPathComponent("examples/sample-family.json")

    /// `Tests/Fixtures/evaluation-data`: a few rows of each public corpus.
    static let evaluationFixtures = root.appendingPathComponent("Tests/Fixtures/evaluation-data")

    /// `scripts/bench_reference.py`, the llama-cpp-python side of `homeos dev bench engine`.
    static let benchReferenceScript = root.appendingPathComponent("scripts/bench_reference.py")
}

import AsyncHTTPClient
import Foundation
import LLM
import NIOCore
import NIOPosix

/// A local OpenAI-compatible server (`python -m llama_cpp.server` from llama-cpp-python, the
/// pinned version `make setup` installs) on 127.0.0.1, for integration tests and
/// `homeos dev bench remote`. It listens only on the loopback interface, and it exits by itself when
/// the process that started it ends, so a crashed test run leaves no server behind.
public final class LlamaCppPythonServer: Sendable {
    /// Why a server could not be started.
    public struct StartError: Error, Sendable, CustomStringConvertible {
        public var description: String
        /// True when the Python environment or its server extras are missing (tests skip then).
        public var isMissingInstallation: Bool
    }

    /// The port it listens on.
    public let port: Int
    /// `http://127.0.0.1:<port>/v1`.
    public var baseURL: URL { URL(string: "http://127.0.0.1:\(port)/v1")! }
    private let process: Process
    private let logFile: URL

    private init(port: Int, process: Process, logFile: URL) {
        self.port = port
        self.process = process
        self.logFile = logFile
    }

    /// The Python of the cached llama-cpp-python environment (`$HOMEOS_CACHE/current/venv`).
    public static func defaultPython(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        let cache = environment["HOMEOS_CACHE"].flatMap { $0.isEmpty ? nil : $0 }
            ?? FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(".cache/homeos").path
        return "\(cache)/current/venv/bin/python"
    }

    /// Whether `python` has llama-cpp-python with its server extras; the reason when not.
    public static func checkInstallation(python: String) -> String? {
        guard FileManager.default.isExecutableFile(atPath: python) else {
            return "no Python environment at \(python); run `make setup`"
        }
        let check = Process()
        check.executableURL = URL(fileURLWithPath: python)
        check.arguments = ["-c", "import llama_cpp.server.app, uvicorn, fastapi, sse_starlette, starlette_context, pydantic_settings"]
        check.standardOutput = FileHandle.nullDevice
        check.standardError = FileHandle.nullDevice
        do { try check.run() } catch { return "\(python) cannot run: \(error)" }
        check.waitUntilExit()
        return check.terminationStatus == 0 ? nil
            : "llama-cpp-python's server extras (fastapi, uvicorn, sse-starlette, …) are missing from \(python); run `make setup`"
    }

    /// ``checkInstallation(python:)`` on a thread of its own: Python importing the server takes
    /// seconds, and a cooperative-pool thread blocked that long (one of two on a two-core
    /// machine) stalls every other task's deadlines.
    private static func checkInstallationOnOwnThread(python: String) async -> String? {
        await withCheckedContinuation { continuation in
            Thread { continuation.resume(returning: checkInstallation(python: python)) }.start()
        }
    }

    /// Starts a server for the GGUF file at `modelPath` and waits until it answers.
    /// - Parameters:
    ///   - modelPath: the GGUF file to serve.
    ///   - python: the interpreter with llama-cpp-python and its server extras (setup's, by default).
    ///   - contextSize: the served context window (`--n_ctx`).
    ///   - threads: generation threads (`--n_threads`); nil lets the server choose.
    ///   - interruptRequests: whether a new request cuts off the stream in progress (the
    ///     server's own default); off here, so concurrent requests queue as with other servers.
    ///   - readyTimeout: how long to wait for the model to load.
    public static func start(modelPath: String, python: String = defaultPython(), contextSize: Int = 2048, threads: Int? = nil,
                             interruptRequests: Bool = false,
                             readyTimeout: Duration = .seconds(90)) async throws -> LlamaCppPythonServer {
        if let missing = await checkInstallationOnOwnThread(python: python) {
            throw StartError(description: missing, isMissingInstallation: true)
        }
        guard FileManager.default.fileExists(atPath: modelPath) else {
            throw StartError(description: "no model file at \(modelPath); run `make setup`", isMissingInstallation: true)
        }
        let port = try await freePort()
        let log = FileManager.default.temporaryDirectory.appendingPathComponent("homeos-llama-server-\(port)-\(UUID().uuidString).log")
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        var arguments = ["-c", watchdogLauncher, String(ProcessInfo.processInfo.processIdentifier),
                         "--model", modelPath, "--host", "127.0.0.1", "--port", String(port), "--n_ctx", String(contextSize),
                         "--interrupt_requests", interruptRequests ? "True" : "False"]
        if let threads { arguments += ["--n_threads", String(threads)] }
        process.arguments = arguments
        let handle = try FileHandle(forWritingTo: log)
        process.standardOutput = handle
        process.standardError = handle
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let server = LlamaCppPythonServer(port: port, process: process, logFile: log)
        do {
            try await server.waitUntilReady(timeout: readyTimeout)
        } catch {
            server.stop()
            throw error
        }
        return server
    }

    /// Whether the server process is still running.
    public var isRunning: Bool { process.isRunning }

    /// The process id (tests kill it mid-answer).
    public var processIdentifier: Int32 { process.processIdentifier }

    /// Kills the server at once (SIGKILL), as a crash would.
    public func kill() {
        guard process.isRunning else { return }
        Foundation.kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    /// Stops the server (SIGTERM, then SIGKILL after two seconds).
    public func stop() {
        guard process.isRunning else { return }
        process.terminate()
        let end = Date().addingTimeInterval(2)
        while process.isRunning && Date() < end { usleep(20_000) }
        if process.isRunning { kill() }
        try? FileManager.default.removeItem(at: logFile)
    }

    /// The last lines the server printed (for failure messages).
    public var logTail: String {
        let text = (try? String(contentsOf: logFile, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").suffix(8).joined(separator: "\n")
    }

    private func waitUntilReady(timeout: Duration) async throws {
        let end = ContinuousClock.now.advanced(by: timeout)
        let url = "http://127.0.0.1:\(port)/v1/models"
        while ContinuousClock.now < end {
            guard process.isRunning else {
                throw StartError(description: "the llama-cpp-python server exited while starting:\n\(logTail)", isMissingInstallation: false)
            }
            var request = HTTPClientRequest(url: url)
            request.method = .GET
            if let response = try? await HTTPClient.shared.execute(request, timeout: .seconds(2)), response.status == .ok {
                _ = try? await response.body.collect(upTo: 1 << 20)
                return
            }
            try await Task.sleep(for: .milliseconds(200))
        }
        throw StartError(description: "the llama-cpp-python server did not answer within \(timeout):\n\(logTail)", isMissingInstallation: false)
    }

    /// A free TCP port on 127.0.0.1 (bound, read, released).
    public static func freePort() async throws -> Int {
        let channel = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .bind(host: "127.0.0.1", port: 0).get()
        let port = channel.localAddress?.port ?? 0
        try await channel.close()
        return port
    }

    /// Runs `llama_cpp.server` in-process after starting a thread that exits when the parent
    /// (first argument) is gone.
    private static let watchdogLauncher = """
        import os, runpy, sys, threading, time
        parent = int(sys.argv[1])
        def watch():
            while True:
                time.sleep(0.5)
                if os.getppid() != parent:
                    os._exit(0)
        threading.Thread(target=watch, daemon=True).start()
        sys.argv = ["llama_cpp.server"] + sys.argv[2:]
        runpy.run_module("llama_cpp.server", run_name="__main__", alter_sys=True)
        """
}

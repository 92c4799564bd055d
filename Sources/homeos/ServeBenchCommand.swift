import ArgumentParser
import AsyncHTTPClient
import Foundation
import LLM
import NIOCore
import NIOHTTP1

/// `homeos dev bench serve`: the warm server against cold `homeos ask`, in one run.
struct ServeBenchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "The warm server (time to first streamed token, full turn) against cold `homeos ask`, and 8 concurrent chats.",
        discussion: """
            Starts `homeos serve` on a free port over the sample family in a temporary folder, sends the same 10 \
            family messages to /api/chat (streamed; time to the first token event, and to the finished answer), \
            then runs each as a cold `homeos ask` process (process start and model load included), and prints \
            both with the ratio. Last, 8 chat sessions run at once, 2 messages each, and every answer must \
            complete without an error. Run a release build on a quiet machine; timings vary by about 10 %.

            Examples:
              homeos dev bench serve
              homeos dev bench serve --model gemma3-270m --repetitions 3
            """)

    @Option(name: .long, help: ArgumentHelp("Model id for both sides (default: the selected or default model).", valueName: "id"))
    var model: String?

    @Option(name: .long, help: "Rounds over the 10 messages on the warm server (the cold side runs each once).")
    var repetitions = 2

    @Option(name: .long, help: "Concurrent chat sessions in the last phase.")
    var sessions = 8

    /// The 10 family messages of both sides.
    static let messages = [
        "What should we have for dinner tonight?", "Book a table at an Italian place for Saturday at 7pm for 4",
        "Leo has a fever of 38.5", "Remind me to call the dentist tomorrow at 9am", "Give me my morning briefing",
        "What's on the calendar this week?", "How much atorvastatin does Grandma Rosa take?",
        "Ideas for family time this weekend?", "The dishwasher is leaking", "Can you help Leo understand fractions?",
    ]

    /// The target for the warm server's p50 time to first token on a 2-core machine with SmolLM2.
    static let firstTokenTarget = 300.0

    func validate() throws {
        if repetitions < 1 { throw ValidationError("--repetitions must be at least 1.") }
        if !(1...32).contains(sessions) { throw ValidationError("--sessions must be between 1 and 32.") }
    }

    func run() async throws {
        let binary = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().path
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("homeos-bench-serve-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let modelArguments = model.map { ["--model", $0] } ?? []

        Terminal.error("Starting homeos serve (model load included in its start)…")
        let server = try ServedProcess(binary: binary, arguments: ["serve", "--sample", "--no-scheduler", "--port", "0",
                                                                   "--data-dir", folder.appendingPathComponent("warm").path] + modelArguments)
        let client = HTTPClient(eventLoopGroupProvider: .singleton)
        var warmFirst: [Double] = [], warmFull: [Double] = [], modelFirst: [Double] = [], streamed = 0
        var lastRound: [(message: String, timing: ChatClient.Timing)] = []
        var concurrentErrors: [String] = []
        do {
            let chat = try await ChatClient.connect(client, base: server.url)
            _ = try await chat.send("hello")  // warm-up: first prompt evaluation and caches
            for round in 1...repetitions {
                for (index, message) in Self.messages.enumerated() {
                    Terminal.progress("warm server, round \(round)", index + 1, Self.messages.count)
                    let timing = try await chat.send(message)
                    if round == repetitions { lastRound.append((message, timing)) }
                    warmFirst.append(timing.firstToken ?? timing.full)
                    warmFull.append(timing.full)
                    if let first = timing.firstToken {
                        streamed += 1
                        modelFirst.append(first)
                    }
                }
            }
            Terminal.error("\(sessions) concurrent chat sessions…")
            let url = server.url
            concurrentErrors = await withTaskGroup(of: [String].self) { group in
                for session in 0..<sessions {
                    group.addTask {
                        var errors: [String] = []
                        do {
                            let chat = try await ChatClient.connect(client, base: url)
                            for message in [Self.messages[session % Self.messages.count], Self.messages[(session + 3) % Self.messages.count]] {
                                let timing = try await chat.send(message)
                                if !timing.completed { errors.append("session \(session): no finished answer for \"\(message)\"") }
                            }
                        } catch {
                            errors.append("session \(session): \(error)")
                        }
                        return errors
                    }
                }
                return await group.reduce(into: []) { $0 += $1 }
            }
        } catch {
            try? await client.shutdown()
            _ = server.stop()
            throw CommandFailure("The warm server run failed: \(error)")
        }
        try? await client.shutdown()
        let serverExit = server.stop()

        var cold: [Double] = []
        let coldData = folder.appendingPathComponent("cold").path
        _ = try ServedProcess.runToEnd(binary: binary, arguments: ["init", "--from", try SampleFamilyFile.locate(nil).path, "--data-dir", coldData])
        for (index, message) in Self.messages.enumerated() {
            Terminal.progress("cold homeos ask", index + 1, Self.messages.count)
            let start = ContinuousClock.now
            let status = try ServedProcess.runToEnd(binary: binary, arguments: ["ask", "--data-dir", coldData] + modelArguments + [message])
            guard status == 0 else { throw CommandFailure("homeos ask \"\(message)\" failed (exit \(status)).") }
            cold.append(start.duration(to: .now).milliseconds)
        }

        var perMessage = [["message (last warm round)", "skill", "first token ms", "full turn ms"]]
        for (message, timing) in lastRound {
            perMessage.append([String(message.prefix(48)), timing.skill ?? "—", timing.firstToken.map { Self.ms($0) } ?? "no model text",
                               Self.ms(timing.full)])
        }
        print(Terminal.table(perMessage) + "\n")
        let p = AssistantBenchCommand.percentile
        let rows = [
            ["path", "calls", "first token p50 ms", "first token p95 ms", "full turn p50 ms", "full turn p95 ms"],
            ["warm server (/api/chat)", "\(warmFull.count)", Self.ms(p(warmFirst, 0.5)), Self.ms(p(warmFirst, 0.95)),
             Self.ms(p(warmFull, 0.5)), Self.ms(p(warmFull, 0.95))],
            ["warm, answers with model text", "\(modelFirst.count)", Self.ms(p(modelFirst, 0.5)), Self.ms(p(modelFirst, 0.95)), "", ""],
            ["cold homeos ask", "\(cold.count)", "—", "—", Self.ms(p(cold, 0.5)), Self.ms(p(cold, 0.95))],
        ]
        print(Terminal.table(rows))
        print(String(format: "cold / warm full turn (p50): %.1f×", p(cold, 0.5) / p(warmFull, 0.5)))
        print("answers that streamed model tokens: \(streamed) of \(warmFull.count) (the others answer without generating text; "
            + "their first token is the whole answer)")
        let firstP50 = p(warmFirst, 0.5)
        print(String(format: "warm p50 time to first token: %.0f ms (target < %.0f ms: %@)", firstP50, Self.firstTokenTarget,
                     firstP50 < Self.firstTokenTarget ? "met" : "not met"))
        print("\(sessions) concurrent sessions: " + (concurrentErrors.isEmpty ? "all answers finished, no errors" : "\(concurrentErrors.count) errors"))
        concurrentErrors.prefix(5).forEach { print("  " + $0) }
        print("server exit on SIGTERM: \(serverExit)")
        if !concurrentErrors.isEmpty || serverExit != 0 { throw ExitCode(1) }
    }

    static func ms(_ value: Double) -> String { value.isNaN ? "—" : String(format: "%.0f", value) }
}

/// A chat client as the page is: the CSRF cookie, then streamed turns.
struct ChatClient {
    struct Timing {
        var firstToken: Double?
        var full: Double
        var completed: Bool
        /// The skill that answered (from the `done` event), if any.
        var skill: String?
    }

    let client: HTTPClient
    let base: String
    let token: String

    static func connect(_ client: HTTPClient, base: String) async throws -> ChatClient {
        let response = try await client.execute(HTTPClientRequest(url: base), timeout: .seconds(30))
        _ = try await response.body.collect(upTo: 1 << 20)
        let cookie = response.headers["set-cookie"].first { $0.hasPrefix("homeos_csrf=") }
        guard let token = cookie?.dropFirst("homeos_csrf=".count).split(separator: ";").first else {
            throw CommandFailure("The server set no CSRF cookie.")
        }
        return ChatClient(client: client, base: base, token: String(token))
    }

    /// Sends `message` and times the stream: first `token` event, then `done`.
    func send(_ message: String) async throws -> Timing {
        var request = HTTPClientRequest(url: base + "api/chat")
        request.method = .POST
        request.headers.add(name: "Content-Type", value: "application/json")
        request.headers.add(name: "Cookie", value: "homeos_csrf=\(token)")
        request.headers.add(name: "X-CSRF-Token", value: token)
        request.body = .bytes(ByteBuffer(data: try JSONEncoder().encode(["message": message])))
        let start = ContinuousClock.now
        let response = try await client.execute(request, timeout: .seconds(300))
        guard response.status == .ok else { throw CommandFailure("/api/chat answered \(response.status) for \"\(message)\".") }
        var firstToken: Double?
        var text = ""
        for try await buffer in response.body {
            text += String(buffer: buffer)
            if firstToken == nil, text.contains("event: token") { firstToken = start.duration(to: .now).milliseconds }
        }
        let full = start.duration(to: .now).milliseconds
        let done = text.components(separatedBy: "event: done\ndata: ").last.flatMap { $0.split(separator: "\n").first }
        let skill = done.flatMap { try? JSONValue(parsing: String($0)) }?["entry"]?["skill"]?.stringValue
        return Timing(firstToken: firstToken, full: full, completed: text.contains("event: done") && !text.contains("event: error"),
                      skill: skill)
    }
}

/// A child `homeos` process.
final class ServedProcess {
    private let process = Process()
    /// The address the server printed.
    private(set) var url = ""

    /// Starts `homeos serve …` and waits until it prints its address.
    init(binary: String, arguments: [String]) throws {
        let output = Pipe()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = arguments
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        var seen = ""
        while process.isRunning {
            let data = output.fileHandleForReading.availableData
            if data.isEmpty { break }
            seen += String(decoding: data, as: UTF8.self)
            if let range = seen.range(of: "ready at ") {
                url = String(seen[range.upperBound...].prefix { !$0.isWhitespace })
                return
            }
        }
        throw CommandFailure("homeos serve did not start: \(seen.suffix(500))")
    }

    /// SIGTERM, then the exit status.
    func stop() -> Int32 {
        process.terminate()
        process.waitUntilExit()
        return process.terminationStatus
    }

    /// Runs `binary arguments` to the end, output discarded; its exit status.
    static func runToEnd(binary: String, arguments: [String]) throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }
}

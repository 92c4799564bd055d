import ArgumentParser
import AsyncHTTPClient
import Foundation
import LlamaEngine
import LLM
import ModelHub
import NIOCore
import RemoteEngine

/// `homeos dev bench server`: `homeos serve`'s OpenAI-compatible API against llama.cpp's own
/// `llama-server` and the llama-cpp-python server, with concurrent streaming clients.
struct ServerBenchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "server",
        abstract: "Aggregate tokens/s and time to first token with 1, 4 and 8 streaming clients: homeos serve vs llama-server vs llama-cpp-python.",
        discussion: """
            Each server runs the same GGUF file with 2 threads on 127.0.0.1: `homeos serve` (continuous batching, \
            8 sequences), llama.cpp's `llama-server` built from the same pinned llama.cpp source (8 slots; build it \
            once with scripts/build-llama-server.sh), and `python -m llama_cpp.server` (one request at a time). \
            Each client streams /v1/chat/completions, greedy, max_tokens 128, a story prompt no other round \
            shares (so no server answers from a cached prompt), and \
            all clients start together; a round's aggregate throughput is all completion tokens over the round's \
            wall time. The servers run side by side and take turns round by round, each round's stories the same \
            for every server, so a slow spell of a shared machine falls on all of them; the table shows the median \
            round, and the ratio column the median of each round's ratio to llama-server's round. A model \
            without a chat template in its GGUF file (a base model, such as Gemma 3 270M) is sent a story opening on /v1/completions instead: each server would otherwise wrap the chat in its own \
            fallback template, and the answers' lengths, so the work measured, would differ. The tokens/answer \
            column shows that each server did the same work. Time to first token is per client, from its request \
            to its first content chunk. The json_schema row sends the same kind of requests under a strict schema \
            to homeos serve only, against free chat requests that each ask for as many tokens as the same client's \
            JSON answer took (JSON answers end when their object closes, and fewer clients left in the batch \
            would lower the rate for that reason alone). A server that cannot start is reported and skipped. \
            Run a release build on a quiet machine.

            Examples:
              homeos dev bench server
              homeos dev bench server --models smollm2-135m-instruct --clients 1 4 --rounds 1
              homeos dev bench server --servers homeos --clients 4     # homeos serve alone, and json_schema vs free
            """)

    @Option(name: .long, parsing: .upToNextOption, help: "Models (ids).")
    var models: [String] = ["smollm2-135m-instruct", "gemma3-270m"]

    @Option(name: .long, parsing: .upToNextOption, help: "Concurrent clients per round.")
    var clients: [Int] = [1, 4, 8]

    @Option(name: .long, help: "Rounds per client count; the median throughput is reported.")
    var rounds = 2

    @Option(name: .long, help: "Tokens each client asks for.")
    var maxTokens = 128

    @Option(name: .long, help: ArgumentHelp("Endpoint the clients stream from: chat, completions, or auto (chat when the model has a chat template).", valueName: "endpoint"))
    var endpoint: Endpoint = .auto

    /// Which OpenAI endpoint the clients stream from.
    enum Endpoint: String, ExpressibleByArgument, CaseIterable {
        case auto, chat, completions
    }

    @Option(name: .long, parsing: .upToNextOption,
            help: ArgumentHelp("Servers to measure: homeos, llama-server, llama-cpp-python (the default three; the ratio column needs llama-server), "
                               + "and, to measure the KV-cache layout, llama-server-unified (one 4096-cell cache any slot may fill) and homeos-shared-cache (homeos serve with that layout).",
                               valueName: "server"))
    var servers: [Server] = Server.standard

    /// A server the benchmark can start.
    enum Server: String, ExpressibleByArgument, CaseIterable {
        case llamaServer = "llama-server", homeos, llamaCppPython = "llama-cpp-python"
        /// llama-server with the KV-cache layout of `homeos serve --kv-cache shared`: one cache of 4096 cells that any
        /// slot may fill (`--kv-unified`, `--swa-full`), instead of 512 cells per slot. Opt-in: it
        /// shows what the layout itself costs, apart from the engine.
        case llamaServerUnified = "llama-server-unified"
        /// `homeos serve --kv-cache shared`: one cache that every sequence fills, the layout of
        /// llama-server-unified (opt-in, to measure the layout).
        case homeosShared = "homeos-shared-cache"

        /// The name the table shows.
        var displayName: String {
            switch self {
            case .homeos: "homeos serve"
            case .llamaServerUnified: "llama-server --kv-unified"
            case .homeosShared: "homeos serve --kv-cache shared"
            case .llamaServer, .llamaCppPython: rawValue
            }
        }

        /// The servers a run measures unless --servers says otherwise.
        static let standard: [Server] = [.llamaServer, .homeos, .llamaCppPython]
    }

    @Option(name: .long, help: ArgumentHelp("The llama-server binary (default: the one scripts/build-llama-server.sh builds).", valueName: "path"))
    var llamaServer: String?

    func validate() throws {
        if rounds < 1 { throw ValidationError("--rounds must be at least 1.") }
        if clients.isEmpty || clients.contains(where: { !(1...16).contains($0) }) { throw ValidationError("--clients must be between 1 and 16.") }
        if !(8...512).contains(maxTokens) { throw ValidationError("--max-tokens must be between 8 and 512.") }
        if servers.isEmpty {
            throw ValidationError("--servers needs at least one of " + Server.allCases.map(\.rawValue).joined(separator: ", ") + ".")
        }
    }

    static let topics = ["a lighthouse keeper", "a lost dog", "a robot gardener", "a dragon who bakes", "two rival chess players",
                         "a train at night", "a city under snow", "a sailor's last voyage", "a quiet library", "a mountain village",
                         "a clockmaker", "a kite festival", "a desert well", "an old radio", "a beekeeper", "a midnight market"]

    /// One server under test.
    struct Target {
        var name: String
        var baseURL: String
        var stop: () -> Void
    }

    /// One round's measurements.
    struct Round {
        var tokens: Int
        var seconds: Double
        var firstTokens: [Double]
        var valid: Int
        var answers: Int
        /// Completion tokens of each client, in client order.
        var perClient: [Int]

        /// Aggregate throughput: all completion tokens over the round's wall time.
        var tokensPerSecond: Double { Double(tokens) / seconds }
    }

    func run() async throws {
        let client = HTTPClient(eventLoopGroupProvider: .singleton)
        do {
            try await measure(client)
        } catch {
            try? await client.shutdown()
            throw error
        }
        try await client.shutdown()
    }

    private func measure(_ client: HTTPClient) async throws {
        let directory = ModelDirectory.standard()
        var rows = [["model", "endpoint", "server", "clients", "agg tok/s", "tokens/answer", "TTFT p50 ms", "TTFT p95 ms", "vs llama-server"]]
        var notes: [String] = []
        for id in models {
            let resolved = try directory.resolve(id)
            let chat = try usesChat(modelPath: resolved.path)
            // All servers run side by side, idle but for the one being measured, and take turns
            // round by round: a slow spell of this shared machine then falls on every server's
            // rounds alike, and each round's ratio compares work done minutes apart at most.
            var targets: [(server: Server, target: Target)] = []
            defer { for (_, target) in targets { target.stop() } }
            for server in Server.allCases where servers.contains(server) {
                Terminal.error("==> \(resolved.id): starting \(server.displayName)")
                do {
                    targets.append((server, try await start(server, modelPath: resolved.path, id: resolved.id, client: client)))
                } catch {
                    notes.append("\(server.displayName) with \(resolved.id) not measured: \(error)")
                }
            }
            // Every request of the run tells a story of its own number: no server answers a prompt
            // it has seen before from its cache (llama-server keeps each slot's last prompt). In a
            // round every server gets the same stories.
            var serial = 0
            for (_, target) in targets {
                var warmUp = serial
                _ = try? await Self.round(client, target: target, model: resolved.id, clients: 1, maxTokens: 8, schema: false, chat: chat,
                                          serial: &warmUp)
            }
            serial += 1
            for count in clients {
                var measured: [Server: [Round]] = [:]
                for round in 1...rounds {
                    let first = serial
                    serial += count
                    // The order rotates, so no server always runs right after another's round.
                    for offset in targets.indices {
                        let (server, target) = targets[(offset + round - 1) % targets.count]
                        Terminal.error("    \(target.name), \(count) client\(count == 1 ? "" : "s"), round \(round) of \(rounds)")
                        var roundSerial = first
                        measured[server, default: []].append(try await Self.round(client, target: target, model: resolved.id, clients: count,
                                                                                maxTokens: maxTokens, schema: false, chat: chat,
                                                                                serial: &roundSerial))
                    }
                }
                let reference = measured[.llamaServer]
                for (server, target) in targets {
                    let rounds = measured[server] ?? []
                    let throughput = BridgeBenchCommand.median(rounds.map(\.tokensPerSecond))
                    let ttft = rounds.flatMap(\.firstTokens).sorted()
                    let perAnswer = Double(rounds.reduce(0) { $0 + $1.tokens }) / Double(max(1, rounds.reduce(0) { $0 + $1.answers }))
                    // The median of each round's ratio to llama-server's round of the same stories.
                    let ratio = reference.map { reference in
                        BridgeBenchCommand.median(zip(rounds, reference).map { $0.tokensPerSecond / max($1.tokensPerSecond, 0.001) })
                    }
                    rows.append([resolved.id, chat ? "chat" : "completions", target.name, "\(count)", String(format: "%.0f", throughput),
                                 String(format: "%.0f", perAnswer), Self.percentile(ttft, 0.5), Self.percentile(ttft, 0.95),
                                 ratio.map { String(format: "%.2f×", $0) } ?? ""])
                    Terminal.error("    → " + rows.last!.joined(separator: " | "))
                }
            }
            if let homeos = targets.first(where: { $0.server == .homeos })?.target {
                notes.append(try await jsonAgainstFree(client, target: homeos, model: resolved.id, serial: &serial))
            }
        }
        print("Concurrent streaming clients, greedy, \(maxTokens) tokens each, 2 threads (median of \(rounds) rounds; servers take turns round by round; ratio: median of the rounds' ratios)\n")
        print(Terminal.table(rows))
        if !notes.isEmpty { print("\n" + notes.joined(separator: "\n")) }
    }

    /// json_schema (strict) against free requests on `homeos serve` under 4 clients, at equal
    /// answer lengths, alternating round by round; a line for the report.
    private func jsonAgainstFree(_ client: HTTPClient, target: Target, model: String, serial: inout Int) async throws -> String {
        var free: [Double] = [], constrained: [Double] = [], valid = 0, total = 0, freeTokens = 0, strictTokens = 0
        for round in 1...rounds {
            Terminal.error("    homeos serve, 4 clients, free vs json_schema, round \(round) of \(rounds)")
            // JSON answers end when their object closes, most well before the budget; the free
            // round gives each client its JSON answer's length, so both rounds keep the same
            // number of sequences in the batch for the same number of steps.
            let strict = try await Self.round(client, target: target, model: model, clients: 4, maxTokens: maxTokens,
                                              schema: true, chat: true, serial: &serial)
            let plain = try await Self.round(client, target: target, model: model, clients: 4,
                                             maxTokens: strict.perClient.map { max($0, 1) }, schema: false, chat: true, serial: &serial)
            free.append(plain.tokensPerSecond)
            constrained.append(strict.tokensPerSecond)
            valid += strict.valid
            total += 4
            freeTokens += plain.tokens
            strictTokens += strict.tokens
        }
        let ratio = BridgeBenchCommand.median(constrained) / max(BridgeBenchCommand.median(free), 0.001)
        return String(format: "%@, homeos serve, 4 clients: json_schema strict %.0f tok/s (%.0f tokens/answer) vs free %.0f tok/s (%.0f tokens/answer) = %.2f× (target ≥ 0.90×); %d of %d answers valid JSON",
                      model, BridgeBenchCommand.median(constrained), Double(strictTokens) / Double(max(total, 1)),
                      BridgeBenchCommand.median(free), Double(freeTokens) / Double(max(total, 1)), ratio, valid, total)
    }

    private func start(_ server: Server, modelPath: String, id: String, client: HTTPClient) async throws -> Target {
        let name = server.displayName
        switch server {
        case .homeos, .homeosShared:
            let binary = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().path
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("homeos-bench-server-\(UUID().uuidString)")
            let served = try ServedProcess(binary: binary, arguments: ["serve", "--sample", "--no-scheduler", "--port", "0", "--threads", "2",
                                                                       "--model", id, "--data-dir", folder.path]
                                            + (server == .homeosShared ? ["--kv-cache", "shared"] : []))
            return Target(name: name, baseURL: served.url + "v1") {
                _ = served.stop()
                try? FileManager.default.removeItem(at: folder)
            }
        case .llamaServer, .llamaServerUnified:
            let binary = llamaServer ?? Self.defaultLlamaServer()
            guard FileManager.default.isExecutableFile(atPath: binary) else {
                throw CommandFailure("no llama-server at \(binary); build it with scripts/build-llama-server.sh")
            }
            let port = try await LlamaCppPythonServer.freePort()
            let process = Process()
            process.executableURL = URL(fileURLWithPath: binary)
            // -c 4096 over 8 slots gives each slot 512 cells of its own; homeos serve gives each of
            // its sequences a cache of its whole context (4096 cells here), so a request may use all of it.
            process.arguments = ["-m", modelPath, "-t", "2", "-tb", "2", "-c", "4096", "-np", "8", "--host", "127.0.0.1",
                                 "--port", "\(port)", "--no-webui"] + (server == .llamaServerUnified ? ["--kv-unified", "--swa-full"] : [])
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            let base = "http://127.0.0.1:\(port)"
            do { try await Self.waitUntilHealthy(base + "/health", process: process, client: client) } catch {
                kill(process.processIdentifier, SIGKILL)
                throw error
            }
            return Target(name: name, baseURL: base + "/v1") {
                // llama-server may keep running for a long while after SIGTERM: SIGKILL after 2 s.
                process.terminate()
                let deadline = Date().addingTimeInterval(2)
                while process.isRunning && Date() < deadline { usleep(50_000) }
                if process.isRunning { kill(process.processIdentifier, SIGKILL) }
                process.waitUntilExit()
            }
        case .llamaCppPython:
            let python = try await LlamaCppPythonServer.start(modelPath: modelPath, contextSize: 4096, threads: 2)
            return Target(name: name, baseURL: python.baseURL.absoluteString) { python.stop() }
        }
    }

    /// Whether the clients use the chat endpoint for the model at `modelPath` (see ``Endpoint``).
    func usesChat(modelPath: String) throws -> Bool {
        switch endpoint {
        case .chat: return true
        case .completions: return false
        case .auto: return try GGUFFile.read(path: modelPath).metadata["tokenizer.chat_template"].map { !$0.isEmpty } ?? false
        }
    }

    static func defaultLlamaServer() -> String {
        let environment = ProcessInfo.processInfo.environment
        let cache = environment["HOMEOS_CACHE"].flatMap { $0.isEmpty ? nil : $0 } ?? (NSHomeDirectory() + "/.cache/homeos")
        return cache + "/current/bin/llama-server"
    }

    static func waitUntilHealthy(_ url: String, process: Process, client: HTTPClient) async throws {
        let deadline = ContinuousClock.now.advanced(by: .seconds(120))
        while ContinuousClock.now < deadline {
            guard process.isRunning else { throw CommandFailure("llama-server exited with status \(process.terminationStatus)") }
            if let response = try? await client.execute(HTTPClientRequest(url: url), timeout: .seconds(2)), response.status == .ok { return }
            try await Task.sleep(for: .milliseconds(250))
        }
        throw CommandFailure("llama-server did not become healthy within 120 s")
    }

    /// The schema of the json_schema rounds: a short story as structured data.
    static let storySchema: JSONValue = .object([
        "type": .string("object"),
        "properties": .object([
            "title": .object(["type": .string("string")]),
            "characters": .object(["type": .string("array"), "items": .object(["type": .string("string")])]),
            "story": .object(["type": .string("string")]),
        ]),
        "required": .array([.string("title"), .string("characters"), .string("story")]),
        "additionalProperties": .bool(false),
    ])

    /// `clients` streaming requests started together, all asking for `maxTokens` tokens.
    static func round(_ client: HTTPClient, target: Target, model: String, clients: Int, maxTokens: Int, schema: Bool,
                      chat: Bool, serial: inout Int) async throws -> Round {
        try await round(client, target: target, model: model, clients: clients, maxTokens: Array(repeating: maxTokens, count: clients),
                        schema: schema, chat: chat, serial: &serial)
    }

    /// `clients` streaming requests started together, client `i` asking for `maxTokens[i]` tokens
    /// about story number `serial + i` (`serial` moves past them).
    static func round(_ client: HTTPClient, target: Target, model: String, clients: Int, maxTokens: [Int], schema: Bool,
                      chat: Bool, serial: inout Int) async throws -> Round {
        let first = serial
        serial += clients
        let start = ContinuousClock.now
        let base = target.baseURL
        let results = try await withThrowingTaskGroup(of: (index: Int, tokens: Int, firstToken: Double?, valid: Bool).self) { group in
            for index in 0..<clients {
                group.addTask {
                    let topic = "\(topics[(first + index) % topics.count]) (story \(first + index + 1))"
                    let answer = try await stream(client, base: base, model: model, topic: topic,
                                                  maxTokens: maxTokens[index], schema: schema, chat: chat)
                    return (index, answer.tokens, answer.firstToken, answer.valid)
                }
            }
            var all: [(index: Int, tokens: Int, firstToken: Double?, valid: Bool)] = []
            for try await result in group { all.append(result) }
            return all.sorted { $0.index < $1.index }
        }
        return Round(tokens: results.reduce(0) { $0 + $1.tokens }, seconds: start.duration(to: .now).seconds,
                     firstTokens: results.compactMap(\.firstToken), valid: results.filter(\.valid).count, answers: results.count,
                     perClient: results.map(\.tokens))
    }

    /// One streamed chat (or text) completion: completion tokens (the usage chunk, else content
    /// chunks), the time to its first content chunk, and whether its text is valid JSON (schema rounds).
    static func stream(_ client: HTTPClient, base: String, model: String, topic: String, maxTokens: Int, schema: Bool,
                       chat: Bool) async throws -> (tokens: Int, firstToken: Double?, valid: Bool) {
        var body: [String: JSONValue] = [
            "model": .string(model),
            "max_tokens": .number(Double(maxTokens)), "temperature": .number(0), "stream": .bool(true),
            "stream_options": .object(["include_usage": .bool(true)]),
        ]
        if chat {
            body["messages"] = .array([.object(["role": .string("user"), "content": .string("Write a long story about \(topic).")])])
        } else {
            body["prompt"] = .string("A long story about \(topic).\n\nOnce upon a time,")
        }
        if schema {
            body["response_format"] = .object(["type": .string("json_schema"),
                                               "json_schema": .object(["name": .string("story"), "strict": .bool(true), "schema": storySchema])])
        }
        var request = HTTPClientRequest(url: base + (chat ? "/chat/completions" : "/completions"))
        request.method = .POST
        request.headers.add(name: "Content-Type", value: "application/json")
        // A fresh connection each time: llama-server closes idle keep-alive connections, and a
        // pooled one it closed would fail the next request.
        request.headers.add(name: "Connection", value: "close")
        request.body = .bytes(ByteBuffer(string: JSONValue.object(JSONObject(body.map { ($0.key, $0.value) })).jsonText))
        let start = ContinuousClock.now
        let response = try await client.execute(request, timeout: .seconds(600))
        guard response.status == .ok else {
            let text = String(buffer: try await response.body.collect(upTo: 1 << 16))
            throw CommandFailure("\(base) answered \(response.status): \(text.prefix(300))")
        }
        var pending = "", text = "", chunks = 0, usageTokens: Int?
        var firstToken: Double?
        for try await buffer in response.body {
            pending += String(buffer: buffer)
            while let end = pending.range(of: "\n\n") {
                let event = String(pending[..<end.lowerBound])
                pending.removeSubrange(..<end.upperBound)
                for line in event.split(separator: "\n") where line.hasPrefix("data: ") {
                    let data = line.dropFirst(6)
                    guard data != "[DONE]", let value = try? JSONValue(parsing: String(data)) else { continue }
                    if let completion = value["usage"]?["completion_tokens"]?.numberValue { usageTokens = Int(completion) }
                    let choice = value["choices"]?.arrayValue?.first
                    if let content = (chat ? choice?["delta"]?["content"] : choice?["text"])?.stringValue, !content.isEmpty {
                        if firstToken == nil { firstToken = start.duration(to: .now).milliseconds }
                        chunks += 1
                        text += content
                    }
                }
            }
        }
        let valid = schema && (try? JSONValue(parsing: text))?["story"]?.stringValue != nil
        return (usageTokens ?? chunks, firstToken, valid)
    }

    static func percentile(_ sorted: [Double], _ fraction: Double) -> String {
        guard !sorted.isEmpty else { return "–" }
        return String(format: "%.0f", sorted[min(sorted.count - 1, Int((Double(sorted.count - 1) * fraction).rounded()))])
    }
}


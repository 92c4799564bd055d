import ArgumentParser
import Foundation
import LLM
import LlamaEngine
import ModelHub
import RemoteEngine

/// `homeos dev bench remote`: an OpenAI-compatible server under 1, 4 and 16 concurrent requests,
/// next to the in-process engine on the same model.
struct RemoteBenchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "remote",
        abstract: "Throughput and latency of a remote engine under concurrent requests, next to the in-process engine.",
        discussion: """
            Without --base-url the command starts llama-cpp-python's server (installed by `make setup`) on \
            127.0.0.1 with the same model file and stops it afterwards; nothing leaves the machine. For each \
            concurrency level it sends that many streamed requests at once (different short prompts, greedy, \
            --max-tokens each) to the server, --rounds times (the median round is reported), then the same to the in-process engine (which runs one \
            generation at a time and queues the rest), and prints a table: throughput in generated tokens \
            per second of wall time, median and 95th-percentile request latency, median time to first token. \
            Timings vary with machine load; compare rows from the same run.
            """
    )

    @Option(name: .customLong("base-url"), help: "An already running server (default: start llama-cpp-python's server on 127.0.0.1).")
    var baseURL: String?

    @Option(name: .customLong("remote-model"), help: "The model name sent to the server.")
    var remoteModel: String = "smollm2-135m-instruct"

    @Option(name: .long, help: "Local model (id or path) for the in-process engine and the started server.")
    var model: String = "smollm2-135m-instruct"

    @Option(name: .long, parsing: .upToNextOption, help: "Concurrency levels.")
    var concurrency: [Int] = [1, 4, 16]

    @Option(name: .long, help: "Tokens to generate per request.")
    var maxTokens: Int = 32

    @Option(name: .long, help: "Threads for the in-process engine and the started server (default: all cores).")
    var threads: Int = ProcessInfo.processInfo.activeProcessorCount

    @Option(name: .long, help: "Rounds per level; the round with the median wall time is reported.")
    var rounds: Int = 3

    @Flag(name: .customLong("no-local"), help: "Measure only the remote engine.")
    var noLocal = false

    func validate() throws {
        if concurrency.isEmpty || concurrency.contains(where: { $0 < 1 || $0 > 256 }) {
            throw ValidationError("--concurrency takes levels from 1 to 256.")
        }
        if maxTokens < 1 { throw ValidationError("--max-tokens must be at least 1.") }
        if threads < 1 { throw ValidationError("--threads must be at least 1.") }
        if rounds < 1 { throw ValidationError("--rounds must be at least 1.") }
    }

    func run() async throws {
        let path = try ModelLibrary.standard().resolveForLoading(model).path
        var server: LlamaCppPythonServer?
        let url: URL
        if let baseURL {
            do { url = try RemoteConfiguration.parseBaseURL(baseURL) } catch { throw CommandFailure("\(error)") }
        } else {
            Terminal.error("starting llama-cpp-python's server on 127.0.0.1 with \(model)…")
            do {
                server = try await LlamaCppPythonServer.start(modelPath: path, contextSize: 2048, threads: threads)
            } catch {
                throw CommandFailure("\(error)")
            }
            url = server!.baseURL
        }
        defer { server?.stop() }
        let remote = RemoteModel(configuration: RemoteConfiguration(baseURL: url, model: remoteModel, readTimeout: .seconds(300),
                                                                    structuredOutput: .none, acceptsGrammar: false))
        guard await remote.availability.isReady else { throw CommandFailure("The server at \(url) does not answer.") }

        var rows: [[String]] = [["engine", "concurrent", "requests", "tokens", "wall s", "tok/s", "p50 ms", "p95 ms", "TTFT p50 ms"]]
        var engines: [(String, any LanguageModel)] = [("remote (\(remote.configuration.host))", remote)]
        if !noLocal {
            let configuration = LlamaConfiguration(threads: threads, contextSize: 2048, batchSize: 256)
            engines.append(("in-process", try await LlamaEngine(modelPath: path, configuration: configuration)))
        }
        for (name, engine) in engines {
            _ = try await engine.respond(to: "Hello", options: GenerationOptions(maxTokens: 4))  // warm-up
            for level in concurrency {
                Terminal.error("  \(name): \(level) concurrent…")
                var runs: [Run] = []
                for _ in 0..<rounds { runs.append(try await Self.measure(engine, concurrent: level, maxTokens: maxTokens)) }
                let run = runs.sorted { $0.wall < $1.wall }[runs.count / 2]
                rows.append([name, "\(level)", "\(level)", "\(run.tokens)", String(format: "%.2f", run.wall.seconds),
                             String(format: "%.1f", run.throughput), Terminal.ms(run.percentile(0.5)),
                             Terminal.ms(run.percentile(0.95)), run.medianFirstToken.map(Terminal.ms) ?? "-"])
            }
        }
        print(Terminal.table(rows))
        print("tok/s: generated tokens of all requests per second of wall time; latency per request, from sending to the last token.")
    }

    /// One level's numbers.
    struct Run {
        var wall: Duration
        var tokens: Int
        var latencies: [Duration]
        var firstTokens: [Duration]

        var throughput: Double { wall.seconds > 0 ? Double(tokens) / wall.seconds : 0 }

        func percentile(_ p: Double) -> Duration {
            let sorted = latencies.sorted()
            guard !sorted.isEmpty else { return .zero }
            return sorted[min(sorted.count - 1, Int((Double(sorted.count - 1) * p).rounded()))]
        }

        var medianFirstToken: Duration? {
            let sorted = firstTokens.sorted()
            return sorted.isEmpty ? nil : sorted[sorted.count / 2]
        }
    }

    static let prompts = ["Suggest a quick dinner.", "Name a fun family game.", "Give one tip for saving water.",
                          "Describe a rainy day.", "Write a short reminder to buy milk.", "Name three fruits.",
                          "What is a good bedtime routine?", "Suggest a weekend activity."]

    /// Sends `concurrent` streamed requests at once and measures them.
    static func measure(_ engine: any LanguageModel, concurrent: Int, maxTokens: Int) async throws -> Run {
        let start = ContinuousClock.now
        let results = try await withThrowingTaskGroup(of: (Duration, Duration?, Int).self) { group in
            for index in 0..<concurrent {
                group.addTask {
                    let request = GenerationRequest(messages: [.user(prompts[index % prompts.count])],
                                                    options: GenerationOptions(maxTokens: maxTokens))
                    let sent = ContinuousClock.now
                    var first: Duration?
                    var tokens = 0
                    var reported: Int?
                    for try await event in engine.stream(request) {
                        switch event {
                        case .token:
                            if first == nil { first = sent.duration(to: .now) }
                            tokens += 1
                        case .logprob:
                            break
                        case .finished(let usage, _):
                            reported = usage.generatedTokens
                        }
                    }
                    return (sent.duration(to: .now), first, reported ?? tokens)
                }
            }
            var all: [(Duration, Duration?, Int)] = []
            for try await result in group { all.append(result) }
            return all
        }
        return Run(wall: start.duration(to: .now), tokens: results.reduce(0) { $0 + $1.2 },
                   latencies: results.map(\.0), firstTokens: results.compactMap(\.1))
    }
}

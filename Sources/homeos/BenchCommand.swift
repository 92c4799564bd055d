import ArgumentParser
import Foundation
import LLM
import LlamaEngine
import ModelHub

/// `homeos dev bench`: speed measurements with a reference run side by side.
struct BenchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Measure speed against a reference implementation in the same run.",
        subcommands: [EngineBenchCommand.self, BridgeBenchCommand.self, AssistantBenchCommand.self, RemoteBenchCommand.self, ServeBenchCommand.self, PromptCacheBenchCommand.self, ServerBenchCommand.self]
    )
}

/// `homeos dev bench engine`: our engine against llama-cpp-python on the same library and model.
struct EngineBenchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "engine",
        abstract: "Compare prompt speed, decode speed and time to first token with llama-cpp-python.",
        discussion: """
            For each model: a warm-up, then the same raw prompt through our engine and through the \
            Python binding (same libllama, same threads, context and batch, greedy, N new tokens), in \
            --repetitions alternating rounds; the median round of each is reported. Then the prefix-reuse speed-up: time to first token of a \
            request sharing a ~300-token prefix with the previous one, against the first. Timings vary \
            with machine load; compare ratios from the same run.
            """
    )

    @Option(name: .long, parsing: .upToNextOption, help: "Models to measure (ids or paths).")
    var models: [String] = ["smollm2-135m-instruct", "gemma3-270m"]

    @Option(name: .long, help: "Tokens to generate.")
    var maxTokens: Int = 128

    @Option(name: .long, help: "Threads for both implementations (default: all cores).")
    var threads: Int = ProcessInfo.processInfo.activeProcessorCount

    @Flag(name: .long, inversion: .prefixedNo, help: "Flash attention for both implementations.")
    var flashAttention = false

    @Option(name: .long, help: "Runs per implementation; the median is reported.")
    var repetitions: Int = 5

    @Option(name: .long, help: "Python interpreter with llama_cpp installed (default: the setup environment).")
    var python: String?

    @Option(name: .long, help: "Path of scripts/bench_reference.py (default: found next to the sources).")
    var referenceScript: String?

    func validate() throws {
        if maxTokens < 2 { throw ValidationError("--max-tokens must be at least 2.") }
        if threads < 1 { throw ValidationError("--threads must be at least 1.") }
        if repetitions < 1 { throw ValidationError("--repetitions must be at least 1.") }
    }

    func run() async throws {
        let directory = ModelDirectory.standard()
        let reference = try ReferenceRunner(python: python, script: referenceScript)
        var speedRows = [["model", "impl", "prompt tok", "prompt tok/s", "decode tok/s", "TTFT ms", "same text"]]
        var ratioRows = [["model", "prompt tok/s ours/ref", "decode tok/s ours/ref", "TTFT ours/ref"]]
        var prefixRows = [["model", "prefix tok", "TTFT first ms", "TTFT second ms", "speed-up", "reused tok"]]

        for name in models {
            let resolved = try directory.resolve(name)
            Terminal.error("==> \(resolved.id): loading")
            var configuration = LlamaConfiguration(threads: threads, contextSize: 2048, batchSize: 512, flashAttention: flashAttention)
            // Like the reference, keep only the last prompt: a parked copy of the main prompt would
            // turn its next measurement into a restore, and the prefix measurement needs a cold start.
            configuration.parkedPromptBytes = 0
            let engine = try await LlamaEngine(modelPath: resolved.path, id: resolved.id, configuration: configuration)

            // Ours and the reference alternate, so drift in machine load hits both alike.
            Terminal.error("==> \(resolved.id): \(repetitions) rounds of ours and llama-cpp-python, \(maxTokens) tokens each")
            _ = try await engine.respond(to: GenerationRequest(prompt: .text(BenchPrompts.warmup), options: .init(maxTokens: 16)))
            var runs: [GenerationResult] = []
            var refs: [ReferenceResult] = []
            for _ in 0..<repetitions {
                _ = try await engine.respond(to: GenerationRequest(prompt: .text(BenchPrompts.warmup), options: .init(maxTokens: 4)))
                runs.append(try await engine.respond(to: GenerationRequest(
                    prompt: .text(BenchPrompts.main), options: .init(maxTokens: maxTokens))))
                refs.append(try reference.run(ReferenceJob(
                    model_path: resolved.path, context_size: 2048, batch_size: 512, threads: threads,
                    flash_attention: flashAttention, warmup_prompt: BenchPrompts.warmup, prompt: BenchPrompts.main,
                    max_tokens: maxTokens, repetitions: 1)))
            }
            runs.sort { ($0.usage.decodeTokensPerSecond ?? 0) < ($1.usage.decodeTokensPerSecond ?? 0) }
            refs.sort { ($0.decode_tps ?? 0) < ($1.decode_tps ?? 0) }
            let ours = runs[runs.count / 2]
            let ref = refs[refs.count / 2]
            let oursTTFT = ours.usage.timeToFirstToken?.seconds ?? .nan
            let oursPrompt = Double(ours.usage.promptTokens - ours.usage.cachedPromptTokens) / oursTTFT

            let sameText = ref.text == ours.text ? "yes" : "no"
            speedRows.append([resolved.id, "ours (Swift)", "\(ours.usage.promptTokens)", Self.f(oursPrompt),
                              Self.f(ours.usage.decodeTokensPerSecond), Self.f(oursTTFT * 1000), sameText])
            speedRows.append([resolved.id, "llama-cpp-python \(ref.version)", "\(ref.prompt_tokens)", Self.f(ref.prompt_tps),
                              Self.f(ref.decode_tps), Self.f(ref.ttft_s.map { $0 * 1000 }), sameText])
            ratioRows.append([resolved.id, Self.ratio(oursPrompt, ref.prompt_tps),
                              Self.ratio(ours.usage.decodeTokensPerSecond, ref.decode_tps),
                              Self.ratio(oursTTFT, ref.ttft_s)])

            Terminal.error("==> \(resolved.id): prefix reuse")
            let prefix = try await prefixReuse(engine)
            prefixRows.append([resolved.id, "\(prefix.prefixTokens)", Self.f(prefix.first * 1000), Self.f(prefix.second * 1000),
                               String(format: "%.1f×", prefix.first / prefix.second), "\(prefix.reused)"])
        }
        print("Engine speed (greedy, \(maxTokens) new tokens, \(threads) threads, median of \(repetitions))\n")
        print(Terminal.table(speedRows))
        print("\nRatios (above 1 means ours is faster; TTFT below 1 means ours is faster)\n")
        print(Terminal.table(ratioRows))
        print("\nPrefix reuse: time to first token of a request sharing a prefix with the previous one\n")
        print(Terminal.table(prefixRows))
    }

    private struct PrefixMeasurement { var prefixTokens: Int; var first: Double; var second: Double; var reused: Int }

    private func prefixReuse(_ engine: LlamaEngine) async throws -> PrefixMeasurement {
        let prefix = BenchPrompts.sharedPrefix
        let options = GenerationOptions(maxTokens: 2)
        var firsts: [Double] = [], seconds: [Double] = []
        var reused = 0
        for _ in 0..<repetitions {
            // An unrelated request first, so the first measured request finds nothing to reuse.
            _ = try await engine.respond(to: GenerationRequest(prompt: .text(BenchPrompts.warmup), options: options))
            let a = try await engine.respond(to: GenerationRequest(prompt: .text(prefix + BenchPrompts.question1), options: options))
            let b = try await engine.respond(to: GenerationRequest(prompt: .text(prefix + BenchPrompts.question2), options: options))
            firsts.append(a.usage.timeToFirstToken?.seconds ?? .nan)
            seconds.append(b.usage.timeToFirstToken?.seconds ?? .nan)
            reused = b.usage.cachedPromptTokens
        }
        return PrefixMeasurement(prefixTokens: try await engine.countTokens(prefix), first: Self.median(firsts),
                                 second: Self.median(seconds), reused: reused)
    }

    static func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
    static func f(_ value: Double?) -> String { value.map { String(format: "%.1f", $0) } ?? "-" }
    static func ratio(_ ours: Double?, _ reference: Double?) -> String {
        guard let ours, let reference, reference > 0 else { return "-" }
        return String(format: "%.2f", ours / reference)
    }
}

import ArgumentParser
import Foundation
import LLM
import LlamaEngine

/// `engine-stress`: several engines at once, in the ways a server will use them, so that sanitizer
/// builds (AddressSanitizer, ThreadSanitizer; `scripts/sanitize.sh`) can watch llama.cpp and the
/// engine code under concurrency. Every operation is drawn from a seeded generator, so a failing
/// run can be repeated exactly with its `--seed`. It depends on LLM and LlamaEngine only, so a
/// sanitizer build compiles little besides the code under test.
@main
struct StressCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "engine-stress",
        abstract: "Run several engines concurrently with random cancellation, deadlines and engine swaps.",
        discussion: """
            Engines: one per --models entry plus a second engine of the first model (same model, two contexts). \
            Each of --concurrency workers repeatedly draws an operation: a streamed generation cut off after a \
            random number of tokens, a generation whose deadline expires mid-decode, a generation cancelled from \
            outside after a random delay, a closed-set classification under a deadline, log-likelihood scoring, \
            sentence vectors from the engine and from the sentence encoder, unloading an engine (the next call \
            reloads it), and replacing an engine with a freshly loaded one while other workers may still be \
            streaming from the old one. Unexpected errors are counted and listed; the exit status is 1 when there \
            are any. Run it from a sanitizer build: scripts/sanitize.sh address|thread (docs/contributing.md).
            Example: engine-stress --iterations 1000 --concurrency 4 --seed 7
            """
    )

    @Option(name: .long, help: "Operations in all.")
    var iterations = 1000

    @Option(name: .long, help: "Workers running operations at the same time.")
    var concurrency = 4

    @Option(name: .long, help: "Seed of the operation sequence (the same seed repeats the same run).")
    var seed: UInt64 = 1

    @Option(name: .long, parsing: .upToNextOption,
            help: "GGUF files to load, one engine each plus a second of the first (default: the two default models in the models folder).")
    var models: [String] = []

    @Option(name: .long, help: "CPU threads per engine.")
    var threads = 1

    @Option(name: .long, help: "Generations each engine decodes side by side (continuous batching; 1 runs them one after another).")
    var batch = 4

    func validate() throws {
        if iterations < 1 { throw ValidationError("--iterations must be at least 1.") }
        if concurrency < 1 || concurrency > 64 { throw ValidationError("--concurrency must be between 1 and 64.") }
        if batch < 1 || batch > 16 { throw ValidationError("--batch must be between 1 and 16.") }
    }

    /// `$HOMEOS_MODELS_DIR`, else `$HOMEOS_CACHE/models`, else `~/.cache/homeos/models` (as ModelHub resolves it).
    static var modelsFolder: URL {
        let environment = ProcessInfo.processInfo.environment
        if let explicit = environment["HOMEOS_MODELS_DIR"], !explicit.isEmpty { return URL(fileURLWithPath: explicit) }
        let cache = environment["HOMEOS_CACHE"].flatMap { $0.isEmpty ? nil : URL(fileURLWithPath: $0) }
            ?? FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(".cache/homeos")
        return cache.appendingPathComponent("models")
    }

    func run() async throws {
        let folder = Self.modelsFolder
        let paths = models.isEmpty
            ? ["SmolLM2-135M-Instruct.Q8_0.gguf", "gemma-3-270m-q4_k_m.gguf"].map { folder.appendingPathComponent($0).path }
            : models
        for path in paths where !FileManager.default.isReadableFile(atPath: path) {
            throw ValidationError("\(path) is not a readable model file; run `make setup` or pass --models.")
        }
        var configuration = LlamaConfiguration(threads: threads, contextSize: 1024, batchSize: 64)
        configuration.batchSequences = batch
        let pool = EnginePool(paths: [paths[0]] + paths, configuration: configuration)
        try await pool.loadAll()
        let encoder = SentenceEncoder.defaultModelPath(in: folder).flatMap { try? SentenceEncoder(modelPath: $0) }
        let tally = StressTally()
        FileHandle.standardError.write(Data(("==> \(iterations) operations, \(concurrency) workers, \(paths.count + 1) engines (batch \(batch))"
            + (encoder == nil ? "" : " + the sentence encoder") + ", seed \(seed)\n").utf8))
        let started = ContinuousClock.now
        await withTaskGroup(of: Void.self) { group in
            for worker in 0..<concurrency {
                group.addTask {
                    var random = SplitMix64(seed: seed &+ UInt64(worker) &* 0x9E37_79B9)
                    for step in stride(from: worker, to: iterations, by: concurrency) {
                        let operation = StressOperation.allCases.randomElement(using: &random)!
                        let outcome = await operation.run(pool: pool, encoder: encoder, random: &random)
                        await tally.record(operation, outcome)
                        if (step + 1) % 100 == 0 { FileHandle.standardError.write(Data("    \(step + 1)/\(iterations)\n".utf8)) }
                    }
                }
            }
        }
        let report = await tally.report()
        let seconds = Double(started.duration(to: .now).components.seconds)
        print("Stress run: \(iterations) operations in \(Int(seconds)) s, seed \(seed)\n")
        for row in [["operation", "runs", "completed", "cut short", "unexpected errors"]] + report.rows {
            print(row[0].padding(toLength: 30, withPad: " ", startingAt: 0) + row.dropFirst().map { $0.padding(toLength: 18, withPad: " ", startingAt: 0) }.joined())
        }
        if !report.errors.isEmpty {
            print("\nUnexpected errors:")
            for error in report.errors.prefix(20) { print("  \(error)") }
            throw ExitCode(1)
        }
        print("\nNo unexpected errors.")
    }
}

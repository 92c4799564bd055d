import ArgumentParser
import Foundation
import LLM
import LlamaEngine
import ModelHub

/// `homeos dev bench bridge`: latency of the bridge calls the apps make.
struct BridgeBenchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bridge",
        abstract: "Measure classify latency (19 categories) and constrained vs unconstrained decoding speed.",
        discussion: """
            classify: 20 messages into the 19 HomeOS skills by log-likelihood, p50 and p95, once with the \
            prefix cache cold (an unrelated request before each) and once warm (consecutive calls share the \
            category prompt), and warm again with the categories scored one after another instead of side by \
            side in one batch (the reference). Decoding: the same extraction prompt with and without a JSON Schema \
            constraint; decode tokens/s and the ratio. Timings vary with machine load.
            """
    )

    @Option(name: .long, parsing: .upToNextOption, help: "Models to measure (ids or paths).")
    var models: [String] = ["smollm2-135m-instruct", "gemma3-270m"]

    @Option(name: .long, help: "Runs per decoding measurement; the median is reported.")
    var repetitions: Int = 3

    func validate() throws {
        if repetitions < 1 { throw ValidationError("--repetitions must be at least 1.") }
    }

    func run() async throws {
        let directory = ModelDirectory.standard()
        var classifyRows = [["model", "cache", "scoring", "p50 ms", "p95 ms", "max ms", "p50 vs reference"]]
        var decodeRows = [["model", "free tok/s", "constrained tok/s", "ratio", "valid JSON"]]
        for name in models {
            let resolved = try directory.resolve(name)
            Terminal.error("==> \(resolved.id): loading")
            let engine = try await LlamaEngine(modelPath: resolved.path, id: resolved.id, configuration: .preset(.balanced))
            let bridge = LLMBridge(model: engine)

            Terminal.error("==> \(resolved.id): classify, cold and warm")
            var cold: [Double] = [], warm: [Double] = []
            for message in BenchCategories.messages {
                _ = try await engine.respond(to: GenerationRequest(prompt: .text("Unrelated text to evict the cache."),
                                                                   options: .init(maxTokens: 1)))
                cold.append(try await Self.time { _ = try await bridge.classify(input: message, categories: BenchCategories.skills) })
            }
            for message in BenchCategories.messages {
                warm.append(try await Self.time { _ = try await bridge.classify(input: message, categories: BenchCategories.skills) })
            }
            await engine.setScoresSideBySide(false)
            var reference: [Double] = []
            for message in BenchCategories.messages {
                reference.append(try await Self.time { _ = try await bridge.classify(input: message, categories: BenchCategories.skills) })
            }
            await engine.setScoresSideBySide(true)
            let referenceMedian = Self.median(reference)
            classifyRows.append([resolved.id, "cold", "one batch"] + Self.percentiles(cold) + [""])
            classifyRows.append([resolved.id, "warm", "one batch"] + Self.percentiles(warm)
                                + [EngineBenchCommand.ratio(Self.median(warm), referenceMedian)])
            classifyRows.append([resolved.id, "warm", "one by one (reference)"] + Self.percentiles(reference) + ["1.00"])

            Terminal.error("==> \(resolved.id): constrained vs unconstrained decoding")
            let decoding = try await DecodingComparison.run(engine: engine, repetitions: repetitions)
            decodeRows.append([resolved.id, EngineBenchCommand.f(decoding.free), EngineBenchCommand.f(decoding.constrained),
                               EngineBenchCommand.ratio(decoding.constrained, decoding.free),
                               decoding.valid ? "yes" : "NO"])
        }
        print("classify: 20 messages into 19 categories (log-likelihood scoring)\n")
        print(Terminal.table(classifyRows))
        print("\nDecoding speed with and without a JSON Schema constraint (greedy, median of \(repetitions))\n")
        print(Terminal.table(decodeRows))
    }

    static func time(_ body: () async throws -> Void) async throws -> Double {
        let start = ContinuousClock.now
        try await body()
        return start.duration(to: .now).milliseconds
    }

    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        return sorted.isEmpty ? 0 : sorted[sorted.count / 2]
    }

    static func percentiles(_ values: [Double]) -> [String] {
        let sorted = values.sorted()
        func at(_ q: Double) -> String { String(format: "%.0f", sorted[min(sorted.count - 1, Int(Double(sorted.count) * q))]) }
        return [at(0.5), at(0.95), String(format: "%.0f", sorted.last ?? 0)]
    }
}

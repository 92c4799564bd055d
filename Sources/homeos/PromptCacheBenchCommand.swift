import ArgumentParser
import Foundation
import LLM
import LlamaEngine
import ModelHub

/// `homeos dev bench prompt-cache`: the first chat request after a restart, with the persisted
/// prompt cache against without it.
struct PromptCacheBenchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "prompt-cache",
        abstract: "Time to first token of the first chat request after a restart, with the saved system-prompt state and without.",
        discussion: """
            Each repetition starts from an empty cache folder: one engine answers once (evaluating the system \
            prompt and saving its state), then a new engine — a restart — answers the same conversation with \
            the cache folder, and another without it. Both new engines have nothing in memory; the difference \
            is reading the saved state against evaluating the system prompt. The system prompt is a household \
            assistant's instructions and facts, about --system-tokens long. Timings vary with machine load; \
            compare the ratio within one run.
            """
    )

    @Option(name: .long, parsing: .upToNextOption, help: "Models to measure (ids or paths).")
    var models: [String] = ["smollm2-135m-instruct", "gemma3-270m"]

    @Option(name: .long, help: "Repetitions; the median is reported.")
    var repetitions: Int = 3

    @Option(name: .long, help: "About how many tokens the system prompt has.")
    var systemTokens: Int = 800

    func validate() throws {
        if repetitions < 1 { throw ValidationError("--repetitions must be at least 1.") }
        if systemTokens < 100 || systemTokens > 1800 { throw ValidationError("--system-tokens must be between 100 and 1800.") }
    }

    static let facts = [
        "The Rivera family lives in Austin and keeps a shared calendar.",
        "Mateo is allergic to peanuts; never suggest dishes with peanuts.",
        "Rosa takes metformin 500 mg with breakfast and dinner.",
        "School nights need dinners ready within thirty minutes.",
        "Fridays are fish nights; weekdays are vegetarian.",
        "Approvals are needed for bookings, purchases and messages to people outside the family.",
        "Answer in one or two short sentences, warmly, and say when you are unsure.",
    ]

    func run() async throws {
        let directory = ModelDirectory.standard()
        var rows = [["model", "system tokens", "restored tokens", "TTFT with cache ms", "TTFT without ms", "speed-up"]]
        for name in models {
            let resolved = try directory.resolve(name)
            var configuration = LlamaConfiguration.preset(.balanced)
            configuration.contextSize = 2048
            let probe = try await LlamaEngine(modelPath: resolved.path, id: resolved.id, configuration: configuration)
            var system = ""
            var index = 0
            while try await probe.countTokens(system) < systemTokens {
                system += Self.facts[index % Self.facts.count] + " "
                index += 1
            }
            let systemCount = try await probe.countTokens(system)
            let request = GenerationRequest(messages: [.system(system), .user("What could we cook tonight?")],
                                            options: GenerationOptions(temperature: 0, maxTokens: 8))
            var with: [Double] = [], without: [Double] = [], restored = 0
            for repetition in 1...repetitions {
                Terminal.error("==> \(resolved.id): repetition \(repetition) of \(repetitions)")
                let folder = FileManager.default.temporaryDirectory.appendingPathComponent("prompt-cache-bench-\(UUID().uuidString)")
                defer { try? FileManager.default.removeItem(at: folder) }
                var cached = configuration
                cached.promptCache = PromptCache(directory: folder)
                _ = try await LlamaEngine(modelPath: resolved.path, id: resolved.id, configuration: cached).respond(to: request)
                let restarted = try await LlamaEngine(modelPath: resolved.path, id: resolved.id, configuration: cached)
                let fast = try await restarted.respond(to: request)
                guard await restarted.promptCacheEvents.contains(where: { $0.hasPrefix("restored") }) else {
                    throw ValidationError("the restarted engine did not restore the saved state: \(await restarted.promptCacheEvents)")
                }
                restored = fast.usage.cachedPromptTokens
                let plain = try await LlamaEngine(modelPath: resolved.path, id: resolved.id, configuration: configuration).respond(to: request)
                with.append(Self.milliseconds(fast.usage.timeToFirstToken))
                without.append(Self.milliseconds(plain.usage.timeToFirstToken))
            }
            let fast = BridgeBenchCommand.median(with), slow = BridgeBenchCommand.median(without)
            rows.append([resolved.id, "\(systemCount)", "\(restored)", String(format: "%.0f", fast), String(format: "%.0f", slow),
                         String(format: "%.1f×", slow / max(fast, 0.001))])
        }
        print("First chat request after a restart: persisted prompt cache vs none (greedy, median of \(repetitions))\n")
        print(Terminal.table(rows))
    }

    static func milliseconds(_ duration: Duration?) -> Double {
        guard let duration else { return .nan }
        return Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
    }
}

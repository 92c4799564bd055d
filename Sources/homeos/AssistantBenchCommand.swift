import ArgumentParser
import Foundation
import HomeOS
import LLM
import Skills

/// `homeos dev bench assistant`: latency of the assistant's model steps against the seed's targets.
struct AssistantBenchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "assistant",
        abstract: "p50/p95 of model load, classification, JSON extraction, short and long generation and the full turn, next to the targets.",
        discussion: """
            model load: loading the engine until its first generated token (target < 5 s, once). \
            classification: LLMBridge.classify of 20 messages over the 19 HomeOS skills (target < 500 ms). \
            JSON extraction: a restaurant reservation into {cuisine, date, time, partySize, location, \
            specialRequests} (< 1.5 s). Short generation: about 40 tokens of free text (< 1 s). Long generation: a \
            paragraph of more than 100 words, up to 200 tokens (< 2 s; the average word count is printed, since a \
            model may stop sooner). Full routing \
            cycle: Assistant.handle (route, extract, execute) on a few messages over an in-memory copy of the \
            sample family (< 3 s). Each is run --repetitions times after one warm-up. Timings vary with machine load.

            Examples:
              homeos dev bench assistant
              homeos dev bench assistant --model gemma3-270m --repetitions 5
            """)

    @OptionGroup var model: ModelOptions

    @Option(name: .long, help: "Rounds over each workload; p50 and p95 are taken over every call.")
    var repetitions: Int = 3

    @Option(name: .long, help: ArgumentHelp("Family file for the full cycle (default: examples/sample-family.json).", valueName: "file"))
    var family: String?

    func validate() throws {
        if repetitions < 1 { throw ValidationError("--repetitions must be at least 1.") }
    }

    /// Messages for the full routing cycle.
    static let turns = [
        "What should we have for dinner tonight?", "Book a table at an Italian place for Saturday at 7pm for 4",
        "Leo has a fever of 38.5", "Remind me to call the dentist tomorrow at 9am", "Give me my morning briefing",
    ]

    /// Messages for JSON extraction.
    static let reservations = [
        "Book a table at an Italian place downtown for Saturday at 7pm for 4 people, a window seat if possible.",
        "Reserve sushi for two tomorrow at 8pm.",
        "Get us a table for 6 at a Mexican restaurant on Friday at 6:30pm, we need a high chair.",
    ]

    /// Prompts for short generation.
    static let shortPrompts = [
        "In one sentence, suggest a quick weeknight dinner.",
        "In one sentence, why is a shared family calendar useful?",
        "Give one tip for a calm bedtime routine.",
    ]

    /// Prompts for long generation (the seed: more than 100 words in under 2 s).
    static let longPrompts = [
        "Write a detailed paragraph of about 120 words on how a family can share the weekly chores fairly.",
        "Write a detailed paragraph of about 120 words describing a relaxed Sunday for a family with young children.",
    ]

    func run() async throws {
        // Model load, the seed's cold start: from nothing to the first generated token.
        let loadStart = ContinuousClock.now
        let engine = try await model.loadEngine()
        let bridge = LLMBridge(model: engine)
        _ = try await bridge.generate(prompt: "Hello", options: GenerationOptions(maxTokens: 1))
        let load = loadStart.duration(to: .now).milliseconds
        let categories = HomeOSSkillCatalog.all.map {
            ClassificationCategory(name: $0.id, description: $0.summary, examples: Array($0.examples.prefix(2)))
        }
        let seed = try InitCommand.seed(fromFile: try SampleFamilyFile.locate(family).path)
        let extraction = "Extract the restaurant reservation as JSON with the fields cuisine, date (YYYY-MM-DD), time (HH:MM), "
            + "partySize, location and specialRequests. Today is \(Self.today(in: seed.family.timeZone ?? .current))."

        Terminal.error("==> \(engine.id): warm-up")
        _ = try await bridge.generate(prompt: "Hello", options: GenerationOptions(maxTokens: 4))

        Terminal.error("==> classification")
        var classify: [Double] = []
        for _ in 0..<repetitions {
            for message in BenchCategories.messages {
                classify.append(try await BridgeBenchCommand.time { _ = try await bridge.classify(input: message, categories: categories) })
            }
        }
        Terminal.error("==> JSON extraction")
        var json: [Double] = []
        for _ in 0..<repetitions {
            for message in Self.reservations {
                json.append(try await BridgeBenchCommand.time {
                    _ = try await bridge.generateJSONReport(prompt: message, schema: DecodingComparison.reservationSchema,
                                                            system: extraction, maxTokens: 96)
                })
            }
        }
        Terminal.error("==> short generation")
        var generation: [Double] = []
        for _ in 0..<repetitions {
            for prompt in Self.shortPrompts {
                generation.append(try await BridgeBenchCommand.time {
                    _ = try await bridge.generate(prompt: prompt, options: GenerationOptions(maxTokens: 40))
                })
            }
        }
        Terminal.error("==> long generation")
        var long: [Double] = []
        var longWords: [Int] = []
        for _ in 0..<repetitions {
            for prompt in Self.longPrompts {
                var text = ""
                long.append(try await BridgeBenchCommand.time {
                    text = try await bridge.generate(prompt: prompt, options: GenerationOptions(maxTokens: 200))
                })
                longWords.append(text.split(whereSeparator: \.isWhitespace).count)
            }
        }
        Terminal.error("==> full routing cycle")
        var cycle: [Double] = []
        var perTurn: [String: (skills: String, ms: [Double])] = [:]
        let tokenCounter = AssistantOptions.tokenCounter(for: bridge.model)
        for _ in 0..<repetitions {
            for message in Self.turns {
                let home = try HomeOSAssistant(storage: try SampleFamilyFile.temporaryStore(from: seed), bridge: bridge,
                                               tokenCounter: tokenCounter)
                let reply = await home.assistant.handle(message)
                cycle.append(reply.duration.milliseconds)
                let skills = reply.handoffChain.isEmpty ? (reply.skillID ?? "none") : reply.handoffChain.joined(separator: " → ")
                perTurn[message, default: (skills, [])].ms.append(reply.duration.milliseconds)
            }
        }
        var rows = [["step", "calls", "p50 ms", "p95 ms", "target", "p50 within", "p95 within"]]
        let words = longWords.isEmpty ? 0 : longWords.reduce(0, +) / longWords.count
        for (name, values, target) in [("model load to first token", [load], 5000.0),
                                       ("classification (19 skills)", classify, 500), ("JSON extraction", json, 1500),
                                       ("short generation (40 tok)", generation, 1000),
                                       ("long generation (\(words) words avg)", long, 2000), ("full routing cycle", cycle, 3000)] {
            let p50 = Self.percentile(values, 0.5), p95 = Self.percentile(values, 0.95)
            rows.append([name, "\(values.count)", String(format: "%.0f", p50), String(format: "%.0f", p95),
                         target >= 1000 ? String(format: "< %.1f s", target / 1000) : String(format: "< %.0f ms", target),
                         p50 < target ? "yes" : "NO", p95 < target ? "yes" : "NO"])
        }
        print("Assistant latency on \(engine.id) (\(repetitions) rounds)\n")
        print(Terminal.table(rows))
        var turnRows = [["full routing cycle: message", "skills", "p50 ms", "max ms"]]
        for message in Self.turns {
            guard let turn = perTurn[message] else { continue }
            turnRows.append([message, turn.skills, String(format: "%.0f", Self.percentile(turn.ms, 0.5)),
                             String(format: "%.0f", turn.ms.max() ?? .nan)])
        }
        print("\n" + Terminal.table(turnRows))
    }

    /// The value at quantile `q` (nearest rank) of `values`.
    static func percentile(_ values: [Double], _ q: Double) -> Double {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return .nan }
        return sorted[min(sorted.count - 1, Int(Double(sorted.count) * q))]
    }

    static func today(in timeZone: TimeZone) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = timeZone
        formatter.dateFormat = "yyyy-MM-dd (EEEE)"
        return formatter.string(from: Date())
    }
}

import ArgumentParser
import Foundation
import HomeOS
import LLM
import Skills

/// `homeos dev eval prompts`: the prompt regression suite.
struct PromptsEvalCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "prompts",
        abstract: "Run the saved prompt regression cases through the assistant; pass/fail with reasons and latencies.",
        discussion: """
            Each case (Sources/HomeOS/Resources/prompt-cases.json: name, message, expectedContains, \
            expectedNotContains, maxLatencyMs, and optionally expectedType and expectedSkill) is sent to a fresh \
            assistant over an in-memory copy of the sample family, so nothing is written anywhere. The exit status \
            is 1 when any case fails — run it after changing a prompt or a model.

            Examples:
              homeos dev eval prompts
              homeos dev eval prompts --no-model
              homeos dev eval prompts --model gemma3-270m --case peanut
            """)

    @OptionGroup var model: ModelOptions

    @Flag(name: .customLong("no-model"), help: "Run without a language model (deterministic steps only).")
    var noModel = false

    @Option(name: .long, help: ArgumentHelp("Family file to copy (default: examples/sample-family.json).", valueName: "file"))
    var family: String?

    @Option(name: .long, help: ArgumentHelp("Cases file to use instead of the bundled prompt-cases.json.", valueName: "file"))
    var cases: String?

    @Option(name: .customLong("case"), help: ArgumentHelp("Run only the cases whose name contains this text.", valueName: "text"))
    var only: String?

    func validate() throws {
        if noModel && model.model != nil { throw ValidationError("--no-model and --model exclude each other.") }
    }

    func run() async throws {
        var suite = try cases.map { try PromptCases.load(from: URL(fileURLWithPath: $0)) } ?? PromptCases.bundled()
        if let only { suite = suite.filter { $0.name.localizedCaseInsensitiveContains(only) } }
        guard !suite.isEmpty else { throw CommandFailure("No prompt cases to run.") }
        let seed = try InitCommand.seed(fromFile: try SampleFamilyFile.locate(family).path)
        var bridge: LLMBridge?
        if !noModel {
            do { bridge = LLMBridge(model: try await model.loadEngine()) } catch {
                throw CommandFailure("The model could not be loaded: \(error) Use --no-model to run without one.")
            }
        }
        var rows = [["case", "skill", "result", "ms", "limit ms", "verdict"]]
        var failures: [(PromptCase, [String], String)] = []
        for (index, item) in suite.enumerated() {
            Terminal.progress("cases", index, suite.count)
            let home = try HomeOSAssistant(storage: try SampleFamilyFile.temporaryStore(from: seed), bridge: bridge,
                                               tokenCounter: AssistantOptions.tokenCounter(for: bridge?.model))
            let reply = await home.assistant.handle(item.message)
            let ms = reply.duration.milliseconds
            let reasons = item.failures(result: reply.result, skillID: reply.skillID, milliseconds: ms)
            if !reasons.isEmpty { failures.append((item, reasons, AssistantReplyText.text(of: reply.result))) }
            rows.append([item.name, reply.skillID ?? "-", AssistantReplyText.type(of: reply.result),
                         String(format: "%.0f", ms), String(format: "%.0f", item.maxLatencyMs), reasons.isEmpty ? "pass" : "FAIL"])
        }
        Terminal.progress("cases", suite.count, suite.count)
        Terminal.error("")
        print("Prompt regression suite (\(noModel ? "no model" : "model \(bridge?.model.id ?? "?")"))\n")
        print(Terminal.table(rows))
        for (item, reasons, text) in failures {
            let reply = text.replacingOccurrences(of: "\n", with: " ")
            print("\nFAIL \(item.name): " + reasons.joined(separator: "; "))
            print("  message: \(item.message)")
            print("  reply:   \(reply.count > 200 ? String(reply.prefix(200)) + "…" : reply)")
        }
        print("\n\(suite.count - failures.count) of \(suite.count) passed.")
        if !failures.isEmpty { throw ExitCode(1) }
    }
}

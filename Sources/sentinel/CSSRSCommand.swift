import ArgumentParser
import Foundation
import Sentinel

/// `sentinel cssrs`: the C-SSRS screener alone, deterministic, no model.
struct CSSRSCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "cssrs",
        abstract: "Run only the C-SSRS screener (deterministic, no model) and print its risk tier.",
        discussion: """
            Skip logic: questions 1 and 2 are always asked; 3, 4 and 5 only after a yes to 2; \
            6b (within the past 3 months) only after a yes to 6. Tiers: no yes = green; yes to 1 \
            and/or 2 only = yellow (Columbia low); yes to 3, or to 6 earlier in life only = orange, high \
            monitoring (Columbia moderate); yes to 4 or 5, or 6b (behaviour within the past 3 months) = \
            red, crisis (Columbia high; the C-SSRS Screen Version's own triage). Answer files that \
            break the skip logic are rejected.

            Examples:
              sentinel cssrs
              sentinel cssrs --answers answers.json --json
              sentinel cssrs --questions
            """
    )

    @Option(name: .long, help: ArgumentHelp("Answers as JSON instead of asking.", valueName: "file.json"))
    var answers: String?

    @Flag(name: .long, help: "Print the questions and the skip logic, then exit.")
    var questions = false

    @Flag(name: .long, help: "Print the result as JSON (prompts go to standard error).")
    var json = false

    /// The JSON output.
    struct Output: Encodable {
        var screener: CSSRSResult
        var guidance: String
        var crisisResources: [CrisisResource]
    }

    func run() async throws {
        if questions {
            for item in CSSRSItem.allCases {
                Console.out("\(item.number). [\(item.rawValue)] \(item.timeFrame): \(item.question)\n")
            }
            Console.out("\nItems 3-5 are asked only after a yes to 2; 6b only after a yes to 6.\n")
            return
        }
        let console = Console(promptsToStandardError: json)
        var given = CSSRSAnswers()
        if let answers {
            given = try CheckInAnswerSheet.load(path: answers).answers
        } else {
            console.prompt(Questionnaire.introduction)
            let questionnaire = Questionnaire(console: console)
            do {
                while let item = CSSRSScreener.nextItem(after: given) { given[item] = try await questionnaire.ask(item) }
            } catch {
                Console.error("\n\(error). " + Console.crisisLines)
                throw ExitCode(2)
            }
        }
        let result = try CSSRSScreener.score(given)
        let resources = result.tier.showsCrisisResources ? CrisisResource.unitedStates : []
        if json {
            Console.out(try Console.json(Output(screener: result, guidance: result.tier.guidance, crisisResources: resources)) + "\n")
            return
        }
        var lines: [String] = [""]
        if !resources.isEmpty { lines += [Console.crisisLines, ""] }
        let positives = result.decisiveItems.map(\.label).joined(separator: ", ")
        lines.append("Screener result: \(result.tier.rawValue.uppercased()) — \(result.tier.label) (Columbia triage: \(result.triage.rawValue))"
            + (positives.isEmpty ? "" : " — yes to \(positives)"))
        lines.append(result.tier.guidance)
        Console.out(lines.joined(separator: "\n") + "\n")
    }
}

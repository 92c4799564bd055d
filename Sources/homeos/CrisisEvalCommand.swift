import ArgumentParser
import CrisisDetection
import Evaluation
import Foundation

/// `homeos dev eval crisis`: the crisis layer on the project's labelled sets.
struct CrisisEvalCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "crisis",
        abstract: "Run the crisis layer over a labelled set: recall per crisis category, false positives per look-alike.",
        discussion: """
            --data development reads evaluation/development/crisis*.jsonl, the sets the rules are tuned on. \
            --data heldout reads the frozen evaluation/heldout/crisis.jsonl and household.jsonl, for final \
            reports only: never tune on it. --file reads any file of the same format instead. No language model \
            is used; the learned half reads the sentence encoder (all-MiniLM-L6-v2) when it is installed, and \
            --rules-only leaves it out. The development sets are the classifier's training data, so their figures \
            with it are optimistic.

            Examples:
              homeos dev eval crisis --data development --misses
              homeos dev eval crisis --data heldout
            """
    )

    enum DataSet: String, ExpressibleByArgument, CaseIterable {
        case development, heldout
    }

    @Option(name: .long, help: "Which set: development or heldout.")
    var data: DataSet = .development

    @Option(name: .long, help: ArgumentHelp("A JSON Lines file to read instead ({\"text\", \"crisis\", \"category\"} or {\"text\", \"skill\"}).", valueName: "path"))
    var file: [String] = []

    @Flag(name: .long, help: "The rules alone, without the learned classifier over sentence vectors.")
    var rulesOnly = false

    @Flag(name: .long, help: "List the crises missed and the look-alikes flagged (development only, to tune on).")
    var misses = false

    /// `evaluation/` in the checkout this binary was built from.
    static let evaluationFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("evaluation")

    /// Every development crisis set (`evaluation/development/crisis*.jsonl`), in name order.
    static func developmentFiles() throws -> [URL] {
        let folder = evaluationFolder.appendingPathComponent("development")
        return try FileManager.default.contentsOfDirectory(atPath: folder.path)
            .filter { $0.hasPrefix("crisis") && $0.hasSuffix(".jsonl") }.sorted().map { folder.appendingPathComponent($0) }
    }

    func run() async throws {
        let files: [URL]
        if !file.isEmpty {
            files = file.map { URL(fileURLWithPath: $0) }
        } else if data == .heldout {
            files = ["crisis.jsonl", "household.jsonl"].map { Self.evaluationFolder.appendingPathComponent("heldout/" + $0) }
        } else {
            files = try Self.developmentFiles()
        }
        var cases: [CrisisEvaluation.Case] = []
        do {
            for url in files { cases += try CrisisEvaluation.cases(fromJSONLines: url) }
        } catch {
            throw CommandFailure("\(error)")
        }
        let encoder = rulesOnly ? nil : AssistantOptions.sentenceEncoder()
        let screen = CrisisScreen(encoder: encoder)
        let semantic = await screen.semanticAvailable()
        let report = await CrisisEvaluation(screen: semantic ? screen : CrisisScreen(encoder: nil, classifier: nil)).run(cases)
        let layer = semantic ? "rules + classifier over \(screen.classifier!.space.name)" : "rules only"
        print("Crisis layer (\(layer)) on \(files.map(\.lastPathComponent).joined(separator: " + ")) (\(cases.count) messages, no language model)\n")
        print(report.render())
        if misses {
            guard data == .development || !file.isEmpty else {
                throw CommandFailure("--misses lists messages to tune on; it is not available for the frozen held-out set.")
            }
            print("")
            for (testCase, assessment) in report.outcomes where testCase.isCrisis != assessment.isCrisis {
                let what = testCase.isCrisis ? "MISSED" : "FLAGGED (\(assessment.rule ?? "-"))"
                print("\(what) [\(testCase.category)] \(testCase.text)")
            }
        }
    }
}

import ArgumentParser
import Evaluation
import Foundation
import LLM

/// `homeos dev eval arguments`: BFCL argument extraction with schema-constrained decoding.
struct ArgumentsEvalCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "arguments",
        abstract: "Extract function calls on BFCL (simple_python, multiple, irrelevance) with schema-constrained JSON; AST-match scores.",
        discussion: """
            Each case is one constrained generation whose schema offers every function ({"name", "arguments"}) and, \
            unless --no-call-branch off, {"call": null} for "no call"; the same shape in every category, so the \
            model decides whether to call. Scoring follows BFCL's AST match (see docs/evaluation.md): the function \
            name, required parameters present, values among the acceptable ones (numbers by value, strings \
            normalised as BFCL does), no unknown parameters, "" marks an optional one. Irrelevance passes when no \
            call is made. Scores are printed next to FunctionGemma 270M's published figures.
            Example: homeos dev eval arguments --data bfcl --category simple_python --limit 50
            """
    )

    enum DataSet: String, ExpressibleByArgument { case bfcl }
    enum Category: String, ExpressibleByArgument, CaseIterable {
        case simplePython = "simple_python", multiple, irrelevance
        var bfcl: BFCLCategory { BFCLCategory(rawValue: rawValue)! }
    }
    enum Switch: String, ExpressibleByArgument { case on, off }

    @Option(name: .long, help: "Data set (bfcl).")
    var data: DataSet = .bfcl

    @Option(name: .long, help: "Category: simple_python, multiple or irrelevance (default: all three).")
    var category: Category?

    @OptionGroup var modelOptions: ModelOptions

    @Option(name: .long, help: "Evaluate N cases per category, spread evenly.")
    var limit: Int?

    @Option(name: .long, help: "Whether the schema offers {\"call\": null}: on (default) or off.")
    var noCallBranch: Switch = .on

    @Option(name: .long, help: "Token limit per answer.")
    var maxTokens: Int = 384

    @Flag(name: .long, help: "Print every case's verdict and output.")
    var verbose = false

    func validate() throws {
        if let limit, limit < 1 { throw ValidationError("--limit must be at least 1.") }
        if maxTokens < 16 { throw ValidationError("--max-tokens must be at least 16.") }
    }

    func run() async throws {
        let data = try EvaluationData.locate()
        let engine = try await modelOptions.loadEngine()
        var evaluation = ArgumentEvaluation(bridge: LLMBridge(model: engine))
        evaluation.allowNoCall = noCallBranch == .on
        evaluation.maxTokens = maxTokens
        var reports: [ArgumentReport] = []
        for selected in category.map({ [$0] }) ?? Category.allCases {
            var cases = try data.bfcl(selected.bfcl)
            if let limit, limit < cases.count { cases = (0..<limit).map { cases[$0 * cases.count / limit] } }
            Terminal.error("==> \(selected.rawValue): \(cases.count) cases with \(engine.id)")
            let report = await evaluation.run(cases, category: selected.bfcl, modelName: engine.id) { done, total, passed in
                if done % 25 == 0 || done == total { Terminal.error("    \(done)/\(total), \(passed) passed") }
            }
            if verbose {
                for result in report.results {
                    let verdict: String
                    switch result.verdict {
                    case .pass: verdict = "PASS"
                    case .fail(let reason): verdict = "FAIL (\(reason))"
                    }
                    print("\(result.id): \(verdict)\n    \(result.output.prefix(300))")
                }
            }
            reports.append(report)
        }
        print("BFCL v4 AST accuracy, model \(engine.id), schema-constrained decoding, \"no call\" branch \(noCallBranch.rawValue)\n")
        print(Terminal.table([ArgumentReport.tableHeader] + reports.map(\.tableRow)))
        for report in reports where !report.failureKinds().isEmpty {
            print("\n\(report.category.rawValue) failures: " + report.failureKinds().map { "\($0.kind) \($0.count)" }.joined(separator: ", "))
        }
    }
}

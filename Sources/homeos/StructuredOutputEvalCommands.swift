import ArgumentParser
import Evaluation
import Foundation
import LLM
import LlamaEngine

/// `homeos dev eval json-schema-suite`: the validator against the official JSON Schema Test Suite.
struct JSONSchemaSuiteEvalCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "json-schema-suite",
        abstract: "Run the JSON Schema Test Suite (installed by make setup) against the validator.",
        discussion: "Prints passed/failed per keyword file and totals; optional cases (and optional/format with format assertion) are counted separately."
    )

    enum Draft: String, ExpressibleByArgument, CaseIterable { case v2020 = "2020-12", v7 = "7" }

    @Option(name: .long, help: "Draft to run: 2020-12 or 7 (default: both).")
    var draft: Draft?

    @Flag(name: .long, help: "Also run the optional cases.")
    var optional = false

    @Flag(name: .long, help: "List every failing case with its reason.")
    var failures = false

    func run() async throws {
        let conformance = JSONSchemaConformance(data: try EvaluationData.locate())
        for selected in draft.map({ [$0] }) ?? Draft.allCases {
            let report = try conformance.run(draft: selected == .v7 ? .draft7 : .draft2020_12, includeOptional: optional)
            print("JSON Schema Test Suite, draft \(selected.rawValue)\n")
            print(report.renderTable())
            if failures {
                for failure in report.failures { print("FAIL \(failure.id): \(failure.reason)") }
            }
            print("")
        }
    }
}

/// `homeos dev eval schema-coverage`: declared and empirical coverage on JSONSchemaBench.
struct SchemaCoverageEvalCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "schema-coverage",
        abstract: "How many JSONSchemaBench schemas compile to a grammar, and how many constrained generations validate.",
        discussion: """
            Declared coverage: schemas whose every keyword the grammar enforces. Empirical coverage (--samples N): \
            constrained generations with the model, greedy, two short examples in the prompt, validated against the \
            schema; compared with the published llama.cpp and Guidance figures.
            """
    )

    @OptionGroup var modelOptions: ModelOptions

    @Option(name: .long, help: "Schemas per subset for empirical coverage (0 = declared only).")
    var samples: Int = 0

    @Option(name: .long, parsing: .upToNextOption, help: "Subsets (default: all six).")
    var subsets: [String] = BenchSchemaSample.subsets

    @Flag(name: .long, help: "Also run the same prompts without the constraint, for contrast.")
    var unconstrained = false

    @Option(name: .long, help: "Token limit per generation.")
    var maxTokens: Int = 384

    func validate() throws {
        if samples < 0 { throw ValidationError("--samples must be 0 or more.") }
        let unknown = subsets.filter { !BenchSchemaSample.subsets.contains($0) }
        if !unknown.isEmpty { throw ValidationError("Unknown subsets \(unknown); use \(BenchSchemaSample.subsets).") }
    }

    func run() async throws {
        let data = try EvaluationData.locate()
        let declared = try SchemaCoverage(data: data).declared(subsets: subsets)
        print("Declared coverage (JSON Schema → grammar)\n")
        print(SchemaCoverage.renderTable(declared))
        guard samples > 0 else { return }
        let engine = try await modelOptions.loadEngine()
        let declaredFractions = Dictionary(uniqueKeysWithValues: declared.map { ($0.subset, $0.fullyEnforcedFraction) })
        for constrained in unconstrained ? [true, false] : [true] {
            let evaluation = EmpiricalSchemaCoverage(data: data, model: engine, maxTokens: maxTokens, constrained: constrained)
            let results = try await evaluation.run(subsets: subsets, samples: samples) { subset, done, total in
                Terminal.progress("\(constrained ? "constrained" : "unconstrained") \(subset)", done, total)
            }
            Terminal.error("")
            print("\nEmpirical coverage, \(constrained ? "constrained" : "UNCONSTRAINED") — model \(engine.id), greedy, \(samples) per subset\n")
            print(EmpiricalSchemaCoverage.renderTable(results, declared: declaredFractions))
        }
    }
}

/// `homeos dev eval constrained`: many constrained generations, none of which may be invalid.
struct ConstrainedEvalCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "constrained",
        abstract: "Generate N outputs over varied schemas with the constraint (and without, for contrast) and count invalid ones."
    )

    @OptionGroup var modelOptions: ModelOptions

    @Option(name: .long, help: "Number of generations.")
    var count: Int = 1000

    @Option(name: .long, help: "JSONSchemaBench schemas sampled per subset into the pool (fully enforced ones are kept).")
    var perSubset: Int = 40

    @Flag(name: .long, inversion: .prefixedNo, help: "Also run every prompt unconstrained for contrast.")
    var contrast = true

    @Option(name: .long, help: "Token limit per generation.")
    var maxTokens: Int = 256

    func run() async throws {
        let data = try EvaluationData.locate()
        let engine = try await modelOptions.loadEngine()
        let pool = try ConstrainedGenerationEvaluation.schemaPool(data: data, perSubset: perSubset, extra: ProductSchemas.all)
        Terminal.error("==> \(pool.count) schemas (\(ProductSchemas.all.count) from HomeOS/Sentinel), \(count) generations")
        let report = try await ConstrainedGenerationEvaluation(model: engine, maxTokens: maxTokens)
            .run(count: count, schemas: pool, contrast: contrast) { done, total in Terminal.progress("generations", done, total) }
        Terminal.error("")
        print("Constrained generations — model \(engine.id), greedy, \(report.schemas) schemas"
              + (report.tooLongSchemas > 0 ? " (\(report.tooLongSchemas) dropped: prompt longer than the context)" : "") + "\n")
        print(ConstrainedGenerationEvaluation.renderTable(report))
        for example in report.constrained.examples { print("constrained invalid: \(example)") }
    }
}

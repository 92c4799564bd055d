import Evaluation
import Foundation
import LLM
import Testing

/// The schema harnesses on the committed JSONSchemaBench fixtures: declared coverage (what the
/// grammar compiler enforces), empirical coverage and the constrained-versus-free comparison, the
/// last two over `ScriptedModel` so that the counting, not a model, is what is checked.
struct SchemaEvaluationTests {
    static let subsets = ["Github_easy", "Github_medium", "Github_trivial"]

    static func fixtureFiles(_ subset: String) throws -> Int {
        try FileManager.default.contentsOfDirectory(atPath: EvaluationFixtures.root.appendingPathComponent("jsonschemabench/\(subset)").path)
            .filter { $0.hasSuffix(".json") }.count
    }

    @Test func declaredCoverageAccountsForEverySchema() throws {
        let results = try SchemaCoverage(data: EvaluationFixtures.data).declared(subsets: Self.subsets)
        #expect(results.map(\.subset) == Self.subsets)
        for result in results {
            #expect(result.total == (try Self.fixtureFiles(result.subset)))
            #expect(result.compiledFully + result.compiledWithUnsupported + result.failed == result.total, "\(result)")
            #expect(result.fullyEnforcedFraction >= 0 && result.fullyEnforcedFraction <= 1)
        }
        #expect(results.contains { $0.compiledFully > 0 }, "the compiler enforces some real schemas fully")
        let table = SchemaCoverage.renderTable(results)
        for subset in Self.subsets { #expect(table.contains(subset)) }
    }

    @Test func aMissingSubsetIsAClearError() {
        #expect(throws: SchemaCoverageError.self) { try SchemaCoverage(data: EvaluationFixtures.data).declared(subset: "No_such_subset") }
    }

    @Test func empiricalCoverageCountsValidAndInvalidAnswers() async throws {
        // A model that writes prose: nothing is valid, and every sampled schema is counted once.
        let prose = ScriptedModel(defaultReply: "I am not sure what you mean.")
        let free = try await EmpiricalSchemaCoverage(data: EvaluationFixtures.data, model: prose, constrained: false)
            .run(subsets: Self.subsets, samples: 2)
        for result in free {
            #expect(result.sampled == min(2, try Self.fixtureFiles(result.subset)))
            #expect(result.valid == 0)
            #expect(result.valid + result.invalid + result.compileFailures + result.tooLong == result.sampled, "\(result)")
        }
        // A model whose every answer fails: invalid, never a crash of the harness.
        let failing = ScriptedModel()
        failing.add(.init(matcher: .any, reply: .failure(LLMError.generationFailed("broken"))))
        let broken = try await EmpiricalSchemaCoverage(data: EvaluationFixtures.data, model: failing)
            .run(subsets: ["Github_trivial"], samples: 3)
        #expect(broken.first?.valid == 0)
        #expect(EmpiricalSchemaCoverage.renderTable(free).contains("Github_easy"))
    }

    @Test func constrainedAndFreeSidesAreCountedSeparately() async throws {
        let schema = try JSONSchema(jsonText: #"{"type": "object", "properties": {"n": {"type": "integer"}}, "required": ["n"]}"#)
        // Constrained requests get valid JSON, free ones prose, as a small model often writes.
        let model = ScriptedModel(capabilities: [.constrainedDecoding])
        model.add(.init(matcher: .predicate { $0.constraint != nil }, reply: .text(#"{"n": 3}"#)))
        model.add(.init(matcher: .any, reply: .text("Sure! Here is an example: n is three.")))
        let report = try await ConstrainedGenerationEvaluation(model: model)
            .run(count: 4, schemas: [.init(name: "counter", schema: schema)], contrast: true)
        #expect(report.constrained.generations == 4)
        #expect(report.constrained.valid == 4)
        let free = try #require(report.unconstrained)
        #expect(free.generations == 4)
        #expect(free.valid == 0)
        #expect(free.notJSON == 4, "\(free)")
    }
}

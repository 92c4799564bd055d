import Evaluation
import Foundation
import LLM
import Testing

/// The required cases of the JSON Schema Test Suite, draft 2020-12 and draft 7, against the
/// committed baseline of expected failures (`json-schema-suite-expected-failures.txt`).
@Suite struct JSONSchemaSuiteTests {
    /// Required cases per draft in the suite versions we know: the one in the pinned `jsonschema`
    /// source distribution that `make setup` installs (it writes `SOURCE`), and upstream
    /// JSON-Schema-Test-Suite at 44401e0c (a copy given through `HOMEOS_DATA_DIR`).
    static func requiredCaseCount(draft: JSONSchemaDraft, suite: URL) -> Int {
        let source = (try? String(contentsOf: suite.appendingPathComponent("SOURCE"), encoding: .utf8)) ?? ""
        if source.hasPrefix("jsonschema-4.26.0.tar.gz") { return draft == .draft7 ? 913 : 1_257 }
        return draft == .draft7 ? 927 : 1_299
    }

    @Test(.requiresCorpora(.jsonSchemaTestSuite), arguments: [JSONSchemaDraft.draft2020_12, .draft7])
    func requiredCasesPassOrAreListed(draft: JSONSchemaDraft) throws {
        let data = try EvaluationData.locate()
        let conformance = JSONSchemaConformance(data: data)
        let report = try conformance.run(draft: draft, includeOptional: false)
        let total = report.totals(.required)
        let expectedCount = Self.requiredCaseCount(draft: draft, suite: try data.require(.jsonSchemaTestSuite))
        #expect(total.passed + total.failed == expectedCount, "the suite's required cases were not all found")

        let expected = try Self.expectedFailures().filter { $0.hasPrefix(draft.rawValue + "/") }
        let failing = Set(report.failingIDs(.required))
        for failure in report.failures where failure.category == .required && !expected.contains(failure.id) {
            Issue.record("new failure: \(failure.id) — \(failure.reason)")
        }
        for id in expected.subtracting(failing).sorted() {
            Issue.record("listed as an expected failure but passes (remove it from the baseline): \(id)")
        }
    }

    /// The harness on the committed fixture files (every case of `type`, `required` and `enum`).
    @Test(arguments: [JSONSchemaDraft.draft2020_12, .draft7])
    func fixtureCasesAllPass(draft: JSONSchemaDraft) throws {
        let report = try JSONSchemaConformance(data: EvaluationFixtures.data).run(draft: draft, includeOptional: false)
        let total = report.totals(.required)
        #expect(total.passed + total.failed == (draft == .draft7 ? 143 : 149))
        #expect(total.failed == 0, "\(report.failures.map(\.id))")
    }

    /// The IDs in the baseline file (text before `  #` on each non-comment line).
    static func expectedFailures(file: String = #filePath) throws -> Set<String> {
        let url = URL(fileURLWithPath: file).deletingLastPathComponent().appendingPathComponent("json-schema-suite-expected-failures.txt")
        let text = try String(contentsOf: url, encoding: .utf8)
        var ids: Set<String> = []
        for line in text.split(separator: "\n") where !line.hasPrefix("#") && !line.trimmingCharacters(in: .whitespaces).isEmpty {
            let id = line.range(of: "  # ").map { line[..<$0.lowerBound] } ?? line[...]
            ids.insert(id.trimmingCharacters(in: .whitespaces))
        }
        return ids
    }
}

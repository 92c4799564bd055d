import Evaluation
import Foundation
import LLM
import Testing

/// The required cases of the JSON Schema Test Suite, draft 2020-12 and draft 7, against the
/// committed baseline of expected failures (`json-schema-suite-expected-failures.txt`).
@Suite struct JSONSchemaSuiteTests {
    @Test(arguments: [JSONSchemaDraft.draft2020_12, .draft7])
    func requiredCasesPassOrAreListed(draft: JSONSchemaDraft) throws {
        let conformance = JSONSchemaConformance(data: try EvaluationData.locate())
        let report = try conformance.run(draft: draft, includeOptional: false)
        let total = report.totals(.required)
        #expect(total.passed + total.failed == (draft == .draft7 ? 927 : 1_299), "the suite's required cases were not all found")

        let expected = try Self.expectedFailures().filter { $0.hasPrefix(draft.rawValue + "/") }
        let failing = Set(report.failingIDs(.required))
        for failure in report.failures where failure.category == .required && !expected.contains(failure.id) {
            Issue.record("new failure: \(failure.id) — \(failure.reason)")
        }
        for id in expected.subtracting(failing).sorted() {
            Issue.record("listed as an expected failure but passes (remove it from the baseline): \(id)")
        }
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

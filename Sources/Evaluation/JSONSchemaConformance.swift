import Foundation
import LLM

/// Runs the JSON Schema Test Suite (the `json-schema-test-suite` corpus) against
/// ``JSONSchemaValidator`` and reports per-file results and the failing cases.
///
/// Remote references (`http://localhost:1234/…`) are served from the suite's `remotes/` folder and
/// metaschemas from the folder `make setup` installs; nothing is fetched from the network.
/// Cases under `optional/format/` run with format assertion on.
/// ```swift
/// let report = try JSONSchemaConformance(data: .locate()).run(draft: .draft2020_12, includeOptional: true)
/// print(report.renderTable())
/// ```
public struct JSONSchemaConformance: Sendable {
    /// Where the suite and metaschemas are.
    public let data: EvaluationData

    /// A runner over the located data.
    public init(data: EvaluationData) { self.data = data }

    /// The suite folder (where it would be when it is not installed).
    public var suiteRoot: URL { data.url("json-schema-test-suite") }

    /// Runs every case of `draft` (required ones, plus `optional/` when asked).
    /// - Throws: ``EvaluationDataError`` when the suite is not installed; other errors when its
    ///   files cannot be read or parsed.
    public func run(draft: JSONSchemaDraft, includeOptional: Bool) throws -> ConformanceReport {
        _ = try data.require(.jsonSchemaTestSuite)
        let resolver = try makeResolver()
        let folder = suiteRoot.appendingPathComponent("tests/\(draft.rawValue)")
        var files: [(path: String, category: ConformanceReport.Category)] =
            try jsonFiles(in: folder).map { ($0, .required) }
        if includeOptional {
            files += try jsonFiles(in: folder.appendingPathComponent("optional")).map { ("optional/" + $0, .optional) }
            files += try jsonFiles(in: folder.appendingPathComponent("optional/format")).map { ("optional/format/" + $0, .format) }
        }
        var report = ConformanceReport(draft: draft)
        for (path, category) in files {
            let text = try String(contentsOf: folder.appendingPathComponent(path), encoding: .utf8)
            let groups = try JSONValue(parsing: text).arrayValue ?? []
            let name = String(path.dropLast(".json".count))
            var result = ConformanceReport.FileResult(file: name, category: category, passed: 0, failed: 0)
            for (groupIndex, group) in groups.enumerated() {
                let outcomes = runGroup(group, draft: draft, assertFormats: category == .format, resolver: resolver)
                for (testIndex, outcome) in outcomes.enumerated() {
                    guard let reason = outcome.failure else { result.passed += 1; continue }
                    result.failed += 1
                    let id = "\(draft.rawValue)/\(name)#\(groupIndex)/\(testIndex): \(outcome.group) / \(outcome.test)"
                    report.failures.append(ConformanceReport.Failure(id: id, category: category, reason: reason))
                }
            }
            report.files.append(result)
        }
        return report
    }

    private struct Outcome {
        var group: String
        var test: String
        var failure: String?
    }

    private func runGroup(_ group: JSONValue, draft: JSONSchemaDraft, assertFormats: Bool,
                          resolver: JSONSchemaResolver) -> [Outcome] {
        let description = group["description"]?.stringValue ?? "?"
        let tests = group["tests"]?.arrayValue ?? []
        let validator: JSONSchemaValidator
        do {
            let schema = try JSONSchema(group["schema"] ?? .null)
            validator = try JSONSchemaValidator(schema: schema, defaultDraft: draft, assertFormats: assertFormats, resolver: resolver)
        } catch {
            return tests.map { Outcome(group: description, test: $0["description"]?.stringValue ?? "?", failure: "schema error: \(error)") }
        }
        return tests.map { test in
            let instance = test["data"] ?? .null
            let expected = test["valid"]?.boolValue ?? true
            let violations = validator.validate(instance)
            let quick = validator.isValid(instance)
            var failure: String?
            if quick != violations.isEmpty {
                failure = "isValid (\(quick)) disagrees with validate (\(violations.count) violations)"
            } else if quick != expected {
                failure = expected ? "expected valid, got: \(violations.first.map(String.init(describing:)) ?? "?")"
                                   : "expected invalid, got valid"
            }
            return Outcome(group: description, test: test["description"]?.stringValue ?? "?", failure: failure)
        }
    }

    /// A resolver serving the installed metaschemas (by their `$id`) and the suite's `remotes/`.
    public func makeResolver() throws -> JSONSchemaResolver {
        var resolver = JSONSchemaResolver()
        if let metaschemas = data.metaschemas {
            for url in try Self.files(under: metaschemas) {
                resolver.register(try JSONValue(parsing: Data(contentsOf: url)))
            }
        }
        let remotes = suiteRoot.appendingPathComponent("remotes")
        resolver.loader = { url in
            guard url.host == "localhost", url.port == 1234 else { return nil }
            let file = remotes.appendingPathComponent(String(url.path.drop { $0 == "/" }))
            guard let contents = try? Data(contentsOf: file) else { return nil }
            return try? JSONValue(parsing: contents)
        }
        return resolver
    }

    /// Every regular file below `folder` (the metaschema files have no extension).
    private static func files(under folder: URL) throws -> [URL] {
        var result: [URL] = []
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() {
            let url = folder.appendingPathComponent(name)
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else { continue }
            if isDirectory.boolValue { result += try files(under: url) } else { result.append(url) }
        }
        return result
    }

    private func jsonFiles(in folder: URL) throws -> [String] {
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        return names.filter { $0.hasSuffix(".json") }.sorted()
    }
}

/// The outcome of a suite run for one draft.
public struct ConformanceReport: Sendable {
    /// Which part of the suite a case belongs to.
    public enum Category: String, Sendable, CaseIterable {
        /// `tests/<draft>/*.json`: every case must pass.
        case required
        /// `tests/<draft>/optional/*.json`.
        case optional
        /// `tests/<draft>/optional/format/*.json`, run with format assertion on.
        case format
    }

    /// Pass and fail counts for one suite file.
    public struct FileResult: Sendable, Hashable {
        /// The file under the draft folder, without `.json` (`ref`, `optional/format/date`).
        public var file: String
        /// Its part of the suite.
        public var category: Category
        /// Cases that gave the expected result.
        public var passed: Int
        /// Cases that did not.
        public var failed: Int
    }

    /// One failing case.
    public struct Failure: Sendable, Hashable {
        /// `"<draft>/<file>#<group>/<test>: <group description> / <test description>"`.
        public var id: String
        /// Its part of the suite.
        public var category: Category
        /// What went wrong.
        public var reason: String
    }

    /// The draft run.
    public let draft: JSONSchemaDraft
    /// Per-file results, in run order.
    public var files: [FileResult] = []
    /// The failing cases, in run order.
    public var failures: [Failure] = []

    /// An empty report for `draft`.
    public init(draft: JSONSchemaDraft) { self.draft = draft }

    /// Passed and failed cases of one category.
    public func totals(_ category: Category) -> (passed: Int, failed: Int) {
        files.filter { $0.category == category }.reduce((0, 0)) { ($0.0 + $1.passed, $0.1 + $1.failed) }
    }

    /// The IDs of the failing cases of one category.
    public func failingIDs(_ category: Category = .required) -> [String] {
        failures.filter { $0.category == category }.map(\.id)
    }

    /// An aligned text table (file, passed, failed) with a subtotal per category.
    public func renderTable() -> String {
        var rows: [(String, String, String)] = [("file", "passed", "failed")]
        for category in Category.allCases {
            let results = files.filter { $0.category == category }
            guard !results.isEmpty else { continue }
            rows += results.map { ($0.file, String($0.passed), String($0.failed)) }
            let total = totals(category)
            rows.append(("total \(category.rawValue) (\(draft.rawValue))", String(total.passed), String(total.failed)))
        }
        let width = rows.map(\.0.count).max() ?? 4
        let numberWidth = 6
        func pad(_ text: String, _ width: Int, right: Bool = false) -> String {
            let padding = String(repeating: " ", count: max(0, width - text.count))
            return right ? padding + text : text + padding
        }
        return rows.map { "\(pad($0.0, width))  \(pad($0.1, numberWidth, right: true))  \(pad($0.2, numberWidth, right: true))" }
            .joined(separator: "\n")
    }
}

import Foundation
import LLM

/// Declared coverage of ``JSONSchemaGrammarCompiler`` over JSONSchemaBench: for every schema, whether
/// it compiles to a grammar that enforces all of it, compiles with keywords declared unsupported,
/// or does not compile at all. No model is involved; this is what the compiler claims, which the
/// grammar tests and the validator check.
public struct SchemaCoverage: Sendable {
    /// The JSONSchemaBench subsets, in the order they are reported.
    public static let subsets = ["Glaiveai2K", "Github_trivial", "Github_easy", "Github_medium", "Snowplow", "WashingtonPost"]

    /// Where the data is.
    public let data: EvaluationData
    /// The compiler measured.
    public var compiler: JSONSchemaGrammarCompiler

    /// Creates a harness over `data` (the `jsonschemabench` corpus: `<Subset>/*.json`).
    public init(data: EvaluationData, compiler: JSONSchemaGrammarCompiler = JSONSchemaGrammarCompiler()) {
        self.data = data
        self.compiler = compiler
    }

    /// Compiles every schema of the given subsets (all of ``subsets`` when nil).
    /// - Throws: ``SchemaCoverageError`` when a subset folder is missing or unreadable.
    public func declared(subsets: [String]? = nil) throws -> [SubsetCoverage] {
        _ = try data.require(.jsonSchemaBench)
        return try (subsets ?? Self.subsets).map(declared(subset:))
    }

    /// Compiles every schema of one subset.
    public func declared(subset: String) throws -> SubsetCoverage {
        let folder = data.url("jsonschemabench/\(subset)")
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".json") }.sorted()
        } catch {
            throw SchemaCoverageError.subsetNotFound(subset, path: folder.path)
        }
        var coverage = SubsetCoverage(subset: subset)
        for name in names {
            coverage.total += 1
            let text: String
            do {
                text = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
            } catch {
                coverage.failures.append(.init(file: name, reason: "unreadable: \(error.localizedDescription)"))
                continue
            }
            let schema: JSONSchema
            do {
                schema = try JSONSchema(jsonText: text)
            } catch {
                coverage.failures.append(.init(file: name, reason: "\(error)"))
                continue
            }
            do {
                let result = try compiler.compile(schema)
                if result.isFullyEnforced {
                    coverage.compiledFully += 1
                } else {
                    coverage.compiledWithUnsupported += 1
                    for keyword in Set(result.unsupported.map(\.keyword)) {
                        coverage.unsupportedKeywords[keyword, default: 0] += 1
                    }
                }
            } catch {
                coverage.failures.append(.init(file: name, reason: "\(error)"))
            }
        }
        return coverage
    }

    /// A Markdown table of the results (with a total row), then the most frequent unsupported
    /// keywords per subset.
    public static func renderTable(_ results: [SubsetCoverage], topKeywords: Int = 8) -> String {
        var total = SubsetCoverage(subset: "Total")
        for result in results {
            total.total += result.total
            total.compiledFully += result.compiledFully
            total.compiledWithUnsupported += result.compiledWithUnsupported
            total.failures += result.failures
            for (keyword, count) in result.unsupportedKeywords { total.unsupportedKeywords[keyword, default: 0] += count }
        }
        var lines = ["| Subset | Schemas | Fully enforced | With unsupported keywords | Failed | Fully enforced % |",
                     "| --- | ---: | ---: | ---: | ---: | ---: |"]
        for row in results + (results.count > 1 ? [total] : []) {
            lines.append("| \(row.subset) | \(row.total) | \(row.compiledFully) | \(row.compiledWithUnsupported) | \(row.failed) | "
                + String(format: "%.1f", row.fullyEnforcedFraction * 100) + " |")
        }
        lines.append("")
        lines.append("Unsupported keywords (number of schemas declaring each):")
        for row in results + (results.count > 1 ? [total] : []) where !row.unsupportedKeywords.isEmpty {
            let top = row.unsupportedKeywords.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }.prefix(topKeywords)
            lines.append("- \(row.subset): " + top.map { "\($0.key) \($0.value)" }.joined(separator: ", "))
        }
        return lines.joined(separator: "\n")
    }
}

/// The declared coverage of one JSONSchemaBench subset.
public struct SubsetCoverage: Sendable, Hashable {
    /// A schema that did not compile, and why.
    public struct Failure: Sendable, Hashable {
        /// The file name within the subset folder.
        public var file: String
        /// Why (invalid JSON, not a schema, unresolvable reference, unsatisfiable, …).
        public var reason: String
    }

    /// The subset's name, such as `Github_easy`.
    public var subset: String
    /// Number of schema files.
    public var total = 0
    /// Schemas whose grammar enforces every keyword.
    public var compiledFully = 0
    /// Schemas that compiled with some keywords declared unsupported.
    public var compiledWithUnsupported = 0
    /// Schemas that did not compile, with the reason.
    public var failures: [Failure] = []
    /// For each unsupported keyword, the number of schemas declaring it.
    public var unsupportedKeywords: [String: Int] = [:]

    /// Creates an empty record.
    public init(subset: String) { self.subset = subset }

    /// Number of schemas that did not compile.
    public var failed: Int { failures.count }

    /// The fraction of schemas compiled fully (0 when there are none).
    public var fullyEnforcedFraction: Double { total == 0 ? 0 : Double(compiledFully) / Double(total) }
}

/// The coverage harness could not read the data.
public enum SchemaCoverageError: Error, Sendable, CustomStringConvertible {
    /// The subset folder does not exist or cannot be listed.
    case subsetNotFound(String, path: String)

    /// A one-line explanation.
    public var description: String {
        switch self {
        case .subsetNotFound(let subset, let path): return "The JSONSchemaBench subset '\(subset)' was not found at \(path)"
        }
    }
}

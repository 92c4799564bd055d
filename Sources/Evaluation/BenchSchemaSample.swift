import Foundation
import LLM

/// A deterministic sample of JSONSchemaBench schemas.
public struct BenchSchemaSample: Sendable {
    /// One sampled schema.
    public struct Item: Sendable {
        /// Subset folder name.
        public var subset: String
        /// File name inside the subset.
        public var file: String
        /// The schema, or why it could not be read.
        public var schema: Result<JSONSchema, JSONSchemaError>
    }

    /// The subsets in the order of the published tables.
    public static var subsets: [String] { SchemaCoverage.subsets }

    /// Reads up to `count` schemas from `subset`: every k-th file in name order, so runs are
    /// reproducible and spread over the whole subset.
    public static func take(_ count: Int, from subset: String, data: EvaluationData) throws -> [Item] {
        let folder = try data.require(.jsonSchemaBench).appendingPathComponent(subset)
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".json") }.sorted()
        guard !files.isEmpty else { return [] }
        let stride = max(1, files.count / max(1, count))
        let chosen = Swift.stride(from: 0, to: files.count, by: stride).prefix(count).map { files[$0] }
        return chosen.map { file in
            let text = (try? String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)) ?? ""
            return Item(subset: subset, file: file, schema: Result { () throws(JSONSchemaError) in try JSONSchema(jsonText: text) })
        }
    }
}

import Foundation
import LLM

/// Which public intent labels correspond to which skill (`Resources/routing-label-map.json`, written
/// for this project and shipped with the Evaluation module).
///
/// A label maps to a skill id, to out of scope (the message must route to no skill), or is
/// excluded (not used for training and not scored). CLINC150 intents that the file does not list
/// are excluded ("every other CLINC150 intent"); so are unlisted SLURP labels.
public struct RoutingLabelMap: Sendable, Hashable {
    /// What a public label means for routing.
    public enum Target: Sendable, Hashable {
        /// The message belongs to this skill.
        case skill(String)
        /// No skill should take the message.
        case outOfScope
        /// Not scored (training may use such rows only by its own documented choice).
        case excluded
    }

    /// The public data sets the map covers.
    public enum Corpus: String, Sendable, Hashable, CaseIterable {
        case slurp
        case clinc150
    }

    private var tables: [Corpus: [String: Target]]

    /// Parses the map's JSON.
    /// - Throws: ``RoutingDataError/malformed(file:detail:)`` when the JSON is not a label map.
    public init(jsonData: Data, file: String = "routing-label-map.json") throws(RoutingDataError) {
        let root: JSONValue
        do { root = try JSONValue(parsing: jsonData) } catch {
            throw .malformed(file: file, detail: "not JSON: \(error)")
        }
        var tables: [Corpus: [String: Target]] = [:]
        for corpus in Corpus.allCases {
            guard let section = root[corpus.rawValue]?.objectValue else {
                throw .malformed(file: file, detail: "no \"\(corpus.rawValue)\" object")
            }
            var table: [String: Target] = [:]
            for (key, value) in section {
                let target: Target = key == "out-of-scope" ? .outOfScope : key.hasPrefix("excluded") ? .excluded : .skill(key)
                // An excluded entry may be prose ("every other CLINC150 intent") rather than a list.
                for label in value.arrayValue?.compactMap(\.stringValue) ?? [] {
                    if let existing = table[label], existing != target {
                        throw .malformed(file: file, detail: "\(corpus.rawValue) label '\(label)' is mapped twice")
                    }
                    table[label] = target
                }
            }
            tables[corpus] = table
        }
        self.tables = tables
    }

    /// The map shipped with the Evaluation module (`Resources/routing-label-map.json`).
    /// - Throws: ``RoutingDataError`` when the resource is missing or malformed.
    public static func bundled() throws(RoutingDataError) -> RoutingLabelMap {
        guard let url = Bundle.module.url(forResource: "routing-label-map", withExtension: "json") else {
            throw .unreadable(path: "routing-label-map.json", detail: "not in the Evaluation module's resources")
        }
        let bytes: Data
        do { bytes = try Data(contentsOf: url) } catch { throw .unreadable(path: url.path, detail: "\(error)") }
        return try RoutingLabelMap(jsonData: bytes, file: url.path)
    }

    /// What `label` of `corpus` means for routing (unlisted labels are excluded).
    public func target(of label: String, in corpus: Corpus) -> Target {
        tables[corpus]?[label] ?? .excluded
    }

    /// The skill ids the map routes to, sorted.
    public var skillIDs: [String] {
        var ids: Set<String> = []
        for table in tables.values {
            for case .skill(let id) in table.values { ids.insert(id) }
        }
        return ids.sorted()
    }
}

/// Evaluation data that cannot be read.
public enum RoutingDataError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A file could not be read.
    case unreadable(path: String, detail: String)
    /// A file was read but is not in the expected format.
    case malformed(file: String, detail: String)
    /// The requested split does not exist for the corpus.
    case unknownSplit(corpus: String, split: String, available: [String])
    /// The corpus is not installed (the error says where it looked and how to install it).
    case missingCorpus(EvaluationDataError)

    public var description: String {
        switch self {
        case .unreadable(let path, let detail):
            return "Cannot read \(path): \(detail)."
        case .malformed(let file, let detail):
            return "\(file) is not in the expected format: \(detail)."
        case .unknownSplit(let corpus, let split, let available):
            return "\(corpus) has no split '\(split)'; use one of: \(available.joined(separator: ", "))."
        case .missingCorpus(let error):
            return error.description
        }
    }
}

import Foundation
import Logging

/// A public corpus the evaluations and their tests read.
public enum EvaluationCorpus: String, Sendable, CaseIterable, CustomStringConvertible {
    /// The official JSON Schema conformance suite (`make setup`: the pinned `jsonschema` sdist).
    case jsonSchemaTestSuite = "json-schema-test-suite"
    /// Real-world schemas from JSONSchemaBench (`scripts/fetch-eval-data.sh`).
    case jsonSchemaBench = "jsonschemabench"
    /// SLURP utterances, `devel` and `test` (`scripts/fetch-eval-data.sh`).
    case slurp
    /// CLINC150 intents with out-of-scope rows (`scripts/fetch-eval-data.sh`).
    case clinc150
    /// Berkeley Function Calling Leaderboard v4 (`make setup`: the pinned `bfcl-eval` wheel).
    case bfcl

    /// A file every complete copy of the corpus has, relative to the corpus folder.
    var marker: String {
        switch self {
        case .jsonSchemaTestSuite: "tests/draft2020-12/type.json"
        case .jsonSchemaBench: "Glaiveai2K"
        case .slurp: "test.jsonl"
        case .clinc150: "data_full.json"
        case .bfcl: "BFCL_v4_simple_python.json"
        }
    }

    /// How to install the corpus.
    public var installHint: String {
        switch self {
        case .jsonSchemaTestSuite, .bfcl: "run `make setup`"
        case .jsonSchemaBench, .slurp, .clinc150: "run scripts/fetch-eval-data.sh"
        }
    }

    public var description: String {
        switch self {
        case .jsonSchemaTestSuite: "the JSON Schema Test Suite"
        case .jsonSchemaBench: "JSONSchemaBench"
        case .slurp: "SLURP"
        case .clinc150: "CLINC150"
        case .bfcl: "BFCL v4"
        }
    }
}

/// Where the public evaluation data and the JSON Schema metaschemas are on this machine.
///
/// The data is looked for in one place only, in this order: `$HOMEOS_DATA_DIR`, then the cache
/// that `make setup` and `scripts/fetch-eval-data.sh` fill (`$HOMEOS_CACHE/data`, by default
/// `~/.cache/homeos/data`). Each corpus is taken from the first folder that has it.
public struct EvaluationData: Sendable {
    /// The folders searched for each corpus, first match wins.
    public let searchPath: [URL]
    /// The metaschemas folder installed by `make setup` (`draft202012/`, `draft7/`, …).
    public let metaschemas: URL?

    /// Creates a locator over one folder laid out like the cache (`slurp/`, `clinc150/`, …).
    public init(root: URL, metaschemas: URL?) {
        self.init(searchPath: [root], metaschemas: metaschemas)
    }

    /// Creates a locator over several folders, searched in order.
    public init(searchPath: [URL], metaschemas: URL?) {
        self.searchPath = searchPath.map(\.standardizedFileURL)
        self.metaschemas = metaschemas
    }

    /// The folders to search: `$HOMEOS_DATA_DIR` (which must exist when it is set), then the cache.
    /// - Throws: ``EvaluationDataError/dataDirectoryMissing(_:)`` when `$HOMEOS_DATA_DIR` names no folder.
    public static func locate(environment: [String: String] = ProcessInfo.processInfo.environment)
        throws(EvaluationDataError) -> EvaluationData {
        let fileManager = FileManager.default
        var folders: [URL] = []
        if let explicit = environment["HOMEOS_DATA_DIR"], !explicit.isEmpty {
            var isDirectory: ObjCBool = false
            guard fileManager.fileExists(atPath: explicit, isDirectory: &isDirectory), isDirectory.boolValue else {
                throw .dataDirectoryMissing(explicit)
            }
            folders.append(URL(fileURLWithPath: explicit))
        }
        let cache = environment["HOMEOS_CACHE"].flatMap { $0.isEmpty ? nil : URL(fileURLWithPath: $0) }
            ?? fileManager.homeDirectoryForCurrentUser.appendingPathComponent(".cache/homeos")
        folders.append(cache.appendingPathComponent("data"))
        let metaschemas = cache.appendingPathComponent("current/metaschemas")
        EvaluationLog.logger.debug("evaluation data located", metadata: [
            "folders": "\(folders.count)", "from_environment": "\(environment["HOMEOS_DATA_DIR"].map { !$0.isEmpty } ?? false)"])
        return EvaluationData(searchPath: folders,
                              metaschemas: fileManager.fileExists(atPath: metaschemas.path) ? metaschemas : nil)
    }

    /// Whether every corpus in `corpora` is installed where ``locate(environment:)`` looks; no
    /// throwing, for test conditions.
    public static func isAvailable(_ corpora: [EvaluationCorpus]) -> Bool {
        guard let data = try? locate() else { return false }
        return corpora.allSatisfy { data.folder(of: $0) != nil }
    }

    /// The folder of `corpus`, or nil when no searched folder has it.
    public func folder(of corpus: EvaluationCorpus) -> URL? {
        searchPath.map { $0.appendingPathComponent(corpus.rawValue) }
            .first { FileManager.default.fileExists(atPath: $0.appendingPathComponent(corpus.marker).path) }
    }

    /// The folder of `corpus`.
    /// - Throws: ``EvaluationDataError/corpusMissing(_:searched:)`` naming where it looked and how to install it.
    public func require(_ corpus: EvaluationCorpus) throws(EvaluationDataError) -> URL {
        guard let folder = folder(of: corpus) else {
            throw .corpusMissing(corpus, searched: searchPath.map { $0.appendingPathComponent(corpus.rawValue).path })
        }
        return folder
    }

    /// A path inside the data: `corpus-folder/rest` resolved through the corpus's folder when one
    /// has it, else under the first searched folder (so a read fails with that path in its error).
    public func url(_ relativePath: String) -> URL {
        let head = String(relativePath.split(separator: "/", maxSplits: 1).first ?? "")
        if let corpus = EvaluationCorpus(rawValue: head), let folder = folder(of: corpus) {
            return folder.deletingLastPathComponent().appendingPathComponent(relativePath)
        }
        return (searchPath.first ?? URL(fileURLWithPath: FileManager.default.currentDirectoryPath)).appendingPathComponent(relativePath)
    }

    /// The folder of `corpus` for a reader whose errors are ``RoutingDataError``s.
    func requireForReading(_ corpus: EvaluationCorpus) throws(RoutingDataError) -> URL {
        do { return try require(corpus) } catch { throw .missingCorpus(error) }
    }
}

/// The evaluation data could not be found.
public enum EvaluationDataError: Error, Sendable, Equatable, CustomStringConvertible {
    /// `$HOMEOS_DATA_DIR` is set to something that is not a folder.
    case dataDirectoryMissing(String)
    /// No searched folder holds the corpus.
    case corpusMissing(EvaluationCorpus, searched: [String])

    public var description: String {
        switch self {
        case .dataDirectoryMissing(let path):
            return "HOMEOS_DATA_DIR is set to \(path), which is not a folder. Unset it, or point it at a folder "
                + "with the corpora (slurp/, clinc150/, jsonschemabench/, bfcl/, json-schema-test-suite/)."
        case .corpusMissing(let corpus, let searched):
            return "\(corpus) was not found; looked in \(searched.joined(separator: ", ")). "
                + "To install it, \(corpus.installHint), or set HOMEOS_DATA_DIR to a folder that has it."
        }
    }
}

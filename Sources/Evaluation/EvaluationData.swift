import Foundation

/// Where the public evaluation data and the JSON Schema metaschemas are on this machine.
public struct EvaluationData: Sendable {
    /// The `shared/data` folder (JSON Schema Test Suite, JSONSchemaBench, SLURP, CLINC150, BFCL).
    public let root: URL
    /// The metaschemas folder installed by `make setup` (`draft202012/`, `draft7/`, …).
    public let metaschemas: URL?

    /// Creates a locator with explicit folders.
    public init(root: URL, metaschemas: URL?) {
        self.root = root
        self.metaschemas = metaschemas
    }

    /// Finds the data: `$HOMEOS_DATA_DIR`, else `../shared/data` from the current directory or
    /// from this source file's checkout; metaschemas from `$HOMEOS_CACHE/current/metaschemas`.
    public static func locate(environment: [String: String] = ProcessInfo.processInfo.environment,
                              currentDirectory: String = FileManager.default.currentDirectoryPath,
                              sourceFile: String = #filePath) throws(EvaluationDataError) -> EvaluationData {
        let fileManager = FileManager.default
        var candidates: [URL] = []
        if let explicit = environment["HOMEOS_DATA_DIR"], !explicit.isEmpty { candidates.append(URL(fileURLWithPath: explicit)) }
        candidates.append(URL(fileURLWithPath: currentDirectory).appendingPathComponent("../shared/data"))
        let checkout = URL(fileURLWithPath: sourceFile).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        candidates.append(checkout.appendingPathComponent("../shared/data"))
        guard let root = candidates.first(where: { fileManager.fileExists(atPath: $0.appendingPathComponent("README.md").path) }) else {
            throw .dataNotFound(searched: candidates.map(\.standardizedFileURL.path))
        }
        let cache = environment["HOMEOS_CACHE"].flatMap { $0.isEmpty ? nil : URL(fileURLWithPath: $0) }
            ?? fileManager.homeDirectoryForCurrentUser.appendingPathComponent(".cache/homeos")
        let metaschemas = cache.appendingPathComponent("current/metaschemas")
        return EvaluationData(root: root.standardizedFileURL,
                              metaschemas: fileManager.fileExists(atPath: metaschemas.path) ? metaschemas : nil)
    }

    /// A path inside the data folder.
    public func url(_ relativePath: String) -> URL { root.appendingPathComponent(relativePath) }
}

/// The evaluation data could not be found.
public enum EvaluationDataError: Error, Sendable, CustomStringConvertible {
    /// None of the searched folders holds the data.
    case dataNotFound(searched: [String])

    public var description: String {
        switch self {
        case .dataNotFound(let searched):
            return "The evaluation data (shared/data) was not found; looked in: \(searched.joined(separator: ", ")). "
                + "Set HOMEOS_DATA_DIR to its folder."
        }
    }
}

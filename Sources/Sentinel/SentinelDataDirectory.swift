import Foundation

/// Where Sentinel keeps its data (the encrypted store, the crisis history, their keys, processed records).
///
/// In order: an explicit path (the `--data-dir` option), the `SENTINEL_DATA_DIR` environment
/// variable, then `~/.homeos/sentinel/`.
public enum SentinelDataDirectory {
    /// The environment variable that overrides the default directory.
    public static let environmentVariable = "SENTINEL_DATA_DIR"

    /// The data directory for an optional explicit path and an environment.
    ///
    /// Empty values are ignored; a leading `~` is expanded.
    public static func resolve(explicit: String? = nil,
                               environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        if let explicit, !explicit.isEmpty { return url(expanding: explicit) }
        if let fromEnvironment = environment[environmentVariable], !fromEnvironment.isEmpty {
            return url(expanding: fromEnvironment)
        }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : URL(fileURLWithPath: $0, isDirectory: true) }
            ?? FileManager.default.homeDirectoryForCurrentUser
        return home.appendingPathComponent(".homeos", isDirectory: true).appendingPathComponent("sentinel", isDirectory: true)
    }

    static func url(expanding path: String) -> URL {
        URL(fileURLWithPath: (path as NSString).expandingTildeInPath, isDirectory: true).standardizedFileURL
    }
}

import Foundation

/// Where ModelHub keeps model files and its own small state.
///
/// - Models: `$HOMEOS_MODELS_DIR`, else `$HOMEOS_CACHE/models`, else `~/.cache/homeos/models`
///   (where `make setup` installs the default models). Single-file models sit directly in it;
///   directory models get a folder of their own.
/// - Data: `$HOMEOS_HOME`, else `~/.homeos`. Holds the user catalog (`models.json`) and the
///   persisted selection and install records (`model-state.json`).
public struct ModelHubPaths: Sendable, Hashable {
    /// The folder holding model files.
    public var modelsDirectory: URL
    /// The folder holding the user catalog and persisted state.
    public var dataDirectory: URL

    /// Creates paths.
    public init(modelsDirectory: URL, dataDirectory: URL) {
        self.modelsDirectory = modelsDirectory
        self.dataDirectory = dataDirectory
    }

    /// The user catalog file that adds entries to the built-in catalog.
    public var userCatalogFile: URL { dataDirectory.appendingPathComponent("models.json") }

    /// The JSON file behind ``JSONModelStateStore``.
    public var stateFile: URL { dataDirectory.appendingPathComponent("model-state.json") }

    /// A token file for gated downloads (alternative to `HOMEOS_HF_TOKEN`); see ``AuthToken``.
    public var tokenFile: URL { dataDirectory.appendingPathComponent("hf-token") }

    /// The standard locations from the environment (see the type's documentation).
    public static func standard(environment: [String: String] = ProcessInfo.processInfo.environment) -> ModelHubPaths {
        let models = ModelDirectory.standard(environment: environment).root
        let data: URL
        if let explicit = environment["HOMEOS_HOME"], !explicit.isEmpty {
            data = URL(fileURLWithPath: explicit)
        } else {
            let home = environment["HOME"].flatMap { $0.isEmpty ? nil : URL(fileURLWithPath: $0) }
                ?? FileManager.default.homeDirectoryForCurrentUser
            data = home.appendingPathComponent(".homeos")
        }
        return ModelHubPaths(modelsDirectory: models, dataDirectory: data)
    }
}

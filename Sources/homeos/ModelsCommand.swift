import ArgumentParser
import Foundation
import ModelHub

/// `homeos models`: list, fetch, verify, select and delete models.
struct ModelsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "models",
        abstract: "List, download, select and delete models.",
        discussion: """
            Models live in $HOMEOS_MODELS_DIR (default ~/.cache/homeos/models, where `make setup` installs \
            the two default models). The selection and the user catalog (models.json) live in the data \
            directory, $HOMEOS_HOME (default ~/.homeos). Gated downloads read an access token from \
            HOMEOS_HF_TOKEN (or HF_TOKEN, or the file hf-token in the data directory); it is never printed.

            Examples:
              homeos models list
              homeos models pull gemma3-270m-it --sha256 HEX
              homeos models use gemma3-270m
              homeos models info medgemma
              homeos models rm gemma3-270m-it
            """,
        subcommands: [ModelsListCommand.self, ModelsPullCommand.self, ModelsUseCommand.self,
                      ModelsRemoveCommand.self, ModelsInfoCommand.self],
        defaultSubcommand: ModelsListCommand.self
    )
}

/// Where the models commands look for models and state (overriding the environment).
struct ModelsLocationOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("Models directory (default: $HOMEOS_MODELS_DIR, else ~/.cache/homeos/models).", valueName: "path"))
    var modelsDir: String?

    @Option(name: .long, help: ArgumentHelp("Data directory with the selection and user catalog (default: $HOMEOS_HOME, else ~/.homeos).", valueName: "path"))
    var dataDir: String?

    /// The library for these locations; problems in the user catalog are printed as warnings.
    func library() -> ModelLibrary {
        var paths = ModelHubPaths.standard()
        if let modelsDir { paths.modelsDirectory = URL(fileURLWithPath: modelsDir) }
        if let dataDir { paths.dataDirectory = URL(fileURLWithPath: dataDir) }
        let library = ModelLibrary.load(paths: paths, store: JSONModelStateStore(file: paths.stateFile))
        ModelsFormat.warn(about: library)
        return library
    }
}

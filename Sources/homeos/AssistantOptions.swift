import ArgumentParser
import Foundation
import HomeOS
import LLM

/// Options of the commands that talk to the family assistant (`ask`, `approve`, `deny`, `chat`):
/// the data folder, the model, and `--no-model`.
struct AssistantOptions: ParsableArguments {
    @OptionGroup var data: DataDirectoryOptions

    @OptionGroup var model: ModelOptions

    @Flag(name: .customLong("no-model"), help: """
        Run without a language model: routing by keywords and the learned scorer only, no argument \
        extraction or generation (deterministic; nothing to download).
        """)
    var noModel = false

    func validate() throws {
        if noModel && model.model != nil { throw ValidationError("--no-model and --model exclude each other.") }
    }

    /// Opens the family store and builds the assistant; loads the model unless `--no-model` or `loadModel` is false.
    /// - Throws: a ``CommandFailure`` saying to run `homeos init` when there is no family, or how to
    ///   get a model when it cannot be loaded.
    func openAssistant(loadModel: Bool = true) async throws -> HomeOSAssistant {
        let storage = try data.openRequiredStorage()
        guard try storage.exists(StoragePaths.family) else {
            throw CommandFailure(HomeOSAssistantError.noFamily(location: storage.databasePath).description)
        }
        let bridge = loadModel && !noModel ? try await loadBridge() : nil
        do {
            return try HomeOSAssistant(storage: storage, bridge: bridge)
        } catch let error as HomeOSAssistantError {
            throw CommandFailure(error.description)
        }
    }

    /// The model behind a bridge, or a ``CommandFailure`` explaining how to get one.
    func loadBridge() async throws -> LLMBridge {
        do {
            return LLMBridge(model: try await model.loadEngine())
        } catch {
            throw CommandFailure("The model could not be loaded: \(error) Install the default model with `make setup` "
                + "(or `homeos models pull ID`), choose another with --model, or run without one with --no-model.")
        }
    }

    /// The options to repeat in a follow-up command (`--data-dir` when one was given), with a leading space.
    var followUpArguments: String {
        guard let dir = data.dataDir, !dir.isEmpty else { return "" }
        return " --data-dir " + (dir.contains(" ") ? "'\(dir)'" : dir)
    }
}

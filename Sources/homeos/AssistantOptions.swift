import ArgumentParser
import Foundation
import HomeOS
import LLM
import LlamaEngine
import ModelHub
import RemoteEngine
import Skills

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
        if noModel && model.engine == .remote { throw ValidationError("--no-model and --engine remote exclude each other.") }
    }

    /// Opens the family store and builds the assistant; loads the model unless `--no-model` or `loadModel` is false.
    /// - Throws: a ``CommandFailure`` saying to run `homeos init` when there is no family, or how to
    ///   get a model when it cannot be loaded.
    /// - Parameter style: the gene-pool style holder the skills' prompts read (see ``beginTurn(_:)``).
    /// - Parameter sentenceEncoder: the encoder routing reads vectors from (default: the installed
    ///   one, loaded now); `ask` and `chat` pass the one their crisis layer already loaded.
    /// - Parameter remembering: start from the family's kept conversation (``ConversationLog``); an
    ///   unreadable log is reported and the assistant starts without history.
    func openAssistant(loadModel: Bool = true, style: PromptStyle? = nil,
                       sentenceEncoder: SentenceEncoder? = AssistantOptions.sentenceEncoder(),
                       remembering: Bool = false) async throws -> HomeOSAssistant {
        let storage = try data.openRequiredStorage()
        guard try storage.exists(StoragePaths.family) else {
            throw CommandFailure(HomeOSAssistantError.noFamily(location: storage.databasePath).description)
        }
        let bridge = loadModel && !noModel ? try await loadBridge() : nil
        var history: [ConversationTurn] = []
        if remembering {
            do { history = try ConversationLog(storage: storage).history() } catch {
                Terminal.error("homeos: the kept conversation could not be read (\(error)); answering without it. "
                    + "`homeos conversation clear` starts it afresh.")
            }
        }
        do {
            return try HomeOSAssistant(storage: storage, bridge: bridge, style: style,
                                       tokenCounter: Self.tokenCounter(for: bridge?.model),
                                       sentenceEncoder: sentenceEncoder, history: history,
                                       remoteFallback: bridge == nil ? nil : Self.remoteFallback(allowedIn: storage))
        } catch let error as HomeOSAssistantError {
            throw CommandFailure(error.description)
        }
    }

    /// The remote model the family allowed with `homeos remote-fallback allow`, or nil when they
    /// never did, declined or revoked it (then nothing leaves the machine). The consent was asked
    /// once and kept, so it is not asked again here; a stored setting that cannot be read or used is
    /// reported and treated as "no".
    static func remoteFallback(allowedIn storage: any StorageProvider,
                               environment: [String: String] = ProcessInfo.processInfo.environment) -> RemoteFallback? {
        let setting: RemoteFallbackSetting?
        do { setting = try storage.loadIfPresent(.remoteFallback) } catch {
            Terminal.error("homeos: the remote-fallback setting could not be read (\(error)); nothing will leave this machine.")
            return nil
        }
        guard let setting, setting.allowed else { return nil }
        return remoteFallback(for: setting, environment: environment)
    }

    /// The fallback over the remote model `setting` names, when the family allowed it.
    static func remoteFallback(for setting: RemoteFallbackSetting,
                               environment: [String: String] = ProcessInfo.processInfo.environment) -> RemoteFallback? {
        guard setting.allowed else { return nil }
        guard let url = try? RemoteConfiguration.parseBaseURL(setting.baseURL) else {
            Terminal.error("homeos: the remote fallback's address \"\(setting.baseURL)\" is not usable; "
                + "run `homeos remote-fallback allow` again. Nothing will leave this machine.")
            return nil
        }
        let configuration = RemoteConfiguration(baseURL: url, model: setting.model, apiKey: RemoteAPIKey.fromEnvironment(environment))
        return RemoteFallback.remote(RemoteModel(configuration: configuration)) { _ in setting.allowed }
    }

    /// The installed sentence encoder (all-MiniLM-L6-v2 from `make setup`) that routing reads
    /// vectors from on every engine, or nil when it is not installed or cannot be loaded (routing then
    /// scores the words alone).
    static func sentenceEncoder() -> SentenceEncoder? {
        guard let path = SentenceEncoder.defaultModelPath(in: ModelDirectory.standard().root) else { return nil }
        return try? SentenceEncoder(modelPath: path)
    }

    /// The prompt token counter for `model`: its real tokenizer when it is an in-process llama.cpp
    /// model, else an estimate (a remote server's tokenizer cannot be called synchronously).
    static func tokenCounter(for model: (any LanguageModel)?) -> any PromptTokenCounting {
        guard let engine = model as? LlamaEngine, let tokenizer = try? LlamaTokenizer(path: engine.modelPath) else {
            return CharacterTokenEstimate()
        }
        return tokenizer
    }

    /// The model behind a bridge, or a ``CommandFailure`` explaining how to get one.
    func loadBridge() async throws -> LLMBridge {
        do {
            return LLMBridge(model: try await model.loadModel())
        } catch {
            // Installing a model does not help with a remote server that cannot be reached.
            if (try? model.engineChoice()) == .remote {
                throw CommandFailure("The remote model could not be used: \(error) Check --base-url and that the server is running, "
                    + "or run without a model with --no-model.")
            }
            throw CommandFailure("The model could not be loaded: \(error) Install the default model with `make setup` "
                + "(or `homeos models pull ID`), choose another with --model, or run without one with --no-model.")
        }
    }

    /// The options to repeat in a follow-up command (`--data-dir` when one was given), with a leading space.
    var followUpArguments: String {
        guard let dir = data.dataDir, !dir.isEmpty else { return "" }
        return " --data-dir " + (dir.contains(" ") ? "'\(dir)'" : dir)
    }

    /// Starts an answer: synthesizes its system-prompt style from the family's gene pool into
    /// `style` and records the turn, so `homeos feedback up|down` can be given on it.
    /// - Returns: the turn id.
    @discardableResult
    static func beginTurn(_ home: HomeOSAssistant, style: PromptStyle) throws -> String {
        try home.beginTurn(style: style)
    }
}

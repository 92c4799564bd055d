import Foundation
import WebFoundation
import LLM

/// A model ready to answer, with the tokenizer that counts its prompt tokens.
public struct LoadedModel: Sendable {
    /// The catalog id (or file name) of the model.
    public var id: String
    /// The engine.
    public var model: any LanguageModel
    /// Counts prompt tokens for the context budgets (the model's own tokenizer when it has one).
    public var tokenCounter: any PromptTokenCounting

    /// Creates a loaded model.
    public init(id: String, model: any LanguageModel, tokenCounter: any PromptTokenCounting = CharacterTokenEstimate()) {
        self.id = id
        self.model = model
        self.tokenCounter = tokenCounter
    }
}

/// Loads models for the server. The command line implements it with the in-process llama.cpp
/// engine, so the HTTP layer never names an engine; tests use a scripted model.
public protocol ModelLoading: Sendable {
    /// Loads the model `id` (nil: the one the user selected, else the default).
    /// - Throws: an error whose description says what to do (install it, choose another).
    func load(_ id: String?) async throws -> LoadedModel
}

/// Keeps one model loaded and warm for every request, and switches to another without a restart:
/// the new model loads while the old one keeps answering, then takes over.
actor ModelManager {
    /// Where the manager stands.
    enum State: Sendable {
        case none
        case loading(String?)
        case ready(LoadedModel)
        case failed(String)
    }

    private let loader: (any ModelLoading)?
    private(set) var state: State = .none
    /// Follows the current model, for parts built once (the scheduler's briefings).
    nonisolated let live = LiveModel()
    /// Counts switches, so a session can tell its cached assistant is stale.
    private(set) var generation = 0

    /// Creates a manager; with no loader the server runs without a model (deterministic steps only).
    init(loader: (any ModelLoading)?) {
        self.loader = loader
    }

    /// The model in use, if one is ready.
    var current: LoadedModel? {
        if case .ready(let model) = state { return model }
        return nil
    }

    /// The id to show for the state: the ready model's id, or the one loading.
    var displayID: String? {
        switch state {
        case .ready(let model): return model.id
        case .loading(let id): return id
        case .none, .failed: return nil
        }
    }

    /// Loads `id` and makes it current. On failure the previous model stays in use.
    /// - Throws: the loader's error.
    @discardableResult
    func load(_ id: String?) async throws -> LoadedModel {
        guard let loader else { throw ModelManagerError.noLoader }
        let previous = state
        state = .loading(id)
        do {
            let model = try await loader.load(id)
            state = .ready(model)
            live.set(model.model)
            generation += 1
            return model
        } catch {
            // Keep answering with the model that was there.
            if case .ready = previous { state = previous } else { state = .failed("\(error)") }
            throw error
        }
    }
}

/// Why a model could not be switched.
enum ModelManagerError: Error, CustomStringConvertible {
    case noLoader

    var description: String {
        switch self {
        case .noLoader: return "This server was started with --no-model; restart it without that flag to use a model."
        }
    }
}

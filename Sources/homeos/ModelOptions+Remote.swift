import ArgumentParser
import Foundation
import LLM
import LlamaEngine
import RemoteEngine

/// Which engine answers.
enum EngineChoice: String, ExpressibleByArgument, CaseIterable, Sendable {
    /// In-process llama.cpp (the default: nothing leaves the machine).
    case local
    /// An OpenAI-compatible server (opt-in).
    case remote
}

extension StructuredOutputStyle: ExpressibleByArgument {}

extension ModelOptions {
    /// The engine to use: `--engine`, else `HOMEOS_ENGINE`, else local.
    func engineChoice(environment: [String: String] = ProcessInfo.processInfo.environment) throws -> EngineChoice {
        if let engine { return engine }
        guard let value = environment["HOMEOS_ENGINE"], !value.isEmpty else { return .local }
        guard let choice = EngineChoice(rawValue: value.lowercased()) else {
            throw CommandFailure("HOMEOS_ENGINE is \"\(value)\"; use local or remote.")
        }
        return choice
    }

    /// The remote configuration from the options and the environment; only called when the
    /// remote engine was chosen.
    func remoteConfiguration(environment: [String: String] = ProcessInfo.processInfo.environment) throws -> RemoteConfiguration {
        guard let base = baseURL ?? environment["HOMEOS_REMOTE_BASE_URL"].flatMap({ $0.isEmpty ? nil : $0 }) else {
            throw CommandFailure("--engine remote needs the server's address: --base-url http://HOST:PORT/v1 (or HOMEOS_REMOTE_BASE_URL).")
        }
        guard let name = model ?? environment["HOMEOS_REMOTE_MODEL"].flatMap({ $0.isEmpty ? nil : $0 }) else {
            throw CommandFailure("--engine remote needs the served model's name: --model NAME (or HOMEOS_REMOTE_MODEL).")
        }
        let url: URL
        do { url = try RemoteConfiguration.parseBaseURL(base) } catch { throw CommandFailure("\(error)") }
        var configuration = RemoteConfiguration(baseURL: url, model: name, apiKey: RemoteAPIKey.fromEnvironment(environment),
                                                structuredOutput: structuredOutput ?? .automatic)
        if let remoteTimeout { configuration.readTimeout = .milliseconds(Int64(remoteTimeout * 1000)) }
        if let remoteRetries { configuration.retry.maxAttempts = remoteRetries }
        return configuration
    }

    /// Opens the chosen engine: the in-process model, or, only when `--engine remote` (or
    /// `HOMEOS_ENGINE=remote`) was given, a ``RemoteModel`` whose server is checked and probed.
    /// The remote engine says on standard error which host receives the messages.
    func loadModel() async throws -> any LanguageModel {
        guard try engineChoice() == .remote else { return try await loadEngine() }
        let configuration = try remoteConfiguration()
        let remote = RemoteModel(configuration: configuration)
        let availability = await remote.availability
        guard availability.isReady else {
            throw CommandFailure("The remote engine at \(configuration.host) is not usable: \(availability).")
        }
        let capabilities = await remote.probeCapabilities()
        let scope = configuration.isLoopback ? "this machine" : "\(configuration.host) (leaves this machine)"
        Terminal.error("[remote engine: \(configuration.model) at \(scope); \(capabilities)]")
        return remote
    }
}

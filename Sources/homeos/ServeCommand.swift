import ArgumentParser
import Foundation
import HomeOS
import LLM
import LlamaEngine
import Logging
import ModelHub
import WebApp

/// `homeos serve`: the family web app, with the model loaded once and kept warm.
struct ServeCommand: AsyncParsableCommand {
    /// Generations decoded side by side unless --parallel says otherwise.
    static let defaultParallel = 8

    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Start the family web app: chat, approvals, today, family and models in a browser, with the model kept warm.",
        discussion: """
            One process keeps the model loaded, owns the family store and runs the scheduler, whose notifications \
            appear on open pages as they fire. It listens on 127.0.0.1 (this machine only). To reach it from a \
            phone on the home network, use --host 0.0.0.0: each browser then pairs once with the code printed \
            here (or --token). Ctrl-C stops it: answers in progress are cancelled and the store closes cleanly.

            Examples:
              homeos serve --sample                 # the sample family, created when there is none
              homeos serve --port 9000 --model gemma3-270m
              homeos serve --host 0.0.0.0 --token 'a long secret'
            """)

    @Option(name: .long, help: "The address to listen on (default 127.0.0.1; any other needs pairing).")
    var host = "127.0.0.1"

    @Option(name: .long, help: "The port (0 picks a free one).")
    var port = 8765

    @Option(name: .long, help: ArgumentHelp("The pairing code for a non-loopback --host (default: a random 8-digit code, printed).",
                                            valueName: "code"))
    var token: String?

    @Flag(name: .long, help: "Create the sample family (examples/sample-family.json) when the data folder has none.")
    var sample = false

    @Flag(name: .customLong("no-scheduler"), help: "Do not run the proactive scheduler in this process.")
    var noScheduler = false

    @Flag(name: .long, help: "Log each request (method, path, status; never message text) to standard error.")
    var verbose = false

    @OptionGroup var options: AssistantOptions

    func validate() throws {
        guard (0...65535).contains(port) else { throw ValidationError("--port must be between 0 and 65535, got \(port).") }
        if let token, token.count < 6 { throw ValidationError("--token must be at least 6 characters.") }
    }

    func run() async throws {
        let storage = try options.data.openStorage()
        if try !storage.exists(StoragePaths.family) {
            guard sample else {
                throw CommandFailure("There is no family in \(storage.databasePath) yet. Start with the sample family "
                    + "(homeos serve --sample) or create yours with `homeos init`.")
            }
            let seed = try InitCommand.seed(fromFile: try SampleFamilyFile.locate(nil).path)
            try storage.transaction { try seed.save(in: $0) }
            Terminal.error("homeos serve: created the sample family (\(seed.family.name)) in \(storage.databasePath).")
        }
        var logger = Logger(label: "homeos.serve")
        logger.logLevel = verbose ? .info : .warning
        let encoder = AssistantOptions.sentenceEncoder()
        // Several people (and programs) talk to one server: their answers decode side by side.
        var modelOptions = options.model
        if modelOptions.parallel == nil { modelOptions.parallel = Self.defaultParallel }
        let loader: (any ModelLoading)? = options.noModel ? nil : CommandLineModelLoader(options: modelOptions)
        var webConfiguration = FamilyWebServer.Configuration(
            host: host, port: port, pairingCode: token, keyFile: options.data.directory.appendingPathComponent("web-session.key"),
            modelID: nil, runsScheduler: !noScheduler, contextSize: modelOptions.configuration.contextSize,
            remoteFallback: { AssistantOptions.remoteFallback(for: $0) })
        webConfiguration.kvCacheCount = modelOptions.configuration.kvCacheCount
        let server = try FamilyWebServer(
            configuration: webConfiguration,
            storage: storage, loader: loader, sentenceEncoder: encoder, library: ModelLibrary.standard(), logger: logger)
        if loader != nil {
            Terminal.error("homeos serve: loading the model…")
            do {
                let id = try await server.loadInitialModel()
                Terminal.error("homeos serve: model \(id ?? "none") ready.")
            } catch {
                throw CommandFailure("The model could not be loaded: \(error) Install the default model with `make setup`, "
                    + "choose another with --model, or run without one with --no-model.")
            }
        }
        let policy = server.policy
        do {
            try await server.run { url in
                var lines = ["HomeOS is ready at \(url)"]
                if let code = policy.pairingCode {
                    lines.append("Pairing code for other devices: \(code) (listening on \(policy.host); each browser pairs once)")
                }
                lines.append("Press Ctrl-C to stop.")
                print(lines.joined(separator: "\n"))
                fflush(nil)
            }
        } catch {
            let text = "\(error)"
            if text.contains("Address already in use") || text.contains("EADDRINUSE") {
                throw CommandFailure("Port \(port) is already in use (is another homeos serve running?). Choose another with --port.")
            }
            throw CommandFailure("The server stopped: \(text)")
        }
        Terminal.error("homeos serve: stopped.")
    }
}

/// Loads models for the server with the same options as every other command (engine, preset,
/// threads, context), by catalog id.
struct CommandLineModelLoader: ModelLoading {
    let options: ModelOptions

    func load(_ id: String?) async throws -> LoadedModel {
        var options = self.options
        if let id { options.model = id }
        let model = try await options.loadModel()
        return LoadedModel(id: model.id, model: model, tokenCounter: AssistantOptions.tokenCounter(for: model))
    }
}

import ArgumentParser
import CrisisDetection
import Foundation
import LlamaEngine
import Logging
import ModelHub
import Sentinel
import SentinelWeb
import WebFoundation

/// `sentinel serve`: the check-in as web pages on this machine.
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve Sentinel's web app on this machine: check-in with the microphone, crisis view, dashboard, plan, reports.",
        discussion: """
            Prints the address to open (http://127.0.0.1:8766/ by default). The first visit sets Sentinel up: a \
            passphrase (it derives the key that encrypts everything), your name, battle buddy and preferred crisis \
            line, then your first safety plan. Later visits unlock with the passphrase; the app locks itself after \
            --idle-lock seconds without use. Every wrong passphrase doubles the wait before the next try.

            988 is on every page, locked or not. Pages are never cached and nothing clinical goes into browser \
            storage; voice recordings are measured in memory and never written to disk.

            The server listens on 127.0.0.1 only. With --host for another address, a browser must first enter the \
            pairing code printed here. Sentinel's data and port stay separate from 'homeos serve'.

            Examples:
              sentinel serve
              sentinel serve --port 9000 --idle-lock 120 --no-model
              sentinel serve --data-dir ~/private/sentinel --model gemma3-270m
            """
    )

    @Option(name: .long, help: "Address to listen on (127.0.0.1 unless you need another device; then pairing is required).")
    var host = "127.0.0.1"

    @Option(name: .long, help: "Port to listen on (0: any free port).")
    var port = 8766

    @Option(name: .long, help: ArgumentHelp("Directory of the encrypted store (default: $SENTINEL_DATA_DIR, else ~/.homeos/sentinel).",
                                            valueName: "directory"))
    var dataDir: String?

    @Option(name: .long, help: ArgumentHelp("Seconds without use before the app locks itself.", valueName: "seconds"))
    var idleLock: Int = 300

    @Option(name: .long, help: ArgumentHelp("Seconds before the crisis view's recheck (600 is 10 minutes).", valueName: "seconds"))
    var recheckAfter: Double = CrisisSession.recheckInterval

    @Flag(name: .long, help: "Log each request's method, path and status (never bodies, passphrases or clinical values).")
    var verbose = false

    @OptionGroup var ai: AIOptions

    func validate() throws {
        if idleLock < 10 || idleLock > 24 * 3600 { throw ValidationError("--idle-lock must be between 10 seconds and 24 hours.") }
        if !(recheckAfter > 0) || !recheckAfter.isFinite { throw ValidationError("--recheck-after must be above 0 seconds.") }
        if !(0...65535).contains(port) { throw ValidationError("--port must be between 0 and 65535.") }
    }

    func run() async throws {
        let directory = SentinelDataDirectory.resolve(explicit: dataDir)
        var logger = SentinelWebServer.quietLogger()
        if verbose { logger.logLevel = .info }
        let server = try SentinelWebServer(
            configuration: .init(host: host, port: port, dataDirectory: directory, idleLock: .seconds(idleLock), recheckAfter: recheckAfter),
            models: try models(), logger: logger)
        let pairing = server.policy.pairingCode
        try await server.run { url in
            var lines = ["Sentinel is ready at \(url)", "Data: \(directory.path)"]
            if let pairing { lines.append("Pairing code for other devices: \(pairing)") }
            lines.append("If you are in crisis now: dial 988 then press 1, or text 838255. Press Ctrl-C to stop.")
            Console.out(lines.joined(separator: "\n") + "\n")
        }
    }

    /// The model steps over one shared engine, or their deterministic fallbacks.
    private func models() throws -> SentinelModels {
        var screen = CrisisScreen(encoder: nil, classifier: nil)
        if let path = SentenceEncoder.defaultModelPath(in: ModelDirectory.standard().root),
           let encoder = try? SentenceEncoder(modelPath: path) {
            screen = CrisisScreen(encoder: encoder)
        }
        guard let shared = ai.sharedModelLoader() else {
            let reason = ai.noModel ? "turned off with --no-model" : "no model is installed"
            _ = try ai.aiStep()  // a --model that cannot be found is an error, said now
            return .none(reason: reason, crisisScreen: screen)
        }
        let options = ai
        return SentinelModels(
            aiStep: { (try? options.aiStep(shared: shared)) ?? .disabled(reason: "the model could not be resolved") },
            compressor: ai.narrativeCompressor(shared: shared).compressor,
            reranker: ai.safetyPlanReranker(shared: shared).reranker,
            reportWriter: SBARReportWriter(loadingModel: { try await shared.model() }),
            crisisScreen: screen,
            explainer: RiskExplanationWriter(loadingModel: { try await shared.model() }))
    }
}

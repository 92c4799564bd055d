import Foundation
import LLM
import LlamaEngine
import ModelHub
import RemoteEngine
import Testing

/// The real OpenAI-compatible peer (llama-cpp-python's server, the version `make setup` pins,
/// serving SmolLM2-135M-Instruct on 127.0.0.1) and the in-process engine over the same file,
/// each started once per test process and shared.
enum TestServers {
    /// Whether the server can be started here; suites are skipped (with this reason) otherwise.
    static let missing: String? = {
        if let reason = LlamaCppPythonServer.checkInstallation(python: LlamaCppPythonServer.defaultPython()) { return reason }
        if (try? ModelDirectory.standard().resolve("smollm2-135m-instruct")) == nil {
            return "the default model SmolLM2-135M-Instruct is not installed; run `make setup`"
        }
        return nil
    }()

    static var available: Bool { missing == nil }

    static let skipMessage: Comment = "llama-cpp-python[server] or the default model is missing: run `make setup` (scripts/setup.sh installs the server extras)"

    static func modelPath() throws -> String { try ModelDirectory.standard().resolve("smollm2-135m-instruct").path }

    /// Starts a fresh server (tests that kill it use their own).
    static func startServer() async throws -> LlamaCppPythonServer {
        try await LlamaCppPythonServer.start(modelPath: try modelPath(), contextSize: 2048,
                                             threads: max(1, ProcessInfo.processInfo.activeProcessorCount))
    }

    private static let shared = Task { try await startServer() }
    private static let local = Task {
        try await LlamaEngine(modelPath: try modelPath(), configuration: LlamaConfiguration(
            threads: ProcessInfo.processInfo.activeProcessorCount, contextSize: 2048, batchSize: 256))
    }

    private static let encoder = Task { () -> SentenceEncoder? in
        SentenceEncoder.defaultModelPath(in: ModelDirectory.standard().root).flatMap { try? SentenceEncoder(modelPath: $0) }
    }

    /// The installed sentence encoder that `homeos ask` routes with on every engine; nil (and an
    /// issue recorded) when `make setup` has not installed it.
    static func sentenceEncoder() async -> SentenceEncoder? {
        let loaded = await encoder.value
        if loaded == nil { Issue.record("The sentence model \(SentenceEncoder.defaultModelFileName) is not installed: run `make setup`.") }
        return loaded
    }

    /// The shared server.
    static func server() async throws -> LlamaCppPythonServer { try await shared.value }

    private static let probedRemote = Task {
        let model = RemoteModel(configuration: RemoteConfiguration(baseURL: try await server().baseURL, model: "smollm2-135m-instruct",
                                                                   readTimeout: .seconds(300)))
        await model.probeCapabilities()
        return model
    }

    /// A remote model over the shared server, its capabilities probed (once).
    static func remote() async throws -> RemoteModel { try await probedRemote.value }

    /// The in-process engine over the same model file.
    static func localEngine() async throws -> LlamaEngine { try await local.value }
}

/// The two engines every parity scenario runs on.
enum EngineKind: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case local
    case remote

    var testDescription: String { rawValue }

    func model() async throws -> any LanguageModel {
        switch self {
        case .local: return try await TestServers.localEngine()
        case .remote: return try await TestServers.remote()
        }
    }
}

/// In CI (`.ci/run` sets HOMEOS_REQUIRE_PREREQUISITES=1) the server suites must run: a missing
/// llama-cpp-python server or model fails here instead of turning two suites into skips.
@Suite struct TestServerPrerequisiteTests {
    @Test func theServerSuitesRunWhereTheyAreRequired() {
        guard ProcessInfo.processInfo.environment["HOMEOS_REQUIRE_PREREQUISITES"] == "1" else { return }
        #expect(TestServers.missing == nil, "\(TestServers.missing ?? "")")
    }
}

import Foundation
import LLM
import Testing

/// `homeos models list|info|use|pull|remove` end to end: the built binary over a models folder of
/// its own, the default model linked into it, and a file served from 127.0.0.1 by Python's
/// `http.server` for the download.
@Suite(.serialized) struct ModelsCommandLineTests {
    /// A HomeOS home and a models folder holding (a link to) the installed default model.
    struct Setup {
        let home: URL
        let models: URL
        var environment: [String: String] { ["HOMEOS_MODELS_DIR": models.path] }

        init() throws {
            home = try HomeOSProcess.temporaryHome("models")
            models = home.appendingPathComponent("models")
            try FileManager.default.createDirectory(at: models, withIntermediateDirectories: true)
            let installed = URL(fileURLWithPath: try DefaultModelFile.path(for: "The models command tests"))
            try FileManager.default.createSymbolicLink(at: models.appendingPathComponent(installed.lastPathComponent),
                                                       withDestinationURL: installed)
            let marker = installed.path + ".sha256-verified"
            if FileManager.default.fileExists(atPath: marker) {
                try FileManager.default.copyItem(atPath: marker, toPath: models.appendingPathComponent(installed.lastPathComponent).path + ".sha256-verified")
            }
        }

        func run(_ arguments: [String]) async throws -> HomeOSProcess.Output {
            try await HomeOSProcess.run(arguments, home: home, extraEnvironment: environment, timeout: .seconds(120))
        }

        func remove() { try? FileManager.default.removeItem(at: home) }
    }

    @Test func listInfoAndUseDescribeAndSelectTheInstalledModel() async throws {
        let setup = try Setup()
        defer { setup.remove() }
        let list = try await setup.run(["models", "list"])
        #expect(list.status == 0, "\(list.stderr)")
        let row = try #require(list.stdout.split(separator: "\n").first { $0.contains("smollm2-135m-instruct") })
        #expect(row.contains("installed, verified"), "\(row)")
        #expect(list.stdout.contains("No model selected"))
        let unavailable = try #require(list.stdout.split(separator: "\n").first { $0.contains("apple-foundation-model") })
        #expect(unavailable.contains("unavailable (Apple only)"))

        let json = try await setup.run(["models", "list", "--json"])
        let entries = try #require(try JSONValue(parsing: json.stdout).arrayValue)
        let smol = try #require(entries.first { $0["id"] == .string("smollm2-135m-instruct") })
        #expect(smol["installed"] == .bool(true))
        #expect(smol["isDefault"] == .bool(true))

        let info = try await setup.run(["models", "info", "smollm2"])
        #expect(info.status == 0, "\(info.stderr)")
        #expect(info.stdout.contains("id                 smollm2-135m-instruct"), "an alias finds the entry")
        #expect(info.stdout.contains("chat template      ChatML"))
        #expect(info.stdout.contains("gguf               llama, 30 layers"), "read from the file's header")
        #expect(info.stdout.contains("memory             about"))

        let use = try await setup.run(["models", "use", "smollm2-135m-instruct"])
        #expect(use.status == 0, "\(use.stderr)")
        #expect(use.stdout.contains("Selected smollm2-135m-instruct (loaded in"), "use loads the model once to check it")
        let selected = try await setup.run(["models", "list"])
        #expect(!selected.stdout.contains("No model selected"), "\(selected.stdout)")

        let missing = try await setup.run(["models", "use", "gemma3-270m-it"])
        #expect(missing.status != 0)
        #expect(missing.stderr.contains("The model 'gemma3-270m-it' is not installed: Run `homeos models pull gemma3-270m-it`."),
                "\(missing.stderr)")
        let unknown = try await setup.run(["models", "info", "no-such-model"])
        #expect(unknown.status != 0)
        #expect(unknown.stderr.contains("no-such-model"), "\(unknown.stderr)")
    }

    @Test func pullVerifiesTheHashInstallsAndRemoveDeletes() async throws {
        let setup = try Setup()
        defer { setup.remove() }
        let served = setup.home.appendingPathComponent("served")
        try FileManager.default.createDirectory(at: served, withIntermediateDirectories: true)
        var bytes = [UInt8]("GGUF".utf8)
        var state: UInt64 = 42
        for _ in 0..<200_000 {
            state = state &* 6_364_136_223_846_793_005 &+ 1
            bytes.append(UInt8(truncatingIfNeeded: state >> 33))
        }
        try Data(bytes).write(to: served.appendingPathComponent("tiny.gguf"))
        let server = try LocalFileServer(serving: served)
        defer { server.stop() }
        let url = server.url(for: "tiny.gguf")
        let digest = try #require(try LocalFileServer.sha256(of: served.appendingPathComponent("tiny.gguf")))

        let wrong = try await setup.run(["models", "pull", url, "--sha256", String(repeating: "0", count: 64)])
        #expect(wrong.status != 0)
        #expect(wrong.stderr.contains("It was discarded and nothing was installed"), "\(wrong.stderr)")
        #expect(!FileManager.default.fileExists(atPath: setup.models.appendingPathComponent("tiny.gguf").path))

        let pulled = try await setup.run(["models", "pull", url, "--sha256", digest])
        #expect(pulled.status == 0, "\(pulled.stderr)")
        #expect(pulled.stdout.contains("Installed tiny"), "\(pulled.stdout)")
        #expect(pulled.stderr.contains("verifying SHA-256"), "progress goes to standard error")
        #expect(try Data(contentsOf: setup.models.appendingPathComponent("tiny.gguf")) == Data(bytes))
        let listed = try await setup.run(["models", "list"])
        #expect(listed.stdout.split(separator: "\n").contains { $0.contains("tiny") && $0.contains("installed, verified") }, "\(listed.stdout)")

        let removed = try await setup.run(["models", "remove", "tiny"])
        #expect(removed.status == 0, "\(removed.stderr)")
        #expect(removed.stdout.contains("Deleted tiny"))
        #expect(!FileManager.default.fileExists(atPath: setup.models.appendingPathComponent("tiny.gguf").path))
        let protected = try await setup.run(["models", "remove", "smollm2-135m-instruct"])
        #expect(protected.status != 0, "the default model needs --force")
        #expect(protected.stderr.contains("--force"), "\(protected.stderr)")
        #expect(FileManager.default.fileExists(atPath: setup.models.appendingPathComponent("SmolLM2-135M-Instruct.Q8_0.gguf").path))
    }

    @Test func feedbackMovesTheGenesOfTheAnswer() async throws {
        let home = try HomeOSProcess.temporaryHome("feedback")
        defer { try? FileManager.default.removeItem(at: home) }
        let data = home.appendingPathComponent("data").path
        let sample = RepositoryFiles.root.appendingPathComponent("examples/sample-family.json").path
        #expect(try await HomeOSProcess.run(["init", "--from", sample, "--data-dir", data], home: home).status == 0)
        let none = try await HomeOSProcess.run(["feedback", "up", "--data-dir", data], home: home)
        #expect(none.status != 0, "no answer yet to rate")
        #expect(!none.stderr.isEmpty)
        let asked = try await HomeOSProcess.run(["ask", "--no-model", "--json", "--data-dir", data, "Remind me to water the plants tomorrow at 9am"],
                                                home: home)
        let turn = try #require(try JSONValue(parsing: asked.stdout)["turn"]?.stringValue)
        let up = try await HomeOSProcess.run(["feedback", "up", "--data-dir", data], home: home)
        #expect(up.status == 0, "\(up.stderr)")
        #expect(up.stdout.contains("answer \(turn) marked up"), "without --turn the latest answer is meant: \(up.stdout)")
        let genes = try await HomeOSProcess.run(["dev", "genes", "list", "--data-dir", data], home: home)
        #expect(genes.status == 0, "\(genes.stderr)")
        #expect(genes.stdout.contains("guardrail.health"), "\(genes.stdout)")
        let bogus = try await HomeOSProcess.run(["feedback", "down", "--turn", "ffffffff", "--data-dir", data], home: home)
        #expect(bogus.status != 0)
        #expect(bogus.stderr.contains("ffffffff"), "\(bogus.stderr)")
    }
}

/// Python's `http.server` on a free 127.0.0.1 port, serving one folder.
final class LocalFileServer: Sendable {
    private let process: Process
    let port: Int

    init(serving folder: URL) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-u", "-m", "http.server", "0", "--bind", "127.0.0.1", "--directory", folder.path]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        var text = ""
        let patience = Date().addingTimeInterval(30)
        while !text.contains(" port "), Date() < patience, process.isRunning {
            text += String(decoding: output.fileHandleForReading.availableData, as: UTF8.self)
        }
        guard let match = text.firstMatch(of: /port (\d+)/), let port = Int(match.1) else {
            process.terminate()
            throw CocoaError(.fileReadUnknown, userInfo: [NSLocalizedDescriptionKey: "http.server did not start: \(text)"])
        }
        self.process = process
        self.port = port
    }

    func url(for name: String) -> String { "http://127.0.0.1:\(port)/\(name)" }

    /// The file's SHA-256 in hex, from `sha256sum` (coreutils).
    static func sha256(of file: URL) throws -> String? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["sha256sum", file.path]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return text.split(separator: " ").first.map(String.init)
    }

    /// Stops the server with SIGKILL: a test process may ignore SIGTERM (servers under test handle
    /// it themselves), and a child inherits that, so `terminate()` would leave it running.
    func stop() {
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }
}

import Foundation
import Testing

/// `homeos bench engine` against the real llama-cpp-python reference, run as a person would.
@Suite(.serialized) struct BenchCommandLineTests {
    /// The Python of the setup environment, or a recorded issue saying how to install it.
    static func setupPython() throws -> String {
        let cache = ProcessInfo.processInfo.environment["HOMEOS_CACHE"].flatMap { $0.isEmpty ? nil : $0 }
            ?? FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(".cache/homeos").path
        let python = "\(cache)/current/venv/bin/python"
        guard FileManager.default.isExecutableFile(atPath: python) else {
            Issue.record("no Python environment at \(python): run `make setup` (or `make test`).")
            throw CocoaError(.fileNoSuchFile)
        }
        return python
    }

    /// A reference that writes far more to standard error than a pipe holds (64 KB) before its
    /// result, as llama.cpp's own logging or a long warning would: the benchmark still finishes
    /// and prints both sides. (It used to read the result pipe to its end first and hang.)
    @Test(.timeLimit(.minutes(3))) func aReferenceThatTalksALotOnStandardErrorStillFinishes() async throws {
        let model = try DefaultModelFile.path(for: "The bench engine test")
        let python = try Self.setupPython()
        let folder = try TemporaryFolder("homeos-bench")
        defer { folder.remove() }
        let script = folder.appending("noisy_reference.py")
        try Data("""
            import runpy, sys
            sys.stderr.write("reference warning: " + "x" * 200000 + "\\n")
            sys.stderr.flush()
            runpy.run_path(\(String(reflecting: RepositoryFiles.benchReferenceScript.path)), run_name="__main__")
            """.utf8).write(to: script)
        let output = try await HomeOSProcess.run(["bench", "engine", "--models", model, "--max-tokens", "8", "--repetitions", "1",
                                                  "--python", python, "--reference-script", script.path],
                                                 home: folder.url, timeout: .seconds(150))
        #expect(output.status == 0, "\(output.stderr.suffix(2000))")
        #expect(output.stdout.contains("ours (Swift)"), "\(output.stdout)")
        #expect(output.stdout.contains("llama-cpp-python"), "\(output.stdout)")
        #expect(output.stdout.contains("ours/ref"), "\(output.stdout)")
    }

    /// A reference that fails is reported with its exit status and its last words.
    @Test func aFailingReferenceIsNamedWithItsMessage() async throws {
        let model = try DefaultModelFile.path(for: "The bench engine test")
        let python = try Self.setupPython()
        let folder = try TemporaryFolder("homeos-bench")
        defer { folder.remove() }
        let script = folder.appending("broken_reference.py")
        try Data("import sys\nsys.stderr.write('ModuleNotFoundError: no module named llama_cpp\\n')\nsys.exit(3)\n".utf8)
            .write(to: script)
        let output = try await HomeOSProcess.run(["bench", "engine", "--models", model, "--max-tokens", "4", "--repetitions", "1",
                                                  "--python", python, "--reference-script", script.path],
                                                 home: folder.url, timeout: .seconds(150))
        #expect(output.status != 0)
        #expect(output.stderr.contains("The reference run failed (exit 3)"), "\(output.stderr)")
        #expect(output.stderr.contains("no module named llama_cpp"), "\(output.stderr)")
    }
}

import Foundation
import Testing

/// `homeos dev bench engine` against the real llama-cpp-python reference (the setup environment's
/// Python, the command's default), run as a person would.
@Suite(.serialized) struct BenchCommandLineTests {
    /// A reference that writes far more to standard error than a pipe holds (64 KB) before its
    /// result, as llama.cpp's own logging or a long warning would: the benchmark still finishes
    /// and prints both sides. (It used to read the result pipe to its end first and hang.)
    @Test(.timeLimit(.minutes(3))) func aReferenceThatTalksALotOnStandardErrorStillFinishes() async throws {
        let model = try DefaultModelFile.path(for: "The bench engine test")
        let folder = try TemporaryFolder("homeos-bench")
        defer { folder.remove() }
        let script = folder.appending("noisy_reference.py")
        try Data("""
            import runpy, sys
            sys.stderr.write("reference warning: " + "x" * 200000 + "\\n")
            sys.stderr.flush()
            runpy.run_path(\(String(reflecting: RepositoryFiles.benchReferenceScript.path)), run_name="__main__")
            """.utf8).write(to: script)
        let output = try await HomeOSProcess.run(["dev", "bench", "engine", "--models", model, "--max-tokens", "8", "--repetitions", "1",
                                                  "--reference-script", script.path],
                                                 home: folder.url, timeout: .seconds(150))
        #expect(output.status == 0, "\(output.stderr.suffix(2000))")
        #expect(output.stdout.contains("ours (Swift)"), "\(output.stdout)")
        #expect(output.stdout.contains("llama-cpp-python"), "\(output.stdout)")
        #expect(output.stdout.contains("ours/ref"), "\(output.stdout)")
    }

    /// A reference that fails is reported with its exit status and its last words.
    @Test func aFailingReferenceIsNamedWithItsMessage() async throws {
        let model = try DefaultModelFile.path(for: "The bench engine test")
        let folder = try TemporaryFolder("homeos-bench")
        defer { folder.remove() }
        let script = folder.appending("broken_reference.py")
        try Data("import sys\nsys.stderr.write('ModuleNotFoundError: no module named llama_cpp\\n')\nsys.exit(3)\n".utf8)
            .write(to: script)
        let output = try await HomeOSProcess.run(["dev", "bench", "engine", "--models", model, "--max-tokens", "4", "--repetitions", "1",
                                                  "--reference-script", script.path],
                                                 home: folder.url, timeout: .seconds(150))
        #expect(output.status != 0)
        #expect(output.stderr.contains("The reference run failed (exit 3)"), "\(output.stderr)")
        #expect(output.stderr.contains("no module named llama_cpp"), "\(output.stderr)")
    }
}

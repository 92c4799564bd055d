import Foundation
import RemoteEngine

/// The job sent to scripts/bench_reference.py (field names are the script's).
struct ReferenceJob: Encodable {
    var model_path: String
    var context_size: Int
    var batch_size: Int
    var threads: Int
    var flash_attention: Bool
    var warmup_prompt: String
    var prompt: String
    var max_tokens: Int
    var repetitions: Int
}

/// What the reference script measured.
struct ReferenceResult: Decodable {
    var prompt_tokens: Int
    var generated_tokens: Int
    var ttft_s: Double?
    var prompt_tps: Double?
    var decode_tps: Double?
    var text: String
    var version: String
}

/// Runs the llama-cpp-python reference measurement in a child process.
struct ReferenceRunner {
    let python: String
    let script: String

    init(python: String?, script: String?) throws {
        self.python = python ?? LlamaCppPythonServer.defaultPython()
        self.script = script ?? URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("scripts/bench_reference.py").path
        guard FileManager.default.isExecutableFile(atPath: self.python) else {
            throw BenchError("No Python with llama_cpp at \(self.python). Run `make setup` or pass --python.")
        }
        guard FileManager.default.fileExists(atPath: self.script) else {
            throw BenchError("The reference script is not at \(self.script). Pass --reference-script.")
        }
    }

    func run(_ job: ReferenceJob) throws -> ReferenceResult {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = [script]
        let input = Pipe(), output = Pipe()
        // Standard error goes to a file, not a second pipe: reading the result pipe to its end
        // while a full error pipe (64 KB of llama.cpp or Python output) blocks the child would
        // never finish.
        let errorLog = FileManager.default.temporaryDirectory
            .appendingPathComponent("homeos-bench-reference-\(UUID().uuidString).log")
        guard FileManager.default.createFile(atPath: errorLog.path, contents: nil) else {
            throw BenchError("Cannot create \(errorLog.path) for the reference run's messages.")
        }
        defer { try? FileManager.default.removeItem(at: errorLog) }
        let errors = try FileHandle(forWritingTo: errorLog)
        defer { try? errors.close() }
        process.standardInput = input
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        input.fileHandleForWriting.write(try JSONEncoder().encode(job))
        try input.fileHandleForWriting.close()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let errorText = String(decoding: (try? Data(contentsOf: errorLog)) ?? Data(), as: UTF8.self)
        guard process.terminationStatus == 0 else {
            throw BenchError("The reference run failed (exit \(process.terminationStatus)): \(errorText.suffix(800))")
        }
        do {
            return try JSONDecoder().decode(ReferenceResult.self, from: data)
        } catch {
            throw BenchError("The reference run printed no result: \(String(decoding: data.prefix(300), as: UTF8.self))")
        }
    }
}

/// A benchmark that could not run, with the reason.
struct BenchError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

import ArgumentParser
import Foundation
import LLM
import LlamaEngine

/// `homeos dev generate`: one answer from the model.
struct GenerateCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "generate",
        abstract: "Generate an answer to a prompt with the local model (or, with --engine remote, a server you chose).",
        discussion: """
            The prompt is sent as a user message through the model's chat template. Decoding is greedy \
            (deterministic) unless --temperature is above 0.

            With --schema FILE the answer is constrained to JSON valid against that JSON Schema \
            (draft 2020-12 or 7); keywords the grammar cannot enforce are named on stderr and the answer is \
            validated afterwards.

            Example: homeos dev generate --stream --stats "Suggest a quick dinner for four."
            Example: homeos dev generate --schema reservation.json "Book a table for four at 7pm."
            """
    )

    @OptionGroup var modelOptions: ModelOptions

    @Option(name: .long, help: "System prompt.")
    var system: String?

    @Option(name: .long, help: "Most tokens to generate.")
    var maxTokens: Int = 256

    @Option(name: .long, help: "Sampling temperature; 0 is greedy.")
    var temperature: Double = 0

    @Option(name: .long, help: "Random seed for sampling with a temperature.")
    var seed: UInt32?

    @Option(name: .long, help: "Stop when the output contains this text (repeatable).")
    var stop: [String] = []

    @Option(name: .long, help: "Give up after this many seconds and print what was generated.")
    var timeout: Double?

    @Option(name: .long, help: "Constrain the answer to JSON valid against the JSON Schema in this file.")
    var schema: String?

    @Flag(name: .long, help: "Send the prompt as raw text instead of a chat message (for base models).")
    var raw = false

    @Flag(name: .long, help: "Print tokens as they are generated.")
    var stream = false

    @Flag(name: .long, help: "Print token counts and speed afterwards.")
    var stats = false

    @Argument(help: "The prompt.")
    var prompt: String

    func validate() throws {
        if maxTokens < 1 { throw ValidationError("--max-tokens must be at least 1, got \(maxTokens).") }
        if !(temperature >= 0) { throw ValidationError("--temperature must be 0 or more, got \(temperature).") }
        if let timeout, !(timeout > 0) { throw ValidationError("--timeout must be above 0 seconds.") }
        if prompt.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
            throw ValidationError("The prompt is empty.")
        }
        if stop.contains("") { throw ValidationError("--stop must not be empty.") }
    }

    func run() async throws {
        let outputSchema = try schema.map(Self.loadSchema)
        let engine = try await modelOptions.loadModel()
        var messages: [ChatMessage] = []
        if let system { messages.append(.system(system)) }
        messages.append(.user(prompt))
        let request = GenerationRequest(
            prompt: raw ? .text(prompt) : .chat(messages),
            options: GenerationOptions(temperature: temperature, seed: seed, maxTokens: maxTokens, stopSequences: stop),
            constraint: outputSchema.map { .jsonSchema($0) },
            deadline: timeout.map { .after(.milliseconds(Int64($0 * 1000))) })

        var finished: (GenerationUsage, FinishReason)?
        var text = ""
        for try await event in engine.stream(request) {
            switch event {
            case .token(let piece):
                text += piece
                if stream { Terminal.write(piece) }
            case .logprob:
                break
            case .finished(let usage, let reason):
                finished = (usage, reason)
            }
        }
        if stream { Terminal.write("\n") } else { print(text.trimmingCharacters(in: .whitespacesAndNewlines)) }
        if let outputSchema { Self.reportValidity(of: text, against: outputSchema) }
        guard let (usage, reason) = finished else { return }
        if stats, !(engine is LlamaEngine) {
            Terminal.error("""
                ---
                model            \(engine.id)
                prompt tokens    \(usage.promptTokens == 0 ? "- (the server did not say)" : "\(usage.promptTokens)")
                generated tokens \(usage.generatedTokens)
                decode           \(usage.decodeTokensPerSecond.map { String(format: "%.1f tok/s", $0) } ?? "-")
                first token      \(usage.timeToFirstToken.map { "\(Terminal.ms($0)) ms" } ?? "-")
                total            \(Terminal.ms(usage.totalDuration)) ms
                finish reason    \(reason)
                """)
        } else if stats, let engine = engine as? LlamaEngine {
            let info = await engine.info
            Terminal.error("""
                ---
                model            \(engine.id) (\(info.description), template: \(info.chatTemplate))
                load             \(Terminal.ms(info.loadDuration)) ms, +\(info.residentMemoryGrowthBytes / 1_048_576) MiB resident
                prompt tokens    \(usage.promptTokens) (\(usage.cachedPromptTokens) reused)
                prompt           \(Terminal.ms(usage.promptDuration)) ms\(usage.promptTokensPerSecond.map { String(format: ", %.1f tok/s", $0) } ?? "")
                generated tokens \(usage.generatedTokens)
                decode           \(usage.decodeTokensPerSecond.map { String(format: "%.1f tok/s", $0) } ?? "-")
                first token      \(usage.timeToFirstToken.map { "\(Terminal.ms($0)) ms" } ?? "-")
                finish reason    \(reason)
                """)
        } else if reason == .deadline || reason == .maxTokens {
            Terminal.error("(stopped: \(reason))")
        }
    }

    /// Reads and parses the JSON Schema in `path`, with an error that names the file.
    static func loadSchema(_ path: String) throws -> JSONSchema {
        let text: String
        do {
            text = try String(contentsOfFile: path, encoding: .utf8)
        } catch {
            throw CommandFailure("Could not read the schema file \(path): \(error.localizedDescription)")
        }
        let schema: JSONSchema
        do {
            schema = try JSONSchema(jsonText: text)
        } catch {
            throw CommandFailure("\(path) is not a usable JSON Schema: \(error)")
        }
        do {
            let compiled = try JSONSchemaGrammarCompiler().compile(schema)
            for keyword in compiled.unsupported { Terminal.error("note: \(keyword) (the answer is validated afterwards)") }
        } catch {
            throw CommandFailure("\(path) cannot be turned into a decoding grammar: \(error)")
        }
        return schema
    }

    /// Says on stderr whether `text` is JSON valid against `schema`.
    static func reportValidity(of text: String, against schema: JSONSchema) {
        guard let value = try? JSONValue(parsing: text) else {
            Terminal.error("warning: the answer is not JSON")
            return
        }
        guard let validator = try? JSONSchemaValidator(schema: schema) else { return }
        for problem in validator.validate(value) { Terminal.error("schema violation: \(problem.description)") }
    }
}

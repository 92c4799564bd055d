import ArgumentParser
import Foundation
import HomeOS
import LLM
import Skills

/// `homeos dev route`: which skill would take a message, without running it.
struct RouteCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "route",
        abstract: "Show the routing decision for a message (nothing is executed).",
        discussion: """
            Runs HomeOS's cascade: keyword match, learned scorer, model classification (the default model unless \
            --no-model), fallback. With a model loaded whose sentence vectors a bundled routing model reads \
            (smollm2-135m-instruct, gemma3-270m), the scorer reads the message's vector as well as its words; --no-model \
            scores the words alone and --skip-classification keeps the vectors but skips step 3. --batch FILE routes one message per line and prints one JSON object per line: \
            {"message", "skill" (null for none), "step", "score", "features", "ms"}; "features" says what the scorer \
            read: "sentenceVector" (the words and the model's vector) or "words" (no vector in time, or none to read).
            Examples: homeos dev route "remind me to call mom at 5"
                      homeos dev route --no-model --batch messages.txt
            """
    )

    @Flag(name: .long, help: "Print the decision as JSON.")
    var json = false

    @Option(name: .long, help: ArgumentHelp("Route every line of this file ('-' for standard input); prints JSON Lines.", valueName: "file"))
    var batch: String?

    @Flag(name: .customLong("no-model"), help: "Load no model: words-only scoring, no model step.")
    var noModel = false

    @Flag(name: .long, help: "Load the model for sentence vectors but skip the model-classification step.")
    var skipClassification = false

    @Option(name: .long, help: ArgumentHelp("Use this routing-model.json instead of the bundled one.", valueName: "path"))
    var routingModel: String?

    @Option(name: .long, help: "Seconds the model step may take before falling back (default: the router's, 2).")
    var modelTimeout: Double?

    @Option(name: .long, help: ArgumentHelp("Seconds scoring waits for the sentence vector before scoring the words alone (default: 0.5).",
                                            valueName: "seconds"))
    var vectorTimeout: Double?

    @OptionGroup var modelOptions: ModelOptions

    @Argument(help: "The message.")
    var message: String?

    func validate() throws {
        if batch == nil && (message ?? "").trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
            throw ValidationError("Give a message, or --batch FILE.")
        }
        if batch != nil && message != nil { throw ValidationError("Give either a message or --batch FILE, not both.") }
        if noModel && modelOptions.model != nil { throw ValidationError("--no-model and --model exclude each other.") }
        if noModel && skipClassification { throw ValidationError("--no-model already skips classification; give one of them.") }
        if let modelTimeout, !(modelTimeout > 0) { throw ValidationError("--model-timeout must be above 0 seconds.") }
        if let vectorTimeout, !(vectorTimeout > 0) { throw ValidationError("--vector-timeout must be above 0 seconds.") }
    }

    func run() async throws {
        let engine = noModel ? nil : try await modelOptions.loadEngine()
        let bridge = skipClassification ? nil : engine.map { LLMBridge(model: $0) }
        let model = try routingModel.map { try HomeOSRouting.model(at: URL(fileURLWithPath: $0)) }
        var router = try HomeOSRouting.router(bridge: bridge, model: model, embedder: engine,
                                              vectorTimeout: vectorTimeout.map { .milliseconds(Int64($0 * 1000)) })
        if let modelTimeout { router.modelTimeout = .milliseconds(Int64(modelTimeout * 1000)) }
        if let batch {
            for line in try Self.lines(of: batch) {
                let decision = await router.route(line)
                print(Self.json(for: line, decision, candidates: false).jsonText)
            }
            return
        }
        let text = message ?? ""
        let decision = await router.route(text)
        if json {
            print(Self.json(for: text, decision, candidates: true).jsonText)
            return
        }
        let name = decision.skillID.flatMap { id in HomeOSSkillCatalog.all.first { $0.id == id }?.name }
        print("""
            skill       \(decision.skillID.map { "\($0)\(name.map { " (\($0))" } ?? "")" } ?? "none (fallback reply)")
            step        \(decision.step.rawValue)
            score       \(String(format: "%.3f", decision.score))\(decision.features.map { " (from \($0 == .sentenceVector ? "the words and the sentence vector" : "the words alone"))" } ?? "")
            time        \(String(format: "%.2f ms", decision.duration.milliseconds))
            candidates  \(decision.candidates.prefix(5).joined(separator: ", "))
            """)
    }

    /// The JSON object for a decision: message, skill (null for none), step, score, features, ms.
    static func json(for message: String, _ decision: RoutingDecision, candidates: Bool) -> JSONValue {
        var object: JSONObject = [
            "message": .string(message),
            "skill": decision.skillID.map(JSONValue.string) ?? .null,
            "step": .string(decision.step.rawValue),
            "score": .number((decision.score * 1000).rounded() / 1000),
            "features": decision.features.map { .string($0.rawValue) } ?? .null,
            "ms": .number((decision.duration.milliseconds * 100).rounded() / 100),
        ]
        if candidates { object["candidates"] = .array(decision.candidates.map(JSONValue.string)) }
        return .object(object)
    }

    /// Non-empty lines of a file, or of standard input for "-".
    static func lines(of path: String) throws -> [String] {
        let text: String
        if path == "-" {
            text = String(decoding: FileHandle.standardInput.readDataToEndOfFile(), as: UTF8.self)
        } else {
            do { text = try String(contentsOfFile: path, encoding: .utf8) } catch {
                throw ValidationError("Cannot read \(path): \(error.localizedDescription)")
            }
        }
        return text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }
}

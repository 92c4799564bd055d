import Foundation
import LLM

/// Empirical coverage on JSONSchemaBench: how many constrained generations validate against
/// their schema, per subset, with a real model (greedy, two short examples in the prompt).
public struct EmpiricalSchemaCoverage: Sendable {
    /// The outcome for one subset.
    public struct SubsetResult: Sendable {
        public var subset: String
        /// Schemas tried.
        public var sampled: Int
        /// Generations that were valid JSON and passed the validator.
        public var valid: Int
        /// Schemas the grammar compiler rejected (counted as failures).
        public var compileFailures: Int
        /// Prompts that did not fit the context window (counted as failures).
        public var tooLong: Int
        /// Outputs that were not JSON or failed validation.
        public var invalid: Int
        /// Wall time for the subset.
        public var duration: Duration
        /// Valid fraction.
        public var coverage: Double { sampled == 0 ? 0 : Double(valid) / Double(sampled) }
    }

    /// Published empirical coverage (Llama-3.2-1B, greedy) from the JSONSchemaBench paper (arXiv 2501.10868):
    /// llama.cpp grammar, Guidance, and the unconstrained model alone.
    public static let published: [String: (llamaCpp: Double, guidance: Double, unconstrained: Double)] = [
        "Glaiveai2K": (0.95, 0.96, 0.90), "Github_easy": (0.75, 0.86, 0.65), "Snowplow": (0.74, 0.82, 0.46),
        "Github_medium": (0.57, 0.69, 0.38), "WashingtonPost": (0.94, 0.86, 0.40),
    ]

    let data: EvaluationData
    let model: any LanguageModel
    let maxTokens: Int
    let constrained: Bool

    /// Creates the evaluation; `constrained: false` runs the same prompts without a constraint.
    public init(data: EvaluationData, model: any LanguageModel, maxTokens: Int = 384, constrained: Bool = true) {
        self.data = data
        self.model = model
        self.maxTokens = maxTokens
        self.constrained = constrained
    }

    /// The two short examples every prompt carries.
    static let examples: [(schema: String, instance: String)] = [
        (#"{"type":"object","properties":{"name":{"type":"string"},"age":{"type":"integer"}},"required":["name"]}"#,
         #"{"name":"Ada","age":36}"#),
        (#"{"type":"array","items":{"type":"string","enum":["red","green","blue"]},"minItems":2}"#, #"["red","blue"]"#),
    ]

    static func messages(for schema: JSONSchema) -> [ChatMessage] {
        var messages: [ChatMessage] = [.system("You write one JSON value that is valid against the given JSON Schema. Reply with the JSON only.")]
        for example in examples {
            messages.append(.user("Schema: \(example.schema)"))
            messages.append(.assistant(example.instance))
        }
        messages.append(.user("Schema: \(schema.root.jsonText)"))
        return messages
    }

    /// Runs `samples` schemas of each subset; `progress` hears (subset, done, total).
    public func run(subsets: [String] = BenchSchemaSample.subsets, samples: Int,
                    progress: @Sendable (String, Int, Int) -> Void = { _, _, _ in }) async throws -> [SubsetResult] {
        var results: [SubsetResult] = []
        for subset in subsets {
            let start = ContinuousClock.now
            let items = try BenchSchemaSample.take(samples, from: subset, data: data)
            var result = SubsetResult(subset: subset, sampled: items.count, valid: 0, compileFailures: 0, tooLong: 0,
                                      invalid: 0, duration: .zero)
            for (index, item) in items.enumerated() {
                progress(subset, index, items.count)
                switch await generate(item) {
                case .valid: result.valid += 1
                case .compileFailure: result.compileFailures += 1
                case .tooLong: result.tooLong += 1
                case .invalid: result.invalid += 1
                }
            }
            result.duration = start.duration(to: .now)
            results.append(result)
        }
        return results
    }

    enum Outcome { case valid, compileFailure, tooLong, invalid }

    func generate(_ item: BenchSchemaSample.Item) async -> Outcome {
        guard case .success(let schema) = item.schema,
              let validator = try? JSONSchemaValidator(schema: schema) else { return .compileFailure }
        if constrained, (try? OutputConstraint.jsonSchema(schema).grammar()) == nil { return .compileFailure }
        let request = GenerationRequest(messages: Self.messages(for: schema), options: GenerationOptions(maxTokens: maxTokens),
                                        constraint: constrained ? .jsonSchema(schema) : nil)
        do {
            let result = try await model.respond(to: request)
            let value = constrained ? try? JSONValue(parsing: result.text) : JSONExtractor.extract(from: result.text)?.value
            guard let value else { return .invalid }
            return validator.isValid(value) ? .valid : .invalid
        } catch LLMError.promptTooLong {
            return .tooLong
        } catch LLMError.invalidConstraint {
            return .compileFailure
        } catch {
            return .invalid
        }
    }

    /// An aligned table next to the published figures.
    public static func renderTable(_ results: [SubsetResult], declared: [String: Double] = [:]) -> String {
        var rows = [["subset", "sampled", "valid", "ours", "declared", "llama.cpp*", "Guidance*", "unconstrained*", "compile fail", "too long", "time s"]]
        for r in results {
            let reference = published[r.subset]
            rows.append([r.subset, "\(r.sampled)", "\(r.valid)", String(format: "%.2f", r.coverage),
                         declared[r.subset].map { String(format: "%.2f", $0) } ?? "-",
                         reference.map { String(format: "%.2f", $0.llamaCpp) } ?? "-",
                         reference.map { String(format: "%.2f", $0.guidance) } ?? "-",
                         reference.map { String(format: "%.2f", $0.unconstrained) } ?? "-",
                         "\(r.compileFailures)", "\(r.tooLong)", String(format: "%.0f", r.duration.seconds)])
        }
        return TextTable.render(rows) + "\n* published, Llama-3.2-1B greedy (JSONSchemaBench, arXiv 2501.10868); ours uses the model named above."
    }
}

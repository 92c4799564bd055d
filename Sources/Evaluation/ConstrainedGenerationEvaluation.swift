import Foundation
import LLM

/// Many generations over varied schemas, each once constrained and once not, counting how many
/// outputs are schema-valid: the constrained side must never produce invalid JSON.
public struct ConstrainedGenerationEvaluation: Sendable {
    /// Counts for one side (constrained or unconstrained).
    public struct Side: Sendable {
        public var generations = 0
        public var valid = 0
        /// Outputs that were not JSON at all.
        public var notJSON = 0
        /// JSON that failed the schema.
        public var schemaViolations = 0
        /// Generations that hit the token limit.
        public var hitTokenLimit = 0
        public var duration: Duration = .zero
        /// Up to five examples of invalid outputs, for the report.
        public var examples: [String] = []
    }

    /// The result of a run.
    public struct Report: Sendable {
        /// Schemas used (after dropping those whose prompt did not fit).
        public var schemas: Int
        /// The constrained side.
        public var constrained: Side
        /// The unconstrained side (when contrast was asked for).
        public var unconstrained: Side?
        /// Schemas dropped because their prompt did not fit the context.
        public var tooLongSchemas: Int = 0
    }

    let model: any LanguageModel
    let maxTokens: Int

    /// Creates the evaluation.
    public init(model: any LanguageModel, maxTokens: Int = 256) {
        self.model = model
        self.maxTokens = maxTokens
    }

    static let tasks = [
        "Write an example that could appear in a real application.",
        "Fill it in for a family of four planning their week.",
        "Write a minimal valid example.",
        "Write a detailed, realistic example.",
        "Give an example for a veteran's weekly check-in record.",
    ]

    /// A schema of the pool with where it came from, so a failure can be traced back to it.
    public struct NamedSchema: Sendable {
        /// Where the schema came from: `subset/file` for JSONSchemaBench, a product name otherwise.
        public var name: String
        public var schema: JSONSchema

        public init(name: String, schema: JSONSchema) {
            self.name = name
            self.schema = schema
        }
    }

    /// Schemas from JSONSchemaBench whose every keyword the grammar enforces, plus `extra`.
    public static func schemaPool(data: EvaluationData, perSubset: Int, extra: [NamedSchema]) throws -> [NamedSchema] {
        var pool = extra
        for subset in BenchSchemaSample.subsets {
            for item in try BenchSchemaSample.take(perSubset, from: subset, data: data) {
                guard case .success(let schema) = item.schema,
                      let compiled = try? JSONSchemaGrammarCompiler().compile(schema), compiled.isFullyEnforced,
                      (try? JSONSchemaValidator(schema: schema)) != nil else { continue }
                pool.append(NamedSchema(name: "\(item.subset)/\(item.file)", schema: schema))
            }
        }
        return pool
    }

    /// Runs `count` generations cycling through `schemas` (and the same prompts unconstrained
    /// when `contrast` is true). A schema whose prompt does not fit the model's context is dropped
    /// from the rotation and listed in the report; it does not count as a generation.
    /// `progress` hears (done, total).
    public func run(count: Int, schemas: [NamedSchema], contrast: Bool,
                    progress: @Sendable (Int, Int) -> Void = { _, _ in }) async throws -> Report {
        precondition(!schemas.isEmpty, "the schema pool is empty")
        var constrainedSide = Side()
        var unconstrainedSide = contrast ? Side() : nil
        var pool = schemas
        var tooLong = 0
        var index = 0
        while index < count {
            guard !pool.isEmpty else { throw LLMError.invalidRequest("no schema of the pool fits the model's context") }
            progress(index, count)
            let named = pool[index % pool.count], schema = named.schema
            let task = Self.tasks[(index / pool.count + index) % Self.tasks.count]
            let messages: [ChatMessage] = [
                .system("Reply with one JSON value valid against this JSON Schema, and nothing else.\nSchema: \(schema.root.jsonText)"),
                .user(task),
            ]
            let validator = try JSONSchemaValidator(schema: schema)
            var constrained = constrainedSide
            do {
                try await measure(&constrained, messages: messages, constraint: .jsonSchema(schema), validator: validator,
                                  schemaName: named.name)
            } catch LLMError.promptTooLong {
                pool.remove(at: index % pool.count)
                tooLong += 1
                continue
            }
            constrainedSide = constrained
            if var side = unconstrainedSide {
                try await measure(&side, messages: messages, constraint: nil, validator: validator, schemaName: named.name)
                unconstrainedSide = side
            }
            index += 1
        }
        return Report(schemas: pool.count, constrained: constrainedSide, unconstrained: unconstrainedSide, tooLongSchemas: tooLong)
    }

    private func measure(_ side: inout Side, messages: [ChatMessage], constraint: OutputConstraint?,
                         validator: JSONSchemaValidator, schemaName: String) async throws {
        let start = ContinuousClock.now
        let result = try await model.respond(to: GenerationRequest(messages: messages, options: GenerationOptions(maxTokens: maxTokens),
                                                                   constraint: constraint))
        side.duration += start.duration(to: .now)
        side.generations += 1
        if result.finishReason == .maxTokens { side.hitTokenLimit += 1 }
        let value = constraint == nil ? JSONExtractor.extract(from: result.text)?.value : try? JSONValue(parsing: result.text)
        guard let value else {
            side.notJSON += 1
            if side.examples.count < 5 { side.examples.append("\(schemaName): \(Self.abbreviated(result.text))") }
            return
        }
        let problems = validator.validate(value)
        if problems.isEmpty {
            side.valid += 1
        } else {
            side.schemaViolations += 1
            if side.examples.count < 5 { side.examples.append("\(schemaName): \(problems[0].description)") }
        }
    }

    /// The start and the end of a long output (where it went wrong is usually at the end).
    static func abbreviated(_ text: String) -> String {
        let oneLine = text.replacingOccurrences(of: "\n", with: "⏎")
        guard oneLine.count > 200 else { return oneLine }
        return "\(oneLine.prefix(80)) … \(oneLine.suffix(120))"
    }

    /// The report as a table.
    public static func renderTable(_ report: Report) -> String {
        var rows = [["decoding", "generations", "valid", "not JSON", "schema violations", "hit token limit", "time s"]]
        func row(_ name: String, _ side: Side) -> [String] {
            [name, "\(side.generations)", "\(side.valid)", "\(side.notJSON)", "\(side.schemaViolations)", "\(side.hitTokenLimit)",
             String(format: "%.0f", side.duration.seconds)]
        }
        rows.append(row("constrained", report.constrained))
        if let unconstrained = report.unconstrained { rows.append(row("unconstrained", unconstrained)) }
        return TextTable.render(rows)
    }
}

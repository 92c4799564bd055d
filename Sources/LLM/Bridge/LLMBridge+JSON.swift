/// A worked example for a JSON extraction prompt: an input and the JSON it should give.
public struct JSONExample: Sendable, Hashable {
    /// The input text.
    public var input: String
    /// The expected JSON.
    public var output: JSONValue

    /// Creates an example.
    public init(input: String, output: JSONValue) {
        self.input = input
        self.output = output
    }
}

/// How a ``LLMBridge/generateJSONReport(prompt:schema:system:examples:maxTokens:deadline:)`` answer came about.
public struct JSONGeneration: Sendable, Hashable {
    /// The schema-valid JSON text.
    public var text: String
    /// The parsed value.
    public var value: JSONValue
    /// Model calls made (1, or 2 after a retry with the validation errors).
    public var attempts: Int
    /// Whether decoding was constrained by the schema.
    public var constrained: Bool
    /// Whether the JSON had to be extracted from prose or repaired (quotes, commas).
    public var extracted: Bool
}

extension LLMBridge {
    /// Generates JSON text that is valid against `schema`.
    /// - Throws: ``LLMBridgeError/invalidJSON(rawOutput:problems:attempts:)`` when no valid JSON
    ///   came back after a retry; invalid JSON is never returned.
    public func generateJSON(prompt: String, schema: JSONSchema, system: String? = nil, examples: [JSONExample] = [],
                             maxTokens: Int = 256, deadline: Deadline? = nil) async throws -> String {
        try await generateJSONReport(prompt: prompt, schema: schema, system: system, examples: examples,
                                     maxTokens: maxTokens, deadline: deadline).text
    }

    /// Generates a value of `type` from JSON that is valid against `schema`.
    public func generateJSON<T: Decodable>(_ type: T.Type, prompt: String, schema: JSONSchema, system: String? = nil,
                                           examples: [JSONExample] = [], maxTokens: Int = 256,
                                           deadline: Deadline? = nil) async throws -> T {
        let report = try await generateJSONReport(prompt: prompt, schema: schema, system: system, examples: examples,
                                                  maxTokens: maxTokens, deadline: deadline)
        do {
            return try report.value.decode(T.self)
        } catch {
            throw LLMBridgeError.invalidJSON(rawOutput: report.text, problems: ["does not decode as \(T.self): \(error)"],
                                             attempts: report.attempts)
        }
    }

    /// Generates schema-valid JSON and says how: constrained or not, extracted, how many attempts.
    ///
    /// On an engine that constrains decoding the schema is compiled to a grammar; keywords the
    /// grammar cannot express are still checked by the validator afterwards. Otherwise the JSON is
    /// extracted from the free text. Either way an invalid answer is retried once with the
    /// problems listed in the prompt.
    public func generateJSONReport(prompt: String, schema: JSONSchema, system: String? = nil, examples: [JSONExample] = [],
                                   maxTokens: Int = 256, deadline: Deadline? = nil) async throws -> JSONGeneration {
        let validator = try JSONSchemaValidator(schema: schema)
        let constrained = model.supportsConstrainedDecoding
        var messages = Self.jsonPrompt(prompt: prompt, schema: schema, system: system, examples: examples)
        var problems: [String] = []
        var raw = ""
        var attempts = 0
        for attempt in 1...2 {
            attempts = attempt
            var request = GenerationRequest(messages: messages, options: GenerationOptions(maxTokens: maxTokens),
                                            constraint: constrained ? .jsonSchema(schema) : nil, deadline: deadline)
            // The instructions and the worked examples are the same for every call of this kind.
            request.stableMessageCount = 1 + 2 * examples.count
            let result = try await respondReporting(request)
            raw = result.text
            let extraction: JSONExtractor.Extraction?
            if constrained, let value = try? JSONValue(parsing: raw) {
                extraction = JSONExtractor.Extraction(value: value, text: raw.trimmingWhitespace, repaired: false)
            } else {
                extraction = JSONExtractor.extract(from: raw)
            }
            if let extraction {
                problems = validator.validate(extraction.value).map(\.description)
                if problems.isEmpty {
                    return JSONGeneration(text: extraction.value.jsonText, value: extraction.value, attempts: attempt,
                                          constrained: constrained, extracted: extraction.repaired || extraction.text != raw.trimmingWhitespace)
                }
            } else {
                problems = [result.finishReason == .maxTokens
                    ? "the answer was cut off at \(maxTokens) tokens before the JSON was complete"
                    : "the answer contains no JSON"]
            }
            if result.finishReason == .deadline || result.finishReason == .cancelled { break }
            messages += [.assistant(raw), .user("That answer is not valid: " + problems.prefix(5).joined(separator: "; ")
                + ". Reply again with only the corrected JSON.")]
        }
        throw LLMBridgeError.invalidJSON(rawOutput: raw, problems: problems, attempts: attempts)
    }

    /// The model's answer to `request`; streamed, with each piece reported, when the task's
    /// ``TokenTap`` watches structured answers.
    private func respondReporting(_ request: GenerationRequest) async throws -> GenerationResult {
        guard let tap = TokenTap.current, let report = tap.structuredToken else { return try await model.respond(to: request) }
        tap.attemptStarted()
        var collector = GenerationResult.Collector()
        for try await event in model.stream(request) {
            if case .token(let piece) = event { report(piece) }
            collector.add(event)
        }
        if !collector.isFinished && Task.isCancelled { collector.add(.finished(GenerationUsage(), .cancelled)) }
        return try collector.result()
    }

    /// The extraction prompt: the task, the schema, worked examples as earlier turns, the input.
    static func jsonPrompt(prompt: String, schema: JSONSchema, system: String?, examples: [JSONExample]) -> [ChatMessage] {
        var instructions = system.map { $0 + "\n" } ?? ""
        instructions += "Reply with one JSON value that matches this JSON Schema, and nothing else.\nSchema: " + schema.root.jsonText
        var messages: [ChatMessage] = [.system(instructions)]
        for example in examples {
            messages.append(.user(example.input))
            messages.append(.assistant(example.output.jsonText))
        }
        messages.append(.user(prompt))
        return messages
    }
}

import LLM
import LlamaEngine

/// The same extraction prompt decoded freely and under a JSON Schema constraint.
enum DecodingComparison {
    struct Outcome {
        var free: Double?
        var constrained: Double?
        var valid: Bool
    }

    /// A realistic extraction schema: the restaurant-reservation skill's arguments.
    static let reservationSchema = try! JSONSchema(jsonText: """
        {"type": "object",
         "properties": {
           "cuisine": {"type": "string", "maxLength": 40},
           "date": {"type": "string", "format": "date"},
           "time": {"type": "string", "pattern": "^[0-2][0-9]:[0-5][0-9]$"},
           "partySize": {"type": "integer", "minimum": 1, "maximum": 20},
           "location": {"type": ["string", "null"], "maxLength": 60},
           "specialRequests": {"type": ["string", "null"], "maxLength": 80}
         },
         "required": ["cuisine", "date", "time", "partySize", "location", "specialRequests"],
         "additionalProperties": false}
        """)

    static let messages: [ChatMessage] = [
        .system("Extract the restaurant reservation as JSON with the fields cuisine, date (YYYY-MM-DD), time (HH:MM), "
            + "partySize, location and specialRequests. Today is 2026-11-22 (Sunday)."),
        .user("Book a table at an Italian place downtown for Saturday at 7pm for 4 people, a window seat if possible."),
    ]

    static func run(engine: LlamaEngine, repetitions: Int) async throws -> Outcome {
        var free: [Double] = [], constrained: [Double] = []
        var valid = true
        let validator = try JSONSchemaValidator(schema: reservationSchema)
        for _ in 0..<repetitions {
            let plain = try await engine.respond(to: GenerationRequest(messages: messages, options: .init(maxTokens: 96)))
            let structured = try await engine.respond(to: GenerationRequest(
                messages: messages, options: .init(maxTokens: 96), constraint: .jsonSchema(reservationSchema)))
            plain.usage.decodeTokensPerSecond.map { free.append($0) }
            structured.usage.decodeTokensPerSecond.map { constrained.append($0) }
            let value = try? JSONValue(parsing: structured.text)
            valid = valid && value.map { validator.validate($0).isEmpty } ?? false
        }
        func median(_ values: [Double]) -> Double? { values.isEmpty ? nil : values.sorted()[values.count / 2] }
        return Outcome(free: median(free), constrained: median(constrained), valid: valid)
    }
}

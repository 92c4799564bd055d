import LLM
import LlamaEngine

/// docs/library-guide.md, "Structured output".
func structuredOutputSample(engine: LlamaEngine, notes: String) async throws {
    let bridge = LLMBridge(model: engine)

    // Schema-valid JSON (compiled to a grammar and enforced while decoding, then validated).
    let schema = try JSONSchema(jsonText: """
        {"type": "object", "properties": {"cuisine": {"type": "string"}, "partySize": {"type": "integer", "minimum": 1}},
         "required": ["cuisine", "partySize"], "additionalProperties": false}
        """)
    let json = try await bridge.generateJSON(prompt: "Table for 4, Italian, Saturday 7pm", schema: schema)
    struct Booking: Decodable { var cuisine: String; var partySize: Int }
    let booking = try await bridge.generateJSON(Booking.self, prompt: "Sushi for two", schema: schema)

    // Closed-set classification by log-likelihood (never free text).
    let skill = try await bridge.classify(input: "Leo has a fever", categories: [
        ClassificationCategory(name: "healthcare", description: "Symptoms and medication", examples: ["Ava has a rash"]),
        ClassificationCategory(name: "meal-planning", description: "Dinner ideas and groceries"),
    ]).name

    // A summary that never exceeds its word budget.
    let summary = try await bridge.summarize(text: notes, maxWords: 40)
    print(json, booking.partySize, skill, summary)
}

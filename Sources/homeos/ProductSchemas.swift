import Evaluation
import HomeOS
import LLM
import Skills

/// The JSON Schemas the products use today, for the structured-output evaluations.
enum ProductSchemas {
    static var all: [ConstrainedGenerationEvaluation.NamedSchema] {
        // Every registered skill's arguments and the action-plan union over them (the skills only
        // need a store to be built).
        let skills = (try? HomeOSSkillSet.all(services: HomeOSServices(storage: InMemoryStorage()))) ?? []
        let descriptors = skills.map(\.descriptor)
        var schemas = [ConstrainedGenerationEvaluation.NamedSchema(name: "bench reservation", schema: DecodingComparison.reservationSchema),
                       .init(name: "meal-planning dinner", schema: dinnerSuggestion)]
        if let plan = try? ActionPlan.schema(for: descriptors) { schemas.append(.init(name: "action plan", schema: plan)) }
        schemas += descriptors.filter { $0.argumentsSchema != NoArguments.schema }
            .map { .init(name: "\($0.id) arguments", schema: $0.argumentsSchema) }
        return schemas
    }

    /// The meal-planning skill's dinner suggestion.
    static let dinnerSuggestion = try! JSONSchema(jsonText: """
        {"type": "object",
         "properties": {
           "name": {"type": "string", "minLength": 2, "maxLength": 60},
           "cuisine": {"type": "string", "maxLength": 30},
           "prepMinutes": {"type": "integer", "minimum": 5, "maximum": 240},
           "description": {"type": "string", "maxLength": 200},
           "keyIngredients": {"type": "array", "items": {"type": "string", "maxLength": 40}, "minItems": 1, "maxItems": 8}
         },
         "required": ["name", "cuisine", "prepMinutes", "description", "keyIngredients"],
         "additionalProperties": false}
        """)
}

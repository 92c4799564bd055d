import HomeOS
import LLM
import Skills

/// The JSON Schemas the products use today, for the structured-output evaluations.
enum ProductSchemas {
    static var all: [JSONSchema] {
        var schemas = [DecodingComparison.reservationSchema, dinnerSuggestion]
        if let plan = try? ActionPlan.schema(for: HomeOSSkillCatalog.all) { schemas.append(plan) }
        schemas += HomeOSSkillCatalog.all.map(\.argumentsSchema).filter { $0 != NoArguments.schema }
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

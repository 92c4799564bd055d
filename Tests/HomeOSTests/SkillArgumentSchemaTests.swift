import Foundation
import HomeOS
import LLM
import Skills
import Testing

/// The 19 skills declare their arguments once, with `@SkillArguments`. Before the hand-written
/// schema literals were deleted they were saved in `Fixtures/hand-written-argument-schemas.json`;
/// the generated schemas must equal them except for one planned difference: each property with a
/// doc comment now carries it as its `description`.
@Suite struct SkillArgumentSchemaTests {
    static let handWritten = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/hand-written-argument-schemas.json")

    /// `value` with every `description` inside `properties` removed.
    static func withoutPropertyDescriptions(_ value: JSONValue) -> JSONValue {
        guard var object = value.objectValue else { return value }
        if let properties = object["properties"]?.objectValue {
            object["properties"] = .object(JSONObject(properties.map { name, schema in
                var property = schema.objectValue ?? JSONObject()
                property["description"] = nil
                return (name, withoutPropertyDescriptions(.object(property)))
            }))
        }
        return .object(object)
    }

    @Test func generatedSchemasEqualTheHandWrittenOnesTheyReplaced() throws {
        let snapshot = try JSONValue(parsing: Data(contentsOf: Self.handWritten))
        let registry = try HomeOSSkillSet.registry(services: CoreScenario().services)
        #expect(registry.all.count == 19)
        for skill in registry.all {
            let expected = try #require(snapshot[skill.id], "no hand-written schema saved for \(skill.id)")
            let generated = skill.descriptor.argumentsSchema.root
            #expect(Self.withoutPropertyDescriptions(generated) == expected, "\(skill.id): \(generated.jsonText)")
        }
        #expect(registry.schemaDrift().isEmpty, "\(registry.schemaDrift())")
    }

    @Test func docCommentsBecomeDescriptionsAndAttributesBecomeConstraints() throws {
        let schema = RestaurantReservationSkill.Arguments.argumentsSchema.root
        #expect(schema["properties"]?["partySize"] == ["type": "integer", "minimum": 1, "maximum": 30, "description": "How many people."])
        #expect(schema["properties"]?["cuisine"]?["description"] == "The cuisine or restaurant kind (\"Italian\").")
        #expect(schema["required"] == nil)
        // The generated initializer is the public memberwise one, optional members defaulting to nil.
        let arguments = RestaurantReservationSkill.Arguments(cuisine: "Thai", partySize: 2)
        #expect(arguments.cuisine == "Thai" && arguments.partySize == 2 && arguments.date == nil)
        let validator = try JSONSchemaValidator(schema: RestaurantReservationSkill.Arguments.argumentsSchema)
        #expect(!validator.isValid(["partySize": 60]))
        #expect(validator.isValid(["partySize": 6, "cuisine": "Nobu"]))
    }
}

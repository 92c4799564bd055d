import Foundation
import LLM
import Testing

/// `homeos dev generate --schema FILE` on the real default model: the answer is JSON valid against the
/// file's schema, and a schema that cannot be used is refused in one clear sentence.
@Suite(.serialized) struct GenerateSchemaCommandLineTests {
    static let schema = """
        {"type": "object", "additionalProperties": false, "required": ["cuisine", "partySize", "time"],
         "properties": {"cuisine": {"type": "string", "maxLength": 30},
                        "partySize": {"type": "integer", "minimum": 1, "maximum": 20},
                        "time": {"type": "string", "pattern": "^[0-2][0-9]:[0-5][0-9]$"}}}
        """

    @Test(.timeLimit(.minutes(3))) func theAnswerIsValidAgainstTheSchemaFile() async throws {
        let model = try DefaultModelFile.path(for: "The generate --schema tests")
        let home = try HomeOSProcess.temporaryHome("generate")
        defer { try? FileManager.default.removeItem(at: home) }
        let file = home.appendingPathComponent("booking.json")
        try Self.schema.write(to: file, atomically: true, encoding: .utf8)
        let output = try await HomeOSProcess.run(["dev", "generate", "--model", model, "--max-tokens", "48", "--schema", file.path,
                                                  "Book sushi for two at 8pm."], home: home, timeout: .seconds(120))
        #expect(output.status == 0, "\(output.stderr)")
        let value = try #require(try? JSONValue(parsing: output.stdout), "not JSON: \(output.stdout.debugDescription)")
        #expect(try JSONSchemaValidator(schema: JSONSchema(jsonText: Self.schema)).validate(value).isEmpty, "\(output.stdout)")
        #expect(!output.stderr.contains("schema violation") && !output.stderr.contains("not JSON"), "\(output.stderr)")
    }

    @Test func anUnusableSchemaFileIsRefusedClearly() async throws {
        let home = try HomeOSProcess.temporaryHome("generate")
        defer { try? FileManager.default.removeItem(at: home) }
        let missing = try await HomeOSProcess.run(["dev", "generate", "--schema", home.appendingPathComponent("nope.json").path, "hi"], home: home)
        #expect(missing.status == 1)
        #expect(missing.stderr.contains("Could not read the schema file"), "\(missing.stderr)")

        let broken = home.appendingPathComponent("broken.json")
        try #"{"type": "#.write(to: broken, atomically: true, encoding: .utf8)
        let notJSON = try await HomeOSProcess.run(["dev", "generate", "--schema", broken.path, "hi"], home: home)
        #expect(notJSON.status == 1)
        #expect(notJSON.stderr.contains("is not a usable JSON Schema"), "\(notJSON.stderr)")

        let invalid = home.appendingPathComponent("invalid.json")
        try #"{"type": "object", "minProperties": -1}"#.write(to: invalid, atomically: true, encoding: .utf8)
        let badKeyword = try await HomeOSProcess.run(["dev", "generate", "--schema", invalid.path, "hi"], home: home)
        #expect(badKeyword.status == 1)
        #expect(badKeyword.stderr.contains("minProperties"), "\(badKeyword.stderr)")
        #expect(!badKeyword.stderr.contains("Usage:"), "a bad file is not a usage mistake")
    }
}

import Evaluation
import Foundation
import Testing

@Suite struct EvaluationDataTests {
    @Test func locatesTheSharedDataAndMetaschemas() throws {
        let data = try EvaluationData.locate()
        #expect(FileManager.default.fileExists(atPath: data.url("json-schema-test-suite/tests/draft2020-12/type.json").path))
        let metaschemas = try #require(data.metaschemas, "run `make setup` to install the metaschemas")
        #expect(FileManager.default.fileExists(atPath: metaschemas.appendingPathComponent("draft202012/metaschema.json").path))
    }

    @Test func explicitDirectoryWinsAndMissingDataIsAClearError() {
        #expect(throws: EvaluationDataError.self) {
            try EvaluationData.locate(environment: ["HOMEOS_DATA_DIR": "/nonexistent"], currentDirectory: "/nowhere",
                                      sourceFile: "/nowhere/a/b/c.swift")
        }
    }
}

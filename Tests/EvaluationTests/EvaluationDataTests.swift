import Evaluation
import Foundation
import Testing

@Suite struct EvaluationDataTests {
    @Test func explicitFolderComesFirstAndEachCorpusFallsBackToTheCache() throws {
        let cache = FileManager.default.temporaryDirectory.appendingPathComponent("eval-cache-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: cache) }
        // The cache has only SLURP; the explicit folder (the fixtures) has every corpus.
        let cachedSlurp = cache.appendingPathComponent("data/slurp")
        try FileManager.default.createDirectory(at: cachedSlurp, withIntermediateDirectories: true)
        try Data("{}\n".utf8).write(to: cachedSlurp.appendingPathComponent("test.jsonl"))

        let both = try EvaluationData.locate(environment: ["HOMEOS_DATA_DIR": EvaluationFixtures.root.path, "HOMEOS_CACHE": cache.path])
        #expect(both.searchPath == [EvaluationFixtures.root.standardizedFileURL, cache.appendingPathComponent("data").standardizedFileURL])
        #expect(both.folder(of: .slurp)?.path == EvaluationFixtures.root.appendingPathComponent("slurp").standardizedFileURL.path)
        #expect(both.url("clinc150/data_full.json").path.hasPrefix(EvaluationFixtures.root.standardizedFileURL.path))

        let cacheOnly = try EvaluationData.locate(environment: ["HOMEOS_CACHE": cache.path])
        #expect(cacheOnly.folder(of: .slurp)?.path == cachedSlurp.standardizedFileURL.path)
        #expect(cacheOnly.folder(of: .clinc150) == nil)
        #expect(cacheOnly.metaschemas == nil)
    }

    @Test func missingDataIsAClearErrorThatSaysHowToInstallIt() throws {
        let nowhere = "/nonexistent-\(UUID().uuidString)"
        #expect(throws: EvaluationDataError.dataDirectoryMissing(nowhere)) {
            try EvaluationData.locate(environment: ["HOMEOS_DATA_DIR": nowhere])
        }
        let empty = try EvaluationData.locate(environment: ["HOMEOS_CACHE": nowhere])
        let error = try #require(throws: EvaluationDataError.self) { try empty.require(.slurp) }
        #expect(error.description.contains("SLURP was not found; looked in \(nowhere)/data/slurp"))
        #expect(error.description.contains("scripts/fetch-eval-data.sh"))
        let bfcl = try #require(throws: RoutingDataError.self) { try empty.bfcl(.simplePython) }
        #expect(bfcl.description.contains("BFCL v4 was not found") && bfcl.description.contains("make setup"))
        let routing = try #require(throws: RoutingDataError.self) {
            try RoutingDataset(data: empty).examples(corpus: .clinc150, split: "test")
        }
        #expect(routing == .missingCorpus(.corpusMissing(.clinc150, searched: ["\(nowhere)/data/clinc150"])))
    }

    @Test(.requiresCorpora(.jsonSchemaTestSuite))
    func setupInstallsTheSuiteAndTheMetaschemas() throws {
        let data = try EvaluationData.locate()
        let suite = try data.require(.jsonSchemaTestSuite)
        #expect(FileManager.default.fileExists(atPath: suite.appendingPathComponent("tests/draft7/type.json").path))
        let metaschemas = try #require(data.metaschemas, "run `make setup` to install the metaschemas")
        #expect(FileManager.default.fileExists(atPath: metaschemas.appendingPathComponent("draft202012/metaschema.json").path))
    }
}

import Foundation
import LLM
import Testing

/// `homeos route` with the default model's sentence vectors, and the routing commands' argument checks.
@Suite(.serialized) struct RoutingCommandLineTests {
    @Test(.timeLimit(.minutes(3))) func routeReadsTheLoadedModelsVectors() throws {
        let model = try DefaultModelFile.path(for: "The route command tests")
        let home = try HomeOSProcess.temporaryHome("route")
        defer { try? FileManager.default.removeItem(at: home) }
        let output = try HomeOSProcess.run(["route", "--model", model, "--skip-classification", "--json",
                                            "will the sky be overcast tomorrow"], home: home, timeout: .seconds(120))
        #expect(output.status == 0, "\(output.stderr)")
        let decision = try #require(try? JSONValue(parsing: output.stdout), "not JSON: \(output.stdout.debugDescription)")
        #expect(decision["skill"] == .string("tools"), "\(output.stdout)")
        #expect(decision["step"] != .string("model"))
    }

    @Test func contradictoryRoutingOptionsAreRefused() throws {
        let home = try HomeOSProcess.temporaryHome("route")
        defer { try? FileManager.default.removeItem(at: home) }
        let both = try HomeOSProcess.run(["route", "--no-model", "--skip-classification", "hello"], home: home)
        #expect(both.status != 0)
        #expect(both.stderr.contains("--no-model already skips classification"), "\(both.stderr)")
        let cache = try HomeOSProcess.run(["train", "router", "--embedding-cache", home.appendingPathComponent("v.json").path], home: home)
        #expect(cache.status != 0)
        #expect(cache.stderr.contains("--embedding-cache needs --sentence-vectors"), "\(cache.stderr)")
        let scale = try HomeOSProcess.run(["train", "router", "--sentence-vectors", "--embedding-scales", "0"], home: home)
        #expect(scale.status != 0)
        #expect(scale.stderr.contains("--embedding-scales must be above 0"), "\(scale.stderr)")
    }
}

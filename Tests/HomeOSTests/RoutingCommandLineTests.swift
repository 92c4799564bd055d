import Foundation
import LLM
import Testing

/// `homeos dev route` with the default model's sentence vectors, and the routing commands' argument checks.
@Suite(.serialized) struct RoutingCommandLineTests {
    @Test(.timeLimit(.minutes(3))) func routeReadsTheLoadedModelsVectors() async throws {
        let model = try DefaultModelFile.path(for: "The route command tests")
        let home = try HomeOSProcess.temporaryHome("route")
        defer { try? FileManager.default.removeItem(at: home) }
        // The vector must be read, however loaded the machine: a generous wait, and the output says which was used.
        let output = try await HomeOSProcess.run(["dev", "route", "--model", model, "--skip-classification", "--json",
                                                  "--vector-timeout", "100", "will the sky be overcast tomorrow"],
                                                 home: home, timeout: .seconds(150))
        #expect(output.status == 0, "\(output.stderr)")
        let decision = try #require(try? JSONValue(parsing: output.stdout), "not JSON: \(output.stdout.debugDescription)")
        #expect(decision["features"] == .string("sentenceVector"), "\(output.stdout)")
        #expect(decision["skill"] == .string("tools"), "\(output.stdout)")
        #expect(decision["step"] != .string("model"))
        let words = try await HomeOSProcess.run(["dev", "route", "--no-model", "--json", "will the sky be overcast tomorrow"],
                                                home: home, timeout: .seconds(120))
        #expect(try JSONValue(parsing: words.stdout)["features"] == .string("words"), "\(words.stdout)")
    }

    @Test func theNoneBiasMovesTheOperatingPoint() async throws {
        let home = try HomeOSProcess.temporaryHome("route")
        defer { try? FileManager.default.removeItem(at: home) }
        func evaluate(_ bias: String) async throws -> String {
            let output = try await HomeOSProcess.run(["dev", "eval", "routing", "--data", "clinc150", "--no-model",
                                                      "--none-bias", bias], home: home,
                                                     extraEnvironment: ["HOMEOS_DATA_DIR": RepositoryFiles.evaluationFixtures.path],
                                                     timeout: .seconds(120))
            #expect(output.status == 0, "\(output.stderr)")
            return output.stdout
        }
        func line(_ metric: String, in report: String) -> String {
            report.split(separator: "\n").first { $0.hasPrefix(metric) }.map(String.init) ?? "no \(metric) line in \(report)"
        }
        let asShipped = try await evaluate("0")
        #expect(!asShipped.contains("--none-bias"))
        #expect(!line("in-scope accuracy", in: asShipped).contains(" 0.000 "))
        // Far towards "no skill", every message is refused.
        let refusing = try await evaluate("20")
        #expect(refusing.contains("\"no skill\" logit +20 (--none-bias)"))
        #expect(line("in-scope accuracy", in: refusing).contains(" 0.000 "), "\(refusing)")
        #expect(line("out-of-scope recall", in: refusing).contains(" 1.000 "), "\(refusing)")
    }

    @Test func contradictoryRoutingOptionsAreRefused() async throws {
        let home = try HomeOSProcess.temporaryHome("route")
        defer { try? FileManager.default.removeItem(at: home) }
        let both = try await HomeOSProcess.run(["dev", "route", "--no-model", "--skip-classification", "hello"], home: home)
        #expect(both.status != 0)
        #expect(both.stderr.contains("--no-model already skips classification"), "\(both.stderr)")
        let cache = try await HomeOSProcess.run(["dev", "train", "router", "--embedding-cache", home.appendingPathComponent("v.json").path], home: home)
        #expect(cache.status != 0)
        #expect(cache.stderr.contains("--embedding-cache needs --sentence-vectors"), "\(cache.stderr)")
        let bias = try await HomeOSProcess.run(["dev", "eval", "routing", "--data", "slurp", "--no-model", "--none-bias", "nan"], home: home)
        #expect(bias.status != 0)
        #expect(bias.stderr.contains("--none-bias must be a number between -20 and 20"), "\(bias.stderr)")
        let evalCache = try await HomeOSProcess.run(["dev", "eval", "routing", "--data", "slurp", "--split", "devel", "--no-model",
                                                     "--embedding-cache", home.appendingPathComponent("v.json").path], home: home)
        #expect(evalCache.status != 0)
        #expect(evalCache.stderr.contains("--embedding-cache needs --cross-validate with a model"), "\(evalCache.stderr)")
        let household = try await HomeOSProcess.run(["dev", "eval", "routing", "--data", "household", "--no-model", "--split", "devel"], home: home)
        #expect(household.status != 0)
        #expect(household.stderr.contains("--data household is one frozen test set"), "\(household.stderr)")
        let scale = try await HomeOSProcess.run(["dev", "train", "router", "--sentence-vectors", "--embedding-scales", "0"], home: home)
        #expect(scale.status != 0)
        #expect(scale.stderr.contains("--embedding-scales must be above 0"), "\(scale.stderr)")
    }
}

/// The frozen held-out household set runs through the routing evaluation (words only: fast).
@Suite struct HouseholdRoutingCommandLineTests {
    @Test func theHouseholdSetIsRoutedAndReported() async throws {
        let home = try HomeOSProcess.temporaryHome("household")
        defer { try? FileManager.default.removeItem(at: home) }
        let output = try await HomeOSProcess.run(["dev", "eval", "routing", "--data", "household", "--no-model", "--errors", "0"],
                                                 home: home, timeout: .seconds(120))
        #expect(output.status == 0, "\(output.stderr)")
        #expect(output.stdout.contains("466 rows: 401 in scope, 65 out of scope"), "\(output.stdout)")
        #expect(output.stdout.contains("in-scope accuracy"))
    }
}

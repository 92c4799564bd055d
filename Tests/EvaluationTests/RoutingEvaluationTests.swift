import Evaluation
import Foundation
import HomeOS
import LLM
import Skills
import Testing

@Suite struct RoutingMetricsTests {
    /// Four in-scope rows (one wrong skill, one sent to none) and three out-of-scope rows (one sent to a skill).
    static let predictions = [
        RoutingPrediction(expected: "tools", predicted: "tools", step: .keyword, duration: .milliseconds(1)),
        RoutingPrediction(expected: "tools", predicted: "meal-planning", step: .scoring, duration: .milliseconds(2)),
        RoutingPrediction(expected: "meal-planning", predicted: "meal-planning", step: .scoring, duration: .milliseconds(3)),
        RoutingPrediction(expected: "meal-planning", predicted: nil, step: .fallback, duration: .milliseconds(4)),
        RoutingPrediction(expected: nil, predicted: nil, step: .fallback, duration: .milliseconds(5)),
        RoutingPrediction(expected: nil, predicted: nil, step: .model, duration: .milliseconds(6)),
        RoutingPrediction(expected: nil, predicted: "tools", step: .model, duration: .milliseconds(100)),
    ]

    @Test func headlineMetrics() throws {
        let m = RoutingMetrics(Self.predictions)
        #expect(m.total == 7 && m.inScope == 4 && m.outOfScope == 3)
        #expect(m.inScopeAccuracy == 0.5)                 // 2 of 4 in-scope rows reach their skill
        #expect(m.overallAccuracy == 4.0 / 7)
        #expect(m.outOfScopeRecall == 2.0 / 3)            // 2 of 3 OOS rows go to no skill
        #expect(m.outOfScopePrecision == 2.0 / 3)         // of 3 rows sent to no skill, 2 are OOS
        #expect(m.inScopePrecision == 3.0 / 4)            // of 4 rows sent to a skill, 3 are in scope
        #expect(m.routedCorrectPrecision == 2.0 / 4)      // of 4 rows sent to a skill, 2 to the right one
    }

    @Test func perClassScoresAndMacroF1() throws {
        let m = RoutingMetrics(Self.predictions)
        #expect(m.classes.map(\.label) == ["meal-planning", "tools", "none"])
        let tools = try #require(m.classes.first { $0.label == "tools" })
        #expect(tools.support == 2 && tools.predicted == 2 && tools.truePositives == 1)
        #expect(tools.precision == 0.5 && tools.recall == 0.5 && tools.f1 == 0.5)
        let meal = try #require(m.classes.first { $0.label == "meal-planning" })
        #expect(meal.precision == 0.5 && meal.recall == 0.5)
        let none = try #require(m.classes.last)
        #expect(none.support == 3 && none.predicted == 3 && none.truePositives == 2)
        let macroF1 = try #require(m.macroF1)
        let expected: Double = (0.5 + 0.5 + 2.0 / 3) / 3
        #expect(abs(macroF1 - expected) < 1e-12)
        // A class that is only ever predicted does not enter the macro average.
        let extra = RoutingMetrics(Self.predictions + [RoutingPrediction(expected: nil, predicted: "school", step: .scoring)])
        #expect(extra.classes.contains { $0.label == "school" && $0.support == 0 })
        #expect(extra.classes.filter { $0.support > 0 }.count == 3)
    }

    @Test func stepsAndLatency() {
        let m = RoutingMetrics(Self.predictions)
        #expect(m.steps[.keyword]?.decided == 1 && m.steps[.keyword]?.correct == 1)
        #expect(m.steps[.model]?.decided == 2 && m.steps[.model]?.correct == 1)
        #expect(m.steps[.scoring]?.decided == 2 && m.steps[.fallback]?.decided == 2)
        #expect(m.latencyMS(quantile: 0.5) == 4)
        #expect(m.latencyMS(quantile: 0.95) == 100)
        #expect(RoutingMetrics([]).inScopeAccuracy == nil && RoutingMetrics([]).latencyMS(quantile: 0.5) == nil)
    }

    @Test func reportStatesTheDefinitions() {
        let report = RoutingReport(title: "test", predictions: Self.predictions, wallTime: .seconds(1))
        let text = report.render()
        #expect(text.contains("in-scope precision (in-scope rows among rows routed to a skill)"))
        #expect(text.contains("0.750  (3/4)"))
        #expect(text.contains("p50 4.00 ms, p95 100.00 ms"))
        #expect(report.confusionPairs().count == 3)
    }
}

@Suite struct RoutingLabelMapTests {
    @Test func parsesSkillsOutOfScopeAndExclusions() throws {
        let json = """
            {"slurp": {"tools": ["alarm_set"], "out-of-scope": ["general_joke"], "excluded (ambiguous)": ["iot_coffee"]},
             "clinc150": {"telephony": ["make_call"], "out-of-scope": ["oos"], "excluded (other)": "every other CLINC150 intent"}}
            """
        let map = try RoutingLabelMap(jsonData: Data(json.utf8))
        #expect(map.target(of: "alarm_set", in: .slurp) == .skill("tools"))
        #expect(map.target(of: "general_joke", in: .slurp) == .outOfScope)
        #expect(map.target(of: "iot_coffee", in: .slurp) == .excluded)
        #expect(map.target(of: "never_listed", in: .slurp) == .excluded)
        #expect(map.target(of: "make_call", in: .clinc150) == .skill("telephony"))
        #expect(map.target(of: "oos", in: .clinc150) == .outOfScope)
        #expect(map.target(of: "translate", in: .clinc150) == .excluded)
        #expect(map.skillIDs == ["telephony", "tools"])
        #expect(throws: RoutingDataError.self) { try RoutingLabelMap(jsonData: Data(#"{"slurp": {}}"#.utf8)) }
    }

    @Test func bundledMapAndTheFixtureSplitsLoad() throws {
        let dataset = try RoutingDataset(data: EvaluationFixtures.data)
        #expect(Set(dataset.labelMap.skillIDs).isSubset(of: Set(HomeOSSkillCatalog.all.map(\.id))))
        let slurp = try dataset.examples(corpus: .slurp, split: "test")
        #expect(slurp.count { $0.isInScope } == 10 && slurp.count { !$0.isInScope } == 5)  // 2 excluded rows dropped
        let clinc = try dataset.examples(corpus: .clinc150, split: "val")
        #expect(clinc.count { $0.isInScope } == 8 && clinc.count { $0.sourceLabel == "oos" } == 4)
        #expect(clinc.first { $0.sourceLabel == "timer" }?.expectedSkill == "tools")
        #expect(throws: RoutingDataError.self) { try dataset.examples(corpus: .slurp, split: "train") }
    }

    @Test(.requiresCorpora(.slurp, .clinc150))
    func bundledMapCoversOnlyHomeOSSkillsAndTheWholeSplitsLoad() throws {
        let data = try EvaluationData.locate()
        let dataset = try RoutingDataset(data: data)
        let known = Set(HomeOSSkillCatalog.all.map(\.id))
        #expect(Set(dataset.labelMap.skillIDs).isSubset(of: known))
        let slurp = try dataset.examples(corpus: .slurp, split: "test")
        #expect(slurp.count { $0.isInScope } == 1515 && slurp.count { !$0.isInScope } == 1096)
        let clinc = try dataset.examples(corpus: .clinc150, split: "test")
        #expect(clinc.count { $0.isInScope } == 1170 && clinc.count { $0.sourceLabel == "oos" } == 1000)
        #expect(clinc.first { $0.sourceLabel == "make_call" }?.expectedSkill == "telephony")
        #expect(try dataset.examples(corpus: .clinc150, split: "train").count { $0.isInScope } == 3900)
        #expect(throws: RoutingDataError.self) { try dataset.examples(corpus: .slurp, split: "train") }
    }
}

@Suite struct BundledRoutingModelTests {
    @Test func bundledModelIsValidAndTrainedOnDevelopmentDataOnly() throws {
        let model = try HomeOSRouting.model()
        #expect(model.classes == HomeOSSkillCatalog.all.map(\.id) + [noSkillID])
        #expect(model.provenance.sources.allSatisfy { !$0.contains("test") })
        #expect(model.weights.count <= model.provenance.hyperparameters.maxFeatures)
        let size = try #require(HomeOSRouting.bundledModelURL.flatMap { try? Data(contentsOf: $0) }).count
        #expect(size < 500_000)
    }

    @Test func obviousMessagesRouteWithoutAModel() async throws {
        let router = try HomeOSRouting.router(bridge: nil)
        let cases: [(String, String?)] = [
            ("set an alarm for 6 am", "tools"),
            ("will it rain tomorrow", "tools"),
            ("remind me to call the plumber at 5", "tools"),
            ("give me a recipe for chicken curry", "meal-planning"),
            ("book a table for four at an italian restaurant", "restaurant-reservation"),
            ("call my mom", "telephony"),
            ("order an uber to the airport", "transportation"),
            ("when should i change the oil in my car", "home-maintenance"),
            ("send an email to my boss", "family-comms"),
            ("tell me a joke", nil),
            ("play some jazz music", nil),
        ]
        for (message, expected) in cases {
            let decision = await router.route(message)
            #expect(decision.skillID == expected, "\(message) → \(decision.skillID ?? "none") via \(decision.step)")
        }
    }
}

@Suite struct RouterSelectionTests {
    typealias Scores = RouterTraining.ValidationScores

    static func scores(accuracy: Double, recall: Double, precision: Double) -> Scores {
        var scores = Scores(inScopeAccuracy: ["slurp": accuracy, "clinc150": accuracy + 0.05],
                            outOfScopeRecall: ["slurp": recall, "clinc150": recall])
        scores.inScopePrecision = ["slurp": precision, "clinc150": 0.99]
        return scores
    }

    /// Settings at the issue's operating point (OOS recall ≥ 0.65, in-scope precision ≥ 0.95 on
    /// every corpus) rank by accuracy above any that miss it, however balanced the latter are.
    @Test func floorsComeFirstThenAccuracy() throws {
        let training = RouterTraining(dataset: try RoutingDataset(data: EvaluationFixtures.data), skills: HomeOSSkillCatalog.all)
        let cautious = Self.scores(accuracy: 0.84, recall: 0.99, precision: 0.97)
        let accurate = Self.scores(accuracy: 0.88, recall: 0.93, precision: 0.956)
        let leaky = Self.scores(accuracy: 0.90, recall: 0.90, precision: 0.93)
        #expect(cautious.objective > accurate.objective)  // the balanced objective alone would prefer caution
        let (accurateFirst, leakyLast, leakyNotFirst) = (training.ranksAbove(accurate, cautious), training.ranksAbove(cautious, leaky),
                                                         !training.ranksAbove(leaky, accurate))
        #expect(accurateFirst)
        #expect(leakyLast)  // below the precision floor
        #expect(leakyNotFirst)
        var balanced = training
        balanced.floors = nil
        let cautiousFirst = balanced.ranksAbove(cautious, accurate)
        #expect(cautiousFirst)
    }
}

@Suite struct BundledVectorRoutingTests {
    /// The sentence encoder and each default model have a routing model for their sentence vectors,
    /// each in its own space.
    @Test func vectorModelsAreBundledValidAndDevelopmentOnly() throws {
        let models = try HomeOSRouting.vectorModels()
        #expect(models.count == 3)
        #expect(models.contains { $0.embedding?.space.name.contains("sentence encoder") == true })
        #expect(Set(models.compactMap(\.embedding?.space)).count == models.count)
        for model in models {
            let embedding = try #require(model.embedding)
            #expect(model.classes == HomeOSSkillCatalog.all.map(\.id) + [noSkillID])
            #expect(model.provenance.sources.allSatisfy { !$0.contains("test") })
            #expect(embedding.weights.count == embedding.space.dimension && embedding.center.count == embedding.space.dimension)
            #expect(model.provenance.hyperparameters.embeddingScale != nil)
        }
        // Without an embedder the bundled scorer is the words-only model.
        #expect(try HomeOSRouting.scorer().vectorModels.isEmpty)
    }
}

import Foundation
import LLM
import Skills
import Testing

@Suite struct LearnedSkillScorerTests {
    /// A tiny synthetic routing problem: weather, cooking and out-of-scope chatter.
    static let rows: [RoutingTrainingRow] = [
        ("will it rain tomorrow", "weather"), ("what is the weather in paris", "weather"), ("is it sunny today", "weather"),
        ("forecast for the weekend", "weather"), ("how cold will it be tonight", "weather"), ("do i need an umbrella", "weather"),
        ("give me a recipe for pancakes", "cooking"), ("how do i cook rice", "cooking"), ("what should we eat for dinner", "cooking"),
        ("recipe for lasagna", "cooking"), ("how long to bake bread", "cooking"), ("ideas for a quick dinner", "cooking"),
        ("tell me a joke", noSkillID), ("who won the game last night", noSkillID), ("play some music", noSkillID),
        ("what is the capital of france", noSkillID), ("sing me a song", noSkillID), ("how old is the universe", noSkillID),
    ].map { RoutingTrainingRow(text: $0.0, label: $0.1) }

    static let options = RoutingTrainingOptions(l2: 1e-4, epochs: 40, learningRate: 0.5, seed: 7,
                                                features: RoutingFeatures(value: .normalized), pruneBelow: 0, zeroBelow: 0)

    @Test func trainingOnATinySetSeparatesTheClasses() async throws {
        let model = try RoutingModelTrainer(options: Self.options).train(rows: Self.rows)
        let scorer = LearnedSkillScorer(model: model)
        #expect(await scorer.best(for: "will it rain on sunday").label == "weather")
        #expect(await scorer.best(for: "a recipe for dinner").label == "cooking")
        #expect(await scorer.best(for: "tell me a funny joke").label == noSkillID)
        // Every training row is fitted, and the scores are probabilities.
        for row in Self.rows { #expect(await scorer.best(for: row.text).label == row.label, "\(row.text)") }
        let scores = await scorer.scores(for: "is it going to rain")
        #expect(Set(scores.keys) == ["weather", "cooking", noSkillID])
        #expect(abs(scores.values.reduce(0, +) - 1) < 1e-9)
        #expect(scores["weather"]! > 0.5)
    }

    @Test func trainingIsDeterministicAndSeeded() throws {
        let first = try RoutingModelTrainer(options: Self.options).train(rows: Self.rows)
        let second = try RoutingModelTrainer(options: Self.options).train(rows: Self.rows)
        #expect(first == second)
        #expect(first.repositoryJSON() == second.repositoryJSON())
        var reseeded = Self.options
        reseeded.seed = 8
        reseeded.epochs = 1  // one pass: the visiting order shows in the weights
        var once = Self.options
        once.epochs = 1
        let a = try RoutingModelTrainer(options: once).train(rows: Self.rows)
        let b = try RoutingModelTrainer(options: reseeded).train(rows: Self.rows)
        #expect(a.weights != b.weights)
    }

    @Test func theNoSkillBiasTradesRoutingForRefusal() throws {
        let model = try RoutingModelTrainer(options: Self.options).train(rows: Self.rows)
        let none = try #require(model.classes.firstIndex(of: noSkillID))
        let message = "is it going to rain"
        let before = model.probabilities(for: message)
        let refusing = model.shiftingNoSkillBias(by: 3).probabilities(for: message)
        let routing = model.shiftingNoSkillBias(by: -3).probabilities(for: message)
        #expect(refusing[none] > before[none] && before[none] > routing[none])
        // Only the "no skill" logit moves: the skills keep their ratio.
        let weather = try #require(model.classes.firstIndex(of: "weather")), cooking = try #require(model.classes.firstIndex(of: "cooking"))
        #expect(abs(refusing[weather] / refusing[cooking] - before[weather] / before[cooking]) < 1e-9)
        // Far enough, every message is refused; zero changes nothing.
        let refused = model.shiftingNoSkillBias(by: 20).probabilities(for: message)
        #expect(refused[none] == refused.max() && refused[none] > 0.99)
        #expect(model.shiftingNoSkillBias(by: 0) == model)
        // A model without a "no skill" class has nothing to shift.
        let skillsOnly = try RoutingModelTrainer(options: Self.options).train(rows: Self.rows.filter { $0.label != noSkillID })
        #expect(skillsOnly.shiftingNoSkillBias(by: 5) == skillsOnly)
    }

    @Test func modelRoundTripsThroughJSON() throws {
        var options = Self.options
        options.decimals = 3
        options.features = RoutingFeatures(value: .binary, characterNGrams: 4)
        let model = try RoutingModelTrainer(options: options).train(
            rows: Self.rows, classes: ["weather", "cooking", "unused", noSkillID],
            provenance: RoutingModelProvenance(sources: ["synthetic"], rowsPerClass: [:], hyperparameters: options,
                                               validation: ["objective": 0.5], notes: ["test"]))
        #expect(model.classes == ["weather", "cooking", "unused", noSkillID])
        #expect(model.provenance.rowsPerClass == ["weather": 6, "cooking": 6, noSkillID: 6])
        #expect(model.weights.keys.contains { $0.hasPrefix("#") })  // character n-grams are features

        let decoded = try RoutingModel(jsonData: model.repositoryJSON(decimals: 3))
        #expect(decoded == model)
        let plain = try RoutingModel(jsonData: JSONEncoder().encode(model))
        #expect(plain == model)
        let text = String(decoding: model.repositoryJSON(decimals: 3), as: UTF8.self)
        #expect(text.hasPrefix("{\n  \"biases\": ["))
        #expect(text.contains("\n    \"#<ra\": ["))  // one feature per line, sorted keys
    }

    @Test func brokenModelsAreTypedErrors() throws {
        let model = try RoutingModelTrainer(options: Self.options).train(rows: Self.rows)
        var wrongVersion = model
        wrongVersion.version = 99
        #expect(throws: RoutingModelError.unsupportedVersion(found: 99, supported: RoutingModel.currentVersion)) {
            try RoutingModel(jsonData: JSONEncoder().encode(wrongVersion))
        }
        var short = model
        short.weights["rain"] = [1]
        #expect(throws: RoutingModelError.self) { try short.validate() }
        #expect(throws: RoutingModelError.self) { try RoutingModel(jsonData: Data("{}".utf8)) }
        #expect(throws: RoutingModelError.self) { try RoutingModelTrainer().train(rows: []) }
        #expect(throws: RoutingModelError.self) {
            try RoutingModelTrainer().train(rows: Self.rows, classes: ["weather", noSkillID])  // "cooking" rows unknown
        }
        #expect(RoutingModelError.missing(path: "/x").description.contains("homeos dev train router"))
    }

    @Test func routerUsesTheLearnedProbabilities() async throws {
        let model = try RoutingModelTrainer(options: Self.options).train(rows: Self.rows)
        let skills = [SkillDescriptor(id: "weather", name: "Weather", summary: "Forecasts.", keywords: ["weather", "rain"]),
                      SkillDescriptor(id: "cooking", name: "Cooking", summary: "Recipes.", keywords: ["recipe"])]
        let router = ChatTurnRouter(skills: skills, scorer: LearnedSkillScorer(model: model))
        let rain = await router.route("will it rain tomorrow in paris")
        #expect(rain.skillID == "weather")
        #expect(rain.step == .keyword)
        #expect(await router.route("what should we eat for lunch").skillID == "cooking")
        let joke = await router.route("tell me a joke")
        #expect(joke.skillID == nil)
        #expect(joke.step == .scoring)  // the learned "none" is confident: no model needed
    }

    @Test func featuresAddCharacterNGramsAndNormalise() {
        let binary = RoutingFeatures(value: .binary).inputs(for: "Rain rain")
        #expect(binary.map(\.feature) == ["rain", "rain+rain"])
        #expect(binary.allSatisfy { $0.value == 1 })
        let grams = RoutingFeatures(value: .normalized, characterNGrams: 4).inputs(for: "rain")
        #expect(grams.map(\.feature) == ["rain", "#<ra", "#rai", "#ain", "#in>", "#<rai", "#rain", "#ain>"])
        #expect(abs(grams[0].value - 1 / 8.0.squareRoot()) < 1e-12)
    }
}

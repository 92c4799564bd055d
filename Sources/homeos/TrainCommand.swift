import ArgumentParser
import CrisisDetection
import Evaluation
import Foundation
import HomeOS
import LLM
import LlamaEngine
import ModelHub
import Skills

/// `homeos dev train`: fits the learned parts of HomeOS.
struct TrainCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "train",
        abstract: "Train HomeOS's learned components from the training and development data.",
        subcommands: [RouterTrainCommand.self, CrisisTrainCommand.self]
    )
}

/// `homeos dev train crisis`: the crisis layer's classifier over sentence vectors.
struct CrisisTrainCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "crisis",
        abstract: "Train the crisis classifier over sentence vectors and write crisis-classifier.json.",
        discussion: """
            Rows: evaluation/development/crisis*.jsonl (crisis categories and hard negatives) and the household \
            routing training messages (all "no crisis"); the frozen held-out sets are never read. The features are \
            the sentence vector and the words, word pairs and word triples several rows share, plus a vote of the nearest \
            training rows (their vectors go to crisis-neighbours.bin beside the classifier). Cross-validation holds out one \
            file (one author) at a time, so its figures are those of language the training did not see; the \
            threshold is the lowest at which the whole layer's cross-validated false positives stay within the \
            budgets. Needs the sentence encoder (make setup). Deterministic: the same data gives the same file.
            Example: swift run -c release homeos dev train crisis
            """
    )

    /// The training's own defaults, so the command and the library cannot drift apart.
    private static let defaults = CrisisClassifierTraining(rows: [])

    @Option(name: .long, help: ArgumentHelp("Where to write the classifier (default: the bundled resource).", valueName: "path"))
    var out: String?

    @Option(name: .long, help: "Most hard negatives the whole layer (rules or classifier) may flag, cross-validated (a fraction).")
    var hardNegativeBudget = Self.defaults.hardNegativeBudget

    @Option(name: .long, help: "Most household messages the whole layer may flag, cross-validated (a fraction).")
    var householdBudget = Self.defaults.householdBudget

    @Flag(name: .long, inversion: .prefixedNo, help: "Learn weights for words, word pairs and word triples as well as the sentence vector.")
    var terms = Self.defaults.useTerms

    @Flag(name: .long, inversion: .prefixedNo,
          help: "Cross-validate by source file (each author's rows held out together) instead of random folds.")
    var foldBySource = Self.defaults.foldBySource

    @Option(name: .long, help: "A word, word pair or word triple gets a weight when at least this many rows contain it.")
    var minimumTermRows = Self.defaults.minimumTermRows

    @Option(name: .long, help: "Step size of the word weights.")
    var termLearningRate = Self.defaults.termLearningRate

    @Option(name: .long, help: "Full-batch gradient steps of the logistic regression (without a hidden layer).")
    var epochs = Self.defaults.epochs

    @Option(name: .long, help: "Nearest training rows of each kind the neighbour vote averages (0: no vote, and no crisis-neighbours.bin).")
    var neighbours = Self.defaults.neighbourCount

    @Option(name: .long, help: "Rectified units in a hidden layer over the sentence vector (0: a logistic regression).")
    var hiddenUnits = Self.defaults.hiddenUnits

    @Option(name: .long, help: "Passes over the rows with a hidden layer (mini-batch Adam).")
    var hiddenEpochs = Self.defaults.hiddenEpochs

    @Option(name: .long, help: "Adam's step size with a hidden layer.")
    var hiddenLearningRate = Self.defaults.hiddenLearningRate

    @Option(name: .long, help: "L2 penalty on every weight with a hidden layer.")
    var hiddenL2 = Self.defaults.hiddenL2

    func run() async throws {
        guard let encoder = AssistantOptions.sentenceEncoder() else {
            throw CommandFailure("The sentence model \(SentenceEncoder.defaultModelFileName) is not installed: run `make setup`.")
        }
        var rows: [CrisisClassifierTraining.Row] = []
        for file in try CrisisEvalCommand.developmentFiles() {
            for item in try CrisisEvaluation.cases(fromJSONLines: file) {
                let category = item.isCrisis ? (CrisisCategory(rawValue: item.category) ?? .activeIdeation) : nil
                rows.append(.init(text: item.text, category: category, group: item.isCrisis ? "crisis" : "hard-negative",
                                  source: file.lastPathComponent))
            }
        }
        rows += try HomeOSRouting.trainingExamples().map { .init(text: $0.text, category: nil, group: "household") }
        var training = CrisisClassifierTraining(rows: rows)
        training.hardNegativeBudget = hardNegativeBudget
        training.householdBudget = householdBudget
        training.useTerms = terms
        training.foldBySource = foldBySource
        training.minimumTermRows = minimumTermRows
        training.termLearningRate = termLearningRate
        training.epochs = epochs
        training.neighbourCount = neighbours
        training.hiddenUnits = hiddenUnits
        training.hiddenEpochs = hiddenEpochs
        training.hiddenLearningRate = hiddenLearningRate
        training.hiddenL2 = hiddenL2
        let start = ContinuousClock.now
        let result = try await training.run(encoder: encoder) { Terminal.error("    \($0)") }
        let out = self.out ?? URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("CrisisDetection/Resources/\(SemanticCrisisClassifier.fileName)").path
        let folder = URL(fileURLWithPath: out).deletingLastPathComponent()
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let vectorsPath = folder.appendingPathComponent(CrisisNeighbours.fileName)
        // The vectors first: a classifier whose vote has no matching vectors is refused when loaded.
        try (result.classifier.neighbours ?? CrisisNeighbours(vectors: [], labels: [])).data.write(to: vectorsPath)
        try result.classifier.repositoryJSON().write(to: URL(fileURLWithPath: out))
        print("Crisis classifier trained in \(Terminal.ms(start.duration(to: .now))) ms → \(out)"
              + (result.classifier.neighbours.map { " and \(vectorsPath.path) (\($0.count) rows)" } ?? ""))
        print(String(format: "threshold %.3f; cross-validated, rules or classifier: recall %.3f (the classifier alone %.3f), "
                         + "hard-negative false positives %.3f, household false positives %.3f", result.classifier.threshold,
                     result.recall, result.classifierRecall,
                     result.hardNegativeFalsePositives, result.householdFalsePositives))
        for source in result.bySource {
            print(String(format: "  %@ held out: recall %.3f, hard-negative false positives %.3f", source.source, source.recall,
                         source.hardNegativeFalsePositives))
        }
    }
}

/// `homeos dev train router`: the routing scorer, from the training and development splits only.
struct RouterTrainCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "router",
        abstract: "Train the routing scorer on SLURP devel + CLINC150 train/val and write routing-model.json.",
        discussion: """
            Rows: SLURP devel.jsonl and CLINC150 val + oos_val mapped with routing-label-map.json (out-of-scope \
            rows as "none", excluded labels unused) are cross-validated; CLINC150 train + oos_train and each \
            skill's examples and keywords are trained on in every fold. Hyperparameters (features, L2, epochs, \
            class balance, tail averaging, sharpness and a bias on "none") are chosen by 5-fold cross-validation \
            on the development rows; no test row is read. The output is deterministic: the same data gives the \
            same file. Run it in a release build (a few minutes): swift run -c release homeos dev train router

            With --sentence-vectors the model also reads each message's sentence vector: from the sentence encoder \
            (all-MiniLM-L6-v2, installed by make setup; the one HomeOS routes with on every engine), or from --model \
            (mean-pooled hidden states of a generation model, about 35 ms a text with SmolLM2 on two cores), \
            trained with the words over a small grid of vector scales from the bundled words-only model's settings \
            (so retrain that one first), and written to \
            routing-model-<model id>.json; HomeOS routes with it whenever that model is loaded and falls back to \
            the words-only routing-model.json otherwise.
            Example: swift run -c release homeos dev train router --sentence-vectors --embedding-cache /tmp/vectors.json
            """
    )

    @Option(name: .long, help: ArgumentHelp("Where to write the model (default: the bundled resource).", valueName: "path"))
    var out: String?

    @Flag(name: .long, help: "Train the model that reads sentence vectors of --model as well as words.")
    var sentenceVectors = false

    @OptionGroup var modelOptions: ModelOptions

    @Option(name: .long, help: ArgumentHelp("With --sentence-vectors: keep the training texts' vectors in this file between runs.",
                                            valueName: "path"))
    var embeddingCache: String?

    @Option(name: .long, parsing: .upToNextOption, help: "With --sentence-vectors: vector scales to try.")
    var embeddingScales: [Double] = [1, 2, 4]

    @Flag(name: .long, help: "Try a small grid (for a quick look; the committed model uses the full grid).")
    var quick = false

    @Option(name: .long, help: "Most features kept in the saved model (the strongest).")
    var maxFeatures: Int = RoutingTrainingOptions().maxFeatures

    @Option(name: .long, help: "Single weights below this magnitude are saved as 0.")
    var zeroBelow: Double = RoutingTrainingOptions().zeroBelow

    @Option(name: .long, help: "Decimal places of the saved weights.")
    var decimals: Int = RoutingTrainingOptions().decimals

    @Option(name: .long, help: "How many of the best settings to list.")
    var top: Int = 10

    @Option(name: .long, help: "List this many cross-validated errors of the chosen setting (for tuning skill metadata).")
    var showErrors: Int = 0

    /// `Sources/HomeOS/Resources/<file>` of this checkout.
    static func defaultOutput(_ file: String) -> String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("HomeOS/Resources/\(file)").path
    }

    func validate() throws {
        if !sentenceVectors {
            if embeddingCache != nil { throw ValidationError("--embedding-cache needs --sentence-vectors.") }
            if modelOptions.model != nil { throw ValidationError("--model needs --sentence-vectors (the words-only model uses no model).") }
        }
        if let bad = embeddingScales.first(where: { !($0 > 0) }) { throw ValidationError("--embedding-scales must be above 0, got \(bad).") }
        if embeddingScales.isEmpty { throw ValidationError("--embedding-scales needs at least one value.") }
    }

    func run() async throws {
        let dataset = try RoutingDataset(data: try EvaluationData.locate())
        var training = RouterTraining(dataset: dataset, skills: HomeOSSkillCatalog.all)
        training.householdRows = try HomeOSRouting.trainingExamples()
        var out = self.out ?? Self.defaultOutput(HomeOSRouting.modelFileName)
        if sentenceVectors {
            Terminal.error("==> loading the model for sentence vectors")
            let engine: any TextEmbedding
            let engineID: String
            if modelOptions.model == nil {
                // The sentence encoder routing uses on every engine (installed by `make setup`).
                guard let path = SentenceEncoder.defaultModelPath(in: ModelDirectory.standard().root) else {
                    throw ValidationError("The sentence model \(SentenceEncoder.defaultModelFileName) is not installed: run `make setup`, "
                                          + "or pass --model to train on a generation model's vectors.")
                }
                engine = try SentenceEncoder(modelPath: path)
                engineID = HomeOSRouting.sentenceEncoderModelID
            } else {
                let loaded = try await modelOptions.loadEngine()
                engine = loaded
                engineID = loaded.id
            }
            out = self.out ?? Self.defaultOutput(HomeOSRouting.vectorModelFileName(modelID: engineID))
            Terminal.error("==> embedding the training texts with \(engineID)")
            let started = ContinuousClock.now
            try await training.embed(using: engine, cache: embeddingCache.map { URL(fileURLWithPath: $0) }) { done, total in
                if done % 512 == 0 || done == total { Terminal.error("    \(done)/\(total) texts (\(Terminal.ms(started.duration(to: .now))) ms)") }
            }
            // The words' settings of the committed lexical model, with the vector's scale and L2 varied.
            let lexical = try HomeOSRouting.model().provenance.hyperparameters
            training.grid = embeddingScales.flatMap { scale in
                [1e-5, 1e-4].map { l2 in
                    var options = lexical
                    options.l2 = l2
                    options.embeddingScale = scale
                    return options
                }
            }
        } else if quick {
            training.grid = [RoutingTrainingOptions(learningRate: 0.1, features: RoutingFeatures(value: .binary)),
                             RoutingTrainingOptions(learningRate: 0.5, features: RoutingFeatures(value: .normalized)),
                             RoutingTrainingOptions(learningRate: 0.1, features: RoutingFeatures(value: .binary, characterNGrams: 4)),
                             RoutingTrainingOptions(learningRate: 0.5, features: RoutingFeatures(value: .normalized, characterNGrams: 4))]
        }
        training.grid = training.grid.map { options in
            var options = options
            options.maxFeatures = maxFeatures
            options.decimals = decimals
            options.zeroBelow = zeroBelow
            return options
        }
        let start = ContinuousClock.now
        let result = try training.run { Terminal.error($0) }
        let data = result.model.repositoryJSON(decimals: result.model.provenance.hyperparameters.decimals)
        try data.write(to: URL(fileURLWithPath: out))

        print("Routing model trained in \(Terminal.ms(start.duration(to: .now))) ms\n")
        print(Terminal.table([["source", "rows"]] + result.rowsPerSource.keys.sorted().map { [$0, "\(result.rowsPerSource[$0]!)"] }))
        let objective = "the objective (mean over corpora of (in-scope accuracy + OOS recall)/2)"
        print("\nBest settings, cross-validated: " + (training.floors.map {
            String(format: "those with OOS recall ≥ %.3f and in-scope precision ≥ %.3f on both corpora (the targets plus a %.3f "
                       + "margin) by mean in-scope accuracy, then the rest by ", $0.outOfScopeRecall + $0.margin,
                   $0.inScopePrecision + $0.margin, $0.margin)
        } ?? "by ") + objective + "\n")
        var rows = [["features", "l2", "epochs", "avg", "balance", "vector", "sharp", "none bias", "objective", "slurp acc", "slurp oos",
                     "slurp prec", "clinc acc", "clinc oos", "clinc prec"]]
        for candidate in result.candidates.prefix(top) {
            let s = candidate.scores
            rows.append([candidate.options.features.label, String(format: "%g", candidate.options.l2), "\(candidate.options.epochs)",
                         "\(candidate.options.averageLastEpochs)",
                         String(format: "%.1f", candidate.options.classBalance),
                         candidate.options.embeddingScale.map { String(format: "×%g", $0) } ?? "-",
                         String(format: "%.2f", candidate.calibration.sharpness),
                         String(format: "%+.1f", candidate.calibration.noneBias),
                         f(s.objective), f(s.inScopeAccuracy["slurp"]), f(s.outOfScopeRecall["slurp"]), f(s.inScopePrecision["slurp"]),
                         f(s.inScopeAccuracy["clinc150"]), f(s.outOfScopeRecall["clinc150"]), f(s.inScopePrecision["clinc150"])])
        }
        print(Terminal.table(rows))
        if showErrors > 0, let best = result.candidates.first {
            let predictions = try training.crossValidatedPredictions(options: best.options, calibration: best.calibration)
            let errors = predictions.filter { $0.predicted != $0.row.row.label }
            print("\nCross-validated errors: \(errors.count) of \(predictions.count) development rows (showing \(min(showErrors, errors.count)))\n")
            print(Terminal.table([["source", "expected", "routed", "p", "message"]] + errors.prefix(showErrors).map {
                [$0.row.source, $0.row.row.label, $0.predicted, String(format: "%.2f", $0.probability), String($0.row.row.text.prefix(70))]
            }))
        }
        let vectorPart = result.model.embedding.map { " + \($0.space.dimension) vector dimensions (\($0.space.name))" } ?? ""
        print("\n\(result.model.weights.count) features\(vectorPart) × \(result.model.classes.count) classes, \(data.count / 1024) KiB → \(out)")
    }

    private func f(_ value: Double?) -> String { value.map { String(format: "%.3f", $0) } ?? "-" }
}

import ArgumentParser
import Evaluation
import Foundation
import HomeOS
import LLM
import LlamaEngine
import Skills

/// `homeos dev eval routing`: the routing cascade on SLURP or CLINC150.
struct RoutingEvalCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "routing",
        abstract: "Route SLURP or CLINC150 messages to the 19 skills and measure accuracy, OOS handling, steps and latency.",
        discussion: """
            Labels map to skills with the label map shipped in Sources/Evaluation/Resources/routing-label-map.json: in-scope rows must reach their skill, \
            out-of-scope rows no skill; excluded labels are skipped. SLURP splits: devel, test (default). CLINC150 \
            splits: val, test (default); each includes its oos_ rows. The router is HomeOS's cascade (keyword, \
            learned scorer, model classification, fallback) with the bundled routing models: with the model loaded, \
            the scorer also reads its sentence vectors when a routing model for them is bundled (both default models); \
            --no-model loads no model (words-only scoring, no step 3); --skip-classification keeps the vectors and \
            skips step 3. \
            The routing model was trained on the development splits, so evaluate on test, or pass --cross-validate \
            on a development split (each row is routed by a fold model that did not train on it). \
            --none-bias moves the operating point between routing and refusing (for example, run it at -1, 0, 1, 2 \
            on a development split with --cross-validate to see what precision costs in accuracy).
            Example: homeos dev eval routing --data clinc150 --split test
            """
    )

    enum Corpus: String, ExpressibleByArgument, CaseIterable {
        case slurp, clinc150, household
        var labelMapCorpus: RoutingLabelMap.Corpus { self == .slurp ? .slurp : .clinc150 }
    }

    @Option(name: .long, help: "Data set: slurp, clinc150, or household (the frozen held-out evaluation/heldout/household.jsonl; report only, never tune on it).")
    var data: Corpus

    @Option(name: .long, help: "Split: devel|test for slurp, val|test for clinc150 (default: test).")
    var split: String = "test"

    @OptionGroup var modelOptions: ModelOptions

    @Flag(name: .customLong("no-model"), help: "Load no model: words-only scoring, no model step (keyword, scoring, fallback only).")
    var noModel = false

    @Flag(name: .long, help: "Load the model for sentence vectors but skip the model-classification step.")
    var skipClassification = false

    @Flag(name: .long, help: "Do not read vectors from the sentence encoder (all-MiniLM-L6-v2); use the loaded model's vectors or words only.")
    var noSentenceModel = false

    @Option(name: .long, help: "Evaluate N rows spread evenly over the split.")
    var limit: Int?

    @Option(name: .long, help: "Seconds the model step may take before falling back (default: the router's, 2).")
    var modelTimeout: Double?

    @Option(name: .long, help: "\"No skill\" score at which the scoring step rejects a message without the model (default: the router's, 0.5; above 1 sends every undecided message to the model).")
    var noneAcceptance: Double?

    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("Add DELTA to the scoring model's \"no skill\" logit (positive refuses more: higher out-of-scope recall and in-scope precision, lower in-scope accuracy; negative routes more). Explores the trade-off; the bundled models are unchanged. Default 0.", valueName: "delta"))
    var noneBias: Double = 0

    @Option(name: .long, help: "Candidate skills shown to the model step (default: the router's).")
    var candidates: Int?

    @Option(name: .long, help: ArgumentHelp("Use this routing-model.json instead of the bundled one.", valueName: "path"))
    var routingModel: String?

    @Flag(name: .long, help: "On a development split, route each row with a fold model that did not train on it.")
    var crossValidate = false

    @Option(name: .long, help: ArgumentHelp("With --cross-validate and vectors: keep the training texts' sentence vectors in this file (the one `homeos dev train router --embedding-cache` writes) and reuse them on the next run.", valueName: "path"))
    var embeddingCache: String?

    @Option(name: .long, help: "How many of the commonest errors to list.")
    var errors: Int = 10

    @Option(name: .long, help: ArgumentHelp("Write every decision as JSON Lines to this file.", valueName: "path"))
    var predictions: String?

    func validate() throws {
        let corpus = data.labelMapCorpus
        if data == .household {
            guard split == "test", !crossValidate, embeddingCache == nil else {
                throw ValidationError("--data household is one frozen test set: no --split, --cross-validate or --embedding-cache.")
            }
        } else if !RoutingDataset.splits(of: corpus).contains(split) {
            throw ValidationError("\(data.rawValue) has no split '\(split)'; use \(RoutingDataset.splits(of: corpus).joined(separator: " or ")).")
        }
        if let limit, limit < 1 { throw ValidationError("--limit must be at least 1.") }
        if let modelTimeout, !(modelTimeout > 0) { throw ValidationError("--model-timeout must be above 0 seconds.") }
        if let noneAcceptance, !(noneAcceptance >= 0) { throw ValidationError("--none-acceptance must be 0 or more.") }
        if !noneBias.isFinite || abs(noneBias) > 20 { throw ValidationError("--none-bias must be a number between -20 and 20.") }
        if let candidates, candidates < 1 { throw ValidationError("--candidates must be at least 1.") }
        if crossValidate && split != RoutingDataset.developmentSplit(of: corpus) {
            throw ValidationError("--cross-validate applies to the development split (\(RoutingDataset.developmentSplit(of: corpus))) only.")
        }
        if embeddingCache != nil && (!crossValidate || noModel) {
            throw ValidationError("--embedding-cache needs --cross-validate with a model (the fold models read the training texts' vectors).")
        }
        if noModel && modelOptions.model != nil { throw ValidationError("--no-model and --model exclude each other.") }
        if noModel && skipClassification { throw ValidationError("--no-model already skips classification; give one of them.") }
    }

    func run() async throws {
        let corpus = data.labelMapCorpus
        let dataset = try RoutingDataset(data: try EvaluationData.locate())
        var examples = data == .household
            ? try HouseholdRoutingSet.examples(from: CrisisEvalCommand.evaluationFolder.appendingPathComponent("heldout/household.jsonl"))
            : try dataset.examples(corpus: corpus, split: split)
        var engine: LlamaEngine?
        if !noModel {
            Terminal.error("==> loading the model")
            engine = try await modelOptions.loadEngine()
        }
        let bridge = skipClassification ? nil : engine.map { LLMBridge(model: $0) }
        let modelName = bridge == nil ? "none (\(noModel ? "--no-model" : "--skip-classification"))" : engine!.id
        // The scorer a router gets for this engine: an explicit file, else the bundled vector model, else words only.
        let explicitModel = try routingModel.map { try HomeOSRouting.model(at: URL(fileURLWithPath: $0)) }
        // Vectors come from the sentence encoder when it is installed (as in `homeos ask`), else from the model.
        let encoder = noSentenceModel ? nil : AssistantOptions.sentenceEncoder()
        let embedder: (any TextEmbedding)? = encoder ?? engine
        let scorer = try HomeOSRouting.scorer(model: explicitModel, embedder: embedder)
        let space = try await embedder?.embeddingSpace()
        let scorerModel = (space.flatMap(scorer.vectorModel(for:)) ?? scorer.model).shiftingNoSkillBias(by: noneBias)
        var foldOfExample: [Int]?
        var foldModels: [RoutingModel] = [scorerModel]
        if crossValidate {
            var training = RouterTraining(dataset: dataset, skills: HomeOSSkillCatalog.all)
            training.householdRows = try HomeOSRouting.trainingExamples()
            if scorerModel.embedding != nil, let embedder {
                Terminal.error("==> embedding the training texts for the fold models")
                try await training.embed(using: embedder, cache: embeddingCache.map { URL(fileURLWithPath: $0) }) { done, total in
                    if done % 1024 == 0 || done == total { Terminal.error("    \(done)/\(total)") }
                }
            }
            Terminal.error("==> training \(training.folds) fold models with the routing model's settings")
            let folds = try training.foldModels(like: scorerModel, corpus: corpus)
            foldModels = folds.models.map { $0.shiftingNoSkillBias(by: noneBias) }
            foldOfExample = folds.foldOfRow
        }
        if let limit, limit < examples.count {
            let picked = (0..<limit).map { $0 * examples.count / limit }
            examples = picked.map { examples[$0] }
            foldOfExample = foldOfExample.map { folds in picked.map { folds[$0] } }
        }

        let routers = try foldModels.map { model in
            var router = try HomeOSRouting.router(bridge: bridge, model: model, embedder: embedder)
            if let modelTimeout { router.modelTimeout = .milliseconds(Int64(modelTimeout * 1000)) }
            if let candidates { router.modelCandidates = candidates }
            if let noneAcceptance { router.noneAcceptance = noneAcceptance }
            return router
        }
        let evaluation = foldOfExample.map { RoutingEvaluation(foldRouters: routers, routerOfExample: $0) }
            ?? RoutingEvaluation(router: routers[0])
        let title = "Routing: \(data.rawValue) \(split)\(crossValidate ? " (cross-validated fold models)" : "")"
            + "\(limit.map { ", \(examples.count) rows spread over the split (--limit \($0))" } ?? ""); "
            + "scorer: \(scorerModel.embedding.map { "words + sentence vectors of \($0.space.name)" } ?? "words only"); "
            + "step-3 model: \(modelName); model timeout \(routers[0].modelTimeout), \(routers[0].modelCandidates) candidates, "
            + "none acceptance \(routers[0].noneAcceptance)"
            + (noneBias == 0 ? "" : String(format: ", \"no skill\" logit %+g (--none-bias)", noneBias))
        Terminal.error("==> routing \(examples.count) messages")
        let report = await evaluation.run(examples, title: title) { done, total in
            if done % 250 == 0 || done == total { Terminal.error("    \(done)/\(total)") }
        }
        print(report.render(confusions: errors))
        if let predictions { try writePredictions(report, to: predictions) }
    }

    private func writePredictions(_ report: RoutingReport, to path: String) throws {
        var lines: [String] = []
        for p in report.predictions {
            let object: JSONValue = ["message": .string(p.text), "expected": p.expected.map(JSONValue.string) ?? .null,
                                     "skill": p.predicted.map(JSONValue.string) ?? .null, "step": .string(p.step.rawValue),
                                     "ms": .number((p.duration.milliseconds * 100).rounded() / 100)]
            lines.append(object.jsonText)
        }
        try (lines.joined(separator: "\n") + "\n").write(toFile: path, atomically: true, encoding: .utf8)
    }
}

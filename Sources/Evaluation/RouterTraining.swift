import Foundation
import LLM
import Skills

/// Trains the routing scorer from the development splits only, choosing hyperparameters by
/// cross-validation inside that data.
///
/// Training rows: SLURP `devel.jsonl` and CLINC150 `val` + `oos_val` mapped through the label
/// map (out-of-scope rows become ``noSkillID``; excluded labels are not used), plus each skill's
/// own examples and keywords. No test row is read.
///
/// ```swift
/// let training = try RouterTraining(data: .locate(), skills: HomeOSSkillCatalog.all)
/// let result = try training.run { print($0) }
/// try result.model.repositoryJSON().write(to: url)
/// ```
public struct RouterTraining: Sendable {
    /// A training row and where it came from (for per-corpus validation scores).
    public struct SourcedRow: Sendable, Hashable {
        /// The row.
        public var row: RoutingTrainingRow
        /// `slurp`, `clinc150` or `skills`.
        public var source: String
    }

    /// One hyperparameter setting and its cross-validated scores.
    public struct Candidate: Sendable, Hashable {
        /// Trainer options.
        public var options: RoutingTrainingOptions
        /// The post-training calibration (sharpness and none bias).
        public var calibration: Calibration
        /// Cross-validated scores (see ``ValidationScores``).
        public var scores: ValidationScores
    }

    /// Cross-validated scores of a setting, decided as the cascade without a model decides:
    /// a skill when it is the most probable class with probability above 0.3, else no skill.
    public struct ValidationScores: Sendable, Hashable {
        /// Correct skill on in-scope rows, per corpus.
        public var inScopeAccuracy: [String: Double]
        /// Out-of-scope rows sent to no skill, per corpus.
        public var outOfScopeRecall: [String: Double]
        /// In-scope rows among the rows sent to a skill, per corpus.
        public var inScopePrecision: [String: Double]

        /// Creates scores.
        public init(inScopeAccuracy: [String: Double], outOfScopeRecall: [String: Double], inScopePrecision: [String: Double] = [:]) {
            self.inScopeAccuracy = inScopeAccuracy
            self.outOfScopeRecall = outOfScopeRecall
            self.inScopePrecision = inScopePrecision
        }

        /// The mean over corpora of (in-scope accuracy + out-of-scope recall) / 2, a balanced
        /// accuracy that does not depend on how many rows are out of scope.
        public var objective: Double {
            mean { ((inScopeAccuracy[$0] ?? 0) + (outOfScopeRecall[$0] ?? 0)) / 2 }
        }

        /// The mean over corpora of in-scope accuracy.
        public var meanInScopeAccuracy: Double { mean { inScopeAccuracy[$0] ?? 0 } }

        /// Whether every corpus reaches both floors.
        public func meets(_ floors: SelectionFloors) -> Bool {
            inScopeAccuracy.keys.allSatisfy {
                (outOfScopeRecall[$0] ?? 0) >= floors.outOfScopeRecall + floors.margin
                    && (inScopePrecision[$0] ?? 0) >= floors.inScopePrecision + floors.margin
            }
        }

        private func mean(_ value: (String) -> Double) -> Double {
            let corpora = inScopeAccuracy.keys.sorted()
            return corpora.isEmpty ? 0 : corpora.map(value).reduce(0, +) / Double(corpora.count)
        }
    }

    /// What a setting must reach on every corpus (cross-validated) before its in-scope accuracy is
    /// what counts: the operating point — out-of-scope recall 0.65, in-scope precision 0.95 —
    /// plus a margin, because a cross-validated estimate from about a thousand routed development
    /// rows is itself uncertain by about half a point (a setting exactly at 0.95 in cross-validation
    /// lands on either side of it on new data).
    public struct SelectionFloors: Sendable, Hashable {
        /// Least out-of-scope recall.
        public var outOfScopeRecall: Double
        /// Least share of in-scope rows among the rows sent to a skill.
        public var inScopePrecision: Double
        /// How far above both floors the cross-validated estimates must be.
        public var margin: Double

        /// Creates floors.
        public init(outOfScopeRecall: Double = 0.65, inScopePrecision: Double = 0.95, margin: Double = 0.005) {
            self.outOfScopeRecall = outOfScopeRecall
            self.inScopePrecision = inScopePrecision
            self.margin = margin
        }
    }

    /// How settings are ranked: those meeting ``floors`` first, by mean in-scope accuracy; then the
    /// rest by the balanced ``ValidationScores/objective``. nil ranks everything by the objective.
    public var floors: SelectionFloors? = SelectionFloors()

    /// Whether `a` ranks above `b` (see ``floors``).
    public func ranksAbove(_ a: ValidationScores, _ b: ValidationScores) -> Bool {
        guard let floors else { return a.objective > b.objective }
        let (aMeets, bMeets) = (a.meets(floors), b.meets(floors))
        if aMeets != bMeets { return aMeets }
        return aMeets ? a.meanInScopeAccuracy > b.meanInScopeAccuracy : a.objective > b.objective
    }

    /// What training produced.
    public struct Result: Sendable {
        /// The final model, fitted on every development row with the best setting.
        public var model: RoutingModel
        /// Every setting tried, best first.
        public var candidates: [Candidate]
        /// Rows used, per source.
        public var rowsPerSource: [String: Int]
    }

    /// The skills the model routes to.
    public let skills: [SkillDescriptor]
    /// Where the development data is.
    public let dataset: RoutingDataset
    /// Settings to try (the none-bias offsets are tried for each).
    public var grid: [RoutingTrainingOptions]
    /// Calibrations to try on every trained model (cheap: no retraining).
    public var calibrations: [Calibration] = [0.75, 1, 1.5, 2].flatMap { sharpness in
        [-1.5, -1, -0.5, 0, 0.5, 1, 1.5, 2].map { Calibration(sharpness: sharpness, noneBias: $0) }
    }

    /// How a trained model's probabilities are adjusted before the cascade's fixed thresholds
    /// (0.5 keyword, 0.3 scoring) see them: logits are multiplied by `sharpness` and `noneBias`
    /// is added to the "none" logit. Both are folded into the saved weights.
    public struct Calibration: Sendable, Hashable {
        /// Multiplies every logit (above 1 makes the probabilities more decisive).
        public var sharpness: Double
        /// Added to the "none" logit (shifts rows from skills to out of scope).
        public var noneBias: Double

        /// Creates a calibration.
        public init(sharpness: Double = 1, noneBias: Double = 0) {
            self.sharpness = sharpness
            self.noneBias = noneBias
        }

        /// Probabilities after calibration: p_i^sharpness, times e^noneBias for none, renormalised.
        func apply(_ probabilities: [Double], noneIndex: Int) -> [Double] {
            guard sharpness != 1 || noneBias != 0 else { return probabilities }
            var adjusted = probabilities.map { pow(max($0, 1e-300), sharpness) }
            adjusted[noneIndex] *= exp(noneBias)
            let sum = adjusted.reduce(0, +)
            return adjusted.map { $0 / sum }
        }

        /// `model` with the calibration folded into its weights and biases.
        func applied(to model: RoutingModel) -> RoutingModel {
            guard sharpness != 1 || noneBias != 0, let noneIndex = model.classes.firstIndex(of: noSkillID) else { return model }
            let decimals = model.provenance.hyperparameters.decimals
            var calibrated = model
            calibrated.weights = model.weights.mapValues { $0.map { ($0 * sharpness).roundedTo(decimals) } }
            calibrated.embedding?.weights = model.embedding?.weights.map { $0.map { ($0 * sharpness).roundedTo(decimals) } } ?? []
            calibrated.biases = model.biases.map { ($0 * sharpness).roundedTo(decimals) }
            calibrated.biases[noneIndex] = (calibrated.biases[noneIndex] + noneBias).roundedTo(decimals)
            return calibrated
        }
    }
    /// Cross-validation folds.
    public var folds: Int = 5
    /// Sentence vectors of the training texts (see ``embed(using:cache:progress:)``); settings
    /// with an ``RoutingTrainingOptions/embeddingScale`` need them.
    public var vectors: [String: [Float]] = [:]
    /// The space of ``vectors``.
    public var embeddingSpace: EmbeddingSpace?
    /// Weight of a skill's example message as a training row.
    public var exampleWeight: Double = 6
    /// Weight of a skill's keyword as a training row.
    public var keywordWeight: Double = 1

    /// The default grid: feature set, L2 strength, epochs, class balancing and tail averaging.
    public static let defaultGrid: [RoutingTrainingOptions] = {
        var grid: [RoutingTrainingOptions] = []
        for characterNGrams in [0, 4] {
            for value in RoutingFeatures.Value.allCases {
                for l2 in [1e-5, 1e-4] {
                    for epochs in [10, 30] {
                        for balance in [0.0, 0.5] {
                            for averaging in [0, epochs / 2] {
                                grid.append(RoutingTrainingOptions(
                                    l2: l2, epochs: epochs, learningRate: value == .binary ? 0.1 : 0.5, averageLastEpochs: averaging,
                                    features: RoutingFeatures(value: value, characterNGrams: characterNGrams), classBalance: balance))
                            }
                        }
                    }
                }
            }
        }
        return grid
    }()

    /// Creates a training run over the development data.
    public init(dataset: RoutingDataset, skills: [SkillDescriptor], grid: [RoutingTrainingOptions] = RouterTraining.defaultGrid) {
        self.dataset = dataset
        self.skills = skills
        self.grid = grid
    }

    /// The classes of the model: the skills in order, then ``noSkillID``.
    public var classes: [String] { skills.map(\.id) + [noSkillID] }

    /// `rows` with their sentence vectors from ``vectors`` (unchanged when there are none).
    func attachingVectors(_ rows: [SourcedRow]) -> [SourcedRow] {
        guard !vectors.isEmpty else { return rows }
        return rows.map { sourced in
            var sourced = sourced
            sourced.row.embedding = vectors[sourced.row.text]
            return sourced
        }
    }

    /// The development rows (SLURP devel, CLINC150 val + oos_val), mapped; rows labelled with a
    /// skill that is not among ``skills`` are dropped.
    public func developmentRows() throws(RoutingDataError) -> [SourcedRow] {
        let known = Set(skills.map(\.id))
        var rows: [SourcedRow] = []
        for corpus in RoutingLabelMap.Corpus.allCases {
            for example in try dataset.examples(corpus: corpus, split: RoutingDataset.developmentSplit(of: corpus)) {
                let label = example.expectedSkill ?? noSkillID
                guard label == noSkillID || known.contains(label) else { continue }
                rows.append(SourcedRow(row: RoutingTrainingRow(text: example.text, label: label), source: corpus.rawValue))
            }
        }
        return attachingVectors(rows)
    }

    /// The corpora's training splits (CLINC150 `train` + `oos_train`), mapped like the development
    /// rows: always trained on, never held out, never scored.
    public func corpusTrainingRows() throws(RoutingDataError) -> [SourcedRow] {
        let known = Set(skills.map(\.id))
        var rows: [SourcedRow] = []
        for corpus in RoutingLabelMap.Corpus.allCases {
            guard let split = RoutingDataset.trainingSplit(of: corpus) else { continue }
            for example in try dataset.examples(corpus: corpus, split: split) {
                let label = example.expectedSkill ?? noSkillID
                guard label == noSkillID || known.contains(label) else { continue }
                rows.append(SourcedRow(row: RoutingTrainingRow(text: example.text, label: label),
                                       source: "\(corpus.rawValue)-\(split)"))
            }
        }
        return rows
    }

    /// CLINC150 intents the label map leaves unscored that no HomeOS skill could serve (banking,
    /// payments, small talk about the assistant, its settings): their `train` rows teach the
    /// "none" class what unrelated requests look like. Ambiguous intents (travel booking, smart
    /// home, music, meetings, conversions…) are left out, and no test row is read.
    public static let unrelatedCLINCIntents: Set<String> = [
        "account_blocked", "apr", "application_status", "balance", "bill_balance", "bill_due", "card_declined",
        "credit_limit", "credit_limit_change", "credit_score", "damaged_card", "direct_deposit", "exchange_rate",
        "expiration_date", "freeze_account", "improve_credit_score", "income", "insurance", "insurance_change",
        "interest_rate", "international_fees", "min_payment", "new_card", "order_checks", "pay_bill", "payday",
        "pin_change", "redeem_rewards", "replacement_card_duration", "report_fraud", "report_lost_card",
        "rewards_balance", "rollover_401k", "routing", "spending_history", "taxes", "transactions", "transfer", "w2",
        "are_you_a_bot", "change_accent", "change_ai_name", "change_language", "change_speed", "change_user_name",
        "do_you_have_pets", "fun_fact", "how_old_are_you", "meaning_of_life", "tell_joke", "user_name",
        "what_are_your_hobbies", "what_is_your_name", "where_are_you_from", "whisper_mode", "who_do_you_work_for",
        "who_made_you", "flip_coin", "roll_dice", "spelling", "definition", "translate",
    ]

    /// How many `train` rows of each unrelated intent become "none" rows.
    public var unrelatedRowsPerIntent: Int = 20

    /// The first ``unrelatedRowsPerIntent`` `train` rows of each of ``unrelatedCLINCIntents``, as "none".
    public func unrelatedRows() throws(RoutingDataError) -> [SourcedRow] {
        var taken: [String: Int] = [:]
        var rows: [SourcedRow] = []
        for (text, label) in try dataset.labelledRows(corpus: .clinc150, split: "train")
        where Self.unrelatedCLINCIntents.contains(label) && taken[label, default: 0] < unrelatedRowsPerIntent {
            guard case .excluded = dataset.labelMap.target(of: label, in: .clinc150) else { continue }
            taken[label, default: 0] += 1
            rows.append(SourcedRow(row: RoutingTrainingRow(text: text, label: noSkillID), source: "clinc150-train-unrelated"))
        }
        return rows
    }

    /// Household training messages written for the purpose (HomeOS's
    /// `Resources/routing-training/examples.jsonl`: each skill in many registers, and
    /// out-of-scope messages as ``noSkillID``), always trained on, never held out or scored.
    public var householdRows: [RoutingTrainingRow] = []

    /// How much each household training message counts.
    public var householdWeight: Double = 3

    /// Rows every fold trains on: the skills' own rows, the household training messages, the
    /// corpora's training splits and the unrelated CLINC150 intents.
    public func fixedRows() throws(RoutingDataError) -> [SourcedRow] {
        let household = householdRows.map {
            SourcedRow(row: RoutingTrainingRow(text: $0.text, label: $0.label, weight: householdWeight), source: "household-examples")
        }
        return attachingVectors(skillRows() + household + (try corpusTrainingRows()) + (try unrelatedRows()))
    }

    /// Each skill's examples and keywords as rows (always trained on, never held out).
    public func skillRows() -> [SourcedRow] {
        skills.flatMap { skill in
            skill.examples.map { SourcedRow(row: RoutingTrainingRow(text: $0, label: skill.id, weight: exampleWeight), source: "skills") }
                + skill.keywords.map { SourcedRow(row: RoutingTrainingRow(text: $0, label: skill.id, weight: keywordWeight), source: "skills") }
        }
    }

    /// Cross-validates every setting of the grid and trains the final model with the best.
    /// - Parameter progress: called with a line of text after each setting.
    public func run(progress: (String) -> Void = { _ in }) throws -> Result {
        let development = try developmentRows()
        let fixed = try fixedRows()
        let foldOf = Self.stratifiedFolds(development.map(\.row.label), folds: folds, seed: 7)
        var candidates: [Candidate] = []
        for (number, options) in grid.enumerated() {
            let scores = try crossValidate(options: options, development: development, fixed: fixed, foldOf: foldOf)
            for (calibration, score) in zip(calibrations, scores) {
                candidates.append(Candidate(options: options, calibration: calibration, scores: score))
            }
            let best = zip(calibrations, scores).max { ranksAbove($1.1, $0.1) }!
            progress(String(format: "[%d/%d] %@ l2=%g epochs=%d balance=%.1f%@: best mean in-scope accuracy %.4f%@, objective %.4f "
                                + "(sharpness %.2f, none bias %+.1f)",
                            number + 1, grid.count, options.features.label, options.l2, options.epochs, options.classBalance,
                            options.embeddingScale.map { String(format: " vector×%g", $0) } ?? "",
                            best.1.meanInScopeAccuracy, floors.map { best.1.meets($0) ? " (floors met)" : " (floors not met)" } ?? "",
                            best.1.objective, best.0.sharpness, best.0.noneBias))
        }
        // Best first; ties go to the earlier (simpler) setting, so the choice is deterministic.
        let ranked = candidates.enumerated().sorted {
            ranksAbove($0.element.scores, $1.element.scores)
                || (!ranksAbove($1.element.scores, $0.element.scores) && $0.offset < $1.offset)
        }.map(\.element)
        let best = ranked[0]
        let sources = ["slurp/devel.jsonl (mapped; out-of-scope rows as none; excluded labels unused)",
                       "clinc150/data_full.json val (mapped) + oos_val (as none), cross-validated",
                       "clinc150/data_full.json train (mapped) + oos_train (as none), trained on in every fold",
                       "clinc150/data_full.json train rows of unscored intents unrelated to any skill (as none), trained on in every fold",
                       "skill examples (weight \(exampleWeight)) and keywords (weight \(keywordWeight))"]
            + (householdRows.isEmpty ? [] : ["\(householdRows.count) household training messages written for the purpose "
                                                + "(HomeOS Resources/routing-training/examples.jsonl, weight \(householdWeight)), trained on in every fold"])
        var validation: [String: Double] = ["objective": Self.round4(best.scores.objective), "noneBias": best.calibration.noneBias,
                                            "sharpness": best.calibration.sharpness]
        for (corpus, value) in best.scores.inScopeAccuracy { validation["cv.\(corpus).inScopeAccuracy"] = Self.round4(value) }
        for (corpus, value) in best.scores.outOfScopeRecall { validation["cv.\(corpus).outOfScopeRecall"] = Self.round4(value) }
        for (corpus, value) in best.scores.inScopePrecision { validation["cv.\(corpus).inScopePrecision"] = Self.round4(value) }
        let provenance = RoutingModelProvenance(
            sources: sources, rowsPerClass: [:], hyperparameters: best.options, validation: validation,
            notes: ["\(folds)-fold stratified cross-validation on the development rows only; \(ranked.count) settings tried.",
                    (floors.map { String(format: "Selection: the highest mean in-scope accuracy over corpora among settings with out-of-scope "
                                             + "recall ≥ %.3f and in-scope precision ≥ %.3f on every corpus (the targets plus a margin of %.3f); ",
                                         $0.outOfScopeRecall + $0.margin, $0.inScopePrecision + $0.margin, $0.margin) } ?? "Selection: ")
                        + "the objective, mean over corpora of (in-scope accuracy + out-of-scope recall) / 2"
                        + (floors == nil ? "" : ", ranks the rest")
                        + ". A skill is decided when it is the most probable class above 0.3 (the cascade without a model).",
                    "The calibration is folded in: weights and biases multiplied by sharpness, then noneBias added to none's bias."])
        let allRows = (development + fixed).map(\.row)
        var model = try fit(best.options, rows: allRows, provenance: provenance)
        model = best.calibration.applied(to: model)
        let perSource = Dictionary(grouping: development + fixed, by: \.source).mapValues(\.count)
        return Result(model: model, candidates: ranked, rowsPerSource: perSource)
    }

    /// Cross-validated scores of `options`, one per entry of ``calibrations``.
    func crossValidate(options: RoutingTrainingOptions, development: [SourcedRow], fixed: [SourcedRow],
                       foldOf: [Int]) throws -> [ValidationScores] {
        // counts[bias][corpus] = (in-scope correct, in-scope total, oos correct, oos total, in-scope sent to a skill)
        var counts = [[String: [Int]]](repeating: [:], count: calibrations.count)
        for fold in 0..<folds {
            let training = zip(development, foldOf).filter { $0.1 != fold }.map(\.0.row) + fixed.map(\.row)
            let model = try fit(options, rows: training)
            let noneIndex = model.classes.firstIndex(of: noSkillID)!
            for (row, rowFold) in zip(development, foldOf) where rowFold == fold {
                let base = model.probabilities(for: row.row.text, embedding: row.row.embedding)
                for (b, calibration) in calibrations.enumerated() {
                    let predicted = Self.decide(calibration.apply(base, noneIndex: noneIndex), classes: model.classes)
                    let inScope = row.row.label != noSkillID
                    var tally = counts[b][row.source] ?? [0, 0, 0, 0, 0]
                    if inScope {
                        tally[1] += 1
                        if predicted == row.row.label { tally[0] += 1 }
                        if predicted != noSkillID { tally[4] += 1 }
                    } else {
                        tally[3] += 1
                        if predicted == noSkillID { tally[2] += 1 }
                    }
                    counts[b][row.source] = tally
                }
            }
        }
        return counts.map { perCorpus in
            var scores = ValidationScores(inScopeAccuracy: [:], outOfScopeRecall: [:])
            for (corpus, tally) in perCorpus {
                scores.inScopeAccuracy[corpus] = Double(tally[0]) / Double(max(1, tally[1]))
                scores.outOfScopeRecall[corpus] = Double(tally[2]) / Double(max(1, tally[3]))
                scores.inScopePrecision[corpus] = Double(tally[4]) / Double(max(1, tally[4] + tally[3] - tally[2]))
            }
            return scores
        }
    }

    /// One model per cross-validation fold, each trained without that fold's development rows, and
    /// for every development row of `corpus` (in file order) the fold that held it out — so a
    /// development split can be evaluated without a model that saw the row.
    /// - Parameter settingsOf: the model whose recorded hyperparameters and none bias are reused.
    public func foldModels(like settingsOf: RoutingModel, corpus: RoutingLabelMap.Corpus) throws -> (models: [RoutingModel], foldOfRow: [Int]) {
        let development = try developmentRows()
        let fixed = try fixedRows()
        let foldOf = Self.stratifiedFolds(development.map(\.row.label), folds: folds, seed: 7)
        let options = settingsOf.provenance.hyperparameters
        let calibration = Calibration(sharpness: settingsOf.provenance.validation["sharpness"] ?? 1,
                                      noneBias: settingsOf.provenance.validation["noneBias"] ?? 0)
        var models: [RoutingModel] = []
        for fold in 0..<folds {
            let training = zip(development, foldOf).filter { $0.1 != fold }.map(\.0.row) + fixed.map(\.row)
            models.append(calibration.applied(to: try fit(options, rows: training)))
        }
        let foldOfRow = zip(development, foldOf).filter { $0.0.source == corpus.rawValue }.map(\.1)
        return (models, foldOfRow)
    }

    /// Held-out decisions of one setting on the development rows (each row predicted by the model
    /// of the fold that did not train on it), for error analysis.
    public func crossValidatedPredictions(options: RoutingTrainingOptions, calibration: Calibration)
        throws -> [(row: SourcedRow, predicted: String, probability: Double)] {
        let development = try developmentRows()
        let fixed = try fixedRows()
        let foldOf = Self.stratifiedFolds(development.map(\.row.label), folds: folds, seed: 7)
        var result: [(row: SourcedRow, predicted: String, probability: Double)?] = Array(repeating: nil, count: development.count)
        for fold in 0..<folds {
            let training = zip(development, foldOf).filter { $0.1 != fold }.map(\.0.row) + fixed.map(\.row)
            let model = try fit(options, rows: training)
            let noneIndex = model.classes.firstIndex(of: noSkillID)!
            for (index, row) in development.enumerated() where foldOf[index] == fold {
                let probabilities = calibration.apply(model.probabilities(for: row.row.text, embedding: row.row.embedding), noneIndex: noneIndex)
                let predicted = Self.decide(probabilities, classes: model.classes)
                let probability = probabilities[model.classes.firstIndex(of: predicted)!]
                result[index] = (row, predicted, probability)
            }
        }
        return result.compactMap { $0 }
    }

    /// Trains one model with `options` (with the rows' sentence vectors when the options ask for them).
    func fit(_ options: RoutingTrainingOptions, rows: [RoutingTrainingRow],
             provenance: RoutingModelProvenance? = nil) throws(RoutingModelError) -> RoutingModel {
        try RoutingModelTrainer(options: options).train(rows: rows, classes: classes, provenance: provenance,
                                                        embeddingSpace: options.embeddingScale == nil ? nil : embeddingSpace)
    }

    /// The cascade's decision without a model: the most probable class if it is a skill above 0.3.
    static func decide(_ probabilities: [Double], classes: [String]) -> String {
        var best = 0
        for index in probabilities.indices where probabilities[index] > probabilities[best] { best = index }
        return classes[best] != noSkillID && probabilities[best] > 0.3 ? classes[best] : noSkillID
    }

    /// Fold numbers 0..<folds, balanced within each label, from a seeded shuffle.
    static func stratifiedFolds(_ labels: [String], folds: Int, seed: UInt64) -> [Int] {
        var generator = SplitMix64(seed: seed)
        var assignment = [Int](repeating: 0, count: labels.count)
        var byLabel: [String: [Int]] = [:]
        for (index, label) in labels.enumerated() { byLabel[label, default: []].append(index) }
        var offset = 0
        for label in byLabel.keys.sorted() {
            var indices = byLabel[label]!
            generator.shuffle(&indices)
            for (position, index) in indices.enumerated() { assignment[index] = (position + offset) % folds }
            offset += indices.count
        }
        return assignment
    }

    static func round4(_ value: Double) -> Double { value.roundedTo(4) }
}

extension RoutingFeatures {
    /// A short label: `binary`, `normalized+char3-4`.
    public var label: String { value.rawValue + (characterNGrams >= 3 ? "+char3-\(characterNGrams)" : "") }
}


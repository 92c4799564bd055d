import Foundation
import LLM

/// One labelled message for training a ``RoutingModel``.
public struct RoutingTrainingRow: Sendable, Hashable, Codable {
    /// The message.
    public var text: String
    /// Its class: a skill id or ``noSkillID``.
    public var label: String
    /// How much the row counts (1 for ordinary rows).
    public var weight: Double
    /// The message's sentence vector, when the model is trained with one (see
    /// ``RoutingTrainingOptions/embeddingScale``).
    public var embedding: [Float]?

    /// Creates a row.
    public init(text: String, label: String, weight: Double = 1, embedding: [Float]? = nil) {
        self.text = text
        self.label = label
        self.weight = weight
        self.embedding = embedding
    }
}

/// Hyperparameters of ``RoutingModelTrainer``.
public struct RoutingTrainingOptions: Sendable, Hashable, Codable {
    /// L2 penalty per row (the objective is the mean weighted log-loss + l2/2·‖W‖²).
    public var l2: Double
    /// Passes over the data.
    public var epochs: Int
    /// Initial step size; it decays as 1/(1 + epoch/2).
    public var learningRate: Double
    /// Average the weights after each of the last this many epochs (tail averaging; 0 keeps the
    /// final weights). Averaging smooths the noise of the last stochastic steps.
    public var averageLastEpochs: Int
    /// Seed of the per-epoch shuffles (same seed, same rows → same weights).
    public var seed: UInt64
    /// Which features messages have and how they are valued.
    public var features: RoutingFeatures
    /// Features seen in fewer training rows than this are ignored.
    public var minFeatureCount: Int
    /// Class re-weighting: 0 keeps row weights, 1 gives every class the same total weight;
    /// in between, a class of n rows is weighted by n^-classBalance.
    public var classBalance: Double
    /// After training, features whose largest absolute weight is below this are dropped.
    public var pruneBelow: Double
    /// Single weights smaller than this (in absolute value) are set to 0, which keeps the file small.
    public var zeroBelow: Double
    /// After pruning, at most this many features (largest weights first) are kept.
    public var maxFeatures: Int
    /// Decimal places kept in the saved weights (the trained model is rounded the same way).
    public var decimals: Int
    /// Length of the rows' centred, normalised sentence vectors as inputs (nil trains on words
    /// alone). Larger values let the vector weigh more against the words under the same L2.
    public var embeddingScale: Double?

    /// Creates options; the defaults are sensible for a few thousand short messages.
    public init(l2: Double = 1e-4, epochs: Int = 20, learningRate: Double = 0.5, averageLastEpochs: Int = 0, seed: UInt64 = 42,
                features: RoutingFeatures = RoutingFeatures(), minFeatureCount: Int = 1, classBalance: Double = 0.5,
                pruneBelow: Double = 0.05, zeroBelow: Double = 0.1, maxFeatures: Int = 5000, decimals: Int = 2,
                embeddingScale: Double? = nil) {
        self.l2 = l2
        self.epochs = epochs
        self.learningRate = learningRate
        self.averageLastEpochs = averageLastEpochs
        self.seed = seed
        self.features = features
        self.minFeatureCount = minFeatureCount
        self.classBalance = classBalance
        self.pruneBelow = pruneBelow
        self.zeroBelow = zeroBelow
        self.maxFeatures = maxFeatures
        self.decimals = decimals
        self.embeddingScale = embeddingScale
    }
}

/// Trains a ``RoutingModel``: softmax regression with L2, by stochastic gradient descent over
/// seeded shuffles of the rows, so the same rows and options always give the same weights.
///
/// ```swift
/// let trainer = RoutingModelTrainer(options: RoutingTrainingOptions(l2: 1e-4, epochs: 20))
/// let model = try trainer.train(rows: rows, classes: skillIDs + [noSkillID])
/// ```
public struct RoutingModelTrainer: Sendable {
    /// The hyperparameters.
    public var options: RoutingTrainingOptions
    private let normalizer = TextNormalizer()

    /// Creates a trainer.
    public init(options: RoutingTrainingOptions = RoutingTrainingOptions()) {
        self.options = options
    }

    /// Fits a model to `rows`.
    /// - Parameters:
    ///   - rows: the labelled training texts (with their sentence vectors when embeddings are used).
    ///   - classes: every class the model should know, in output order (a class without rows
    ///     gets only its bias); defaults to the rows' labels, sorted.
    ///   - provenance: recorded in the model; `hyperparameters` and `rowsPerClass` are filled in.
    ///   - embeddingSpace: where the rows' sentence vectors come from; required when
    ///     ``RoutingTrainingOptions/embeddingScale`` is set (every row then needs a vector of its
    ///     dimension), recorded in the model.
    /// - Throws: ``RoutingModelError/invalidTrainingData(_:)`` for no rows, fewer than two
    ///   classes, labels outside `classes`, missing vectors or invalid options.
    public func train(rows: [RoutingTrainingRow], classes: [String]? = nil, provenance: RoutingModelProvenance? = nil,
                      embeddingSpace: EmbeddingSpace? = nil) throws(RoutingModelError) -> RoutingModel {
        let classes = classes ?? Array(Set(rows.map(\.label))).sorted()
        try check(rows: rows, classes: classes)
        let dense = try denseInputs(rows: rows, space: embeddingSpace)
        let classIndex = Dictionary(uniqueKeysWithValues: classes.enumerated().map { ($1, $0) })
        let classCount = classes.count

        // Features per row, and the vocabulary of features seen often enough.
        let rowFeatures = rows.map { options.features.inputs(for: $0.text, normalizer: normalizer) }
        var documentFrequency: [String: Int] = [:]
        for features in rowFeatures { for (feature, _) in features { documentFrequency[feature, default: 0] += 1 } }
        let vocabulary = documentFrequency.filter { $0.value >= options.minFeatureCount }.keys.sorted()
        let featureIndex = Dictionary(uniqueKeysWithValues: vocabulary.enumerated().map { ($1, $0) })
        // Sentence-vector dimensions are features too, numbered after the vocabulary.
        let denseBase = vocabulary.count
        let encoded: [(inputs: [(Int, Double)], label: Int, weight: Double)] = rows.indices.map { index in
            var inputs = rowFeatures[index].compactMap { feature, value in featureIndex[feature].map { ($0, value) } }
            if let dense { inputs += dense.inputs[index].enumerated().map { (denseBase + $0.offset, $0.element) } }
            return (inputs, classIndex[rows[index].label]!, rows[index].weight)
        }

        // Class re-weighting, normalised so the mean row weight is 1.
        var classTotals = [Double](repeating: 0, count: classCount)
        for row in encoded { classTotals[row.label] += row.weight }
        var weights = encoded.map { $0.weight * pow(max(classTotals[$0.label], 1e-9), -options.classBalance) }
        let meanWeight = weights.reduce(0, +) / Double(weights.count)
        weights = weights.map { $0 / meanWeight }

        // SGD with the weight-scale trick: W = scale · V, so the L2 decay costs O(1) per step.
        var values = [Double](repeating: 0, count: (vocabulary.count + (dense?.center.count ?? 0)) * classCount)
        var biases = [Double](repeating: 0, count: classCount)
        var scale = 1.0
        var generator = SplitMix64(seed: options.seed)
        var order = Array(encoded.indices)
        var logits = [Double](repeating: 0, count: classCount)
        let averaged = min(max(options.averageLastEpochs, 0), options.epochs)
        var sumValues = [Double](repeating: 0, count: averaged > 0 ? values.count : 0)
        var sumBiases = [Double](repeating: 0, count: classCount)
        for epoch in 0..<options.epochs {
            generator.shuffle(&order)
            let rate = options.learningRate / (1 + Double(epoch) / 2)
            for index in order {
                let row = encoded[index]
                for c in 0..<classCount { logits[c] = biases[c] }
                for (feature, value) in row.inputs {
                    let base = feature * classCount
                    for c in 0..<classCount { logits[c] += scale * values[base + c] * value }
                }
                let probabilities = RoutingModel.softmax(logits)
                scale *= 1 - rate * options.l2
                if scale < 1e-6 {
                    for i in values.indices { values[i] *= scale }
                    scale = 1
                }
                for c in 0..<classCount {
                    let gradient = weights[index] * (probabilities[c] - (c == row.label ? 1 : 0))
                    guard gradient != 0 else { continue }
                    biases[c] -= rate * gradient
                    for (feature, value) in row.inputs {
                        values[feature * classCount + c] -= rate * gradient * value / scale
                    }
                }
            }
            if epoch >= options.epochs - averaged {
                for index in values.indices { sumValues[index] += values[index] * scale }
                for c in 0..<classCount { sumBiases[c] += biases[c] }
            }
        }

        if averaged > 0 {
            values = sumValues.map { $0 / Double(averaged) }
            biases = sumBiases.map { $0 / Double(averaged) }
            scale = 1
        }

        // Prune: drop features whose weights are all tiny, keep the strongest, round.
        let round = { (value: Double) -> Double in
            let factor = pow(10, Double(self.options.decimals))
            return (value * factor).rounded() / factor
        }
        var kept: [(feature: String, vector: [Double], strength: Double)] = []
        for (index, feature) in vocabulary.enumerated() {
            var vector = (0..<classCount).map { values[index * classCount + $0] * scale }
            let mean = vector.reduce(0, +) / Double(classCount)  // softmax ignores a shared shift
            vector = vector.map { abs($0 - mean) < options.zeroBelow ? 0 : round($0 - mean) }
            let strength = vector.map(abs).max() ?? 0
            if strength >= options.pruneBelow && strength > 0 { kept.append((feature, vector, strength)) }
        }
        kept.sort { $0.strength > $1.strength || ($0.strength == $1.strength && $0.feature < $1.feature) }
        let finalWeights = Dictionary(uniqueKeysWithValues: kept.prefix(options.maxFeatures).map { ($0.feature, $0.vector) })
        // Sentence-vector weights are all kept (each is small, together they carry the meaning),
        // rounded like the words' weights.
        let embedding = dense.map { dense in
            let rows = (0..<dense.center.count).map { dimension -> [Double] in
                let vector = (0..<classCount).map { values[(denseBase + dimension) * classCount + $0] * scale }
                let mean = vector.reduce(0, +) / Double(classCount)
                return vector.map { ($0 - mean).roundedTo(options.decimals) }
            }
            // The centre is already rounded as saved (``denseInputs`` centred the rows on that value).
            return RoutingEmbeddingWeights(space: dense.space, center: dense.center, scale: dense.scale, weights: rows)
        }

        var record = provenance ?? RoutingModelProvenance(sources: [], rowsPerClass: [:], hyperparameters: options)
        record.hyperparameters = options
        record.rowsPerClass = Dictionary(grouping: rows, by: \.label).mapValues(\.count)
        let biasMean = biases.reduce(0, +) / Double(classCount)
        return try RoutingModel(classes: classes, biases: biases.map { round($0 - biasMean) }, weights: finalWeights,
                                features: options.features, provenance: record, embedding: embedding)
    }

    /// The rows' sentence vectors as inputs (centred on their mean, normalised, scaled), or nil
    /// when the options train on words alone.
    private func denseInputs(rows: [RoutingTrainingRow], space: EmbeddingSpace?)
        throws(RoutingModelError) -> (space: EmbeddingSpace, center: [Double], scale: Double, inputs: [[Double]])? {
        guard let scale = options.embeddingScale else { return nil }
        guard scale > 0, scale.isFinite else { throw .invalidTrainingData("embeddingScale must be above 0, got \(scale)") }
        guard let space else { throw .invalidTrainingData("embeddingScale is set but no embedding space was given") }
        if let bad = rows.first(where: { $0.embedding?.count != space.dimension }) {
            throw .invalidTrainingData("the row '\(bad.text)' has \(bad.embedding.map { "a \($0.count)-value" } ?? "no") sentence vector; "
                + "\(space) needs \(space.dimension) values")
        }
        var center = [Double](repeating: 0, count: space.dimension)
        for row in rows { for (index, value) in row.embedding!.enumerated() { center[index] += Double(value) } }
        center = center.map { ($0 / Double(rows.count)).roundedTo(RoutingEmbeddingWeights.decimals) }
        let inputs = rows.map { RoutingEmbeddingWeights.inputs(for: $0.embedding!, center: center, scale: scale) ?? center.map { _ in 0 } }
        return (space, center, scale, inputs)
    }

    private func check(rows: [RoutingTrainingRow], classes: [String]) throws(RoutingModelError) {
        guard !rows.isEmpty else { throw .invalidTrainingData("there are no training rows") }
        guard classes.count >= 2, Set(classes).count == classes.count else {
            throw .invalidTrainingData("at least two distinct classes are needed, got \(classes)")
        }
        let known = Set(classes)
        if let stray = rows.first(where: { !known.contains($0.label) }) {
            throw .invalidTrainingData("the row '\(stray.text)' has label '\(stray.label)', which is not among the classes \(classes)")
        }
        if let bad = rows.first(where: { !($0.weight > 0) || !$0.weight.isFinite }) {
            throw .invalidTrainingData("row weights must be positive and finite; '\(bad.text)' has \(bad.weight)")
        }
        guard options.epochs >= 1 else { throw .invalidTrainingData("epochs must be at least 1, got \(options.epochs)") }
        guard options.l2 >= 0, options.l2.isFinite else { throw .invalidTrainingData("l2 must be 0 or more, got \(options.l2)") }
        guard options.learningRate > 0, options.learningRate.isFinite else {
            throw .invalidTrainingData("learningRate must be above 0, got \(options.learningRate)")
        }
        guard (0...1).contains(options.classBalance) else {
            throw .invalidTrainingData("classBalance must be within 0…1, got \(options.classBalance)")
        }
        guard options.l2 * options.learningRate < 1 else {
            throw .invalidTrainingData("l2 × learningRate must stay below 1 for the decay to be stable")
        }
        guard (0...8).contains(options.decimals) else { throw .invalidTrainingData("decimals must be within 0…8") }
    }
}

import CrisisDetection
import Foundation
import LLM

/// Trains the crisis layer's learned half (``SemanticCrisisClassifier``): a logistic regression
/// over the sentence vector (crisis or not), the category centroids, and the threshold at which it
/// calls a crisis, chosen by cross-validation for few false alarms.
///
/// Rows: the development crisis sets (categories and hard negatives) and ordinary household
/// messages (the routing training messages, all "no crisis"). The frozen held-out sets are never
/// read. Each row is represented as the crisis layer represents a message at run time
/// (``CrisisDetector/semanticWindows(_:)``, the whole-message window).
///
/// ```swift
/// let training = CrisisClassifierTraining(rows: rows)
/// let result = try await training.run(encoder: encoder)
/// try result.classifier.repositoryJSON().write(to: url)
/// ```
public struct CrisisClassifierTraining: Sendable {
    /// One labelled message.
    public struct Row: Sendable, Hashable {
        /// The message.
        public var text: String
        /// Its ``CrisisCategory`` when it is a crisis; nil when it is not.
        public var category: CrisisCategory?
        /// `hard-negative`, `household` or `crisis`: which false-positive budget a non-crisis row counts against.
        public var group: String
        /// Who wrote it (the file it came from): with ``CrisisClassifierTraining/foldBySource`` each
        /// author's rows are held out together, so the cross-validated figures are those of a new author.
        public var source: String

        /// Creates a row.
        public init(text: String, category: CrisisCategory?, group: String, source: String = "") {
            self.text = text
            self.category = category
            self.group = group
            self.source = source
        }
    }

    /// What training produced.
    public struct Result: Sendable {
        /// The classifier, fitted on every row, with the cross-validated threshold.
        public var classifier: SemanticCrisisClassifier
        /// Cross-validated recall of the whole layer (the rules, or the classifier at the threshold) on the crisis rows.
        public var recall: Double
        /// Cross-validated recall of the classifier alone, at the threshold.
        public var classifierRecall: Double
        /// Cross-validated share of hard negatives the whole layer flags.
        public var hardNegativeFalsePositives: Double
        /// Cross-validated share of household messages the whole layer flags.
        public var householdFalsePositives: Double
        /// The whole layer's cross-validated recall and hard-negative false positives per source.
        public var bySource: [(source: String, recall: Double, hardNegativeFalsePositives: Double)]
    }

    /// The rows.
    public var rows: [Row]
    /// Full-batch gradient-descent steps.
    public var epochs = 300
    /// Step size.
    public var learningRate: Float = 1
    /// L2 penalty on the weights.
    public var l2: Float = 1e-3
    /// Vectors are multiplied by this before training (unit vectors are small inputs); the saved
    /// weights include it.
    public var inputScale: Float = 8
    /// How much a crisis row counts relative to a non-crisis row.
    public var crisisWeight: Float = 2
    /// Most hard negatives the whole layer (rules or classifier) may flag, cross-validated.
    public var hardNegativeBudget = 0.03
    /// Most household messages the whole layer may flag, cross-validated.
    public var householdBudget = 0.003
    /// Cross-validation folds (when the folds are not the sources).
    public var folds = 5
    /// Hold out each source's rows together (household rows are spread over the folds), so the
    /// threshold is chosen for language its training did not see; needs two sources or more.
    public var foldBySource = true
    /// Learn weights for words, word pairs and word triples too (``SemanticCrisisClassifier/terms``).
    public var useTerms = true
    /// A word, word pair or word triple gets a weight when at least this many training rows contain it.
    public var minimumTermRows = 3
    /// Step size of the word weights (each is seen by few rows, so it learns slower than the vector's).
    public var termLearningRate: Float = 10
    /// L2 penalty on the word weights.
    public var termL2: Float = 1e-3
    /// Nearest training rows of each kind the neighbour vote averages
    /// (``SemanticCrisisClassifier/NeighbourVote``); 0 leaves the vote out.
    public var neighbourCount = 5
    /// Rectified units in a hidden layer over the sentence vector (``SemanticCrisisClassifier/HiddenLayer``);
    /// 0 for a logistic regression.
    public var hiddenUnits = 0
    /// Passes over the rows when there is a hidden layer.
    public var hiddenEpochs = 5
    /// Adam's step size when there is a hidden layer.
    public var hiddenLearningRate: Float = 1e-3
    /// L2 penalty on every weight when there is a hidden layer.
    public var hiddenL2: Float = 1e-3
    /// Rows per Adam step when there is a hidden layer.
    public var batchSize = 64
    /// Seeds the hidden layer's initial weights and the order of its batches.
    public var seed: UInt64 = 7

    /// Creates the training over `rows`.
    public init(rows: [Row]) { self.rows = rows }

    /// Embeds every row, cross-validates the threshold and fits the final classifier.
    /// - Parameter progress: called with a line of text at each stage.
    public func run(encoder: any TextEmbedding, progress: (String) -> Void = { _ in }) async throws -> Result {
        let detector = CrisisDetector()
        let kept = rows.enumerated().compactMap { index, row -> (row: Row, window: String, index: Int)? in
            detector.semanticWindows(row.text).last.map { (row, $0, index) }
        }
        progress("embedding \(kept.count) rows (\(rows.count - kept.count) set aside by the rules' resolution and media filters)")
        let space = try await encoder.embeddingSpace()
        var vectors: [[Float]] = []
        for start in stride(from: 0, to: kept.count, by: 256) {
            vectors += try await encoder.embeddings(for: kept[start..<min(start + 256, kept.count)].map(\.window))
        }
        let labels = kept.map { $0.row.category != nil }
        let termSets = kept.map { SemanticCrisisClassifier.terms(of: $0.window) }
        let sources = Array(Set(kept.filter { $0.row.group != "household" }.map(\.row.source))).sorted()
        let bySource = foldBySource && sources.count >= 2
        let foldCount = bySource ? sources.count : folds
        var generator = SplitMix64(seed: 7)
        let foldOf = kept.map { item -> Int in
            let random = Int(generator.next() % UInt64(foldCount))
            return bySource && item.row.group != "household" ? sources.firstIndex(of: item.row.source)! : random
        }

        var outOfFold = [Double](repeating: 0, count: kept.count)
        for fold in 0..<foldCount {
            let training = kept.indices.filter { foldOf[$0] != fold }
            let model = fit(vectors: training.map { vectors[$0] }, terms: training.map { termSets[$0] }, labels: training.map { labels[$0] })
            let classifier = model.classifier(space: space)
            for index in kept.indices where foldOf[index] == fold {
                outOfFold[index] = classifier.probability(vector: vectors[index], terms: termSets[index])
            }
            progress("fold \(fold + 1)/\(foldCount)" + (bySource ? " (\(sources[fold]) held out)" : "") + " trained")
        }
        let vote = voteOfNeighbours(vectors: vectors, labels: labels, foldOf: foldOf, outOfFold: outOfFold)
        if let vote {
            outOfFold = vote.outOfFold
            progress("neighbour votes of \(kept.count) rows against the other folds' rows (k = \(neighbourCount))")
        }
        let neighbourVote = vote?.settings, neighbours = vote?.table
        // The whole layer flags a row when the rules do or the classifier's out-of-fold probability reaches the threshold.
        let ruled = rows.map { detector.assess($0.text).isCrisis }
        var keptIndex = [Int?](repeating: nil, count: rows.count)
        for (index, row) in kept.enumerated() { keptIndex[row.index] = index }
        func flagged(_ row: Int, at threshold: Double, layer: Bool) -> Bool {
            (layer && ruled[row]) || (keptIndex[row].map { outOfFold[$0] >= threshold } ?? false)
        }
        func rate(_ group: String, at threshold: Double, source: String? = nil, layer: Bool = true) -> Double {
            let members = rows.indices.filter { rows[$0].category == nil && rows[$0].group == group && (source == nil || rows[$0].source == source) }
            return members.isEmpty ? 0 : Double(members.filter { flagged($0, at: threshold, layer: layer) }.count) / Double(members.count)
        }
        var threshold = 0.999
        for candidate in stride(from: 0.5, through: 0.999, by: 0.001)
        where rate("hard-negative", at: candidate) <= hardNegativeBudget && rate("household", at: candidate) <= householdBudget {
            threshold = candidate
            break
        }
        func recall(source: String? = nil, layer: Bool = true) -> Double {
            let crises = rows.indices.filter { rows[$0].category != nil && (source == nil || rows[$0].source == source) }
            return crises.isEmpty ? 0 : Double(crises.filter { flagged($0, at: threshold, layer: layer) }.count) / Double(crises.count)
        }
        let model = fit(vectors: vectors, terms: termSets, labels: labels)

        // One centroid per category that has rows: the normalised mean of its vectors.
        var categories: [String] = []
        var centroids: [[Float]] = []
        for category in CrisisCategory.allCases {
            let members = kept.indices.filter { kept[$0].row.category == category }
            guard !members.isEmpty else { continue }
            var sum = [Float](repeating: 0, count: space.dimension)
            for index in members { for position in sum.indices { sum[position] += vectors[index][position] } }
            let norm = sum.reduce(0) { $0 + $1 * $1 }.squareRoot()
            categories.append(category.rawValue)
            centroids.append(sum.map { $0 / max(norm, 1e-9) })
        }
        let counts = Dictionary(grouping: kept, by: { $0.row.group }).mapValues(\.count)
        let validation = bySource
            ? "\(foldCount)-fold cross-validation by source (each file's rows held out together: \(sources.joined(separator: ", ")))"
            : "\(foldCount)-fold cross-validation"
        let classifier = SemanticCrisisClassifier(
            space: space, weights: model.weights, bias: model.bias,
            terms: useTerms ? model.terms : nil, hidden: model.hidden,
            threshold: (threshold * 1000).rounded() / 1000, categories: categories, centroids: centroids,
            provenance: [
                "Rows: " + counts.keys.sorted().map { "\($0) \(counts[$0]!)" }.joined(separator: ", ")
                    + " (development crisis sets and the household routing training messages; no held-out row).",
                "Logistic regression, \(epochs) full-batch gradient steps of \(learningRate), L2 \(l2), input scale \(inputScale), "
                    + "crisis rows weighted \(crisisWeight)"
                    + (useTerms ? "; words, word pairs and word triples in at least \(minimumTermRows) rows, step \(termLearningRate), L2 \(termL2)" : "")
                    + (hiddenUnits > 0
                        ? "; averaged in log-odds with a network of one hidden layer of \(hiddenUnits) rectified units and a linear path "
                            + "over the standardised vector, \(hiddenEpochs) passes of Adam (step \(hiddenLearningRate), batches of "
                            + "\(batchSize), L2 \(hiddenL2), seed \(seed))"
                        : "")
                    + (neighbourVote.map { String(format: "; plus a neighbour vote (the mean similarity of the %d nearest training crises "
                        + "less that of the %d nearest other rows, times %.2f, centred on %.3f)", $0.k, $0.k, $0.weight, $0.centre) } ?? "")
                    + "; categories from the nearest category centroid.",
                String(format: "Threshold: the lowest with %@ false positives of the whole layer (rules or classifier) ≤ %.1f %% on "
                           + "hard negatives and ≤ %.1f %% on household messages; cross-validated recall %.3f (the classifier alone %.3f).",
                       validation, hardNegativeBudget * 100, householdBudget * 100, recall(), recall(layer: false)),
            ],
            neighbourVote: neighbourVote, neighbours: neighbours)
        return Result(classifier: classifier, recall: recall(), classifierRecall: recall(layer: false),
                      hardNegativeFalsePositives: rate("hard-negative", at: threshold),
                      householdFalsePositives: rate("household", at: threshold),
                      bySource: bySource ? sources.map { ($0, recall(source: $0), rate("hard-negative", at: threshold, source: $0)) } : [])
    }

    /// The neighbour vote (``neighbourCount`` > 0): each row's vote against the rows of the other
    /// folds, scaled so that its out-of-fold spread matches the regression's log-odds (at least one
    /// unit, so that the vote still counts where the regression says next to nothing), and the
    /// out-of-fold probabilities with the vote added. Nil without a vote, or when the votes do not
    /// vary (every vector alike), since they then carry nothing.
    func voteOfNeighbours(vectors: [[Float]], labels: [Bool], foldOf: [Int], outOfFold: [Double])
        -> (settings: SemanticCrisisClassifier.NeighbourVote, table: CrisisNeighbours, outOfFold: [Double])? {
        guard neighbourCount > 0 else { return nil }
        let table = CrisisNeighbours(vectors: vectors, labels: labels)
        let votes = vectors.indices.map { index in
            let fold = foldOf[index]
            return table.vote(similarities: table.similarities(to: vectors[index]), k: neighbourCount) { foldOf[$0] != fold }
        }
        let logOdds = outOfFold.map { Float(Foundation.log(max($0, 1e-7) / max(1 - $0, 1e-7))) }
        func spread(_ values: [Float]) -> (mean: Float, deviation: Float) {
            let mean = values.reduce(0, +) / Float(max(values.count, 1))
            let variance = values.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / Float(max(values.count, 1))
            return (mean, variance.squareRoot())
        }
        let (voteMean, voteDeviation) = spread(votes)
        guard voteDeviation > 1e-4 else { return nil }
        let settings = SemanticCrisisClassifier.NeighbourVote(
            k: neighbourCount, weight: max(spread(logOdds).deviation, 1) / voteDeviation, centre: voteMean,
            rows: table.count, checksum: table.checksum)
        let combined = vectors.indices.map { index in
            1 / (1 + Foundation.exp(-Double(logOdds[index] + settings.logOdds(of: votes[index]))))
        }
        return (settings, table, combined)
    }

    /// A fitted model: vector weights (the input scale or standardisation folded in), bias, word
    /// weights and, for ``hiddenUnits`` > 0, the hidden layer.
    struct Fitted {
        var weights: [Float]
        var bias: Float
        var terms: [String: Float]
        var hidden: SemanticCrisisClassifier.HiddenLayer?

        /// The classifier these parameters make, without categories or threshold: for its probabilities
        /// (``terms`` is empty when words are not used, which adds nothing).
        func classifier(space: EmbeddingSpace) -> SemanticCrisisClassifier {
            SemanticCrisisClassifier(space: space, weights: weights, bias: bias, terms: terms, hidden: hidden,
                                     threshold: 0.5, categories: [], centroids: [], provenance: [])
        }
    }

    /// The words, word pairs and word triples at least ``minimumTermRows`` rows contain (none without ``useTerms``),
    /// and each row's as sorted indices into them (one summation order: the same data, the same file).
    func vocabulary(_ terms: [Set<String>]) -> (words: [String], rows: [[Int]]) {
        guard useTerms else { return ([], terms.map { _ in [] }) }
        var rowsWith: [String: Int] = [:]
        for set in terms { for term in set { rowsWith[term, default: 0] += 1 } }
        let vocabulary = rowsWith.filter { $0.value >= minimumTermRows }.map(\.key).sorted()
        let indexOf = Dictionary(uniqueKeysWithValues: vocabulary.enumerated().map { ($1, $0) })
        return (vocabulary, terms.map { $0.compactMap { indexOf[$0] }.sorted() })
    }

    /// The model for these rows: the logistic regression over the vector and the words, and with
    /// ``hiddenUnits`` > 0 the mean of its log-odds and a hidden-layer network's over the vector. Both
    /// parts are linear in their output, so the mean is again one ``SemanticCrisisClassifier``.
    func fit(vectors: [[Float]], terms: [Set<String>], labels: [Bool]) -> Fitted {
        let logistic = fitLogistic(vectors: vectors, terms: terms, labels: labels)
        guard hiddenUnits > 0 else { return logistic }
        let network = fitHiddenLayer(vectors: vectors, labels: labels)
        return Fitted(weights: zip(logistic.weights, network.weights).map { ($0 + $1) / 2 }, bias: (logistic.bias + network.bias) / 2,
                      terms: logistic.terms.mapValues { $0 / 2 },
                      hidden: network.hidden.map { .init(weights: $0.weights, biases: $0.biases, output: $0.output.map { $0 / 2 }) })
    }

    /// Logistic regression by full-batch gradient descent over the scaled vectors and, with
    /// ``useTerms``, the words, word pairs and word triples at least ``minimumTermRows`` rows contain.
    func fitLogistic(vectors: [[Float]], terms: [Set<String>], labels: [Bool]) -> Fitted {
        let dimension = vectors.first?.count ?? 0
        let (vocabulary, rowTerms) = self.vocabulary(terms)
        var weights = [Float](repeating: 0, count: dimension)
        var termWeights = [Float](repeating: 0, count: vocabulary.count)
        var bias: Float = 0
        let rowWeights = labels.map { $0 ? crisisWeight : 1 }
        let total = rowWeights.reduce(0, +)
        var gradient = [Float](repeating: 0, count: dimension)
        var termGradient = [Float](repeating: 0, count: vocabulary.count)
        for _ in 0..<epochs {
            for position in gradient.indices { gradient[position] = 0 }
            for position in termGradient.indices { termGradient[position] = 0 }
            var biasGradient: Float = 0
            for (row, input) in vectors.enumerated() {
                var sum = bias
                weights.withUnsafeBufferPointer { w in
                    input.withUnsafeBufferPointer { x in
                        for position in 0..<dimension { sum += w[position] * x[position] * inputScale }
                    }
                }
                for term in rowTerms[row] { sum += termWeights[term] }
                let error = (1 / (1 + Foundation.exp(-sum)) - (labels[row] ? 1 : 0)) * rowWeights[row]
                biasGradient += error
                gradient.withUnsafeMutableBufferPointer { g in
                    input.withUnsafeBufferPointer { x in
                        for position in 0..<dimension { g[position] += error * x[position] * inputScale }
                    }
                }
                for term in rowTerms[row] { termGradient[term] += error }
            }
            for position in weights.indices {
                weights[position] -= learningRate * (gradient[position] / total + l2 * weights[position])
            }
            for position in termWeights.indices {
                termWeights[position] -= termLearningRate * (termGradient[position] / total + termL2 * termWeights[position])
            }
            bias -= learningRate * biasGradient / total
        }
        return Fitted(weights: weights.map { $0 * inputScale }, bias: bias,
                      terms: Dictionary(uniqueKeysWithValues: zip(vocabulary, termWeights)), hidden: nil)
    }

    /// A network with one hidden layer of ``hiddenUnits`` rectified units over the standardised
    /// vector and a linear path from the vector to the output, trained by mini-batch Adam
    /// (``hiddenEpochs`` passes in batches of ``batchSize``, L2 ``hiddenL2`` on every weight). The
    /// standardisation is folded into the saved weights, so the classifier reads raw vectors.
    func fitHiddenLayer(vectors: [[Float]], labels: [Bool]) -> Fitted {
        let count = vectors.count, dimension = vectors.first?.count ?? 0, units = hiddenUnits
        var mean = [Float](repeating: 0, count: dimension), spread = [Float](repeating: 0, count: dimension)
        for vector in vectors { for position in 0..<dimension { mean[position] += vector[position] / Float(max(count, 1)) } }
        for vector in vectors {
            for position in 0..<dimension { spread[position] += (vector[position] - mean[position]) * (vector[position] - mean[position]) }
        }
        spread = spread.map { ($0 / Float(max(count, 1))).squareRoot() + 1e-6 }
        var inputs = [Float](repeating: 0, count: count * dimension)
        for (row, vector) in vectors.enumerated() {
            for position in 0..<dimension { inputs[row * dimension + position] = (vector[position] - mean[position]) / spread[position] }
        }

        var generator = SplitMix64(seed: seed)
        func normal(_ deviation: Float) -> Float {
            let u1 = Float(generator.next() >> 40 + 1) / Float(1 << 24 + 1), u2 = Float(generator.next() >> 40) / Float(1 << 24)
            return deviation * (-2 * Foundation.log(u1)).squareRoot() * Foundation.cos(2 * Float.pi * u2)
        }
        // Each parameter array with its Adam moments and gradient.
        var hiddenWeights = AdamParameter((0..<(units * dimension)).map { _ in normal(1 / Float(dimension).squareRoot()) })  // unit-major
        var hiddenBiases = AdamParameter([Float](repeating: 0, count: units))
        var outputWeights = AdamParameter((0..<units).map { _ in normal(1 / Float(units).squareRoot()) })
        var linearWeights = AdamParameter([Float](repeating: 0, count: dimension))
        var outputBias = AdamParameter([0])
        var activations = [Float](repeating: 0, count: units)
        var order = Array(0..<count)
        var step = 0
        for _ in 0..<hiddenEpochs {
            for index in order.indices.dropLast().reversed() {
                order.swapAt(index, index + Int(generator.next() % UInt64(order.count - index)))
            }
            for start in stride(from: 0, to: count, by: batchSize) {
                let batch = order[start..<min(start + batchSize, count)]
                let batchWeight = batch.reduce(Float(0)) { $0 + (labels[$1] ? crisisWeight : 1) }
                for row in batch {
                    inputs.withUnsafeBufferPointer { all in
                        let input = all.baseAddress! + row * dimension
                        hiddenWeights.values.withUnsafeBufferPointer { weights in
                            for unit in 0..<units {
                                activations[unit] = VectorArithmetic.dot(weights.baseAddress! + unit * dimension, input, count: dimension)
                                    + hiddenBiases.values[unit]
                            }
                        }
                        var logit = outputBias.values[0] + linearWeights.values.withUnsafeBufferPointer {
                            VectorArithmetic.dot($0.baseAddress!, input, count: dimension)
                        }
                        for unit in 0..<units where activations[unit] > 0 { logit += outputWeights.values[unit] * activations[unit] }
                        let error = (1 / (1 + Foundation.exp(-logit)) - (labels[row] ? 1 : 0)) * (labels[row] ? crisisWeight : 1) / batchWeight
                        outputBias.gradient[0] += error
                        linearWeights.gradient.withUnsafeMutableBufferPointer {
                            VectorArithmetic.add(error, times: input, to: $0.baseAddress!, count: dimension)
                        }
                        hiddenWeights.gradient.withUnsafeMutableBufferPointer { gradient in
                            for unit in 0..<units where activations[unit] > 0 {
                                outputWeights.gradient[unit] += error * activations[unit]
                                let delta = error * outputWeights.values[unit]
                                hiddenBiases.gradient[unit] += delta
                                VectorArithmetic.add(delta, times: input, to: gradient.baseAddress! + unit * dimension, count: dimension)
                            }
                        }
                    }
                }
                step += 1
                hiddenWeights.step(step, rate: hiddenLearningRate, decay: hiddenL2)
                hiddenBiases.step(step, rate: hiddenLearningRate, decay: 0)
                outputWeights.step(step, rate: hiddenLearningRate, decay: hiddenL2)
                linearWeights.step(step, rate: hiddenLearningRate, decay: hiddenL2)
                outputBias.step(step, rate: hiddenLearningRate, decay: 0)
            }
        }
        // Fold the standardisation in: w · (x − mean) / spread = (w / spread) · x − w · (mean / spread).
        let centre = zip(mean, spread).map { $0 / $1 }
        func folded(_ weights: ArraySlice<Float>) -> (weights: [Float], shift: Float) {
            (zip(weights, spread).map { $0 / $1 }, -zip(weights, centre).reduce(0) { $0 + $1.0 * $1.1 })
        }
        var savedWeights: [[Float]] = [], savedBiases: [Float] = []
        for unit in 0..<units {
            let unitWeights = folded(hiddenWeights.values[(unit * dimension)..<((unit + 1) * dimension)])
            savedWeights.append(unitWeights.weights)
            savedBiases.append(hiddenBiases.values[unit] + unitWeights.shift)
        }
        let linear = folded(linearWeights.values[...])
        return Fitted(weights: linear.weights, bias: outputBias.values[0] + linear.shift, terms: [:],
                      hidden: SemanticCrisisClassifier.HiddenLayer(weights: savedWeights, biases: savedBiases, output: outputWeights.values))
    }
}

/// One array of parameters trained by Adam: the values, the gradient summed since the last step,
/// and the two moment estimates.
struct AdamParameter {
    var values: [Float]
    var gradient: [Float]
    var firstMoment: [Float]
    var secondMoment: [Float]

    init(_ values: [Float]) {
        self.values = values
        gradient = [Float](repeating: 0, count: values.count)
        firstMoment = gradient
        secondMoment = gradient
    }

    /// Adam's update number `step` (from 1) with L2 penalty `decay` added to the gradient, which it then clears.
    mutating func step(_ step: Int, rate: Float, decay: Float) {
        let firstCorrection = 1 - Foundation.pow(Float(0.9), Float(step))
        let secondCorrection = 1 - Foundation.pow(Float(0.999), Float(step))
        for position in values.indices {
            let gradient = self.gradient[position] + decay * values[position]
            firstMoment[position] = 0.9 * firstMoment[position] + 0.1 * gradient
            secondMoment[position] = 0.999 * secondMoment[position] + 0.001 * gradient * gradient
            values[position] -= rate * (firstMoment[position] / firstCorrection)
                / ((secondMoment[position] / secondCorrection).squareRoot() + 1e-8)
            self.gradient[position] = 0
        }
    }
}

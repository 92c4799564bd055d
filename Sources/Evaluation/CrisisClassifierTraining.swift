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
    public var hardNegativeBudget = 0.025
    /// Most household messages the whole layer may flag, cross-validated.
    public var householdBudget = 0.003
    /// Cross-validation folds (when the folds are not the sources).
    public var folds = 5
    /// Hold out each source's rows together (household rows are spread over the folds), so the
    /// threshold is chosen for language its training did not see; needs two sources or more.
    public var foldBySource = true
    /// Learn weights for words and word pairs too (``SemanticCrisisClassifier/terms``).
    public var useTerms = true
    /// A word or word pair gets a weight when at least this many training rows contain it.
    public var minimumTermRows = 3
    /// Step size of the word weights (each is seen by few rows, so it learns slower than the vector's).
    public var termLearningRate: Float = 10
    /// L2 penalty on the word weights.
    public var termL2: Float = 1e-3

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
            for index in kept.indices where foldOf[index] == fold {
                outOfFold[index] = model.probability(vectors[index], terms: termSets[index], inputScale: inputScale)
            }
            progress("fold \(fold + 1)/\(foldCount)" + (bySource ? " (\(sources[fold]) held out)" : "") + " trained")
        }
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
            space: space, weights: model.weights.map { $0 * inputScale }, bias: model.bias,
            terms: useTerms ? model.terms : nil,
            threshold: (threshold * 1000).rounded() / 1000, categories: categories, centroids: centroids,
            provenance: [
                "Rows: " + counts.keys.sorted().map { "\($0) \(counts[$0]!)" }.joined(separator: ", ")
                    + " (development crisis sets and the household routing training messages; no held-out row).",
                "Logistic regression, \(epochs) full-batch gradient steps of \(learningRate), L2 \(l2), input scale \(inputScale), "
                    + "crisis rows weighted \(crisisWeight)"
                    + (useTerms ? "; words and word pairs in at least \(minimumTermRows) rows, step \(termLearningRate), L2 \(termL2)" : "")
                    + "; categories from the nearest category centroid.",
                String(format: "Threshold: the lowest with %@ false positives of the whole layer (rules or classifier) ≤ %.1f %% on "
                           + "hard negatives and ≤ %.1f %% on household messages; cross-validated recall %.3f (the classifier alone %.3f).",
                       validation, hardNegativeBudget * 100, householdBudget * 100, recall(), recall(layer: false)),
            ])
        return Result(classifier: classifier, recall: recall(), classifierRecall: recall(layer: false),
                      hardNegativeFalsePositives: rate("hard-negative", at: threshold),
                      householdFalsePositives: rate("household", at: threshold),
                      bySource: bySource ? sources.map { ($0, recall(source: $0), rate("hard-negative", at: threshold, source: $0)) } : [])
    }

    /// A fitted logistic regression: vector weights (before the input scale), bias and word weights.
    struct Fitted {
        var weights: [Float]
        var bias: Float
        var terms: [String: Float]

        func probability(_ vector: [Float], terms present: Set<String>, inputScale: Float) -> Double {
            var sum = zip(weights, vector).reduce(bias) { $0 + $1.0 * $1.1 * inputScale }
            for term in present { sum += terms[term] ?? 0 }
            return 1 / (1 + Foundation.exp(-Double(sum)))
        }
    }

    /// Logistic regression by full-batch gradient descent over the scaled vectors and, with
    /// ``useTerms``, the words and word pairs at least ``minimumTermRows`` rows contain.
    func fit(vectors: [[Float]], terms: [Set<String>], labels: [Bool]) -> Fitted {
        let dimension = vectors.first?.count ?? 0
        var vocabulary: [String] = []
        if useTerms {
            var rowsWith: [String: Int] = [:]
            for set in terms { for term in set { rowsWith[term, default: 0] += 1 } }
            vocabulary = rowsWith.filter { $0.value >= minimumTermRows }.map(\.key).sorted()
        }
        let indexOf = Dictionary(uniqueKeysWithValues: vocabulary.enumerated().map { ($1, $0) })
        let rowTerms = terms.map { $0.compactMap { indexOf[$0] }.sorted() }  // one summation order: the same data, the same file
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
        return Fitted(weights: weights, bias: bias, terms: Dictionary(uniqueKeysWithValues: zip(vocabulary, termWeights)))
    }
}

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

        /// Creates a row.
        public init(text: String, category: CrisisCategory?, group: String) {
            self.text = text
            self.category = category
            self.group = group
        }
    }

    /// What training produced.
    public struct Result: Sendable {
        /// The classifier, fitted on every row, with the cross-validated threshold.
        public var classifier: SemanticCrisisClassifier
        /// Cross-validated recall of the classifier alone on the crisis rows, at the threshold.
        public var recall: Double
        /// Cross-validated share of hard negatives flagged, at the threshold.
        public var hardNegativeFalsePositives: Double
        /// Cross-validated share of household messages flagged, at the threshold.
        public var householdFalsePositives: Double
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
    /// Most hard negatives the threshold may flag, cross-validated.
    public var hardNegativeBudget = 0.01
    /// Most household messages the threshold may flag, cross-validated.
    public var householdBudget = 0.003
    /// Cross-validation folds.
    public var folds = 5

    /// Creates the training over `rows`.
    public init(rows: [Row]) { self.rows = rows }

    /// Embeds every row, cross-validates the threshold and fits the final classifier.
    /// - Parameter progress: called with a line of text at each stage.
    public func run(encoder: any TextEmbedding, progress: (String) -> Void = { _ in }) async throws -> Result {
        let detector = CrisisDetector()
        let kept = rows.compactMap { row -> (Row, String)? in
            detector.semanticWindows(row.text).last.map { (row, $0) }
        }
        progress("embedding \(kept.count) rows (\(rows.count - kept.count) set aside by the rules' resolution and media filters)")
        let space = try await encoder.embeddingSpace()
        var vectors: [[Float]] = []
        for start in stride(from: 0, to: kept.count, by: 256) {
            vectors += try await encoder.embeddings(for: kept[start..<min(start + 256, kept.count)].map(\.1))
        }
        let labels = kept.map { $0.0.category != nil }
        var generator = SplitMix64(seed: 7)
        let foldOf = kept.indices.map { _ in Int(generator.next() % UInt64(folds)) }

        var outOfFold = [Double](repeating: 0, count: kept.count)
        for fold in 0..<folds {
            let training = kept.indices.filter { foldOf[$0] != fold }
            let (weights, bias) = fit(vectors: training.map { vectors[$0] }, labels: training.map { labels[$0] })
            for index in kept.indices where foldOf[index] == fold {
                outOfFold[index] = probability(vectors[index], weights: weights, bias: bias)
            }
            progress("fold \(fold + 1)/\(folds) trained")
        }
        func rate(_ group: String, at threshold: Double) -> Double {
            let members = kept.indices.filter { !labels[$0] && kept[$0].0.group == group }
            return members.isEmpty ? 0 : Double(members.filter { outOfFold[$0] >= threshold }.count) / Double(members.count)
        }
        var threshold = 0.999
        for candidate in stride(from: 0.5, through: 0.999, by: 0.001)
        where rate("hard-negative", at: candidate) <= hardNegativeBudget && rate("household", at: candidate) <= householdBudget {
            threshold = candidate
            break
        }
        let crises = kept.indices.filter { labels[$0] }
        let recall = crises.isEmpty ? 0 : Double(crises.filter { outOfFold[$0] >= threshold }.count) / Double(crises.count)
        let (weights, bias) = fit(vectors: vectors, labels: labels)

        // One centroid per category that has rows: the normalised mean of its vectors.
        var categories: [String] = []
        var centroids: [[Float]] = []
        for category in CrisisCategory.allCases {
            let members = kept.indices.filter { kept[$0].0.category == category }
            guard !members.isEmpty else { continue }
            var sum = [Float](repeating: 0, count: space.dimension)
            for index in members { for position in sum.indices { sum[position] += vectors[index][position] } }
            let norm = sum.reduce(0) { $0 + $1 * $1 }.squareRoot()
            categories.append(category.rawValue)
            centroids.append(sum.map { $0 / max(norm, 1e-9) })
        }
        let counts = Dictionary(grouping: kept, by: { $0.0.group }).mapValues(\.count)
        let classifier = SemanticCrisisClassifier(
            space: space, weights: weights.map { $0 * inputScale }, bias: bias,
            threshold: (threshold * 1000).rounded() / 1000, categories: categories, centroids: centroids,
            provenance: [
                "Rows: " + counts.keys.sorted().map { "\($0) \(counts[$0]!)" }.joined(separator: ", ")
                    + " (development crisis sets and the household routing training messages; no held-out row).",
                "Logistic regression, \(epochs) full-batch gradient steps of \(learningRate), L2 \(l2), input scale \(inputScale), "
                    + "crisis rows weighted \(crisisWeight); categories from the nearest category centroid.",
                String(format: "Threshold: the lowest with %d-fold cross-validated false positives ≤ %.1f %% on hard negatives and ≤ %.1f %% "
                           + "on household messages; cross-validated recall of the classifier alone %.3f.",
                       folds, hardNegativeBudget * 100, householdBudget * 100, recall),
            ])
        return Result(classifier: classifier, recall: recall, hardNegativeFalsePositives: rate("hard-negative", at: threshold),
                      householdFalsePositives: rate("household", at: threshold))
    }

    /// Logistic regression by full-batch gradient descent over the scaled vectors.
    func fit(vectors: [[Float]], labels: [Bool]) -> ([Float], Float) {
        let dimension = vectors.first?.count ?? 0
        var weights = [Float](repeating: 0, count: dimension)
        var bias: Float = 0
        let rowWeights = labels.map { $0 ? crisisWeight : 1 }
        let total = rowWeights.reduce(0, +)
        var gradient = [Float](repeating: 0, count: dimension)
        for _ in 0..<epochs {
            for position in gradient.indices { gradient[position] = 0 }
            var biasGradient: Float = 0
            for (row, input) in vectors.enumerated() {
                var sum = bias
                weights.withUnsafeBufferPointer { w in
                    input.withUnsafeBufferPointer { x in
                        for position in 0..<dimension { sum += w[position] * x[position] * inputScale }
                    }
                }
                let error = (1 / (1 + Foundation.exp(-sum)) - (labels[row] ? 1 : 0)) * rowWeights[row]
                biasGradient += error
                gradient.withUnsafeMutableBufferPointer { g in
                    input.withUnsafeBufferPointer { x in
                        for position in 0..<dimension { g[position] += error * x[position] * inputScale }
                    }
                }
            }
            for position in weights.indices {
                weights[position] -= learningRate * (gradient[position] / total + l2 * weights[position])
            }
            bias -= learningRate * biasGradient / total
        }
        return (weights, bias)
    }

    private func probability(_ vector: [Float], weights: [Float], bias: Float) -> Double {
        1 / (1 + Foundation.exp(-Double(zip(weights, vector).reduce(bias) { $0 + $1.0 * $1.1 * inputScale })))
    }
}

import Foundation
import LLM

/// The learned half of the crisis layer: a logistic regression over a message's sentence vector
/// (all-MiniLM-L6-v2), the words, word pairs and word triples of the window (``terms(of:)``) and, when it has
/// one, a ``HiddenLayer`` over the vector, plus, when it has one, a ``NeighbourVote`` over the
/// training messages' vectors (``CrisisNeighbours``), that says whether it reads as a crisis, and the nearest
/// category centroid that says which kind. It catches paraphrases the rules have no words for; the
/// rules stay first and decide whenever they can.
///
/// Trained by `homeos dev train crisis` on the development crisis sets and ordinary household
/// messages (never on the frozen held-out sets) and shipped as `Resources/crisis-classifier.json`.
/// Its ``threshold`` was chosen by cross-validation for few false alarms on hard negatives.
///
/// ```swift
/// let classifier = try SemanticCrisisClassifier.bundled()
/// let assessment = classifier.assess(vector: try await encoder.embedding(for: "everyone would be fine without me"))
/// ```
public struct SemanticCrisisClassifier: Sendable, Codable, Hashable {
    /// File name of the bundled classifier inside `Resources/`.
    public static let fileName = "crisis-classifier.json"

    /// The sentence vectors it reads (vectors of another model must not be fed to it).
    public var space: EmbeddingSpace
    /// The logistic regression's weights, ``EmbeddingSpace/dimension`` long (the input scale folded in).
    public var weights: [Float]
    /// Its bias.
    public var bias: Float
    /// The weight of each word and word pair ("all my") the training rows share, added when the
    /// window contains it; nil for a classifier of vectors only.
    public var terms: [String: Float]?
    /// Rectified units over the sentence vector whose weighted sum joins the output; nil for a
    /// classifier that is linear in the vector.
    public var hidden: HiddenLayer?
    /// A message is a crisis when its probability reaches this.
    public var threshold: Double
    /// ``CrisisCategory`` raw values, one per centroid.
    public var categories: [String]
    /// The mean training vector of each category (unit length), to name the kind of a finding.
    public var centroids: [[Float]]
    /// Where the training rows came from and how the threshold was chosen.
    public var provenance: [String]
    /// How the neighbour vote joins the log-odds; nil for a classifier without one.
    public var neighbourVote: NeighbourVote?
    /// The training rows' vectors the vote reads (`Resources/crisis-neighbours.bin`; not part of
    /// the JSON). Set whenever ``neighbourVote`` is.
    public var neighbours: CrisisNeighbours?

    private enum CodingKeys: String, CodingKey {
        case space, weights, bias, terms, hidden, threshold, categories, centroids, provenance, neighbourVote
    }

    /// The neighbour vote's part of the log-odds: `weight × (vote − centre)`, where the vote is
    /// ``CrisisNeighbours/vote(for:k:)`` with ``k``. Training sets `weight` and `centre` so that the
    /// vote's cross-validated spread matches the regression's (the two then count alike).
    public struct NeighbourVote: Sendable, Codable, Hashable {
        /// Nearest rows of each kind averaged.
        public var k: Int
        /// Log-odds per unit of vote.
        public var weight: Float
        /// The vote that adds nothing.
        public var centre: Float
        /// ``CrisisNeighbours/count`` of the vectors it was trained with.
        public var rows: Int
        /// ``CrisisNeighbours/checksum`` of those vectors.
        public var checksum: String

        /// Creates the vote's settings.
        public init(k: Int, weight: Float, centre: Float, rows: Int, checksum: String) {
            self.k = k
            self.weight = weight
            self.centre = centre
            self.rows = rows
            self.checksum = checksum
        }

        /// What a vote adds to the log-odds (training's out-of-fold probabilities use it too).
        public func logOdds(of vote: Float) -> Float { weight * (vote - centre) }
    }

    /// Creates a classifier.
    public init(space: EmbeddingSpace, weights: [Float], bias: Float, terms: [String: Float]? = nil, hidden: HiddenLayer? = nil,
                threshold: Double, categories: [String], centroids: [[Float]], provenance: [String],
                neighbourVote: NeighbourVote? = nil, neighbours: CrisisNeighbours? = nil) {
        self.neighbourVote = neighbourVote
        self.neighbours = neighbours
        self.space = space
        self.weights = weights
        self.bias = bias
        self.terms = terms
        self.hidden = hidden
        self.threshold = threshold
        self.categories = categories
        self.centroids = centroids
        self.provenance = provenance
    }

    /// The classifier shipped with the module, read once per process (its vectors are 5 MB on
    /// disk and 20 MB in memory, and every crisis layer would otherwise read them again).
    /// - Throws: ``CrisisClassifierError`` when the resource is missing or malformed.
    public static func bundled() throws(CrisisClassifierError) -> SemanticCrisisClassifier {
        try bundledResource.get()
    }

    /// The bundled classifier as first read: an immutable resource, so one copy serves every caller.
    private static let bundledResource: Result<SemanticCrisisClassifier, CrisisClassifierError> = {
        do throws(CrisisClassifierError) { return .success(try readBundled()) } catch { return .failure(error) }
    }()

    private static func readBundled() throws(CrisisClassifierError) -> SemanticCrisisClassifier {
        guard let url = Bundle.module.url(forResource: "crisis-classifier", withExtension: "json"),
              let data = FileManager.default.contents(atPath: url.path) else { throw .missing(fileName) }
        var neighbours: CrisisNeighbours?
        if let vectorsURL = Bundle.module.url(forResource: "crisis-neighbours", withExtension: "bin"),
           let vectors = FileManager.default.contents(atPath: vectorsURL.path) {
            neighbours = try CrisisNeighbours(data: vectors)
        }
        return try decode(data, neighbours: neighbours)
    }

    /// A classifier from its JSON form and, when it has a ``neighbourVote``, the vectors it was
    /// trained with; checked for consistent shapes (a vote without its own vectors is refused: the
    /// threshold counts on it).
    public static func decode(_ data: Data, neighbours: CrisisNeighbours? = nil) throws(CrisisClassifierError) -> SemanticCrisisClassifier {
        var classifier: SemanticCrisisClassifier
        do { classifier = try JSONDecoder().decode(SemanticCrisisClassifier.self, from: data) } catch {
            throw .malformed("not a crisis classifier: \(error)")
        }
        if let vote = classifier.neighbourVote {
            guard let neighbours else { throw .missing(CrisisNeighbours.fileName) }
            guard neighbours.count == vote.rows, neighbours.dimension == classifier.space.dimension,
                  neighbours.checksum == vote.checksum, vote.k > 0 else {
                throw .malformed("\(CrisisNeighbours.fileName) is not the one it was trained with (\(neighbours.count) rows, "
                                 + "checksum \(neighbours.checksum); the classifier expects \(vote.rows), \(vote.checksum))")
            }
            classifier.neighbours = neighbours
        }
        let dimension = classifier.space.dimension
        guard classifier.weights.count == dimension, classifier.centroids.count == classifier.categories.count,
              classifier.centroids.allSatisfy({ $0.count == dimension }), !classifier.categories.isEmpty,
              classifier.categories.allSatisfy({ CrisisCategory(rawValue: $0) != nil }) else {
            throw .malformed("its weights, categories and centroids do not fit its \(dimension)-dimension space")
        }
        if let hidden = classifier.hidden {
            guard hidden.isConsistent(dimension: dimension) else {
                throw .malformed("its hidden layer does not fit its \(dimension)-dimension space")
            }
        }
        return classifier
    }

    /// The words, word pairs and word triples of a window (a normalised sentence of
    /// ``CrisisDetector/semanticWindows(_:)``), each once. Triples were added on 2026-11-28: with
    /// them the classifier caught about one point more of a new author's crises at the same false
    /// alarms (docs/evaluation.md).
    public static func terms(of window: String) -> Set<String> {
        let words = window.split(separator: " ").map(String.init)
        var terms = Set(words)
        for index in words.indices.dropFirst() { terms.insert(words[index - 1] + " " + words[index]) }
        for index in words.indices.dropFirst(2) { terms.insert(words[index - 2] + " " + words[index - 1] + " " + words[index]) }
        return terms
    }

    /// The probability that a window reads as a crisis, from its sentence vector and, when the
    /// classifier has ``terms``, its words.
    public func probability(vector: [Float], window: String = "") -> Double {
        probability(vector: vector, terms: window.isEmpty || terms == nil ? [] : Self.terms(of: window))
    }

    /// The probability from a sentence vector and the window's words, word pairs and word triples (``terms(of:)``).
    public func probability(vector: [Float], terms present: Set<String>) -> Double {
        precondition(vector.count == space.dimension, "a vector of another embedding space")
        var sum = bias + VectorArithmetic.dot(weights, vector)
        if let terms {
            for term in present { sum += terms[term] ?? 0 }
        }
        if let hidden { sum += hidden.output(for: vector) }
        if let neighbourVote, let neighbours {
            sum += neighbourVote.logOdds(of: neighbours.vote(for: vector, k: neighbourVote.k))
        }
        return 1 / (1 + Foundation.exp(-Double(sum)))
    }

    /// The decision for a window and its sentence vector: a crisis of the nearest category when the
    /// probability reaches ``threshold``. The score is scaled so that ``threshold`` maps to the
    /// detector's own threshold (a crisis scores 0.5 or more, anything else less).
    public func assess(vector: [Float], window: String = "") -> CrisisAssessment {
        let crisis = probability(vector: vector, window: window)
        var best = 0
        var bestSimilarity = -Float.infinity
        for (index, centroid) in centroids.enumerated() {
            let similarity = VectorArithmetic.dot(centroid, vector)
            if similarity > bestSimilarity { (best, bestSimilarity) = (index, similarity) }
        }
        let score = crisis >= threshold
            ? CrisisDetector.threshold + (1 - CrisisDetector.threshold) * (crisis - threshold) / max(1 - threshold, 1e-9)
            : CrisisDetector.threshold * crisis / max(threshold, 1e-9)
        return CrisisAssessment(category: CrisisCategory(rawValue: categories[best]), score: min(1, score), rule: "semantic")
    }

    /// The JSON the repository keeps (stable key order, numbers rounded to `decimals` places).
    public func repositoryJSON(decimals: Int = 5) -> Data {
        var rounded = self
        let scale = Float(pow(10, Double(decimals)))
        func round(_ value: Float) -> Float { (value * scale).rounded() / scale }
        rounded.weights = weights.map(round)
        rounded.bias = round(bias)
        rounded.terms = terms?.mapValues(round).filter { $0.value != 0 }
        rounded.centroids = centroids.map { $0.map(round) }
        rounded.neighbourVote = neighbourVote.map {
            NeighbourVote(k: $0.k, weight: round($0.weight), centre: round($0.centre), rows: $0.rows, checksum: $0.checksum)
        }
        rounded.hidden = hidden.map {
            HiddenLayer(weights: $0.weights.map { $0.map(round) }, biases: $0.biases.map(round), output: $0.output.map(round))
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return ((try? encoder.encode(rounded)) ?? Data()) + Data("\n".utf8)
    }
}

extension SemanticCrisisClassifier {
    /// A layer of rectified linear units over the sentence vector: unit `j` reads
    /// `max(0, weights[j] · vector + biases[j])` and adds `output[j]` times that to the classifier's
    /// log-odds. It lets the classifier weigh one direction of the vector differently depending on
    /// another (grief without a wish to die, a plan without a threat), which one linear score cannot.
    public struct HiddenLayer: Sendable, Codable, Hashable {
        /// One row per unit, ``EmbeddingSpace/dimension`` long (the training rows' standardisation folded in).
        public var weights: [[Float]]
        /// One bias per unit.
        public var biases: [Float]
        /// Each unit's weight in the log-odds.
        public var output: [Float]

        /// Creates a layer.
        public init(weights: [[Float]], biases: [Float], output: [Float]) {
            self.weights = weights
            self.biases = biases
            self.output = output
        }

        /// Whether every shape fits vectors of `dimension` numbers.
        public func isConsistent(dimension: Int) -> Bool {
            !weights.isEmpty && biases.count == weights.count && output.count == weights.count
                && weights.allSatisfy { $0.count == dimension }
        }

        /// What the layer adds to the log-odds of `vector`.
        public func output(for vector: [Float]) -> Float {
            var sum: Float = 0
            for unit in weights.indices {
                let activation = VectorArithmetic.dot(weights[unit], vector) + biases[unit]
                if activation > 0 { sum += output[unit] * activation }
            }
            return sum
        }
    }
}

/// Why the bundled crisis classifier cannot be used.
public enum CrisisClassifierError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The resource is not in the bundle.
    case missing(String)
    /// The resource cannot be read as a classifier.
    case malformed(String)

    public var description: String {
        switch self {
        case .missing(let file): return "The crisis classifier \(file) is missing from the CrisisDetection bundle; `homeos dev train crisis` writes it."
        case .malformed(let detail): return "The crisis classifier cannot be used: \(detail). `homeos dev train crisis` rewrites it."
        }
    }
}

import Foundation
import LLM

/// The weights of a learned routing scorer: a multinomial logistic regression (softmax) over the
/// sparse features of ``TextNormalizer/features(_:)``, one class per skill id plus ``noSkillID``.
///
/// The model is plain data (Codable) so it can ship as a resource and be inspected or diffed:
/// ```swift
/// let model = try RoutingModel(jsonData: Data(contentsOf: url))
/// let scorer = LearnedSkillScorer(model: model)
/// scorer.scores(for: "set an alarm for 7")  // ["tools": 0.93, "none": 0.02, …]
/// ```
/// Produce one with ``RoutingModelTrainer``.
public struct RoutingModel: Codable, Sendable, Hashable {
    /// The format version this code reads and writes.
    public static let currentVersion = 1

    /// Format version of the file.
    public var version: Int
    /// Class names (skill ids and ``noSkillID``), in the order of every weight vector.
    public var classes: [String]
    /// Per-class bias (intercept), in ``classes`` order.
    public var biases: [Double]
    /// Feature → weight per class (in ``classes`` order). Features absent here weigh nothing.
    public var weights: [String: [Double]]
    /// Which features a message has and how they are valued.
    public var features: RoutingFeatures
    /// Where the weights came from: data, hyperparameters, validation scores.
    public var provenance: RoutingModelProvenance
    /// Weights over a sentence vector of the message (nil for a purely lexical model). A model
    /// with them was trained with both kinds of input and should be given the vector; see
    /// ``RoutingEmbeddingWeights``.
    public var embedding: RoutingEmbeddingWeights?

    /// Creates a model from its parts.
    /// - Throws: ``RoutingModelError/malformed(_:)`` when the vectors do not match the classes.
    public init(classes: [String], biases: [Double], weights: [String: [Double]], features: RoutingFeatures,
                provenance: RoutingModelProvenance, embedding: RoutingEmbeddingWeights? = nil,
                version: Int = RoutingModel.currentVersion) throws(RoutingModelError) {
        self.version = version
        self.classes = classes
        self.biases = biases
        self.weights = weights
        self.features = features
        self.provenance = provenance
        self.embedding = embedding
        try validate()
    }

    /// Decodes a model from JSON and checks it.
    /// - Throws: ``RoutingModelError`` when the JSON does not decode, the version is unknown or
    ///   the vectors do not match the classes.
    public init(jsonData: Data) throws(RoutingModelError) {
        do {
            self = try JSONDecoder().decode(RoutingModel.self, from: jsonData)
        } catch {
            throw .malformed("the routing model JSON does not decode: \(error)")
        }
        try validate()
    }

    /// Checks the version and that every vector has one entry per class.
    public func validate() throws(RoutingModelError) {
        guard version == Self.currentVersion else {
            throw .unsupportedVersion(found: version, supported: Self.currentVersion)
        }
        guard !classes.isEmpty, Set(classes).count == classes.count else {
            throw .malformed("classes must be non-empty and unique, got \(classes)")
        }
        guard biases.count == classes.count else {
            throw .malformed("\(biases.count) biases for \(classes.count) classes")
        }
        if let bad = weights.first(where: { $0.value.count != classes.count }) {
            throw .malformed("feature '\(bad.key)' has \(bad.value.count) weights for \(classes.count) classes")
        }
        if let embedding {
            let space = embedding.space
            guard space.dimension > 0, embedding.center.count == space.dimension, embedding.weights.count == space.dimension else {
                throw .malformed("the embedding section must have \(space.dimension) centre values and weight rows, "
                    + "got \(embedding.center.count) and \(embedding.weights.count)")
            }
            if let bad = embedding.weights.firstIndex(where: { $0.count != classes.count }) {
                throw .malformed("embedding dimension \(bad) has \(embedding.weights[bad].count) weights for \(classes.count) classes")
            }
            guard embedding.scale > 0, embedding.scale.isFinite else {
                throw .malformed("the embedding scale must be above 0, got \(embedding.scale)")
            }
        }
    }

    /// The input values of `text`'s features that the model knows.
    public func inputs(for text: String, normalizer: TextNormalizer = TextNormalizer()) -> [(feature: String, value: Double)] {
        features.inputs(for: text, normalizer: normalizer).filter { weights[$0.feature] != nil }
    }

    /// Class probabilities for `text`, in ``classes`` order.
    /// - Parameters:
    ///   - text: the message.
    ///   - normalizer: how the message is cut into words (the default matches training).
    ///   - vector: the message's sentence vector in ``embedding``'s space; ignored by a
    ///     lexical model, and a model with embedding weights given none (or one of the wrong length)
    ///     scores the words alone.
    public func probabilities(for text: String, embedding vector: [Float]? = nil,
                              normalizer: TextNormalizer = TextNormalizer()) -> [Double] {
        var logits = biases
        for (feature, value) in inputs(for: text, normalizer: normalizer) {
            guard let vector = weights[feature] else { continue }
            for index in logits.indices { logits[index] += vector[index] * value }
        }
        if let embedding, let vector, let inputs = embedding.inputs(for: vector) {
            for (dimension, value) in inputs.enumerated() where value != 0 {
                let row = embedding.weights[dimension]
                for index in logits.indices { logits[index] += row[index] * value }
            }
        }
        return Self.softmax(logits)
    }

    /// This model with the "no skill" class's bias raised by `delta` (a negative `delta` lowers
    /// it): the one dial between routing more messages to skills and refusing more of them (higher
    /// out-of-scope recall and in-scope precision, lower in-scope accuracy). A model without a
    /// ``noSkillID`` class comes back unchanged.
    public func shiftingNoSkillBias(by delta: Double) -> RoutingModel {
        guard let index = classes.firstIndex(of: noSkillID) else { return self }
        var shifted = self
        shifted.biases[index] += delta
        return shifted
    }

    /// The softmax of `logits` (numerically stable).
    static func softmax(_ logits: [Double]) -> [Double] {
        guard let top = logits.max() else { return [] }
        let exps = logits.map { exp($0 - top) }
        let sum = exps.reduce(0, +)
        return exps.map { $0 / sum }
    }

    // MARK: Repository format

    /// Deterministic, diff-friendly JSON: sorted keys, one feature per line, weights rounded to
    /// `decimals` places. The same model always gives the same bytes.
    public func repositoryJSON(decimals: Int = 4) -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        func json<T: Encodable>(_ value: T) -> String {
            // Encoding plain strings, numbers and Codable structs of them cannot fail.
            String(decoding: (try? encoder.encode(value)) ?? Data("null".utf8), as: UTF8.self)
        }
        func numbers(_ values: [Double], decimals places: Int? = nil) -> String {
            "[" + values.map { Self.format($0, decimals: places ?? decimals) }.joined(separator: ",") + "]"
        }
        var lines = ["{"]
        lines.append("  \"biases\": \(numbers(biases)),")
        lines.append("  \"classes\": \(json(classes)),")
        if let embedding {
            // One dimension per line, like the features, so a retrained model diffs readably.
            lines.append("  \"embedding\": {")
            lines.append("    \"center\": \(numbers(embedding.center, decimals: RoutingEmbeddingWeights.decimals)),")
            lines.append("    \"scale\": \(Self.format(embedding.scale, decimals: 6)),")
            lines.append("    \"space\": \(json(embedding.space)),")
            lines.append("    \"weights\": [")
            for (index, row) in embedding.weights.enumerated() {
                lines.append("      \(numbers(row))\(index + 1 < embedding.weights.count ? "," : "")")
            }
            lines.append("    ]")
            lines.append("  },")
        }
        lines.append("  \"features\": \(json(features)),")
        let provenanceEncoder = JSONEncoder()
        provenanceEncoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        let provenanceText = String(decoding: (try? provenanceEncoder.encode(provenance)) ?? Data("{}".utf8), as: UTF8.self)
            .split(separator: "\n", omittingEmptySubsequences: false)
            .enumerated().map { $0.offset == 0 ? String($0.element) : "  " + $0.element }
            .joined(separator: "\n")
        lines.append("  \"provenance\": \(provenanceText),")
        lines.append("  \"version\": \(version),")
        lines.append("  \"weights\": {")
        let features = weights.keys.sorted()
        for (index, feature) in features.enumerated() {
            let comma = index + 1 < features.count ? "," : ""
            lines.append("    \(json(feature)): \(numbers(weights[feature]!))\(comma)")
        }
        lines.append("  }")
        lines.append("}")
        return Data((lines.joined(separator: "\n") + "\n").utf8)
    }

    /// `value` rounded to `decimals` places, as short JSON number text ("0", "-1.25").
    static func format(_ value: Double, decimals: Int) -> String {
        let scale = pow(10, Double(decimals))
        let rounded = (value * scale).rounded() / scale
        if rounded == 0 { return "0" }
        if rounded == rounded.rounded(), abs(rounded) < 1e15 { return String(Int64(rounded)) }
        return "\(rounded)"
    }
}

/// The part of a ``RoutingModel`` that reads a sentence vector (`TextEmbedding`): the vector is
/// centred on the training rows' mean, scaled to unit length and multiplied by ``scale``, then
/// each dimension adds its weights to the class logits, on top of the words' weights.
public struct RoutingEmbeddingWeights: Codable, Sendable, Hashable {
    /// Decimal places of the saved centre (the vectors' values are small).
    public static let decimals = 5

    /// The model whose vectors these weights read; vectors from another space must not be used.
    public var space: EmbeddingSpace
    /// Subtracted from every vector first: the mean of the training rows' vectors.
    public var center: [Double]
    /// The length of the centred vector after normalisation.
    public var scale: Double
    /// One row per dimension, each with one weight per class (in the model's class order).
    public var weights: [[Double]]

    /// Creates the section.
    public init(space: EmbeddingSpace, center: [Double], scale: Double, weights: [[Double]]) {
        self.space = space
        self.center = center
        self.scale = scale
        self.weights = weights
    }

    /// The input values of `vector`: centred, unit length, times ``scale``; nil when its length is
    /// not the space's dimension or it has no direction (all values equal the centre).
    public func inputs(for vector: [Float]) -> [Double]? {
        Self.inputs(for: vector, center: center, scale: scale)
    }

    /// `vector` − `center`, scaled to length `scale`; nil on a length mismatch or a zero vector.
    static func inputs(for vector: [Float], center: [Double], scale: Double) -> [Double]? {
        guard vector.count == center.count else { return nil }
        let centred = zip(vector, center).map { Double($0) - $1 }
        let norm = centred.reduce(0) { $0 + $1 * $1 }.squareRoot()
        guard norm > 0, norm.isFinite else { return nil }
        return centred.map { $0 / norm * scale }
    }
}

/// The features of a message for a ``RoutingModel``: the stems, negations and word pairs of
/// ``TextNormalizer/features(_:)``, optionally character n-grams of the words (prefixed `#`, with
/// `<` and `>` marking word boundaries), each distinct feature valued 1 or 1/√n.
public struct RoutingFeatures: Codable, Sendable, Hashable {
    /// How the active features of a message are valued.
    public enum Value: String, Codable, Sendable, Hashable, CaseIterable {
        /// Each distinct feature counts 1.
        case binary
        /// Each distinct feature counts 1/√n for n distinct features (length-normalised).
        case normalized
    }

    /// How features are valued.
    public var value: Value
    /// Longest character n-gram (n-grams of 3 up to this length are added); 0 adds none.
    public var characterNGrams: Int

    /// Creates a feature set.
    public init(value: Value = .binary, characterNGrams: Int = 0) {
        self.value = value
        self.characterNGrams = characterNGrams
    }

    /// The distinct features of `text` with their input values, in first-seen order.
    public func inputs(for text: String, normalizer: TextNormalizer = TextNormalizer()) -> [(feature: String, value: Double)] {
        var all = normalizer.features(text)
        if characterNGrams >= 3 {
            for word in normalizer.words(text) where word != "|" {
                let letters = Array("<" + word + ">")
                for n in 3...characterNGrams where letters.count >= n {
                    for start in 0...(letters.count - n) { all.append("#" + String(letters[start..<start + n])) }
                }
            }
        }
        var seen: Set<String> = []
        let distinct = all.filter { seen.insert($0).inserted }
        let weight = value == .binary || distinct.isEmpty ? 1 : 1 / Double(distinct.count).squareRoot()
        return distinct.map { ($0, weight) }
    }
}

/// Where a ``RoutingModel`` came from, so a reader can judge it without rerunning training.
public struct RoutingModelProvenance: Codable, Sendable, Hashable {
    /// What the training rows were drawn from (files and splits), for example
    /// `slurp/devel.jsonl`, `clinc150 val`, `skill examples and keywords`.
    public var sources: [String]
    /// Training rows per class.
    public var rowsPerClass: [String: Int]
    /// The hyperparameters of the final fit.
    public var hyperparameters: RoutingTrainingOptions
    /// Validation scores by name (for example cross-validated in-scope accuracy), rounded.
    public var validation: [String: Double]
    /// Free-form notes (selection criterion, pruning).
    public var notes: [String]

    /// Creates a provenance record.
    public init(sources: [String], rowsPerClass: [String: Int], hyperparameters: RoutingTrainingOptions,
                validation: [String: Double] = [:], notes: [String] = []) {
        self.sources = sources
        self.rowsPerClass = rowsPerClass
        self.hyperparameters = hyperparameters
        self.validation = validation
        self.notes = notes
    }
}

/// A routing model that cannot be used.
public enum RoutingModelError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The file is not a routing model or its vectors do not fit its classes.
    case malformed(String)
    /// The file was written by another version of the format.
    case unsupportedVersion(found: Int, supported: Int)
    /// The bundled or given file is not there.
    case missing(path: String)
    /// Training cannot start (no rows, a single class, bad options).
    case invalidTrainingData(String)

    public var description: String {
        switch self {
        case .malformed(let detail):
            return "The routing model is malformed: \(detail). Regenerate it with `homeos dev train router`."
        case .unsupportedVersion(let found, let supported):
            return "The routing model has format version \(found); this build reads version \(supported). "
                + "Regenerate it with `homeos dev train router`."
        case .missing(let path):
            return "No routing model at \(path). Run `homeos dev train router` to create it."
        case .invalidTrainingData(let detail):
            return "Cannot train the routing model: \(detail)."
        }
    }
}

extension Double {
    /// This value rounded to `decimals` places (how routing weights are stored).
    package func roundedTo(_ decimals: Int) -> Double {
        let factor = pow(10, Double(decimals))
        return (self * factor).rounded() / factor
    }
}

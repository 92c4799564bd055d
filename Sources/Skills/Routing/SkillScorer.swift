/// Scores how well each skill fits a message, 0…1.
public protocol SkillScorer: Sendable {
    /// A score per skill id for `message`; skills absent from the result score 0. The special id
    /// ``noSkillID`` may carry the score of "no skill fits". Asynchronous so a scorer may consult a
    /// model (a sentence vector); a purely lexical scorer answers synchronously.
    func scores(for message: String) async -> [String: Double]

    /// The scores for `message` and what they were computed from. Scorers that can read more
    /// than the words (a sentence vector) say which they used; the default is the words.
    func scoring(for message: String) async -> SkillScoring
}

extension SkillScorer {
    /// The scores from ``scores(for:)``, computed from the words.
    public func scoring(for message: String) async -> SkillScoring {
        SkillScoring(scores: await scores(for: message), features: .words)
    }
}

/// What a scorer read to score a message.
public enum ScoringFeatures: String, Sendable, Hashable, Codable {
    /// The message's words alone.
    case words
    /// The words and the message's sentence vector from the loaded model.
    case sentenceVector
}

/// A scorer's scores for one message and what they were computed from.
public struct SkillScoring: Sendable, Hashable {
    /// A score per skill id (and possibly ``noSkillID``).
    public var scores: [String: Double]
    /// What the scores were computed from.
    public var features: ScoringFeatures

    /// Creates a scoring.
    public init(scores: [String: Double], features: ScoringFeatures) {
        self.scores = scores
        self.features = features
    }
}

/// The id scorers and classifiers use for "no skill fits" (out of scope).
public let noSkillID = "none"

/// A scorer that needs no training: similarity between the message and each skill's keywords and
/// examples (stem overlap weighted by how rare a stem is across skills).
public struct ExampleSimilarityScorer: SkillScorer {
    private let profiles: [(id: String, weights: [String: Double])]
    private let normalizer = TextNormalizer()

    /// Builds profiles from the skills' keywords, examples and summaries.
    public init(skills: [SkillDescriptor]) {
        let normalizer = TextNormalizer()
        let documents = skills.map { skill -> (String, [String]) in
            let text = (skill.keywords + skill.examples + [skill.summary]).joined(separator: " | ")
            return (skill.id, normalizer.features(text))
        }
        var documentFrequency: [String: Int] = [:]
        for (_, features) in documents { for feature in Set(features) { documentFrequency[feature, default: 0] += 1 } }
        let count = Double(max(1, skills.count))
        profiles = documents.map { id, features in
            var weights: [String: Double] = [:]
            for feature in features { weights[feature, default: 0] += 1 }
            for (feature, tf) in weights {
                let idf = log(1 + count / Double(documentFrequency[feature] ?? 1))
                weights[feature] = (1 + log(tf)) * idf
            }
            let norm = sqrt(weights.values.reduce(0) { $0 + $1 * $1 })
            return (id, weights.mapValues { $0 / max(norm, 1e-9) })
        }
    }

    public func scores(for message: String) -> [String: Double] {
        let features = Set(normalizer.features(message))
        guard !features.isEmpty else { return [:] }
        var result: [String: Double] = [:]
        for profile in profiles {
            let overlap = features.reduce(0.0) { $0 + (profile.weights[$1] ?? 0) }
            result[profile.id] = min(1, overlap / sqrt(Double(features.count)))
        }
        return result
    }
}

import Foundation

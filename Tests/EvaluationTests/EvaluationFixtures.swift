import Evaluation
import Foundation
import Testing

/// The few rows of each corpus committed under `Tests/Fixtures/evaluation-data`.
enum EvaluationFixtures {
    /// `Tests/Fixtures/evaluation-data`.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/evaluation-data")

    /// The fixtures as evaluation data.
    static var data: EvaluationData { EvaluationData(root: root, metaschemas: nil) }
}

extension Trait where Self == ConditionTrait {
    /// Runs the test only where the whole corpora are installed; elsewhere it is reported as
    /// skipped, with how to install them.
    static func requiresCorpora(_ corpora: EvaluationCorpus...) -> Self {
        let hints = Set(corpora.map(\.installHint)).sorted().joined(separator: " or ")
        let names = corpora.map(\.description).joined(separator: " and ")
        return .enabled(if: EvaluationData.isAvailable(corpora),
                        Comment(rawValue: "needs the whole of \(names): \(hints), or set HOMEOS_DATA_DIR"))
    }
}

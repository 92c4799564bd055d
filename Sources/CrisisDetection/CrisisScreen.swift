import Foundation
import LLM
import Logging

/// The whole crisis layer: the rules (``CrisisDetector``) first, then, for what they do not
/// decide, the learned classifier over sentence vectors (``SemanticCrisisClassifier``), sentence
/// by sentence and for the message as a whole.
///
/// The rules need nothing and can never fail; the semantic half needs the sentence encoder and is
/// skipped (the rules' decision stands) when it is missing, reads another embedding space or errs
/// (encoding a message takes a few milliseconds). Sentences the rules recognise as resolved, denied or about
/// a film are not given to the classifier either.
///
/// ```swift
/// let screen = CrisisScreen(encoder: sentenceEncoder)      // classifier: the bundled one
/// if await screen.assess(message).isCrisis { showCrisisResponse() }
/// ```
public struct CrisisScreen: Sendable {
    /// The rules.
    public let rules: CrisisDetector
    /// The learned classifier (nil: rules only).
    public let classifier: SemanticCrisisClassifier?
    /// Computes sentence vectors (nil: rules only).
    public let encoder: (any TextEmbedding)?

    /// Creates the layer; `classifier` defaults to the bundled one (rules only when it cannot be read).
    public init(rules: CrisisDetector = CrisisDetector(), encoder: (any TextEmbedding)?,
                classifier: SemanticCrisisClassifier? = try? SemanticCrisisClassifier.bundled()) {
        self.rules = rules
        self.encoder = encoder
        self.classifier = classifier
    }

    /// Whether the semantic half can run (an encoder of the classifier's space).
    public func semanticAvailable() async -> Bool {
        guard let classifier, let encoder, let space = try? await encoder.embeddingSpace() else { return false }
        return space == classifier.space
    }

    /// Assesses one message: the rules' finding when they find a crisis, else the classifier's
    /// strongest finding over the message's sentences and the whole message.
    public func assess(_ text: String) async -> CrisisAssessment {
        let ruled = rules.assess(text)
        if ruled.isCrisis { return ruled }
        guard let classifier, let encoder else { return ruled }
        let windows = rules.semanticWindows(text)
        guard !windows.isEmpty else { return ruled }
        guard (try? await encoder.embeddingSpace()) == classifier.space,
              let vectors = try? await encoder.embeddings(for: windows) else {
            // The rules alone decided: the learned layer could not run (never the verdict or the words).
            Logger(label: "homeos.crisis").warning("learned crisis classifier unavailable; the rules decided")
            return ruled
        }
        var best = ruled
        for (window, vector) in zip(windows, vectors) {
            let assessment = classifier.assess(vector: vector, window: window)
            if assessment.score > best.score { best = assessment }
        }
        return best
    }
}

/// Which step of the routing cascade decided.
public enum RoutingStep: String, Sendable, Hashable, Codable, CaseIterable {
    /// A keyword matched and the skill's own score confirmed it.
    case keyword
    /// The best skill score was high enough.
    case scoring
    /// The model classified the message.
    case model
    /// Nothing fit: the honest fallback (or the general-chat handler).
    case fallback
    /// The safety screen answered before routing (an emergency or a harmful request); no skill ran.
    case safety
    /// A greeting or "what can you do?": the assistant introduced itself; no skill ran.
    case introduction
    /// The model planned the turn as skill calls (``Assistant/handlePlanned(_:budget:)``).
    case plan
}

/// The router's decision for one message, with how it was reached.
public struct RoutingDecision: Sendable, Hashable {
    /// The chosen skill; nil routes to the fallback.
    public var skillID: String?
    /// The step that decided.
    public var step: RoutingStep
    /// The deciding score (scorer probability, or 1 for a model choice).
    public var score: Double
    /// Time taken to decide.
    public var duration: Duration
    /// The best-scoring candidates, best first (for the model step and for explanations).
    public var candidates: [String]
    /// What the scorer read (the words, or a sentence vector too); nil when no scorer was asked.
    public var features: ScoringFeatures?

    /// Creates a decision.
    public init(skillID: String?, step: RoutingStep, score: Double, duration: Duration = .zero, candidates: [String] = [],
                features: ScoringFeatures? = nil) {
        self.skillID = skillID
        self.step = step
        self.score = score
        self.duration = duration
        self.candidates = candidates
        self.features = features
    }
}

/// What the reranking model reads about the person's recent picture.
public struct SafetyPlanRerankingInput: Sendable, Hashable, Codable {
    /// Where the check-ins are heading.
    public var trajectory: Trajectory?
    /// The signal that deviates most.
    public var driver: PrimaryDriver?
    /// The latest risk tier.
    public var tier: RiskTier?
    /// Behavioural patterns noticed over the check-ins ("sleeps under 5 h before bad days").
    public var patterns: [String]
    /// The longitudinal narrative, in a few sentences.
    public var narrative: String?

    /// Creates an input; every field is optional.
    public init(trajectory: Trajectory? = nil, driver: PrimaryDriver? = nil, tier: RiskTier? = nil,
                patterns: [String] = [], narrative: String? = nil) {
        self.trajectory = trajectory
        self.driver = driver
        self.tier = tier
        self.patterns = patterns
        self.narrative = narrative
    }
}

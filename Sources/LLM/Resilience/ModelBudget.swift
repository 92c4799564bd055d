/// Time budgets for model calls, from the seed's table. Every model call in the apps runs under
/// one of these (through ``withDeadline(_:operation:)`` or a request deadline) and falls back to
/// a deterministic answer when it expires.
public enum ModelBudget {
    /// Sentinel's AI risk assessment (the deterministic tier stands on expiry).
    public static let riskAssessment: Duration = .seconds(60)
    /// Sentinel's narrative compression (the previous narrative is kept on expiry).
    public static let narrativeCompression: Duration = .seconds(30)
    /// Sentinel's safety-plan reranking (the driver's deterministic order on expiry).
    public static let safetyPlanReranking: Duration = .seconds(15)
    /// The first token of a streamed report (the template report on expiry).
    public static let firstReportToken: Duration = .seconds(10)
    /// Interactive classification, upper end (routing's model step, the safety classifier).
    public static let interactiveClassification: Duration = .seconds(2)
    /// Interactive classification, lower end (a quick yes/no style choice).
    public static let quickClassification: Duration = .milliseconds(500)
    /// Argument extraction for a skill.
    public static let argumentExtraction: Duration = .seconds(8)
    /// A skill's own work, model calls included.
    public static let skillExecution: Duration = .seconds(20)
    /// A short interactive model answer (one attempt of ``ResilientBridge``).
    public static let shortAnswer: Duration = .seconds(2)
}

import CrisisDetection
import Foundation
import Sentinel

/// The model-backed steps of the web app, handed in by `sentinel serve` (one shared engine) so
/// this module never loads a model itself. ``SentinelModels/none(reason:)`` gives every step its
/// deterministic fallback: the screener's tier, the driver's plan order, the template report.
public struct SentinelModels: Sendable {
    /// The AI step of a check-in (built fresh for each check-in).
    public var aiStep: @Sendable () -> CheckIn.AIStep
    /// The narrative compressor for the longitudinal summary and record ingestion.
    public var compressor: NarrativeCompressor
    /// The safety-plan reranker for the crisis view.
    public var reranker: SafetyPlanReranker
    /// The SBAR report writer.
    public var reportWriter: SBARReportWriter
    /// The crisis layer the note goes through (the rules, and the learned classifier when installed).
    public var crisisScreen: CrisisScreen
    /// The explanation step (nil: the tier's static explanation).
    public var explainer: RiskExplanationWriter?

    /// Creates the steps.
    public init(aiStep: @escaping @Sendable () -> CheckIn.AIStep, compressor: NarrativeCompressor, reranker: SafetyPlanReranker,
                reportWriter: SBARReportWriter, crisisScreen: CrisisScreen, explainer: RiskExplanationWriter? = nil) {
        self.aiStep = aiStep
        self.explainer = explainer
        self.compressor = compressor
        self.reranker = reranker
        self.reportWriter = reportWriter
        self.crisisScreen = crisisScreen
    }

    /// Every step without a model, for `reason`.
    public static func none(reason: String, crisisScreen: CrisisScreen = CrisisScreen(encoder: nil, classifier: nil)) -> SentinelModels {
        SentinelModels(aiStep: { .disabled(reason: reason) }, compressor: .withoutModel(), reranker: SafetyPlanReranker(noModel: reason),
                       reportWriter: SBARReportWriter(noModel: reason), crisisScreen: crisisScreen)
    }
}

import Foundation
import LLM

/// The risk-assessment prompt template and the generation parameters of the AI step.
///
/// The template has eight placeholders, filled by ``render(_:)``; a placeholder with no value
/// reads "not available". The person's words go only to the local model.
public enum RiskAssessmentPrompt {
    /// The placeholders, as they appear in the template.
    public enum Placeholder: String, Sendable, Hashable, CaseIterable {
        /// Earlier check-ins: the longitudinal state's summary and narrative (LCSC), when known.
        case historyContext = "{{HISTORY_CONTEXT}}"
        /// Wearables against the personal baseline.
        case healthSummary = "{{HEALTH_SUMMARY}}"
        /// The transcript and the person's own note.
        case transcript = "{{TRANSCRIPT}}"
        /// Voice prosody features.
        case voiceAnalysis = "{{VOICE_ANALYSIS}}"
        /// Face telemetry (posture, gaze, alertness).
        case behavioralTelemetry = "{{BEHAVIORAL_TELEMETRY}}"
        /// The screener, when its answers are known before the model runs.
        case cssrsSummary = "{{CSSRS_SUMMARY}}"
        /// What to be careful about (under-reporting, discrepancies).
        case vigilanceNote = "{{VIGILANCE_NOTE}}"
        /// Cross-modal discrepancies.
        case signalDiscrepancy = "{{SIGNAL_DISCREPANCY}}"
    }

    /// Marks the end of the model's report; generation stops there.
    public static let endOfReport = "<<END_OF_REPORT>>"

    /// The template.
    public static let template = """
        You review a veteran's private mental-health check-in for suicide risk. Choose one tier:
        GREEN = no concern, YELLOW = low risk, ORANGE = high monitoring, RED = crisis.
        The questionnaire sets a floor that you cannot lower; you may only raise it.

        Signals:
        History: {{HISTORY_CONTEXT}}
        Wearables (today vs the 30-day personal baseline): {{HEALTH_SUMMARY}}
        What the person said or wrote: {{TRANSCRIPT}}
        Voice: {{VOICE_ANALYSIS}}
        Face telemetry: {{BEHAVIORAL_TELEMETRY}}
        C-SSRS screener: {{CSSRS_SUMMARY}}
        Vigilance: {{VIGILANCE_NOTE}}
        Signal discrepancies: {{SIGNAL_DISCREPANCY}}

        Write the tier as one word on the first line. Then at most two plain sentences on why. Then write <<END_OF_REPORT>>.
        """

    /// Fills the template; missing values read "not available".
    public static func render(_ values: [Placeholder: String]) -> String {
        var text = template
        for placeholder in Placeholder.allCases {
            let value = values[placeholder].flatMap { $0.isEmpty ? nil : $0 } ?? "not available"
            text = text.replacingOccurrences(of: placeholder.rawValue, with: value)
        }
        return text
    }

    /// The values for `signals` and, when known in advance, the scored screener.
    public static func values(for signals: CheckInSignals, screener: CSSRSResult? = nil,
                              history: String? = nil) -> [Placeholder: String] {
        var values: [Placeholder: String] = [:]
        values[.historyContext] = history ?? signals.longitudinal?.promptSummary ?? "no earlier check-ins on record"
        if let health = signals.health {
            values[.healthSummary] = health.metrics.map(\.summary).joined(separator: "; ")
        }
        var words: [String] = []
        if let note = signals.note { words.append("Written note: \"\(note.count > 1_200 ? String(note.prefix(1_200)) + "…" : note)\"") }
        if let transcript = signals.transcript {
            words.append("Spoken (transcript): \"\(transcript.count > 2_000 ? String(transcript.prefix(2_000)) + "…" : transcript)\"")
        }
        if let features = signals.transcriptFeatures { words.append("(\(features.summary))") }
        values[.transcript] = words.joined(separator: " ")
        values[.voiceAnalysis] = signals.prosody?.summary
        values[.behavioralTelemetry] = signals.face?.summary
        if let screener {
            let yes = screener.answers.positiveItems.map(\.label)
            values[.cssrsSummary] = "\(screener.tier.rawValue) (\(screener.triage.rawValue) triage)"
                + (yes.isEmpty ? ", every item answered no" : ", yes to \(yes.joined(separator: ", "))")
        } else {
            values[.cssrsSummary] = "being answered now; its tier is applied separately as the floor"
        }
        let discrepancies = signals.discrepancies
        values[.signalDiscrepancy] = discrepancies.isEmpty ? "none detected" : discrepancies.map(\.summary).joined(separator: "; ")
        var vigilance = ["Veterans often under-report distress; when unsure between two tiers, choose the higher."]
        if !discrepancies.isEmpty { vigilance.append("The signals disagree with the words; weigh behaviour over reassurance.") }
        if signals.health?.significantDeviations.isEmpty == false { vigilance.append("A wearable metric is significantly below baseline.") }
        vigilance += signals.longitudinal?.vigilanceNotes ?? []
        values[.vigilanceNote] = vigilance.joined(separator: " ")
        return values
    }
}

/// The AI step's generation parameters (from the seed): temperature 0.1, context 1024 tokens,
/// at most 512 new tokens, top-k 40, top-p 0.95, stopping at the end-of-report marker.
public struct RiskGenerationParameters: Sendable, Hashable {
    /// Sampling temperature.
    public var temperature = 0.1
    /// Context window of the engine, in tokens.
    public var contextSize = 1024
    /// Most new tokens.
    public var maxTokens = 512
    /// Top-k filter.
    public var topK = 40
    /// Nucleus (top-p) filter.
    public var topP = 0.95

    /// The seed's parameters.
    public init() {}

    /// The options for a request (stop sequences: `<end_of_turn>`, `<<END_OF_REPORT>>`).
    public var options: GenerationOptions {
        GenerationOptions(temperature: temperature, topK: topK, topP: topP, maxTokens: maxTokens,
                          stopSequences: ["<end_of_turn>", RiskAssessmentPrompt.endOfReport])
    }
}

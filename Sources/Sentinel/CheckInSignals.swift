/// What the AI step looks at besides the screener: voice, wearable baselines, face telemetry,
/// a transcript of what the person said, and the person's own note.
///
/// Signals never lower the deterministic tier; they only give the model a chance to escalate it
/// (and a significant wearable deviation keeps an all-"no" screener from being green).
public struct CheckInSignals: Sendable, Hashable {
    /// Voice features of a recording.
    public var prosody: ProsodyFeatures?
    /// Wearable data against the person's baseline.
    public var health: HealthBaselineReport?
    /// Face telemetry over the check-in.
    public var face: FaceTelemetryReport?
    /// What the person said in the recording. Sent only to the local model; never stored or
    /// logged, and left out of reports (only its features are kept).
    public var transcript: String?
    /// How the person says they are doing, in their own words. Sent only to the local model;
    /// never stored or logged, and left out of reports.
    public var note: String?
    /// What Sentinel remembers from earlier check-ins (LCSC), for the risk prompt's history and
    /// vigilance lines. Not a signal of its own: it does not make the signals non-empty.
    public var longitudinal: LongitudinalState?

    /// Creates signals; all are optional.
    public init(prosody: ProsodyFeatures? = nil, health: HealthBaselineReport? = nil, note: String? = nil,
                face: FaceTelemetryReport? = nil, transcript: String? = nil) {
        self.prosody = prosody
        self.health = health
        self.face = face
        self.transcript = transcript.flatMap { $0.allSatisfy(\.isWhitespace) ? nil : $0 }
        self.note = note.flatMap { $0.allSatisfy(\.isWhitespace) ? nil : $0 }
    }

    /// Whether there is nothing for the AI step to look at.
    public var isEmpty: Bool { prosody == nil && health == nil && note == nil && face == nil && transcript == nil }

    /// Features of the transcript (tone, speech rate over the recording's speaking time).
    public var transcriptFeatures: TranscriptFeatures? {
        transcript.map { TranscriptFeatures(text: $0, speakingSeconds: prosody?.speakingTime) }
    }

    /// Cross-modal discrepancies (MASKING, CONCORDANT DECOMPENSATION, AVOIDANCE PATTERN).
    public var discrepancies: [SignalDiscrepancy] {
        SignalDiscrepancy.detect(prosody: prosody, transcript: transcriptFeatures, face: face)
    }

    /// The signals as plain text (the filled prompt template, without a screener summary).
    public var promptDescription: String { RiskAssessmentPrompt.render(RiskAssessmentPrompt.values(for: self)) }
}

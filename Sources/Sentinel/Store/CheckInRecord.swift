import Foundation

/// One check-in as the store keeps it: tiers, timestamps, the screener's answers and the signals
/// as numbers. Never audio, images, the transcript or the person's note.
///
/// The tiers and timestamps are columns (for ordering and retention); the answers and
/// measurements are one AES-GCM encrypted field.
public struct CheckInRecord: Sendable, Hashable, Codable {
    /// The row id, once stored.
    public var id: Int64?
    /// When the check-in started.
    public var startedAt: Date
    /// When it finished.
    public var completedAt: Date
    /// The final tier.
    public var finalTier: RiskTier
    /// The C-SSRS screener's tier.
    public var screenerTier: RiskTier
    /// The AI step's tier, when it assessed one.
    public var aiTier: RiskTier?
    /// Which source decided the final tier.
    public var decidedBy: CheckInReport.Source
    /// The screener's answers (encrypted at rest).
    public var answers: CSSRSAnswers
    /// The signals as numbers (encrypted at rest).
    public var measurements: CheckInMeasurements

    /// Creates a record.
    public init(id: Int64? = nil, startedAt: Date, completedAt: Date, finalTier: RiskTier, screenerTier: RiskTier,
                aiTier: RiskTier? = nil, decidedBy: CheckInReport.Source = .screener, answers: CSSRSAnswers = CSSRSAnswers(),
                measurements: CheckInMeasurements = CheckInMeasurements()) {
        self.id = id
        self.startedAt = startedAt
        self.completedAt = completedAt
        self.finalTier = finalTier
        self.screenerTier = screenerTier
        self.aiTier = aiTier
        self.decidedBy = decidedBy
        self.answers = answers
        self.measurements = measurements
    }

    /// The record of a finished check-in (numbers only: the report keeps no words).
    public init(_ report: CheckInReport) {
        self.init(startedAt: report.startedAt, completedAt: report.completedAt, finalTier: report.finalTier,
                  screenerTier: report.screener.tier, aiTier: report.ai.status == .assessed ? report.ai.tier : nil,
                  decidedBy: report.decidedBy, answers: report.screener.answers,
                  measurements: CheckInMeasurements(report.signals))
    }
}

/// A check-in's signals as numbers: wearable z-scores and values, transcript tone counts and
/// voice features. Absent signals are nil.
public struct CheckInMeasurements: Sendable, Hashable, Codable {
    /// Sleep z-score against the personal baseline.
    public var sleepZ: Double?
    /// Steps z-score against the personal baseline.
    public var stepsZ: Double?
    /// HRV (SDNN) z-score against the personal baseline.
    public var hrvZ: Double?
    /// Recent hours asleep per night.
    public var sleepHours: Double?
    /// Recent steps per day.
    public var steps: Double?
    /// Recent HRV in milliseconds.
    public var hrvMilliseconds: Double?
    /// Positive words in the transcript.
    public var positiveWords: Int?
    /// Negative words in the transcript.
    public var negativeWords: Int?
    /// Words in the transcript.
    public var wordCount: Int?
    /// Words per minute of speech.
    public var speechRate: Double?
    /// Pauses per minute of the voice recording.
    public var pausesPerMinute: Double?
    /// Pitch variability of the voice recording.
    public var pitchVariability: Double?
    /// Cross-modal discrepancies detected (their kinds).
    public var discrepancies: [String]

    /// Creates measurements; all optional.
    public init(sleepZ: Double? = nil, stepsZ: Double? = nil, hrvZ: Double? = nil, sleepHours: Double? = nil,
                steps: Double? = nil, hrvMilliseconds: Double? = nil, positiveWords: Int? = nil, negativeWords: Int? = nil,
                wordCount: Int? = nil, speechRate: Double? = nil, pausesPerMinute: Double? = nil,
                pitchVariability: Double? = nil, discrepancies: [String] = []) {
        self.sleepZ = sleepZ
        self.stepsZ = stepsZ
        self.hrvZ = hrvZ
        self.sleepHours = sleepHours
        self.steps = steps
        self.hrvMilliseconds = hrvMilliseconds
        self.positiveWords = positiveWords
        self.negativeWords = negativeWords
        self.wordCount = wordCount
        self.speechRate = speechRate
        self.pausesPerMinute = pausesPerMinute
        self.pitchVariability = pitchVariability
        self.discrepancies = discrepancies
    }

    /// The numbers of a report's signal summary.
    public init(_ signals: CheckInReport.SignalSummary) {
        self.init()
        if let health = signals.health {
            sleepZ = health.baseline(for: .sleep)?.zScore
            stepsZ = health.baseline(for: .steps)?.zScore
            hrvZ = health.baseline(for: .hrv)?.zScore
            sleepHours = health.baseline(for: .sleep)?.recentMean
            steps = health.baseline(for: .steps)?.recentMean
            hrvMilliseconds = health.baseline(for: .hrv)?.recentMean
        }
        if let transcript = signals.transcript {
            positiveWords = transcript.positiveWords
            negativeWords = transcript.negativeWords
            wordCount = transcript.wordCount
            speechRate = transcript.speechRate
        }
        if let prosody = signals.prosody {
            pausesPerMinute = prosody.pausesPerMinute
            pitchVariability = prosody.pitchVariability
        }
        discrepancies = signals.discrepancies.map(\.kind.rawValue)
    }

    /// The measurements of the live signals.
    public init(_ signals: CheckInSignals) { self.init(CheckInReport.SignalSummary(signals)) }

    /// Mood from the transcript's tone: (positive − negative) / (positive + negative), from −1
    /// (all negative) to 1; nil without a transcript or without tone words.
    public var moodScore: Double? {
        guard let positiveWords, let negativeWords, positiveWords + negativeWords > 0 else { return nil }
        return Double(positiveWords - negativeWords) / Double(positiveWords + negativeWords)
    }
}

import Foundation
import Sentinel

/// A check-in being answered in the browser, held in memory only: the screener answers so far
/// and the signals measured from uploads. Nothing of it is written until the check-in ends.
public struct CheckInDraft: Sendable {
    /// When the first question was shown.
    public var startedAt: Date
    /// The screener answers given so far.
    public var answers = CSSRSAnswers()
    /// Prosody of the voice recording, measured in memory.
    public var prosody: ProsodyFeatures?
    /// How long the recording was, in seconds.
    public var recordingSeconds: Double?
    /// Wearable data against the person's baseline.
    public var health: HealthBaselineReport?
    /// Face telemetry analysed.
    public var face: FaceTelemetryReport?

    /// A new check-in started at `date`.
    public init(startedAt: Date) { self.startedAt = startedAt }

    /// The next question, or nil when the screener is complete.
    public var nextItem: CSSRSItem? { CSSRSScreener.nextItem(after: answers) }

    /// Whether the answers so far are red and must open the crisis view before anything else:
    /// a yes to intent (4), a plan (5), or behaviour within the past 3 months (6b).
    public var isRedNow: Bool { CSSRSScreener.floorTier(of: answers) == .red }

    /// The signals for the check-in's AI step, with the person's note.
    public func signals(note: String?, longitudinal: LongitudinalState?) -> CheckInSignals {
        var signals = CheckInSignals(prosody: prosody, health: health, note: note, face: face)
        signals.longitudinal = longitudinal
        return signals
    }
}

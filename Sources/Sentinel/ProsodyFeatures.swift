import Foundation

/// Voice features of one recording: pitch, pauses, loudness. No audio is kept.
public struct ProsodyFeatures: Sendable, Hashable, Codable {
    /// Recording length, in seconds.
    public var duration: Double
    /// Sample rate of the source, in Hz.
    public var sampleRate: Int
    /// Speaking time (first speech to last speech, minus pauses), in seconds.
    public var speakingTime: Double
    /// Median F0 of voiced frames, in Hz; nil when nothing was voiced.
    public var medianPitch: Double?
    /// Mean F0 of voiced frames, in Hz.
    public var meanPitch: Double?
    /// Standard deviation of F0 in semitones around the median (low values: monotone voice).
    public var pitchVariability: Double?
    /// Share of speech frames that were voiced, 0–1.
    public var voicedFraction: Double
    /// Pauses between speech, in order.
    public var pauses: [Pause]
    /// Pauses per minute of speaking time.
    public var pausesPerMinute: Double
    /// Mean pause length, in seconds (0 without pauses).
    public var meanPauseDuration: Double
    /// Longest pause, in seconds (0 without pauses).
    public var longestPause: Double
    /// Mean level of speech frames, in dBFS (the energy the MASKING rule reads).
    public var meanLevelDB: Double?
    /// Standard deviation of F0 over voiced frames, in Hz (the pitch variability the MASKING rule reads).
    public var pitchStandardDeviationHz: Double? = nil
    /// Share of the recording that is speech, in percent.
    public var speechPercentage: Double? = nil
    /// Signal-to-noise estimate, in dB: mean power of speech frames over mean power of silence
    /// frames. Nil when the recording has no silence (or no speech) to compare. A noise floor
    /// below −120 dBFS (digital silence) counts as −120 dBFS, so the value stays finite.
    public var snrDB: Double? = nil
    /// The silence threshold the pauses were found with, in dBFS (the level a frame must exceed
    /// to be speech).
    public var silenceThresholdDBFS: Double? = nil
    /// The shortest silence counted as a pause, in seconds.
    public var minimumPause: Double? = nil

    /// Number of pauses.
    public var pauseCount: Int { pauses.count }

    /// One line a person (or the AI step) can read, e.g. "median pitch 118 Hz, …".
    public var summary: String {
        var parts: [String] = [String(format: "%.1f s recorded, %.1f s speaking", duration, speakingTime)]
        if let medianPitch {
            parts.append(String(format: "median pitch %.0f Hz", medianPitch))
            if let pitchVariability { parts.append(String(format: "pitch variability %.1f semitones", pitchVariability)) }
            if let pitchStandardDeviationHz { parts.append(String(format: "F0 sd %.1f Hz", pitchStandardDeviationHz)) }
        } else {
            parts.append("no voiced speech detected")
        }
        parts.append("\(pauseCount) pause\(pauseCount == 1 ? "" : "s") (\(String(format: "%.1f", pausesPerMinute)) per minute"
            + (pauseCount > 0 ? String(format: ", mean %.2f s, longest %.2f s)", meanPauseDuration, longestPause) : ")"))
        if let meanLevelDB { parts.append(String(format: "speech level %.0f dBFS", meanLevelDB)) }
        if let snrDB { parts.append(String(format: "SNR %.0f dB", snrDB)) }
        return parts.joined(separator: "; ")
    }
}

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
        return parts.joined(separator: "; ")
    }
}

/// Computes ``ProsodyFeatures`` from audio with a ``PitchEstimator`` and a ``PauseDetector``.
public struct ProsodyAnalyzer: Sendable, Hashable {
    /// The F0 tracker.
    public var pitch: PitchEstimator
    /// The pause finder.
    public var pauses: PauseDetector

    /// Creates an analyzer.
    public init(pitch: PitchEstimator = PitchEstimator(), pauses: PauseDetector = PauseDetector()) {
        self.pitch = pitch
        self.pauses = pauses
    }

    /// Analyses decoded audio.
    public func analyze(_ audio: WAVAudio) -> ProsodyFeatures {
        let detection = pauses.detect(audio.samples, sampleRate: audio.sampleRate)
        let frames = pitch.track(audio.samples, sampleRate: audio.sampleRate, silenceRMS: detection.silenceRMS)
        let inSpeech = frames.filter { frame in
            detection.speechSegments.contains { frame.time >= $0.start && frame.time < $0.end }
        }
        let voiced = inSpeech.compactMap(\.frequency).sorted()
        let median = voiced.isEmpty ? nil : Self.median(voiced)
        let mean = voiced.isEmpty ? nil : voiced.reduce(0, +) / Double(voiced.count)
        var variability: Double?
        if let median, voiced.count > 1 {
            let semitones = voiced.map { 12 * log2($0 / median) }
            let average = semitones.reduce(0, +) / Double(semitones.count)
            variability = (semitones.reduce(0) { $0 + ($1 - average) * ($1 - average) } / Double(semitones.count - 1)).squareRoot()
        }
        var sdHz: Double?
        if let mean, voiced.count > 1 {
            sdHz = (voiced.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / Double(voiced.count - 1)).squareRoot()
        }
        let levels = pauses.frameLevels(audio.samples, sampleRate: audio.sampleRate).filter { $0 > detection.silenceRMS }
        let meanLevel = levels.isEmpty ? nil
            : 20 * log10(Double((levels.reduce(0) { $0 + $1 * $1 } / Float(levels.count)).squareRoot()))
        let durations = detection.pauses.map(\.duration)
        let speaking = detection.speakingTime
        return ProsodyFeatures(
            duration: audio.duration,
            sampleRate: audio.sampleRate,
            speakingTime: speaking,
            medianPitch: median,
            meanPitch: mean,
            pitchVariability: variability,
            voicedFraction: inSpeech.isEmpty ? 0 : Double(voiced.count) / Double(inSpeech.count),
            pauses: detection.pauses,
            pausesPerMinute: speaking > 0 ? Double(durations.count) / (speaking / 60) : 0,
            meanPauseDuration: durations.isEmpty ? 0 : durations.reduce(0, +) / Double(durations.count),
            longestPause: durations.max() ?? 0,
            meanLevelDB: meanLevel,
            pitchStandardDeviationHz: sdHz,
            speechPercentage: audio.duration > 0 ? 100 * speaking / audio.duration : nil)
    }

    /// Reads a WAV file and analyses it.
    public func analyze(path: String) throws(WAVError) -> ProsodyFeatures {
        analyze(try WAVAudio.read(path: path))
    }

    static func median(_ sorted: [Double]) -> Double {
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }
}

import Foundation

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
        let allLevels = pauses.frameLevels(audio.samples, sampleRate: audio.sampleRate)
        let speechPower = Self.meanPower(allLevels.filter { $0 > detection.silenceRMS })
        let silencePower = Self.meanPower(allLevels.filter { $0 <= detection.silenceRMS })
        let meanLevel = speechPower.map { 10 * log10($0) }
        var snr: Double?
        if let speechPower, let silencePower {
            snr = 10 * log10(speechPower / max(silencePower, Self.noiseFloorPower))
        }
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
            speechPercentage: audio.duration > 0 ? 100 * speaking / audio.duration : nil,
            snrDB: snr,
            silenceThresholdDBFS: detection.silenceRMS > 0 ? 20 * log10(Double(detection.silenceRMS)) : nil,
            minimumPause: pauses.minimumPause)
    }

    /// Reads a WAV file and analyses it.
    public func analyze(path: String) throws(WAVError) -> ProsodyFeatures {
        analyze(try WAVAudio.read(path: path))
    }

    /// Power of a −120 dBFS signal: the lowest noise floor the SNR estimate assumes.
    static let noiseFloorPower = 1e-12

    /// Mean power (mean squared RMS level) of frames; nil without frames.
    static func meanPower(_ levels: [Float]) -> Double? {
        guard !levels.isEmpty else { return nil }
        return levels.reduce(0.0) { $0 + Double($1) * Double($1) } / Double(levels.count)
    }

    static func median(_ sorted: [Double]) -> Double {
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }
}

import Foundation

/// A silence between two stretches of speech.
public struct Pause: Sendable, Hashable, Codable {
    /// When the silence starts, in seconds from the start of the recording.
    public var start: Double
    /// How long it lasts, in seconds.
    public var duration: Double

    /// Creates a pause.
    public init(start: Double, duration: Double) {
        self.start = start
        self.duration = duration
    }
}

/// Finds speech and pauses with an energy threshold.
///
/// Frames of `frameDuration` are silence when their RMS level is at or below `silenceThreshold`
/// (by default −40 dBFS, an absolute level); the others are speech. Silences shorter than
/// `minimumPause` (0.3 s by default) are part of speech (stop consonants, breaths); leading and
/// trailing silence are not pauses. Boundaries are accurate to one frame (5 ms by default).
public struct PauseDetector: Sendable, Hashable {
    /// The default shortest pause, in seconds.
    public static let defaultMinimumPause: Double = 0.3

    /// Analysis frame length, in seconds.
    public var frameDuration: Double
    /// The level at or below which a frame is silence.
    public var silenceThreshold: SilenceThreshold
    /// Shortest silence that counts as a pause, in seconds.
    public var minimumPause: Double

    /// Creates a detector.
    public init(frameDuration: Double = 0.005, silenceThreshold: SilenceThreshold = .standard,
                minimumPause: Double = PauseDetector.defaultMinimumPause) {
        self.frameDuration = frameDuration
        self.silenceThreshold = silenceThreshold
        self.minimumPause = minimumPause
    }

    /// Creates a detector with an absolute silence threshold in dBFS.
    public init(silenceDBFS: Double, minimumPause: Double = PauseDetector.defaultMinimumPause) {
        self.init(silenceThreshold: .absolute(dBFS: silenceDBFS), minimumPause: minimumPause)
    }

    /// What the detector found.
    public struct Result: Sendable, Hashable {
        /// Pauses between speech, in order.
        public var pauses: [Pause]
        /// Speech stretches as (start, end) in seconds, after merging across short silences.
        public var speechSegments: [(start: Double, end: Double)]
        /// The RMS level (linear) at or below which a frame is silence.
        public var silenceRMS: Float

        /// Total speaking time (first speech to last, minus pauses), in seconds.
        public var speakingTime: Double {
            guard let first = speechSegments.first, let last = speechSegments.last else { return 0 }
            return last.end - first.start - pauses.reduce(0) { $0 + $1.duration }
        }

        public static func == (lhs: Result, rhs: Result) -> Bool {
            lhs.pauses == rhs.pauses && lhs.silenceRMS == rhs.silenceRMS
                && lhs.speechSegments.map(\.start) == rhs.speechSegments.map(\.start)
                && lhs.speechSegments.map(\.end) == rhs.speechSegments.map(\.end)
        }

        public func hash(into hasher: inout Hasher) { hasher.combine(pauses) }
    }

    /// Per-frame RMS levels (linear).
    func frameLevels(_ samples: [Float], sampleRate: Int) -> [Float] {
        let length = max(1, Int((frameDuration * Double(sampleRate)).rounded()))
        let count = samples.count / length
        var levels = [Float](repeating: 0, count: count)
        samples.withUnsafeBufferPointer { x in
            for frame in 0..<count {
                var sum: Float = 0
                for i in frame * length..<(frame + 1) * length { sum += x[i] * x[i] }
                levels[frame] = (sum / Float(length)).squareRoot()
            }
        }
        return levels
    }

    /// Detects pauses in mono samples.
    public func detect(_ samples: [Float], sampleRate: Int) -> Result {
        let levels = frameLevels(samples, sampleRate: sampleRate)
        let length = Double(max(1, Int((frameDuration * Double(sampleRate)).rounded()))) / Double(sampleRate)
        let threshold = silenceThreshold.linearLevel(frameLevels: levels)
        let speech = levels.map { $0 > threshold }

        // Raw runs of speech frames.
        var runs: [(start: Int, end: Int)] = []
        var index = 0
        while index < speech.count {
            guard speech[index] else { index += 1; continue }
            let start = index
            while index < speech.count, speech[index] { index += 1 }
            runs.append((start, index))
        }
        // Merge runs separated by less than the minimum pause.
        let minimumGap = Int((minimumPause / length).rounded(.up))
        var merged: [(start: Int, end: Int)] = []
        for run in runs {
            if let last = merged.last, run.start - last.end < minimumGap {
                merged[merged.count - 1].end = run.end
            } else {
                merged.append(run)
            }
        }
        let segments = merged.map { (start: Double($0.start) * length, end: Double($0.end) * length) }
        let pauses = zip(segments, segments.dropFirst()).map { Pause(start: $0.end, duration: $1.start - $0.end) }
        return Result(pauses: pauses, speechSegments: segments, silenceRMS: threshold)
    }
}

/// Estimates the fundamental frequency (F0) of voiced speech with the YIN algorithm
/// (de Cheveigné & Kawahara, 2002): cumulative-mean-normalised difference function, absolute
/// threshold, parabolic interpolation.
///
/// Audio above 16 kHz is first decimated (box-filtered) to keep the work proportional to the
/// pitch range rather than the sample rate; this does not move F0.
public struct PitchEstimator: Sendable, Hashable {
    /// Lowest F0 searched, in Hz.
    public var minimumFrequency: Double
    /// Highest F0 searched, in Hz.
    public var maximumFrequency: Double
    /// YIN's absolute threshold: a frame is voiced when the normalised difference dips below it.
    public var threshold: Double
    /// Time between analysed frames, in seconds.
    public var hop: Double

    /// Creates an estimator; the defaults cover adult voices (80–400 Hz).
    public init(minimumFrequency: Double = 80, maximumFrequency: Double = 400, threshold: Double = 0.15, hop: Double = 0.01) {
        self.minimumFrequency = minimumFrequency
        self.maximumFrequency = maximumFrequency
        self.threshold = threshold
        self.hop = hop
    }

    /// One analysed frame.
    public struct Frame: Sendable, Hashable {
        /// Frame start, in seconds.
        public var time: Double
        /// F0 in Hz, or nil when the frame is unvoiced.
        public var frequency: Double?
    }

    /// F0 per frame. Frames whose RMS is below `silenceRMS` are reported unvoiced without analysis.
    public func track(_ samples: [Float], sampleRate: Int, silenceRMS: Float = 0) -> [Frame] {
        let factor = max(1, sampleRate / 16_000)
        let signal = factor > 1 ? Self.decimate(samples, by: factor) : samples
        let rate = Double(sampleRate) / Double(factor)
        let maxLag = Int((rate / minimumFrequency).rounded(.up))
        let minLag = max(2, Int((rate / maximumFrequency).rounded(.down)))
        let window = maxLag
        let frameLength = window + maxLag + 2
        let step = max(1, Int((hop * rate).rounded()))
        guard signal.count >= frameLength, maxLag > minLag else { return [] }

        var frames: [Frame] = []
        var difference = [Double](repeating: 0, count: maxLag + 2)
        signal.withUnsafeBufferPointer { x in
            var start = 0
            while start + frameLength <= x.count {
                defer { start += step }
                let time = Double(start) / rate
                var energy: Float = 0
                for i in start..<start + window { energy += x[i] * x[i] }
                if (energy / Float(window)).squareRoot() <= silenceRMS {
                    frames.append(Frame(time: time, frequency: nil))
                    continue
                }
                for lag in 1...maxLag + 1 {
                    var sum: Float = 0
                    for i in start..<start + window {
                        let d = x[i] - x[i + lag]
                        sum += d * d
                    }
                    difference[lag] = Double(sum)
                }
                frames.append(Frame(time: time, frequency: estimate(difference, minLag: minLag, maxLag: maxLag, rate: rate)))
            }
        }
        return frames
    }

    /// The F0 for one frame's difference function, or nil when unvoiced.
    private func estimate(_ difference: [Double], minLag: Int, maxLag: Int, rate: Double) -> Double? {
        var normalized = [Double](repeating: 1, count: maxLag + 2)
        var running = 0.0
        for lag in 1...maxLag + 1 {
            running += difference[lag]
            normalized[lag] = running > 0 ? difference[lag] * Double(lag) / running : 1
        }
        var lag = minLag
        var chosen: Int?
        while lag <= maxLag {
            if normalized[lag] < threshold {
                while lag + 1 <= maxLag, normalized[lag + 1] < normalized[lag] { lag += 1 }
                chosen = lag
                break
            }
            lag += 1
        }
        guard let tau = chosen else { return nil }
        // Parabolic interpolation around the minimum for sub-sample precision.
        let a = normalized[tau - 1], b = normalized[tau], c = normalized[tau + 1]
        let denominator = a - 2 * b + c
        let shift = denominator != 0 ? max(-1, min(1, 0.5 * (a - c) / denominator)) : 0
        let period = Double(tau) + shift
        let frequency = rate / period
        return (minimumFrequency * 0.95...maximumFrequency * 1.05).contains(frequency) ? frequency : nil
    }

    /// Averages each group of `factor` samples (a crude but sufficient anti-alias filter for F0).
    static func decimate(_ samples: [Float], by factor: Int) -> [Float] {
        let count = samples.count / factor
        var out = [Float](repeating: 0, count: count)
        samples.withUnsafeBufferPointer { x in
            for i in 0..<count {
                var sum: Float = 0
                for j in 0..<factor { sum += x[i * factor + j] }
                out[i] = sum / Float(factor)
            }
        }
        return out
    }
}

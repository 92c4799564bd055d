import Foundation

/// The level below which an audio frame counts as silence.
///
/// The default is an absolute level, ``SilenceThreshold/defaultDBFS`` (−40 dBFS): a frame whose
/// RMS level is at or below it is silence. The relative mode instead follows the recording's own
/// loudness, for recordings made far quieter or louder than usual.
public enum SilenceThreshold: Sendable, Hashable, Codable, CustomStringConvertible {
    /// Frames whose RMS level is at or below `dBFS` are silence.
    case absolute(dBFS: Double)
    /// Frames more than `decibelsBelowLoud` dB below the 95th-percentile frame level are silence,
    /// and so is every frame at or below `floorDBFS`.
    case relative(decibelsBelowLoud: Double, floorDBFS: Double)

    /// The default absolute threshold, in dBFS.
    public static let defaultDBFS: Double = -40

    /// The default threshold: absolute, −40 dBFS.
    public static let standard = SilenceThreshold.absolute(dBFS: defaultDBFS)

    /// The linear RMS level at or below which a frame is silence, given every frame's RMS level.
    func linearLevel(frameLevels levels: [Float]) -> Float {
        switch self {
        case .absolute(let dBFS):
            return Float(pow(10, dBFS / 20))
        case .relative(let decibelsBelowLoud, let floorDBFS):
            let sorted = levels.sorted()
            let reference = sorted.isEmpty ? 0 : sorted[min(sorted.count - 1, Int(Double(sorted.count) * 0.95))]
            return max(reference * Float(pow(10, -decibelsBelowLoud / 20)), Float(pow(10, floorDBFS / 20)))
        }
    }

    /// The threshold in words, e.g. "-40 dBFS".
    public var description: String {
        switch self {
        case .absolute(let dBFS): return String(format: "%.0f dBFS", dBFS)
        case .relative(let below, let floor): return String(format: "%.0f dB below the loud frames (floor %.0f dBFS)", below, floor)
        }
    }
}

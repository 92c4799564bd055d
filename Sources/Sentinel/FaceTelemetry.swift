import Foundation

/// One frame of face telemetry (about 2 frames per second from the phone's camera).
///
/// Units: eye openness 0 (closed) – 1 (wide open); gaze deviation in degrees away from the
/// camera; head pitch in degrees, positive up, negative down. Only these numbers are read;
/// no image is ever involved.
public struct FaceFrame: Sendable, Hashable, Codable {
    /// Seconds from the start of the recording.
    public var time: Double
    /// Eye openness, 0–1.
    public var eyeOpenness: Double
    /// Gaze deviation from the camera, in degrees.
    public var gazeDeviation: Double
    /// Head pitch in degrees (positive up).
    public var headPitch: Double

    /// Creates a frame.
    public init(time: Double, eyeOpenness: Double, gazeDeviation: Double, headPitch: Double) {
        self.time = time
        self.eyeOpenness = eyeOpenness
        self.gazeDeviation = gazeDeviation
        self.headPitch = headPitch
    }
}

/// Means of one third (early, mid or late) of the recording.
public struct FaceSegment: Sendable, Hashable, Codable {
    /// Frames in the segment.
    public var frames: Int
    /// Mean eye openness.
    public var eyeOpenness: Double
    /// Mean gaze deviation, degrees.
    public var gazeDeviation: Double
    /// Mean head pitch, degrees.
    public var headPitch: Double
}

/// The overall pattern of the face telemetry.
public enum FacePattern: String, Sendable, Hashable, Codable {
    /// Two or more of postural decline, gaze dysregulation and alertness decline.
    case multiSignalDecompensation = "multi_signal_decompensation"
    /// Exactly one of them.
    case mixed
    /// None of them.
    case regulated
}

/// What the face telemetry shows across the early, mid and late thirds of a check-in.
public struct FaceTelemetryReport: Sendable, Hashable, Codable {
    /// Frames analysed.
    public var frameCount: Int
    /// Seconds covered.
    public var duration: Double
    /// Early, mid and late thirds.
    public var early: FaceSegment, mid: FaceSegment, late: FaceSegment
    /// Postural stability: the least-squares slope of head pitch, degrees per minute.
    public var pitchSlopePerMinute: Double
    /// Whether the head dropped: the fitted pitch change over the recording is −5° or less.
    public var posturalDecline: Bool
    /// Whether gaze was regulated: it did not drift away (late − early below 5°) and was not avoidant.
    public var gazeRegulated: Bool
    /// Gaze avoidance: mean gaze deviation of 15° or more, or 15° or more in at least half the late frames.
    public var gazeAvoidance: Bool
    /// Alertness decline: eye openness fell by 0.15 or more from early to late.
    public var alertnessDecline: Bool
    /// The overall pattern.
    public var pattern: FacePattern

    /// One line for people and the model.
    public var summary: String {
        let pattern = self.pattern == .multiSignalDecompensation ? "multi-signal decompensation"
            : self.pattern == .regulated ? "regulated" : "mixed"
        return String(format: "%d frames over %.0f s; head pitch slope %+.1f°/min%@; gaze %@%@; eye openness %.2f → %.2f%@; overall: %@",
                      frameCount, duration, pitchSlopePerMinute, posturalDecline ? " (postural decline)" : " (stable)",
                      gazeRegulated ? "regulated" : "not regulated", gazeAvoidance ? " (avoidance)" : "",
                      early.eyeOpenness, late.eyeOpenness, alertnessDecline ? " (alertness decline)" : "", pattern)
    }
}

/// Analyses face telemetry: segments, postural stability, gaze regulation, alertness, pattern.
public struct FaceTelemetryAnalyzer: Sendable, Hashable {
    /// Fitted head-pitch change (degrees) at or below which posture is declining.
    public var posturalDeclineDegrees: Double = -5
    /// Gaze deviation (degrees) counted as looking away.
    public var avoidanceDegrees: Double = 15
    /// Drop in eye openness (early − late) counted as alertness decline.
    public var alertnessDrop: Double = 0.15

    /// Creates an analyzer with the default thresholds.
    public init() {}

    /// Analyses frames (sorted by time here); throws when there are too few to split in three.
    public func analyze(_ frames: [FaceFrame]) throws(FaceTelemetryError) -> FaceTelemetryReport {
        guard frames.count >= 6 else { throw .tooFewFrames(frames.count) }
        let sorted = frames.sorted { $0.time < $1.time }
        let third = sorted.count / 3
        let parts = [sorted[0..<third], sorted[third..<(2 * third)], sorted[(2 * third)...]].map(Self.segment)
        let slope = Self.slope(x: sorted.map(\.time), y: sorted.map(\.headPitch)) * 60
        let duration = sorted.last!.time - sorted.first!.time
        let posturalDecline = slope * duration / 60 <= posturalDeclineDegrees
        let meanGaze = sorted.map(\.gazeDeviation).reduce(0, +) / Double(sorted.count)
        let lateAway = sorted[(2 * third)...].filter { $0.gazeDeviation >= avoidanceDegrees }.count
        let avoidance = meanGaze >= avoidanceDegrees || lateAway * 2 >= sorted.count - 2 * third
        let gazeRegulated = !avoidance && parts[2].gazeDeviation - parts[0].gazeDeviation < 5
        let alertnessDecline = parts[0].eyeOpenness - parts[2].eyeOpenness >= alertnessDrop
        let count = [posturalDecline, !gazeRegulated, alertnessDecline].filter { $0 }.count
        return FaceTelemetryReport(
            frameCount: sorted.count, duration: duration, early: parts[0], mid: parts[1], late: parts[2],
            pitchSlopePerMinute: slope, posturalDecline: posturalDecline, gazeRegulated: gazeRegulated,
            gazeAvoidance: avoidance, alertnessDecline: alertnessDecline,
            pattern: count >= 2 ? .multiSignalDecompensation : count == 1 ? .mixed : .regulated)
    }

    /// Reads a CSV or JSON telemetry file and analyses it.
    public func analyze(path: String) throws(FaceTelemetryError) -> FaceTelemetryReport {
        try analyze(FaceTelemetryParser.load(path: path))
    }

    static func segment(_ frames: ArraySlice<FaceFrame>) -> FaceSegment {
        let n = Double(frames.count)
        return FaceSegment(frames: frames.count, eyeOpenness: frames.map(\.eyeOpenness).reduce(0, +) / n,
                           gazeDeviation: frames.map(\.gazeDeviation).reduce(0, +) / n,
                           headPitch: frames.map(\.headPitch).reduce(0, +) / n)
    }

    /// Least-squares slope of y over x (0 when x does not vary).
    static func slope(x: [Double], y: [Double]) -> Double {
        let n = Double(x.count)
        let mx = x.reduce(0, +) / n, my = y.reduce(0, +) / n
        var sxy = 0.0, sxx = 0.0
        for (a, b) in zip(x, y) { sxy += (a - mx) * (b - my); sxx += (a - mx) * (a - mx) }
        return sxx > 0 ? sxy / sxx : 0
    }
}

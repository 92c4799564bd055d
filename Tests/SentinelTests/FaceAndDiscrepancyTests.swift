import Foundation
@testable import Sentinel
import Testing

/// Face telemetry on generated series, and the cross-modal discrepancy rules.
@Suite struct FaceAndDiscrepancyTests {
    /// `seconds` of frames at 2 fps, each signal a straight line from `start` to `end`.
    static func series(seconds: Double = 120, eyes: (Double, Double), gaze: (Double, Double), pitch: (Double, Double)) -> [FaceFrame] {
        let count = Int(seconds * 2)
        return (0..<count).map { index in
            let t = Double(index) * 0.5, f = Double(index) / Double(count - 1)
            return FaceFrame(time: t, eyeOpenness: eyes.0 + (eyes.1 - eyes.0) * f,
                             gazeDeviation: gaze.0 + (gaze.1 - gaze.0) * f, headPitch: pitch.0 + (pitch.1 - pitch.0) * f)
        }
    }

    @Test func aSteadyFaceIsRegulated() throws {
        let report = try FaceTelemetryAnalyzer().analyze(Self.series(eyes: (0.8, 0.8), gaze: (5, 6), pitch: (2, 2)))
        #expect(report.pattern == .regulated)
        #expect(!report.posturalDecline && report.gazeRegulated && !report.alertnessDecline && !report.gazeAvoidance)
        #expect(abs(report.pitchSlopePerMinute) < 1e-9)
        #expect(report.early.frames + report.mid.frames + report.late.frames == 240)
    }

    @Test func aDroppingHeadAvertedGazeAndClosingEyesAreMultiSignalDecompensation() throws {
        // Pitch falls 12° over 2 minutes: slope −6°/min; gaze drifts to 25°; eyes 0.8 → 0.4.
        let report = try FaceTelemetryAnalyzer().analyze(Self.series(eyes: (0.8, 0.4), gaze: (5, 25), pitch: (0, -12)))
        #expect(abs(report.pitchSlopePerMinute - (-12.0 / 119.5 * 60)) < 1e-6)
        #expect(report.posturalDecline && report.alertnessDecline && !report.gazeRegulated)
        #expect(report.gazeAvoidance)
        #expect(report.pattern == .multiSignalDecompensation)
        #expect(report.late.eyeOpenness < report.mid.eyeOpenness && report.mid.eyeOpenness < report.early.eyeOpenness)
    }

    @Test func onlyAlertnessDeclineIsMixed() throws {
        let report = try FaceTelemetryAnalyzer().analyze(Self.series(eyes: (0.9, 0.5), gaze: (4, 4), pitch: (0, -1)))
        #expect(report.pattern == .mixed && report.alertnessDecline && !report.posturalDecline)
    }

    @Test func csvAndJSONParseWithClearErrors() throws {
        let csv = "eye_openness,gaze_deviation,head_pitch\n" + (0..<8).map { "0.8,\($0),-\($0)" }.joined(separator: "\n")
        let frames = try FaceTelemetryParser.parseCSV(csv)
        #expect(frames.count == 8 && frames[3].time == 1.5 && frames[3].headPitch == -3)
        let json = "{\"frames\": [" + (0..<8).map { "{\"time\": \($0), \"eye_openness\": 0.7, \"gaze_deviation\": 3, \"head_pitch\": 1}" }
            .joined(separator: ",") + "]}"
        #expect(try FaceTelemetryParser.parseJSON(json).count == 8)
        let missing = #expect(throws: FaceTelemetryError.self) { try FaceTelemetryParser.parseCSV("eye_openness,head_pitch\n1,2") }
        #expect(missing?.description.contains("no gaze_deviation column") == true)
        let bad = #expect(throws: FaceTelemetryError.self) { try FaceTelemetryParser.parseCSV("eye_openness,gaze_deviation,head_pitch\n1,x,2") }
        #expect(bad?.description.contains("line 2") == true)
        #expect(throws: FaceTelemetryError.tooFewFrames(2)) { try FaceTelemetryAnalyzer().analyze(Array(frames.prefix(2))) }
    }

    static func prosody(sdHz: Double, level: Double, pauses: Int, speaking: Double = 60) -> ProsodyFeatures {
        ProsodyFeatures(duration: 70, sampleRate: 16_000, speakingTime: speaking, medianPitch: 120, meanPitch: 120,
                        pitchVariability: 1, voicedFraction: 0.8,
                        pauses: (0..<pauses).map { Pause(start: Double($0) * 5, duration: 0.5) },
                        pausesPerMinute: Double(pauses), meanPauseDuration: 0.5, longestPause: 0.5, meanLevelDB: level,
                        pitchStandardDeviationHz: sdHz)
    }

    @Test func maskingIsPositiveWordsWithAFlatVoice() {
        let words = TranscriptFeatures(text: "I'm fine, really. Things are good and I feel great.")
        #expect(words.tone == .positive)
        let flat = SignalDiscrepancy.detect(prosody: Self.prosody(sdHz: 10, level: -35, pauses: 0), transcript: words, face: nil)
        #expect(flat.map(\.kind) == [.masking])
        #expect(SignalDiscrepancy.detect(prosody: Self.prosody(sdHz: 20, level: -35, pauses: 0), transcript: words, face: nil).isEmpty)
        #expect(SignalDiscrepancy.detect(prosody: Self.prosody(sdHz: 10, level: -25, pauses: 0), transcript: words, face: nil).isEmpty)
        let sad = TranscriptFeatures(text: "I feel tired and alone, not good.")
        #expect(sad.tone == .negative)
        #expect(SignalDiscrepancy.detect(prosody: Self.prosody(sdHz: 10, level: -35, pauses: 0), transcript: sad, face: nil).isEmpty)
    }

    @Test func concordantDecompensationAndAvoidance() throws {
        let declining = try FaceTelemetryAnalyzer().analyze(Self.series(eyes: (0.8, 0.8), gaze: (20, 25), pitch: (0, -12)))
        // 90 words over 60 s of speech: 90 words per minute, slow.
        let slow = TranscriptFeatures(text: Array(repeating: "word", count: 90).joined(separator: " "), speakingSeconds: 60)
        #expect(slow.speechRate == 90)
        let found = SignalDiscrepancy.detect(prosody: Self.prosody(sdHz: 30, level: -20, pauses: 7), transcript: slow, face: declining)
        #expect(found.map(\.kind) == [.concordantDecompensation, .avoidancePattern])
        // Exactly 6 pauses is not "more than 6".
        let six = SignalDiscrepancy.detect(prosody: Self.prosody(sdHz: 30, level: -20, pauses: 6), transcript: nil, face: declining)
        #expect(six.isEmpty)
        // The signals carry them into the prompt.
        let signals = CheckInSignals(prosody: Self.prosody(sdHz: 30, level: -20, pauses: 7), face: declining,
                                     transcript: Array(repeating: "word", count: 90).joined(separator: " "))
        #expect(signals.discrepancies.count == 2)
        #expect(signals.promptDescription.contains("AVOIDANCE PATTERN"))
    }
}

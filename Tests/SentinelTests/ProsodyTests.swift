import Foundation
@testable import Sentinel
import Testing

@Suite struct ProsodyTests {
    // MARK: Pitch

    @Test(arguments: [100.0, 150.0, 220.0], [8_000, 16_000, 44_100, 48_000])
    func estimatesTheFundamentalOfAHarmonicToneWithinTwoPercent(f0: Double, rate: Int) throws {
        let tone = SyntheticAudio.harmonicTone(f0: f0, seconds: 0.8, sampleRate: rate)
        let features = ProsodyAnalyzer().analyze(WAVAudio(samples: tone, sampleRate: rate))
        let median = try #require(features.medianPitch)
        #expect(abs(median - f0) / f0 < 0.02, "estimated \(median) Hz for \(f0) Hz at \(rate) Hz")
        #expect(features.voicedFraction > 0.9)
        #expect(try #require(features.pitchVariability) < 0.2)
        #expect(features.pauseCount == 0)
    }

    @Test(arguments: [WAVAudio.Encoding.pcm16, .pcm24, .float32])
    func estimatesPitchThroughAWAVFile(encoding: WAVAudio.Encoding) throws {
        let tone = SyntheticAudio.harmonicTone(f0: 150, seconds: 0.6, sampleRate: 22_050)
        let path = try SyntheticAudio.temporaryFile(SyntheticAudio.wav(tone, sampleRate: 22_050, encoding: encoding, channels: 2),
                                                    suffix: ".wav")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let median = try #require(try ProsodyAnalyzer().analyze(path: path).medianPitch)
        #expect(abs(median - 150) / 150 < 0.02)
    }

    @Test func aPureSineIsEstimatedToo() throws {
        let tone = SyntheticAudio.harmonicTone(f0: 220, seconds: 0.5, sampleRate: 16_000, harmonics: 1)
        let median = try #require(ProsodyAnalyzer().analyze(WAVAudio(samples: tone, sampleRate: 16_000)).medianPitch)
        #expect(abs(median - 220) / 220 < 0.02)
    }

    @Test func pitchVariabilityRisesWhenThePitchMoves() throws {
        let rate = 16_000
        let steps = [110.0, 130.0, 150.0, 170.0].flatMap { SyntheticAudio.harmonicTone(f0: $0, seconds: 0.3, sampleRate: rate) }
        let features = ProsodyAnalyzer().analyze(WAVAudio(samples: steps, sampleRate: rate))
        #expect(try #require(features.pitchVariability) > 2)
    }

    @Test func silenceHasNoPitchAndNoPauses() {
        let features = ProsodyAnalyzer().analyze(WAVAudio(samples: SyntheticAudio.silence(seconds: 1, sampleRate: 16_000),
                                                          sampleRate: 16_000))
        #expect(features.medianPitch == nil)
        #expect(features.pauseCount == 0)
        #expect(features.speakingTime == 0)
        #expect(features.summary.contains("no voiced speech"))
    }

    // MARK: Pauses

    @Test(arguments: [8_000, 16_000, 44_100])
    func countsPausesExactlyAndTimesThemWithin20Milliseconds(rate: Int) {
        let gaps = [0.30, 0.55, 0.80, 1.20]
        let signal = SyntheticAudio.bursts(f0: 150, burst: 0.4, gaps: gaps, sampleRate: rate)
        let features = ProsodyAnalyzer().analyze(WAVAudio(samples: signal.samples, sampleRate: rate))
        #expect(features.pauseCount == gaps.count)
        for (found, truth) in zip(features.pauses, signal.pauses) {
            #expect(abs(found.duration - truth.duration) <= 0.020, "pause of \(truth.duration) s measured as \(found.duration) s")
            #expect(abs(found.start - truth.start) <= 0.020)
        }
        #expect(abs(features.longestPause - 1.2) <= 0.020)
        #expect(abs(features.meanPauseDuration - gaps.reduce(0, +) / 4) <= 0.020)
        // Speaking time: five bursts plus the pauses between them, minus the pauses.
        #expect(abs(features.speakingTime - 2.0) <= 0.040)
    }

    @Test func pausesAreFoundUnderLowBackgroundNoise() {
        let gaps = [0.4, 0.7]
        let signal = SyntheticAudio.bursts(f0: 120, burst: 0.5, gaps: gaps, sampleRate: 16_000, noise: 0.002)
        let features = ProsodyAnalyzer().analyze(WAVAudio(samples: signal.samples, sampleRate: 16_000))
        #expect(features.pauseCount == 2)
        for (found, truth) in zip(features.pauses, signal.pauses) { #expect(abs(found.duration - truth.duration) <= 0.020) }
    }

    @Test func silencesShorterThanTheMinimumAreNotPauses() {
        let signal = SyntheticAudio.bursts(f0: 150, burst: 0.3, gaps: [0.10, 0.60, 0.20], sampleRate: 16_000)
        let features = ProsodyAnalyzer().analyze(WAVAudio(samples: signal.samples, sampleRate: 16_000))
        #expect(features.pauseCount == 1)
        #expect(abs((features.pauses.first?.duration ?? 0) - 0.60) <= 0.020)
    }

    @Test func leadingAndTrailingSilenceAreNotPauses() {
        let signal = SyntheticAudio.bursts(f0: 150, burst: 0.5, gaps: [], sampleRate: 16_000, lead: 1.5)
        let features = ProsodyAnalyzer().analyze(WAVAudio(samples: signal.samples, sampleRate: 16_000))
        #expect(features.pauseCount == 0)
        #expect(abs(features.speakingTime - 0.5) <= 0.020)
        #expect(abs(features.duration - 3.5) < 0.001)
    }

    @Test func theMinimumPauseIsConfigurable() {
        let signal = SyntheticAudio.bursts(f0: 150, burst: 0.3, gaps: [0.15, 0.6], sampleRate: 16_000)
        let analyzer = ProsodyAnalyzer(pauses: PauseDetector(minimumPause: 0.1))
        #expect(analyzer.analyze(WAVAudio(samples: signal.samples, sampleRate: 16_000)).pauseCount == 2)
    }

    @Test func featuresEncodeAsJSONAndSummarise() throws {
        let signal = SyntheticAudio.bursts(f0: 150, burst: 0.4, gaps: [0.5], sampleRate: 16_000)
        let features = ProsodyAnalyzer().analyze(WAVAudio(samples: signal.samples, sampleRate: 16_000))
        let decoded = try JSONDecoder().decode(ProsodyFeatures.self, from: JSONEncoder().encode(features))
        #expect(decoded == features)
        #expect(features.summary.contains("median pitch 150 Hz"))
        #expect(features.summary.contains("1 pause"))
    }
}

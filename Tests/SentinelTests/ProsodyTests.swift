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
        let gaps = [0.35, 0.55, 0.80, 1.20]
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
        #expect(features.silenceThresholdDBFS.map { abs($0 - -40) < 0.001 } == true)
        #expect(features.minimumPause == 0.3)
    }

    @Test func theDefaultsAreMinus40DBFSAndThreeTenthsOfASecond() {
        let detector = PauseDetector()
        #expect(detector.silenceThreshold == .absolute(dBFS: -40))
        #expect(detector.minimumPause == 0.3)
        #expect(PauseDetector(silenceDBFS: -50, minimumPause: 0.4) == PauseDetector(silenceThreshold: .absolute(dBFS: -50), minimumPause: 0.4))
        // A 0.25 s silence was a pause under the old 0.25 s minimum; with 0.3 s it is not.
        let signal = SyntheticAudio.bursts(f0: 150, burst: 0.4, gaps: [0.25, 0.5], sampleRate: 16_000)
        let features = ProsodyAnalyzer().analyze(WAVAudio(samples: signal.samples, sampleRate: 16_000))
        #expect(features.pauseCount == 1)
        #expect(abs((features.pauses.first?.duration ?? 0) - 0.5) <= 0.020)
    }

    /// Loud burst, 0.5 s silence, a burst at −45 dBFS, 0.5 s silence, loud burst.
    static func quietMiddleBurst(rate: Int) -> [Float] {
        let loud = SyntheticAudio.harmonicTone(f0: 150, seconds: 0.5, sampleRate: rate)
        let gap = SyntheticAudio.silence(seconds: 0.5, sampleRate: rate)
        let quiet = SyntheticAudio.sine(f0: 200, seconds: 0.5, sampleRate: rate, rmsDBFS: -45)
        return gap + loud + gap + quiet + gap + loud + gap
    }

    @Test(arguments: [8_000, 16_000, 44_100])
    func theSilenceThresholdChangesTheResult(rate: Int) {
        let audio = WAVAudio(samples: Self.quietMiddleBurst(rate: rate), sampleRate: rate)
        // At −40 dBFS the −45 dBFS burst is silence: one pause of 1.5 s.
        let strict = ProsodyAnalyzer(pauses: PauseDetector(silenceDBFS: -40)).analyze(audio)
        #expect(strict.pauseCount == 1)
        #expect(abs((strict.pauses.first?.duration ?? 0) - 1.5) <= 0.020)
        // At −50 dBFS it is speech: two pauses of 0.5 s.
        let lenient = ProsodyAnalyzer(pauses: PauseDetector(silenceDBFS: -50)).analyze(audio)
        #expect(lenient.pauseCount == 2)
        for pause in lenient.pauses { #expect(abs(pause.duration - 0.5) <= 0.020) }
        #expect(lenient.silenceThresholdDBFS.map { abs($0 - -50) < 0.001 } == true)
    }

    @Test func theRelativeThresholdFollowsAQuietRecording() {
        // Speech at about −50 dBFS: below the absolute −40 dBFS threshold, so no speech at all.
        let rate = 16_000
        let gap = SyntheticAudio.silence(seconds: 0.5, sampleRate: rate)
        let burst = SyntheticAudio.sine(f0: 200, seconds: 0.4, sampleRate: rate, rmsDBFS: -50)
        let audio = WAVAudio(samples: gap + burst + gap + burst + gap + burst + gap, sampleRate: rate)
        let absolute = ProsodyAnalyzer().analyze(audio)
        #expect(absolute.pauseCount == 0 && absolute.speakingTime == 0)
        let relative = ProsodyAnalyzer(pauses: PauseDetector(silenceThreshold: .relative(decibelsBelowLoud: 30, floorDBFS: -70))).analyze(audio)
        #expect(relative.pauseCount == 2)
        for pause in relative.pauses { #expect(abs(pause.duration - 0.5) <= 0.020) }
    }

    // MARK: SNR

    @Test(arguments: [(-50.0, 30.0), (-60.0, 40.0), (-45.0, 25.0)])
    func estimatesTheSignalToNoiseRatio(noiseDBFS: Double, expected: Double) throws {
        let rate = 16_000
        let tone = SyntheticAudio.sine(f0: 200, seconds: 1.0, sampleRate: rate, rmsDBFS: -20)
        let silence = [Float](repeating: 0, count: tone.count)
        let clean = silence + tone + silence + tone + silence
        let noise = SyntheticAudio.whiteNoise(seconds: Double(clean.count) / Double(rate), sampleRate: rate, rmsDBFS: noiseDBFS, seed: 42)
        let noisy = zip(clean, noise).map { $0 + $1 }
        let features = ProsodyAnalyzer().analyze(WAVAudio(samples: noisy, sampleRate: rate))
        let snr = try #require(features.snrDB)
        #expect(abs(snr - expected) <= 2, "SNR \(snr) dB for a −20 dBFS tone over \(noiseDBFS) dBFS noise")
        #expect(features.pauseCount == 1)
        #expect(features.summary.contains(String(format: "SNR %.0f dB", snr)))
    }

    @Test func thereIsNoSNRWithoutSilence() {
        let tone = SyntheticAudio.harmonicTone(f0: 150, seconds: 1, sampleRate: 16_000)
        let features = ProsodyAnalyzer().analyze(WAVAudio(samples: tone, sampleRate: 16_000))
        #expect(features.snrDB == nil)
        #expect(!features.summary.contains("SNR"))
        // Digital silence has no measurable noise: the floor of −120 dBFS keeps the value finite.
        let bursts = SyntheticAudio.bursts(f0: 150, burst: 0.4, gaps: [0.5], sampleRate: 16_000)
        let clean = ProsodyAnalyzer().analyze(WAVAudio(samples: bursts.samples, sampleRate: 16_000))
        #expect(clean.snrDB.map { $0.isFinite && $0 > 90 } == true)
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
        #expect(decoded.snrDB != nil)
        let json = String(decoding: try JSONEncoder().encode(features), as: UTF8.self)
        #expect(json.contains("\"snrDB\""))
        #expect(features.summary.contains("median pitch 150 Hz"))
        #expect(features.summary.contains("1 pause"))
    }
}

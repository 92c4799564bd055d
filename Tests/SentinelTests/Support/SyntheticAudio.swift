import Foundation
import LLM
@testable import Sentinel

/// Builds synthetic signals and WAV files for the prosody tests.
enum SyntheticAudio {
    /// A harmonic tone: F0 plus `harmonics - 1` overtones with amplitudes 1/k (a crude voice).
    static func harmonicTone(f0: Double, seconds: Double, sampleRate: Int, amplitude: Double = 0.5,
                             harmonics: Int = 5, phase: Double = 0) -> [Float] {
        let count = Int((seconds * Double(sampleRate)).rounded())
        let norm = (1...harmonics).reduce(0.0) { $0 + 1 / Double($1) }
        return (0..<count).map { i in
            let t = Double(i) / Double(sampleRate)
            var value = 0.0
            for k in 1...harmonics where Double(k) * f0 < Double(sampleRate) / 2 {
                value += sin(2 * .pi * Double(k) * f0 * t + phase * Double(k)) / Double(k)
            }
            return Float(amplitude * value / norm)
        }
    }

    /// Silence, optionally with low uniform noise (deterministic).
    static func silence(seconds: Double, sampleRate: Int, noise: Float = 0, seed: UInt64 = 1) -> [Float] {
        var generator = SeededGenerator(seed: seed)
        let count = Int((seconds * Double(sampleRate)).rounded())
        return (0..<count).map { _ in noise == 0 ? 0 : Float.random(in: -noise...noise, using: &generator) }
    }

    /// Tone bursts separated by the given silences: burst, gap[0], burst, gap[1], …, burst.
    /// Returns the samples and the true pause intervals (start, duration) in seconds.
    static func bursts(f0: Double, burst: Double, gaps: [Double], sampleRate: Int, lead: Double = 0.3,
                       noise: Float = 0) -> (samples: [Float], pauses: [(start: Double, duration: Double)]) {
        var samples = silence(seconds: lead, sampleRate: sampleRate, noise: noise, seed: 7)
        var pauses: [(Double, Double)] = []
        for index in 0...gaps.count {
            samples += harmonicTone(f0: f0, seconds: burst, sampleRate: sampleRate)
            if index < gaps.count {
                pauses.append((Double(samples.count) / Double(sampleRate), gaps[index]))
                samples += silence(seconds: gaps[index], sampleRate: sampleRate, noise: noise, seed: UInt64(index + 11))
            }
        }
        samples += silence(seconds: lead, sampleRate: sampleRate, noise: noise, seed: 99)
        return (samples, pauses)
    }

    /// A sine whose RMS level is `rmsDBFS` (amplitude = √2 · 10^(dBFS/20)).
    static func sine(f0: Double, seconds: Double, sampleRate: Int, rmsDBFS: Double) -> [Float] {
        let amplitude = 2.0.squareRoot() * pow(10, rmsDBFS / 20)
        let count = Int((seconds * Double(sampleRate)).rounded())
        return (0..<count).map { Float(amplitude * sin(2 * .pi * f0 * Double($0) / Double(sampleRate))) }
    }

    /// Gaussian white noise whose RMS level is `rmsDBFS` (deterministic for a seed).
    static func whiteNoise(seconds: Double, sampleRate: Int, rmsDBFS: Double, seed: UInt64) -> [Float] {
        var generator = SeededGenerator(seed: seed)
        let sigma = pow(10, rmsDBFS / 20)
        let count = Int((seconds * Double(sampleRate)).rounded())
        return (0..<count).map { _ in
            // Box–Muller.
            let u1 = Double.random(in: Double.ulpOfOne..<1, using: &generator)
            let u2 = Double.random(in: 0..<1, using: &generator)
            return Float(sigma * (-2 * log(u1)).squareRoot() * cos(2 * .pi * u2))
        }
    }

    /// WAV bytes for mono samples (duplicated to every channel).
    static func wav(_ samples: [Float], sampleRate: Int, encoding: WAVAudio.Encoding, channels: Int = 1,
                    extensible: Bool = false) -> Data {
        var body = Data()
        for sample in samples {
            for _ in 0..<channels {
                switch encoding {
                case .pcm16:
                    let value = Int16(max(-32768, min(32767, (Double(sample) * 32768).rounded())))
                    body.append(le: UInt16(bitPattern: value))
                case .pcm24:
                    let value = Int32(max(-8_388_608, min(8_388_607, (Double(sample) * 8_388_608).rounded())))
                    let bits = UInt32(bitPattern: value)
                    body.append(contentsOf: [UInt8(bits & 0xFF), UInt8((bits >> 8) & 0xFF), UInt8((bits >> 16) & 0xFF)])
                case .float32:
                    body.append(le: sample.bitPattern)
                }
            }
        }
        let code: UInt16 = encoding == .float32 ? 3 : 1
        return wavFile(code: code, channels: channels, sampleRate: sampleRate, bits: encoding.bytesPerSample * 8,
                       body: body, extensible: extensible)
    }

    /// A WAV file from raw parts, for corrupt-header tests.
    static func wavFile(code: UInt16, channels: Int, sampleRate: Int, bits: Int, body: Data, extensible: Bool = false,
                        blockAlign: Int? = nil, declaredDataSize: UInt32? = nil) -> Data {
        let align = blockAlign ?? channels * bits / 8
        var fmt = Data()
        fmt.append(le: extensible ? UInt16(0xFFFE) : code)
        fmt.append(le: UInt16(channels))
        fmt.append(le: UInt32(sampleRate))
        fmt.append(le: UInt32(sampleRate * align))
        fmt.append(le: UInt16(align))
        fmt.append(le: UInt16(bits))
        if extensible {
            fmt.append(le: UInt16(22))
            fmt.append(le: UInt16(bits))
            fmt.append(le: UInt32(channels == 1 ? 4 : 3))
            fmt.append(le: code)
            fmt.append(contentsOf: [0x00, 0x00, 0x00, 0x00, 0x10, 0x00, 0x80, 0x00, 0x00, 0xAA, 0x00, 0x38, 0x9B, 0x71])
        }
        var file = Data("RIFF".utf8)
        file.append(le: UInt32(4 + 8 + fmt.count + 8 + body.count))
        file.append(Data("WAVE".utf8))
        file.append(Data("fmt ".utf8))
        file.append(le: UInt32(fmt.count))
        file.append(fmt)
        // An unrelated chunk before the data, as real recorders write.
        file.append(Data("LIST".utf8))
        file.append(le: UInt32(3))
        file.append(contentsOf: [1, 2, 3, 0])
        file.append(Data("data".utf8))
        file.append(le: declaredDataSize ?? UInt32(body.count))
        file.append(body)
        return file
    }

    /// Writes data to a fresh temporary file and returns its path.
    static func temporaryFile(_ data: Data, suffix: String) throws -> String {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("sentinel-test-\(UUID().uuidString)\(suffix)")
        try data.write(to: url)
        return url.path
    }
}

extension Data {
    mutating func append(le value: UInt16) { Swift.withUnsafeBytes(of: value.littleEndian) { append(contentsOf: $0) } }
    mutating func append(le value: UInt32) { Swift.withUnsafeBytes(of: value.littleEndian) { append(contentsOf: $0) } }
}

/// A small deterministic random number generator, so failures can be replayed (LLM's SplitMix64).
typealias SeededGenerator = SplitMix64

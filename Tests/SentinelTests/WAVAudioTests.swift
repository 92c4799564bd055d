import Foundation
@testable import Sentinel
import Testing

@Suite struct WAVAudioTests {
    static let ramp: [Float] = (0..<400).map { Float($0 - 200) / 256 }

    @Test(arguments: [WAVAudio.Encoding.pcm16, .pcm24, .float32], [1, 2])
    func decodesEveryEncodingMonoAndStereo(encoding: WAVAudio.Encoding, channels: Int) throws {
        let data = SyntheticAudio.wav(Self.ramp, sampleRate: 16_000, encoding: encoding, channels: channels)
        let audio = try WAVAudio(data: data)
        #expect(audio.sampleRate == 16_000)
        #expect(audio.channelCount == channels)
        #expect(audio.encoding == encoding)
        #expect(audio.samples.count == Self.ramp.count)
        let tolerance: Float = encoding == .pcm16 ? 1.0 / 32768 : 1.0 / 8_000_000
        for (decoded, original) in zip(audio.samples, Self.ramp) { #expect(abs(decoded - original) <= tolerance) }
    }

    @Test func stereoIsMixedToMono() throws {
        // Left +0.5, right -0.25 → mean 0.125.
        var body = Data()
        for _ in 0..<10 {
            body.append(le: UInt16(bitPattern: 16384))
            body.append(le: UInt16(bitPattern: -8192))
        }
        let audio = try WAVAudio(data: SyntheticAudio.wavFile(code: 1, channels: 2, sampleRate: 8_000, bits: 16, body: body))
        #expect(audio.samples.allSatisfy { $0 == 0.125 })
    }

    @Test(arguments: [WAVAudio.Encoding.pcm16, .pcm24, .float32])
    func decodesExtensibleFormat(encoding: WAVAudio.Encoding) throws {
        let data = SyntheticAudio.wav(Self.ramp, sampleRate: 48_000, encoding: encoding, channels: 2, extensible: true)
        let audio = try WAVAudio(data: data)
        #expect(audio.encoding == encoding && audio.sampleRate == 48_000 && audio.samples.count == Self.ramp.count)
    }

    @Test(arguments: [8_000, 11_025, 16_000, 22_050, 44_100, 48_000, 96_000])
    func acceptsCommonSampleRates(rate: Int) throws {
        let audio = try WAVAudio(data: SyntheticAudio.wav(Self.ramp, sampleRate: rate, encoding: .pcm16))
        #expect(audio.sampleRate == rate)
        #expect(abs(audio.duration - Double(Self.ramp.count) / Double(rate)) < 1e-12)
    }

    @Test func readsFromAFile() throws {
        let path = try SyntheticAudio.temporaryFile(SyntheticAudio.wav(Self.ramp, sampleRate: 16_000, encoding: .pcm24), suffix: ".wav")
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(try WAVAudio.read(path: path).samples.count == Self.ramp.count)
    }

    // MARK: Rejections

    @Test func rejectsAFileThatIsNotWAV() {
        let error = #expect(throws: WAVError.self) { try WAVAudio(data: Data("ID3\u{3}hello this is an mp3".utf8)) }
        guard case .notWAV? = error else { Issue.record("wrong error \(String(describing: error))"); return }
        #expect(error!.description.contains("not a WAV file"))
        #expect(error!.description.contains("ffmpeg"))
    }

    @Test func rejectsACorruptRIFFHeader() {
        var data = SyntheticAudio.wav(Self.ramp, sampleRate: 16_000, encoding: .pcm16)
        data.replaceSubrange(8..<12, with: Data("AVI ".utf8))
        let error = #expect(throws: WAVError.self) { try WAVAudio(data: data) }
        guard case .notWAV(let found)? = error else { Issue.record("wrong error \(String(describing: error))"); return }
        #expect(found.hasPrefix("'RIFF") && found.hasSuffix("AVI '"))
    }

    @Test func rejectsATruncatedDataChunkWithByteCounts() {
        let data = SyntheticAudio.wav(Self.ramp, sampleRate: 16_000, encoding: .pcm16)
        let cut = data.prefix(data.count - 100)
        let error = #expect(throws: WAVError.self) { try WAVAudio(data: Data(cut)) }
        #expect(error == .truncated(chunk: "data", declaredBytes: 800, availableBytes: 700))
        #expect(error?.description.contains("truncated") == true)
    }

    @Test func rejectsAFileCutInsideTheHeader() {
        let data = SyntheticAudio.wav(Self.ramp, sampleRate: 16_000, encoding: .pcm16)
        #expect(throws: WAVError.self) { try WAVAudio(data: Data(data.prefix(30))) }
        #expect(throws: WAVError.self) { try WAVAudio(data: Data(data.prefix(6))) }
        #expect(throws: WAVError.self) { try WAVAudio(data: Data()) }
    }

    @Test func rejectsUnsupportedEncodings() {
        let body = Data(repeating: 0, count: 64)
        #expect(throws: WAVError.unsupportedEncoding("8-bit PCM")) {
            try WAVAudio(data: SyntheticAudio.wavFile(code: 1, channels: 1, sampleRate: 8_000, bits: 8, body: body))
        }
        #expect(throws: WAVError.unsupportedEncoding("32-bit PCM")) {
            try WAVAudio(data: SyntheticAudio.wavFile(code: 1, channels: 1, sampleRate: 8_000, bits: 32, body: body))
        }
        #expect(throws: WAVError.unsupportedEncoding("64-bit float")) {
            try WAVAudio(data: SyntheticAudio.wavFile(code: 3, channels: 1, sampleRate: 8_000, bits: 64, body: body))
        }
        #expect(throws: WAVError.unsupportedEncoding("µ-law")) {
            try WAVAudio(data: SyntheticAudio.wavFile(code: 7, channels: 1, sampleRate: 8_000, bits: 8, body: body))
        }
    }

    @Test func rejectsMoreThanTwoChannelsAndOddRates() {
        let body = Data(repeating: 0, count: 120)
        #expect(throws: WAVError.unsupportedChannelCount(6)) {
            try WAVAudio(data: SyntheticAudio.wavFile(code: 1, channels: 6, sampleRate: 48_000, bits: 16, body: body))
        }
        #expect(throws: WAVError.unsupportedSampleRate(4_000)) {
            try WAVAudio(data: SyntheticAudio.wavFile(code: 1, channels: 1, sampleRate: 4_000, bits: 16, body: body))
        }
    }

    @Test func rejectsAnInconsistentBlockAlign() {
        let error = #expect(throws: WAVError.self) {
            try WAVAudio(data: SyntheticAudio.wavFile(code: 1, channels: 2, sampleRate: 16_000, bits: 16,
                                                      body: Data(repeating: 0, count: 64), blockAlign: 3))
        }
        guard case .corruptHeader(let reason)? = error else { Issue.record("wrong error"); return }
        #expect(reason.contains("block align"))
    }

    @Test func rejectsADataChunkThatIsNotWholeFrames() {
        let error = #expect(throws: WAVError.self) {
            try WAVAudio(data: SyntheticAudio.wavFile(code: 1, channels: 2, sampleRate: 16_000, bits: 16,
                                                      body: Data(repeating: 0, count: 66)))
        }
        guard case .corruptHeader? = error else { Issue.record("wrong error"); return }
    }

    @Test func rejectsEmptyAudioAndNaN() {
        #expect(throws: WAVError.noSamples) {
            try WAVAudio(data: SyntheticAudio.wavFile(code: 1, channels: 1, sampleRate: 16_000, bits: 16, body: Data()))
        }
        var body = Data()
        body.append(le: Float(0.25).bitPattern)
        body.append(le: Float.nan.bitPattern)
        #expect(throws: WAVError.nonFiniteSample(index: 1)) {
            try WAVAudio(data: SyntheticAudio.wavFile(code: 3, channels: 1, sampleRate: 16_000, bits: 32, body: body))
        }
    }

    @Test func acceptsAStreamedDataSize() throws {
        let body = SyntheticAudio.wav(Self.ramp, sampleRate: 16_000, encoding: .pcm16).suffix(800)
        let data = SyntheticAudio.wavFile(code: 1, channels: 1, sampleRate: 16_000, bits: 16, body: Data(body),
                                          declaredDataSize: 0xFFFF_FFFF)
        #expect(try WAVAudio(data: data).samples.count == 400)
    }

    @Test func rejectsRF64AndAChunkRunningPastTheEnd() throws {
        var rf64 = SyntheticAudio.wav(Self.ramp, sampleRate: 16_000, encoding: .pcm16)
        rf64.replaceSubrange(0..<4, with: Data("RF64".utf8))
        #expect(throws: WAVError.unsupportedEncoding("RF64 (WAV larger than 4 GB)")) { try WAVAudio(data: rf64) }
        // The LIST chunk before the data claims 1 MB.
        var data = SyntheticAudio.wav(Self.ramp, sampleRate: 16_000, encoding: .pcm16)
        let list = try #require(data.range(of: Data("LIST".utf8)))
        data.replaceSubrange(list.upperBound..<list.upperBound + 4, with: Data([0, 0, 0x10, 0]))
        let error = #expect(throws: WAVError.self) { try WAVAudio(data: data) }
        guard case .truncated(let chunk, let declared, _)? = error else { Issue.record("wrong error"); return }
        #expect(chunk == "LIST" && declared == 1_048_576)
    }

    @Test func missingFileIsAClearError() {
        let error = #expect(throws: WAVError.self) { try WAVAudio.read(path: "/nonexistent/voice.wav") }
        #expect(error?.description.contains("/nonexistent/voice.wav") == true)
    }
}

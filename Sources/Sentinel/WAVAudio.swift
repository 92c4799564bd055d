import Foundation

/// Decoded audio from a RIFF/WAVE file, mixed down to mono.
///
/// Supported: 16-bit PCM, 24-bit PCM and 32-bit IEEE float, plain or `WAVE_FORMAT_EXTENSIBLE`,
/// mono or stereo, 8 000–192 000 Hz. Anything else, and truncated or corrupt files, are rejected
/// with a ``WAVError`` that says what is wrong. Audio stays in memory only while it is analysed.
/// Float samples beyond full scale are clipped to [-1, 1]; non-finite ones reject the file.
public struct WAVAudio: Sendable, Hashable {
    /// How samples are stored in the file.
    public enum Encoding: String, Sendable, Hashable, Codable {
        /// Signed 16-bit integers.
        case pcm16
        /// Signed 24-bit integers.
        case pcm24
        /// 32-bit IEEE floating point.
        case float32

        var bytesPerSample: Int { self == .pcm16 ? 2 : self == .pcm24 ? 3 : 4 }
    }

    /// Samples per second.
    public var sampleRate: Int
    /// Channels in the file (the samples here are their average).
    public var channelCount: Int
    /// The file's sample encoding.
    public var encoding: Encoding
    /// Mono samples in -1…1.
    public var samples: [Float]

    /// Audio from samples (for synthetic signals and other front ends).
    public init(samples: [Float], sampleRate: Int, channelCount: Int = 1, encoding: Encoding = .float32) {
        self.samples = samples
        self.sampleRate = sampleRate
        self.channelCount = channelCount
        self.encoding = encoding
    }

    /// Length in seconds.
    public var duration: Double { Double(samples.count) / Double(sampleRate) }

    /// Reads and decodes a WAV file.
    public static func read(path: String) throws(WAVError) -> WAVAudio {
        let data: Data
        do { data = try Data(contentsOf: URL(fileURLWithPath: path)) } catch {
            throw .unreadableFile(path: path, reason: (error as NSError).localizedDescription)
        }
        return try WAVAudio(data: data)
    }

    /// Decodes WAV bytes.
    public init(data: Data) throws(WAVError) {
        let bytes = [UInt8](data)
        func ascii(_ range: Range<Int>) -> String {
            String(decoding: bytes[range].map { (32...126).contains($0) ? $0 : UInt8(ascii: "?") }, as: UTF8.self)
        }
        let magic = bytes.count >= 4 ? ascii(0..<4) : ""
        guard bytes.count >= 12 else {
            if magic == "RIFF" { throw .truncated(chunk: "RIFF", declaredBytes: 12, availableBytes: bytes.count) }
            throw .notWAV(found: bytes.isEmpty ? "nothing (the file is empty)" : "'\(ascii(0..<bytes.count))'")
        }
        if magic == "RF64" { throw .unsupportedEncoding("RF64 (WAV larger than 4 GB)") }
        guard magic == "RIFF", ascii(8..<12) == "WAVE" else { throw .notWAV(found: "'\(ascii(0..<12))'") }
        var format: Format?
        var dataRange: Range<Int>?
        var streamed = false
        var offset = 12
        while offset + 8 <= bytes.count, format == nil || dataRange == nil {
            let id = ascii(offset..<offset + 4)
            let size = Int(bytes.uint32(at: offset + 4))
            let start = offset + 8
            let available = bytes.count - start
            if id == "data" {
                // 0xFFFFFFFF marks a stream whose length was never written: take the rest of the file.
                if size == 0xFFFF_FFFF {
                    dataRange = start..<bytes.count
                    streamed = true
                    if format != nil { break }
                    offset = bytes.count
                    continue
                }
                guard size <= available else {
                    throw .truncated(chunk: "data", declaredBytes: size, availableBytes: available)
                }
                dataRange = start..<start + size
            } else if id == "fmt " {
                guard size <= available else {
                    throw .truncated(chunk: "fmt ", declaredBytes: size, availableBytes: available)
                }
                format = try Format(bytes[start..<start + size])
            } else if size > available {
                throw .truncated(chunk: id, declaredBytes: size, availableBytes: available)
            }
            offset = start + size + (size & 1)
        }
        guard let format else { throw .missingChunk("fmt ") }
        guard let dataRange else { throw .missingChunk("data") }
        let frameBytes = format.channels * format.encoding.bytesPerSample
        guard dataRange.count % frameBytes == 0 || streamed else {
            throw .corruptHeader("the data chunk (\(dataRange.count) bytes) is not a whole number of \(frameBytes)-byte frames")
        }
        let frames = dataRange.count / frameBytes
        guard frames > 0 else { throw .noSamples }

        var samples = [Float](repeating: 0, count: frames)
        let scale = 1 / Float(format.channels)
        try bytes.withUnsafeBufferPointer { (raw: UnsafeBufferPointer<UInt8>) throws(WAVError) in
            var position = dataRange.lowerBound
            for frame in 0..<frames {
                var sum: Float = 0
                for _ in 0..<format.channels {
                    let value: Float
                    switch format.encoding {
                    case .pcm16:
                        value = Float(Int16(bitPattern: UInt16(raw[position]) | UInt16(raw[position + 1]) << 8)) / 32768
                    case .pcm24:
                        let unsigned = UInt32(raw[position]) | UInt32(raw[position + 1]) << 8 | UInt32(raw[position + 2]) << 16
                        value = Float(Int32(bitPattern: unsigned << 8) >> 8) / 8_388_608
                    case .float32:
                        let bits = UInt32(raw[position]) | UInt32(raw[position + 1]) << 8
                            | UInt32(raw[position + 2]) << 16 | UInt32(raw[position + 3]) << 24
                        let raw = Float(bitPattern: bits)
                        guard raw.isFinite else { throw .nonFiniteSample(index: frame) }
                        // Float audio above full scale is clipped, as a sound card would play it: a
                        // sample of 1e25 would otherwise overflow every energy sum downstream.
                        value = min(1, max(-1, raw))
                    }
                    sum += value
                    position += format.encoding.bytesPerSample
                }
                samples[frame] = sum * scale
            }
        }
        self.init(samples: samples, sampleRate: format.sampleRate, channelCount: format.channels, encoding: format.encoding)
    }

    /// The parts of the `fmt ` chunk that decoding needs, checked.
    private struct Format {
        var encoding: Encoding
        var channels: Int
        var sampleRate: Int

        init(_ chunk: ArraySlice<UInt8>) throws(WAVError) {
            let bytes = Array(chunk)
            guard bytes.count >= 16 else {
                throw .corruptHeader("the fmt chunk is \(bytes.count) bytes; at least 16 are needed")
            }
            var code = Int(bytes.uint16(at: 0))
            channels = Int(bytes.uint16(at: 2))
            sampleRate = Int(bytes.uint32(at: 4))
            let blockAlign = Int(bytes.uint16(at: 12))
            let bits = Int(bytes.uint16(at: 14))
            if code == 0xFFFE {
                guard bytes.count >= 40 else {
                    throw .corruptHeader("the extensible fmt chunk is \(bytes.count) bytes; 40 are needed")
                }
                code = Int(bytes.uint16(at: 24))  // the first two bytes of the sub-format GUID
            }
            switch (code, bits) {
            case (1, 16): encoding = .pcm16
            case (1, 24): encoding = .pcm24
            case (3, 32): encoding = .float32
            case (1, _): throw .unsupportedEncoding("\(bits)-bit PCM")
            case (3, _): throw .unsupportedEncoding("\(bits)-bit float")
            case (6, _): throw .unsupportedEncoding("A-law")
            case (7, _): throw .unsupportedEncoding("µ-law")
            default: throw .unsupportedEncoding("format code \(code) (\(bits) bits)")
            }
            guard channels > 0 else { throw .corruptHeader("the channel count is 0") }
            guard channels <= 2 else { throw .unsupportedChannelCount(channels) }
            guard (8_000...192_000).contains(sampleRate) else { throw .unsupportedSampleRate(sampleRate) }
            guard blockAlign == channels * encoding.bytesPerSample else {
                throw .corruptHeader("block align is \(blockAlign) but \(channels) channel(s) of \(bits)-bit samples "
                    + "need \(channels * encoding.bytesPerSample)")
            }
        }
    }
}

extension Array where Element == UInt8 {
    func uint16(at offset: Int) -> UInt16 { UInt16(self[offset]) | UInt16(self[offset + 1]) << 8 }

    func uint32(at offset: Int) -> UInt32 {
        UInt32(self[offset]) | UInt32(self[offset + 1]) << 8 | UInt32(self[offset + 2]) << 16 | UInt32(self[offset + 3]) << 24
    }
}

import Foundation

/// A WAV file that cannot be analysed, with what is wrong and what to do.
public enum WAVError: Error, Sendable, Hashable, LocalizedError, CustomStringConvertible {
    /// The file could not be read.
    case unreadableFile(path: String, reason: String)
    /// The file does not start with a RIFF/WAVE header.
    case notWAV(found: String)
    /// The file ends before a chunk it declares.
    case truncated(chunk: String, declaredBytes: Int, availableBytes: Int)
    /// A required chunk (`fmt ` or `data`) is missing.
    case missingChunk(String)
    /// The header contradicts itself or is too short.
    case corruptHeader(String)
    /// The sample encoding is not one of 16-bit PCM, 24-bit PCM or 32-bit float.
    case unsupportedEncoding(String)
    /// More than two channels.
    case unsupportedChannelCount(Int)
    /// A sample rate outside 8 000–192 000 Hz.
    case unsupportedSampleRate(Int)
    /// The data chunk holds no samples.
    case noSamples
    /// A floating-point sample is NaN or infinite.
    case nonFiniteSample(index: Int)

    static let conversionHint = "Convert it with, for example: ffmpeg -i input -ac 1 -c:a pcm_s16le output.wav"

    public var description: String {
        switch self {
        case .unreadableFile(let path, let reason):
            return "Cannot read the audio file \(path): \(reason)."
        case .notWAV(let found):
            return "This is not a WAV file: it starts with \(found) instead of a RIFF/WAVE header. \(Self.conversionHint)"
        case .truncated(let chunk, let declared, let available):
            return "The WAV file is truncated: its '\(chunk)' chunk declares \(declared) bytes but only \(available) "
                + "are present. Record or export the file again."
        case .missingChunk(let chunk):
            return "The WAV file has no '\(chunk)' chunk, so it cannot be decoded. Record or export the file again."
        case .corruptHeader(let reason):
            return "The WAV header is corrupt: \(reason). Record or export the file again."
        case .unsupportedEncoding(let encoding):
            return "Unsupported WAV encoding \(encoding): only 16-bit PCM, 24-bit PCM and 32-bit float are supported. "
                + Self.conversionHint
        case .unsupportedChannelCount(let count):
            return "Unsupported channel count \(count): only mono and stereo are supported. \(Self.conversionHint)"
        case .unsupportedSampleRate(let rate):
            return "Unsupported sample rate \(rate) Hz: use a rate between 8000 and 192000 Hz. \(Self.conversionHint)"
        case .noSamples:
            return "The WAV file contains no audio samples."
        case .nonFiniteSample(let index):
            return "The WAV file is corrupt: sample \(index) is not a finite number."
        }
    }

    public var errorDescription: String? { description }
}

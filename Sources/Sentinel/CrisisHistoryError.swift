import Foundation

/// Why the crisis history could not be read or saved.
///
/// Whenever an existing history file cannot be opened, it is left exactly as it was: nothing
/// overwrites a history that might still be recovered.
public enum CrisisHistoryError: Error, Sendable, Hashable, LocalizedError, CustomStringConvertible {
    /// The data directory could not be created.
    case cannotCreateDirectory(path: String, reason: String)
    /// A file exists but could not be read.
    case unreadable(path: String, reason: String)
    /// The history file does not start with the Sentinel header (not ours, or truncated).
    case notAHistoryFile(path: String)
    /// The history file failed authentication: it is corrupt, or was sealed with another key.
    case cannotDecrypt(path: String, keyPath: String)
    /// There is a history file but no key to open it.
    case keyMissing(path: String, keyPath: String)
    /// The key file is not a 256-bit key.
    case invalidKey(keyPath: String, byteCount: Int)
    /// The history decrypted but its contents are not a history this version understands.
    case unsupportedContents(path: String, reason: String)
    /// A file could not be written.
    case cannotWrite(path: String, reason: String)

    private static let untouched = "The file was left untouched; move it aside to start a new history."

    /// What went wrong and what to do, in a sentence or two (paths only, never history contents).
    public var description: String {
        switch self {
        case .cannotCreateDirectory(let path, let reason):
            return "Cannot use the Sentinel data directory \(path): \(reason)."
        case .unreadable(let path, let reason):
            return "Cannot read \(path): \(reason)."
        case .notAHistoryFile(let path):
            return "\(path) is not a Sentinel crisis history file (its header is missing or it is truncated). " + Self.untouched
        case .cannotDecrypt(let path, let keyPath):
            return "The crisis history \(path) cannot be decrypted with the key \(keyPath): the file is corrupt "
                + "or was encrypted with a different key. " + Self.untouched
        case .keyMissing(let path, let keyPath):
            return "The crisis history \(path) exists but its key \(keyPath) is missing, so it cannot be decrypted. "
                + Self.untouched
        case .invalidKey(let keyPath, let byteCount):
            return "The key file \(keyPath) holds \(byteCount) bytes; a crisis-history key is 32 bytes (AES-256). "
                + "It was left untouched."
        case .unsupportedContents(let path, let reason):
            return "The crisis history \(path) decrypted but could not be read (\(reason)). " + Self.untouched
        case .cannotWrite(let path, let reason):
            return "Cannot write \(path): \(reason). The previous file, if any, is unchanged."
        }
    }

    /// The same as ``description``.
    public var errorDescription: String? { description }
}

import Foundation

/// Why the encrypted store could not be opened, read or written.
///
/// Messages name files and what to do, never any clinical content. A store or key that cannot be
/// opened is left exactly as it was.
public enum SentinelStoreError: Error, Sendable, Hashable, LocalizedError, CustomStringConvertible {
    /// The data directory could not be created, is not a directory, or any user can write to it.
    case cannotCreateDirectory(path: String, reason: String)
    /// The key file exists but is not a Sentinel key file.
    case invalidKeyFile(path: String, reason: String)
    /// The store was created with a passphrase and none was given.
    case passphraseRequired(keyPath: String)
    /// The passphrase does not open the key file.
    case wrongPassphrase(keyPath: String)
    /// A passphrase was given but the store was created without one.
    case passphraseNotUsed(keyPath: String)
    /// There is a database but no key to open it.
    case keyMissing(databasePath: String, keyPath: String)
    /// An encrypted field failed authentication: corrupt, or sealed with another key.
    case cannotDecrypt(path: String, field: String)
    /// Encrypted content decrypted but is not what this version understands.
    case unsupportedContents(path: String, field: String, reason: String)
    /// SQLite refused: damaged file, locked by another process, disk full, ….
    case database(path: String, reason: String)
    /// A file could not be written or removed.
    case cannotWrite(path: String, reason: String)

    /// What went wrong and what to do (paths only, never clinical content).
    public var description: String {
        switch self {
        case .cannotCreateDirectory(let path, let reason):
            return "Cannot use the Sentinel data directory \(path): \(reason)."
        case .invalidKeyFile(let path, let reason):
            return "\(path) is not a Sentinel store key (\(reason)). It was left untouched; without it the store cannot be "
                + "decrypted. Run `sentinel purge` to start over."
        case .passphraseRequired(let keyPath):
            return "The Sentinel store is protected by a passphrase (\(keyPath)); set SENTINEL_PASSPHRASE or pass --passphrase-env."
        case .wrongPassphrase(let keyPath):
            return "The passphrase does not open the Sentinel store key \(keyPath). Nothing was changed."
        case .passphraseNotUsed(let keyPath):
            return "A passphrase was given, but the Sentinel store was created without one (its key is the file \(keyPath)). "
                + "Unset SENTINEL_PASSPHRASE, or run `sentinel purge` and start a passphrase-protected store."
        case .keyMissing(let databasePath, let keyPath):
            return "The Sentinel store \(databasePath) exists but its key \(keyPath) is missing, so it cannot be decrypted. "
                + "It was left untouched; run `sentinel purge` to start over."
        case .cannotDecrypt(let path, let field):
            return "The \(field) in \(path) cannot be decrypted with this key: the store is corrupt or was encrypted with a "
                + "different key. Nothing was changed."
        case .unsupportedContents(let path, let field, let reason):
            return "The \(field) in \(path) decrypted but could not be read (\(reason))."
        case .database(let path, let reason):
            return "The Sentinel store \(path) could not be used: \(reason)."
        case .cannotWrite(let path, let reason):
            return "Cannot write \(path): \(reason)."
        }
    }

    /// The same as ``description``.
    public var errorDescription: String? { description }
}

import Foundation

/// Why a storage operation failed. Every case names the path concerned: a logical document path
/// (`data/family.json`), the database file, or a file being imported.
public enum StorageError: Error, Sendable, Hashable, LocalizedError, CustomStringConvertible {
    /// No document at this logical path.
    case notFound(path: String)
    /// The logical path is not allowed (see ``StoragePaths/validate(_:)``).
    case invalidPath(path: String, reason: String)
    /// The database file is not a HomeOS SQLite store or is damaged (an absolute file path), or a
    /// stored document does not decode as the type asked for (a logical path). Never overwritten.
    case corrupt(path: String, detail: String)
    /// Another process held the database's write lock for longer than the busy timeout.
    case locked(path: String)
    /// A value could not be encoded, or data given to store is not JSON.
    case invalidDocument(path: String, detail: String)
    /// The database cannot be opened, created or written (permissions, a read-only or full disk, I/O).
    case unavailable(path: String, detail: String)
    /// A file given to import is not acceptable (not JSON, not a document path, not the right shape).
    case invalidImport(file: String, detail: String)
    /// An export would write into a folder that already holds files.
    case exportDestinationNotEmpty(path: String)
    /// A file or folder outside the database cannot be written (export).
    case cannotWrite(path: String, detail: String)

    public var description: String {
        switch self {
        case .notFound(let path):
            return "No document at \(path)."
        case .invalidPath(let path, let reason):
            return "\"\(path)\" is not a valid document path: \(reason)."
        case .corrupt(let path, let detail) where path.hasPrefix("/"):
            return "The HomeOS database \(path) is damaged or not a HomeOS database (\(detail)). It was left untouched; "
                + "move it aside (or restore a backup) and run `homeos init` or `homeos data import` to start again."
        case .corrupt(let path, let detail):
            return "The document \(path) is damaged: \(detail). Export the data with `homeos data export`, fix the file "
                + "and import it again."
        case .locked(let path):
            return "The HomeOS database \(path) is locked by another process that is writing to it. "
                + "Try again when the other homeos command has finished."
        case .invalidDocument(let path, let detail):
            return "Cannot store \(path): \(detail)."
        case .unavailable(let path, let detail):
            return "Cannot use the HomeOS database \(path): \(detail). Check that the data directory is writable "
                + "(--data-dir or HOMEOS_HOME)."
        case .invalidImport(let file, let detail):
            return "Cannot import \(file): \(detail). Nothing was imported."
        case .exportDestinationNotEmpty(let path):
            return "\(path) already holds files; export into an empty or new folder (or pass --force to overwrite)."
        case .cannotWrite(let path, let detail):
            return "Cannot write \(path): \(detail)."
        }
    }

    public var errorDescription: String? { description }
}

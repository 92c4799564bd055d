import Foundation

/// Why a catalog, install, selection or load step failed, worded so a person knows what to do.
public enum ModelHubError: Error, Sendable, Hashable, LocalizedError, CustomStringConvertible {
    /// The name is neither a catalog id, an alias, nor a download address.
    case unknownModel(String, known: [String])
    /// A catalog entry (built-in or from the user catalog file) is malformed.
    case invalidCatalogEntry(id: String, detail: String)
    /// The user catalog file cannot be read or parsed.
    case invalidUserCatalog(path: String, detail: String)
    /// The model's runtime cannot run on this machine.
    case runtimeUnavailable(id: String, runtime: RuntimeKind, reason: String)
    /// The model cannot be downloaded by HomeOS; `remedy` says how to get it.
    case notDownloadable(id: String, remedy: String)
    /// No SHA-256 is known for a file, and the caller did not accept an unverified download.
    case checksumRequired(id: String, file: String)
    /// A `--sha256` value is not 64 hexadecimal characters, or contradicts the catalog.
    case invalidChecksum(id: String, detail: String)
    /// The model's files are missing, incomplete or fail verification.
    case notInstalled(id: String, detail: String)
    /// Deleting would touch something that is not only this model's.
    case unsafeRemoval(id: String, detail: String)
    /// The model's estimated memory exceeds what the machine has available.
    case insufficientMemory(id: String, estimate: MemoryEstimate, availableBytes: Int64)
    /// The engine failed to load the model; `previousRestored` says whether the model in use
    /// before is loaded again.
    case loadFailed(id: String, detail: String, previousRestored: Bool)
    /// Reading or writing the persisted state failed.
    case storeFailed(path: String, detail: String)

    public var description: String {
        switch self {
        case .unknownModel(let name, let known):
            return "Unknown model '\(name)'. Use one of: \(known.joined(separator: ", ")), an https:// address of a .gguf file, or add it to the user catalog."
        case .invalidCatalogEntry(let id, let detail):
            return "The catalog entry '\(id)' is invalid: \(detail)."
        case .invalidUserCatalog(let path, let detail):
            return "The user catalog \(path) cannot be used: \(detail). Fix or remove the file."
        case .runtimeUnavailable(let id, let runtime, let reason):
            return "The model '\(id)' needs the \(runtime) runtime, which is not available here: \(reason)."
        case .notDownloadable(let id, let remedy):
            return "The model '\(id)' cannot be downloaded by HomeOS. \(remedy)"
        case .checksumRequired(let id, let file):
            return "No published SHA-256 is known for \(file) of '\(id)'. Pass --sha256 HEX (from the publisher's file page), or --unverified to accept what the server sends (its hash is recorded so later changes are detected)."
        case .invalidChecksum(let id, let detail):
            return "Bad SHA-256 for '\(id)': \(detail)."
        case .notInstalled(let id, let detail):
            return "The model '\(id)' is not installed: \(detail)"
        case .unsafeRemoval(let id, let detail):
            return "Not deleting '\(id)': \(detail)"
        case .insufficientMemory(let id, let estimate, let available):
            return "The model '\(id)' needs about \(ByteCount.format(estimate.totalBytes)) (\(estimate.breakdown)) but only \(ByteCount.format(available)) of memory is available. Close other programs, use a smaller --context, or choose a smaller model (homeos models list)."
        case .loadFailed(let id, let detail, let restored):
            return "The model '\(id)' failed to load: \(detail). " + (restored
                ? "The previously selected model is still loaded and selected."
                : "No model is loaded now; the saved selection is unchanged.")
        case .storeFailed(let path, let detail):
            return "Cannot update the model state in \(path): \(detail). Check that the data directory is writable (--data-dir or HOMEOS_HOME)."
        }
    }

    public var errorDescription: String? { description }
}

/// Byte counts for people.
public enum ByteCount {
    /// `bytes` in B, KB, MB or GB (decimal units, as download pages use), one decimal place.
    public static func format(_ bytes: Int64) -> String {
        let value = Double(bytes)
        if value >= 1e9 { return String(format: "%.1f GB", value / 1e9) }
        if value >= 1e6 { return String(format: "%.1f MB", value / 1e6) }
        if value >= 1e3 { return String(format: "%.1f KB", value / 1e3) }
        return "\(bytes) B"
    }
}

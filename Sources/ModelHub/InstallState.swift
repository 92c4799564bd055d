/// Whether a model is on disk and safe to load.
public enum InstallState: Sendable, Hashable, CustomStringConvertible {
    /// Nothing of the model is on disk.
    case notInstalled
    /// A download stopped part-way; `pull` resumes it. Never loadable.
    case partial(downloadedBytes: Int64, totalBytes: Int64?)
    /// Every file is present with the expected size and hash.
    case installed(Verification)
    /// Files are present but fail verification (wrong size or hash); never loadable.
    case damaged(reason: String)
    /// The model cannot run on this machine (its runtime is unavailable); never loadable.
    case unavailable(reason: String)

    /// Whether an engine may load the model.
    public var isInstalled: Bool {
        if case .installed = self { return true }
        return false
    }

    /// Whether the model's hashes were checked against a known value.
    public var isVerified: Bool {
        if case .installed(let verification) = self { return verification != .unverified }
        return false
    }

    /// A short word for tables and JSON: `installed`, `partial`, `not-installed`, `damaged`, `unavailable`.
    public var label: String {
        switch self {
        case .notInstalled: return "not-installed"
        case .partial: return "partial"
        case .installed: return "installed"
        case .damaged: return "damaged"
        case .unavailable: return "unavailable"
        }
    }

    public var description: String {
        switch self {
        case .notInstalled:
            return "not installed"
        case .partial(let done, let total):
            if let total, total > 0 {
                return "partly downloaded (\(ByteCount.format(done)) of \(ByteCount.format(total)); pull resumes it)"
            }
            return "partly downloaded (\(ByteCount.format(done)); pull resumes it)"
        case .installed(let verification):
            return "installed, \(verification)"
        case .damaged(let reason):
            return "damaged: \(reason)"
        case .unavailable(let reason):
            return "unavailable here: \(reason)"
        }
    }
}

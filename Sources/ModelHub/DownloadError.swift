import Foundation

/// Why a download failed. Addresses are shown without query strings, and tokens never appear.
public enum DownloadError: Error, Sendable, Hashable, LocalizedError, CustomStringConvertible {
    /// The address is not an `http(s)` URL.
    case invalidURL(String)
    /// The server refused access (HTTP 401/403).
    case unauthorized(url: String, status: Int, tokenSent: Bool, tokenOrigin: String?)
    /// Nothing is published at the address (HTTP 404/410).
    case notFound(url: String)
    /// The server answered with an unexpected status.
    case httpStatus(Int, url: String)
    /// The server's file size differs from the expected one.
    case sizeMismatch(url: String, expected: Int64, actual: Int64)
    /// The received file's SHA-256 differs from the expected one; nothing was installed.
    case checksumMismatch(url: String, expected: String, actual: String)
    /// Not enough free disk space for the rest of the file.
    case insufficientDiskSpace(directory: String, neededBytes: Int64, availableBytes: Int64)
    /// The transfer kept failing; the bytes received so far are kept for the next attempt.
    case interrupted(url: String, attempts: Int, keptBytes: Int64, lastError: String)
    /// Reading or writing a local file failed.
    case fileSystem(path: String, detail: String)

    /// Whether trying again (with backoff) may help.
    var isRetryable: Bool {
        switch self {
        case .httpStatus(let status, _): return status == 408 || status == 429 || (500...599).contains(status)
        default: return false
        }
    }

    public var description: String {
        switch self {
        case .invalidURL(let url):
            return "'\(url)' is not an http:// or https:// address."
        case .unauthorized(let url, let status, let tokenSent, let origin):
            if tokenSent {
                return "The server refused the access token from \(origin ?? "the configuration") (HTTP \(status)) for \(url). Check that the token has read access and that you accepted the model's terms on its page."
            }
            return "The server requires an access token (HTTP \(status)) for \(url). Accept the model's terms on its page, create a read token, and set HOMEOS_HF_TOKEN (or put it in the hf-token file in the data directory)."
        case .notFound(let url):
            return "Nothing is published at \(url) (HTTP 404). The publisher may have renamed the file; pull its current address instead: homeos models pull https://…"
        case .httpStatus(let status, let url):
            return "The server answered HTTP \(status) for \(url)."
        case .sizeMismatch(let url, let expected, let actual):
            return "The file at \(url) is \(actual) bytes but \(expected) were expected; it is not the catalogued file. Nothing was installed."
        case .checksumMismatch(let url, let expected, let actual):
            return "The file from \(url) has SHA-256 \(actual), not the expected \(expected). It was discarded and nothing was installed; check the address and hash."
        case .insufficientDiskSpace(let directory, let needed, let available):
            return "Not enough disk space in \(directory): \(ByteCount.format(needed)) needed, \(ByteCount.format(available)) free. Free some space or set HOMEOS_MODELS_DIR to a larger disk."
        case .interrupted(let url, let attempts, let kept, let lastError):
            return "The download from \(url) failed \(attempts) times in a row (last error: \(lastError)). The \(ByteCount.format(kept)) received are kept; run the same pull again to resume."
        case .fileSystem(let path, let detail):
            return "Cannot write \(path): \(detail)."
        }
    }

    public var errorDescription: String? { description }
}

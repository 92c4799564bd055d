import Crypto
import Foundation

/// Hashes model files and remembers successful verifications, so a multi-gigabyte file is hashed
/// once rather than on every start.
///
/// A verification is remembered in a stamp next to the file, `<file>.sha256-verified`, holding
/// `"<size> <mtime seconds> <sha256>"` — the format `scripts/setup.sh` writes for the default
/// models. The stamp counts only while the file's size and modification time are unchanged, so
/// replacing or rewriting the file forces a fresh hash. (An edit that keeps both the size and
/// the modification second is not detected without a fresh hash: call ``sha256(of:)``.)
public struct FileVerifier: Sendable {
    /// Suffix of the stamp file that caches a verification.
    public static let stampSuffix = ".sha256-verified"

    /// Creates a verifier.
    public init() {}

    /// The result of checking a file against what is expected of it.
    public enum Check: Sendable, Hashable {
        /// No file at the path.
        case missing
        /// The file's size differs from the expected size.
        case wrongSize(expected: Int64, actual: Int64)
        /// The file's SHA-256 differs from the expected one.
        case wrongHash(expected: String, actual: String)
        /// The file matches the expected size and SHA-256.
        case verified(sha256: String)
        /// No SHA-256 was expected; the file exists (with the expected size, if one was given).
        case present(sizeBytes: Int64)
    }

    /// Checks `url` against an expected size and SHA-256, using and refreshing the stamp cache.
    public func check(_ url: URL, expectedSize: Int64?, expectedSHA256: String?) -> Check {
        guard let (size, mtime) = Self.sizeAndModificationTime(of: url) else { return .missing }
        if let expectedSize, expectedSize != size { return .wrongSize(expected: expectedSize, actual: size) }
        guard let expected = expectedSHA256?.lowercased() else { return .present(sizeBytes: size) }
        if stampMatches(url, size: size, mtime: mtime, sha256: expected) { return .verified(sha256: expected) }
        guard let actual = try? sha256(of: url) else { return .missing }
        guard actual == expected else { return .wrongHash(expected: expected, actual: actual) }
        recordVerified(url, sha256: actual)
        return .verified(sha256: actual)
    }

    /// The SHA-256 of the file at `url`, read in 1 MiB blocks (lowercase hex).
    public func sha256(of url: URL) throws -> String {
        var hasher = SHA256()
        try Self.feed(url, upTo: nil, into: &hasher)
        return hasher.finalize().hexString
    }

    /// Feeds the first `limit` bytes of a file (all of it for `nil`) into `hasher`; returns the count.
    @discardableResult
    static func feed(_ url: URL, upTo limit: Int64?, into hasher: inout SHA256) throws -> Int64 {
        let handle = try FileHandle(forReadingFrom: url)
        defer { try? handle.close() }
        var total: Int64 = 0
        while limit.map({ total < $0 }) ?? true {
            let want = limit.map { Int(min(Int64(1 << 20), $0 - total)) } ?? (1 << 20)
            guard let block = try handle.read(upToCount: want), !block.isEmpty else { break }
            hasher.update(data: block)
            total += Int64(block.count)
        }
        return total
    }

    /// Writes the stamp that records `url` as verified with `sha256` at its current size and
    /// modification time. Failure (a read-only directory) only costs a re-hash later.
    public func recordVerified(_ url: URL, sha256: String) {
        guard let (size, mtime) = Self.sizeAndModificationTime(of: url) else { return }
        let stamp = "\(size) \(mtime) \(sha256.lowercased())"
        try? Data(stamp.utf8).write(to: Self.stampURL(for: url), options: .atomic)
    }

    /// Forgets any remembered verification of `url`.
    public func forget(_ url: URL) {
        try? FileManager.default.removeItem(at: Self.stampURL(for: url))
    }

    /// The stamp path for a file.
    public static func stampURL(for url: URL) -> URL {
        url.deletingLastPathComponent().appendingPathComponent(url.lastPathComponent + stampSuffix)
    }

    private func stampMatches(_ url: URL, size: Int64, mtime: Int64, sha256: String) -> Bool {
        guard let data = try? Data(contentsOf: Self.stampURL(for: url)),
              let text = String(data: data, encoding: .utf8) else { return false }
        return text.trimmingCharacters(in: .whitespacesAndNewlines) == "\(size) \(mtime) \(sha256)"
    }

    /// Size and whole-second modification time (as `stat -c '%s %Y'` prints them), following symlinks.
    static func sizeAndModificationTime(of url: URL) -> (Int64, Int64)? {
        let path = url.resolvingSymlinksInPath().path
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
              (attributes[.type] as? FileAttributeType) == .typeRegular,
              let size = (attributes[.size] as? NSNumber)?.int64Value,
              let date = attributes[.modificationDate] as? Date else { return nil }
        return (size, Int64(date.timeIntervalSince1970.rounded(.down)))
    }
}

extension Digest {
    /// The digest as lowercase hexadecimal.
    var hexString: String { map { String(format: "%02x", $0) }.joined() }
}

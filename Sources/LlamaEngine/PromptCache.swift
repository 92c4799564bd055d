import Crypto
import Foundation

/// Keeps the KV state of long, stable prompt prefixes — a chat's system prompt with its
/// few-shot block — on disk, so the first request after a restart does not evaluate them again.
///
/// Files are keyed by the model file's SHA-256 and the prefix's tokens:
/// `<directory>/<model hash>/<prefix hash>.kvstate`, written with llama.cpp's sequence-state save
/// (atomically: a temporary file, then a rename), with its SHA-256 in `….kvstate.sha256`. A file
/// whose checksum is missing or wrong is never handed to llama.cpp; one llama.cpp cannot read, or
/// that holds other tokens than its name says, is ignored too. Each is removed with a log line. Only prefixes of whole aligned groups are kept, so a restored prefix gives the
/// same logits as one evaluated in place (see `LoadedModel.reuseGranularity`). The folder is kept
/// under ``sizeLimitBytes`` by removing the least recently used files.
///
/// ```swift
/// var configuration = LlamaConfiguration.preset(.balanced)
/// configuration.promptCache = PromptCache(directory: cacheFolder.appendingPathComponent("prompt-cache"))
/// ```
public struct PromptCache: Sendable, Hashable {
    /// The folder of cache files.
    public var directory: URL
    /// Shorter prefixes are not worth a file (evaluating them is quicker than reading one).
    public var minimumTokens: Int
    /// The most the folder may hold, in bytes.
    public var sizeLimitBytes: Int

    /// The default of ``minimumTokens``.
    public static let defaultMinimumTokens = 64

    /// Creates a cache in `directory` (created on first save, owner-only).
    public init(directory: URL, minimumTokens: Int = PromptCache.defaultMinimumTokens, sizeLimitBytes: Int = 256 << 20) {
        self.directory = directory
        self.minimumTokens = minimumTokens
        self.sizeLimitBytes = sizeLimitBytes
    }

    /// The usual place: `$HOMEOS_PROMPT_CACHE` (a folder, or `off`), else `$HOMEOS_CACHE/prompt-cache`,
    /// else `~/.cache/homeos/prompt-cache`. Nil when turned off.
    public static func standard(environment: [String: String] = ProcessInfo.processInfo.environment) -> PromptCache? {
        if let value = environment["HOMEOS_PROMPT_CACHE"], !value.isEmpty {
            return value == "off" ? nil : PromptCache(directory: URL(fileURLWithPath: value))
        }
        let root = environment["HOMEOS_CACHE"].flatMap { $0.isEmpty ? nil : URL(fileURLWithPath: $0) }
            ?? FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(".cache/homeos")
        return PromptCache(directory: root.appendingPathComponent("prompt-cache"))
    }

    /// The file for `tokens` of the model whose file hash is `modelHash`.
    func file(modelHash: String, tokens: [Int32]) -> URL {
        let bytes = tokens.withUnsafeBufferPointer { Data(buffer: $0) }
        let prefix = SHA256.hash(data: bytes).map { String(format: "%02x", $0) }.joined()
        return directory.appendingPathComponent(String(modelHash.prefix(32)), isDirectory: true)
            .appendingPathComponent(prefix + ".kvstate")
    }

    /// The SHA-256 of the model file, remembered in `models.json` by path, size and modification
    /// time so it is computed once per file, not once per start.
    func modelHash(path: String) throws -> String {
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        let size = (attributes[.size] as? NSNumber)?.int64Value ?? -1
        let modified = (attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
        let key = "\(path)|\(size)|\(Int64(modified * 1000))"
        let index = directory.appendingPathComponent("models.json")
        var known = (try? JSONDecoder().decode([String: String].self, from: Data(contentsOf: index))) ?? [:]
        if let hash = known[key], hash.count == 64 { return hash }
        let hash = try Self.sha256(of: URL(fileURLWithPath: path))
        known = known.filter { !$0.key.hasPrefix(path + "|") }
        known[key] = hash
        try createDirectory(directory)
        try JSONEncoder().encode(known).write(to: index, options: .atomic)
        return hash
    }

    func createDirectory(_ url: URL) throws {
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    }

    /// The checksum file next to a state file.
    func checksumFile(for url: URL) -> URL { url.appendingPathExtension("sha256") }

    /// Records the state file's SHA-256 beside it, so a file damaged later is never handed to
    /// llama.cpp (whose loader aborts the process on some truncations instead of failing).
    func seal(_ url: URL) throws {
        try Data(Self.sha256(of: url).utf8).write(to: checksumFile(for: url), options: .atomic)
    }

    /// Why the state file cannot be trusted, or nil when its checksum matches.
    func problem(with url: URL) -> String? {
        guard let recorded = try? String(contentsOf: checksumFile(for: url), encoding: .utf8) else {
            return "it has no checksum (an interrupted save)"
        }
        guard let actual = try? Self.sha256(of: url) else { return "it cannot be read" }
        return actual == recorded.trimmingCharacters(in: .whitespacesAndNewlines) ? nil : "its checksum does not match (damaged)"
    }

    /// Removes a state file and its checksum.
    func remove(_ url: URL) {
        try? FileManager.default.removeItem(at: url)
        try? FileManager.default.removeItem(at: checksumFile(for: url))
    }

    static func sha256(of url: URL) throws -> String {
        let handle = try FileHandle(forReadingFrom: url)
        defer { try? handle.close() }
        var hasher = SHA256()
        while let chunk = try handle.read(upToCount: 4 << 20), !chunk.isEmpty { hasher.update(data: chunk) }
        return hasher.finalize().map { String(format: "%02x", $0) }.joined()
    }

    /// Removes the least recently used files until the folder is under the size limit.
    func trim() {
        guard let enumerator = FileManager.default.enumerator(at: directory, includingPropertiesForKeys: [.fileSizeKey, .contentModificationDateKey])
        else { return }
        var files: [(url: URL, size: Int, date: Date)] = []
        for case let url as URL in enumerator where url.pathExtension == "kvstate" {
            let values = try? url.resourceValues(forKeys: [.fileSizeKey, .contentModificationDateKey])
            files.append((url, values?.fileSize ?? 0, values?.contentModificationDate ?? .distantPast))
        }
        var total = files.reduce(0) { $0 + $1.size }
        for file in files.sorted(by: { $0.date < $1.date }) where total > sizeLimitBytes {
            remove(file.url)
            total -= file.size
        }
    }
}

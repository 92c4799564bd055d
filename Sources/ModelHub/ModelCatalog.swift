import Foundation

/// The models the product knows, looked up by id or alias.
public struct ModelCatalog: Sendable {
    /// All entries, the default model first.
    public let entries: [CatalogEntry]

    /// Creates a catalog from entries; the first entry is the default model.
    public init(entries: [CatalogEntry]) {
        precondition(!entries.isEmpty, "a catalog needs at least one model")
        self.entries = entries
    }

    /// The model used when none is named and none is selected.
    public var defaultEntry: CatalogEntry { entries[0] }

    /// The entry whose id or alias is `name` (case-insensitive).
    public func entry(named name: String) -> CatalogEntry? {
        let key = name.lowercased()
        return entries.first { $0.id == key || $0.aliases.contains(key) }
    }

    /// The entry with a file downloadable from `url` (query strings ignored).
    public func entry(downloadingFrom url: String) -> CatalogEntry? {
        let key = DownloadURL.withoutQuery(url)
        return entries.first { entry in entry.files.contains { $0.url.map(DownloadURL.withoutQuery) == key } }
    }

    /// This catalog with `additions` appended after checking each one (see ``validate(_:)``) and
    /// that no id or alias collides with an existing one.
    public func adding(_ additions: [CatalogEntry]) throws(ModelHubError) -> ModelCatalog {
        var all = entries
        var taken = Dictionary(entries.flatMap { entry in entry.names.map { ($0, entry.id) } }, uniquingKeysWith: { first, _ in first })
        for entry in additions {
            try Self.validate(entry)
            for name in entry.names {
                if let owner = taken[name] {
                    throw .invalidCatalogEntry(id: entry.id, detail:
                        "the name '\(name)' is already used by the model '\(owner)'; choose another id or alias")
                }
                taken[name] = entry.id
            }
            all.append(entry)
        }
        return ModelCatalog(entries: all)
    }

    /// Checks that an entry is usable: a well-formed id, safe relative paths, well-formed hashes
    /// and `http(s)` download addresses.
    public static func validate(_ entry: CatalogEntry) throws(ModelHubError) {
        func bad(_ detail: String) -> ModelHubError { .invalidCatalogEntry(id: entry.id, detail: detail) }
        let allowed = Set("abcdefghijklmnopqrstuvwxyz0123456789._-")
        for name in entry.names where name.isEmpty || !name.allSatisfy(allowed.contains) || name.hasPrefix(".") {
            throw bad("'\(name)' is not a valid model name; use lowercase letters, digits, '.', '_' and '-'")
        }
        if let directory = entry.directory, !SafePath.isSafeRelative(directory) || directory.contains("/") {
            throw bad("the directory '\(directory)' must be a single folder name inside the models directory")
        }
        if entry.runtime.isLocal && entry.files.isEmpty { throw bad("a local model needs at least one file") }
        var seen = Set<String>()
        for file in entry.files {
            guard SafePath.isSafeRelative(file.path) else {
                throw bad("the file path '\(file.path)' must be relative, without '..', inside the models directory")
            }
            guard seen.insert(file.path).inserted else { throw bad("the file '\(file.path)' is listed twice") }
            if let sha = file.sha256, !SHA256Hex.isValid(sha) {
                throw bad("the SHA-256 of '\(file.path)' must be 64 hexadecimal characters")
            }
            if let size = file.sizeBytes, size < 0 { throw bad("the size of '\(file.path)' is negative") }
            if let url = file.url, !DownloadURL.isHTTP(url) {
                throw bad("the address of '\(file.path)' must start with http:// or https://")
            }
        }
    }
}

/// Checks on relative paths that come from catalog files.
enum SafePath {
    /// Whether `path` is relative, non-empty and free of `.`/`..` components and control characters.
    static func isSafeRelative(_ path: String) -> Bool {
        guard !path.isEmpty, !path.hasPrefix("/"), !path.hasPrefix("~"), !path.contains("\\") else { return false }
        guard !path.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) else { return false }
        let components = path.split(separator: "/", omittingEmptySubsequences: false)
        return components.allSatisfy { !$0.isEmpty && $0 != "." && $0 != ".." }
    }
}

/// Lowercase hexadecimal SHA-256 digests.
public enum SHA256Hex {
    /// Whether `text` is 64 hexadecimal characters.
    public static func isValid(_ text: String) -> Bool {
        text.count == 64 && text.allSatisfy(\.isHexDigit)
    }

    /// `text` lowercased and trimmed when it is a valid digest, else `nil`.
    public static func normalized(_ text: String) -> String? {
        let value = text.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
        return isValid(value) ? value : nil
    }
}

/// Small helpers for download addresses.
public enum DownloadURL {
    /// Whether `text` is an `http://` or `https://` address with a host.
    public static func isHTTP(_ text: String) -> Bool {
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased() else { return false }
        return (scheme == "http" || scheme == "https") && !(url.host ?? "").isEmpty
    }

    /// The address without its query string and fragment (which may carry signatures or tokens),
    /// for display, logs and comparisons.
    public static func withoutQuery(_ text: String) -> String {
        String(text.prefix { $0 != "?" && $0 != "#" })
    }

    /// The last path component of an address (the file name it serves).
    public static func fileName(_ text: String) -> String? {
        withoutQuery(text).split(separator: "/").last.map(String.init).flatMap { $0.removingPercentEncoding ?? $0 }
    }
}

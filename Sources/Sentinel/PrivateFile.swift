import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A file system call that failed, with its `errno`.
struct FileSystemFailure: Error, Sendable, CustomStringConvertible {
    /// What was being done ("create", "write", "rename", …).
    var operation: String
    /// The `errno` value.
    var code: Int32

    var description: String { "\(operation) failed: \(String(cString: strerror(code)))" }
}

/// Owner-only (0600) files, written so that an interruption never leaves a half-written file.
enum PrivateFile {
    /// Owner read and write, nobody else.
    static let ownerOnly: mode_t = 0o600

    /// Creates `path` with `contents` and mode 0600; fails with `EEXIST` if it already exists.
    static func createExclusively(_ path: String, contents: Data) throws(FileSystemFailure) {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL, ownerOnly)
        guard descriptor >= 0 else { throw FileSystemFailure(operation: "create", code: errno) }
        do throws(FileSystemFailure) {
            // The umask can only remove bits, but be explicit.
            guard fchmod(descriptor, ownerOnly) == 0 else { throw FileSystemFailure(operation: "chmod", code: errno) }
            try writeAll(descriptor, contents)
            guard fsync(descriptor) == 0 else { throw FileSystemFailure(operation: "fsync", code: errno) }
        } catch {
            close(descriptor)
            unlink(path)
            throw error
        }
        guard close(descriptor) == 0 else {
            let code = errno
            unlink(path)
            throw FileSystemFailure(operation: "close", code: code)
        }
    }

    /// Replaces `path` atomically: writes a 0600 temporary file next to it, flushes it to disk,
    /// then renames it over `path`. Readers see the old file or the new one, never a mix.
    static func replaceAtomically(_ path: String, contents: Data) throws(FileSystemFailure) {
        let url = URL(fileURLWithPath: path)
        let directory = url.deletingLastPathComponent().path
        let temporary = url.deletingLastPathComponent()
            .appendingPathComponent(".\(url.lastPathComponent).\(UUID().uuidString).tmp").path
        try createExclusively(temporary, contents: contents)
        guard rename(temporary, path) == 0 else {
            let code = errno
            unlink(temporary)
            throw FileSystemFailure(operation: "rename", code: code)
        }
        // Make the rename itself durable; a failure here does not lose data, so it is not an error.
        let directoryDescriptor = open(directory, O_RDONLY)
        if directoryDescriptor >= 0 {
            _ = fsync(directoryDescriptor)
            close(directoryDescriptor)
        }
    }

    /// Whether a file exists at `path` (any type).
    static func exists(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0
    }

    /// Why a key file at `path` must not be used, or nil when it is a regular file of this user's.
    /// A symbolic link would let a key (and its mode changes, and purge's zeroing) reach a file
    /// outside the data folder; a file of another user's is not this person's key.
    static func keyFileProblem(_ path: String) -> String? {
        var info = stat()
        guard lstat(path, &info) == 0 else { return nil }
        if info.st_mode & S_IFMT == S_IFLNK {
            return "it is a symbolic link; Sentinel only uses a key file that is itself in the data folder "
                + "(replace the link with the file it points to)"
        }
        if info.st_mode & S_IFMT != S_IFREG { return "it is not a regular file" }
        if info.st_uid != getuid() { return "it belongs to another user (uid \(info.st_uid))" }
        return nil
    }

    /// Why the data folder at `path` must not hold clinical data, or nil when it may: a folder any
    /// user of the machine can write to lets them replace the key or the database.
    static func folderProblem(_ path: String) -> String? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        if info.st_mode & S_IWOTH != 0 {
            return String(format: "any user of this machine can change it (mode %o); run `chmod 700 %@` and try again",
                          info.st_mode & 0o7777, path)
        }
        return nil
    }

    /// Whether `path` is a symbolic link (not followed).
    static func isSymbolicLink(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFLNK
    }

    /// The permission bits of `path`, or nil when it cannot be examined.
    /// Bytes free to an unprivileged writer on the volume holding `path` (or its folder, when
    /// `path` does not exist yet); nil when the volume cannot be examined.
    static func freeBytes(near path: String) -> Int? {
        var stats = statvfs()
        let target = exists(path) ? path : (path as NSString).deletingLastPathComponent
        guard statvfs(target, &stats) == 0 else { return nil }
        return Int(stats.f_bavail) * Int(stats.f_frsize)
    }

    static func permissions(_ path: String) -> mode_t? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return info.st_mode & 0o7777
    }

    /// Restricts `path` to its owner (0600).
    static func restrictToOwner(_ path: String) throws(FileSystemFailure) {
        guard chmod(path, ownerOnly) == 0 else { throw FileSystemFailure(operation: "chmod", code: errno) }
    }

    private static func writeAll(_ descriptor: Int32, _ data: Data) throws(FileSystemFailure) {
        let failure: FileSystemFailure? = data.withUnsafeBytes { buffer -> FileSystemFailure? in
            guard let base = buffer.baseAddress else { return nil }
            var offset = 0
            while offset < buffer.count {
                let written = write(descriptor, base + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return FileSystemFailure(operation: "write", code: errno)
                }
                offset += written
            }
            return nil
        }
        if let failure { throw failure }
    }
}

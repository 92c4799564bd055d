import Foundation

/// How large the family's data may be. Every limit is far above what a household writes and far
/// below what makes one answer slow: a 20 MB name once made `homeos ask` take 93 s and 3 GB, and
/// 10,000 members a 129 KB answer. Validation and import name the limit that was crossed.
public enum FamilyLimits {
    /// The largest file `homeos init` and `homeos data import` read (each file of an import).
    public static let fileBytes = 5 * 1024 * 1024
    /// The most one import (`homeos data import`, a restored backup) may hold, all files together:
    /// checked from the files' sizes before any is read.
    public static let importBytes = 20 * 1024 * 1024
    /// The most files one import may hold.
    public static let importFiles = 1_000
    /// Members in one family.
    public static let members = 50
    /// Characters in a name (the family's or a member's), an id, an allergy or a diet.
    public static let nameCharacters = 120
    /// Allergies, and dietary preferences, per member.
    public static let listEntries = 40
    /// Characters in a phone number or an email address.
    public static let contactCharacters = 254

    /// Why a file of `bytes` bytes at `path` is refused, or nil when it may be read.
    public static func fileProblem(bytes: Int, path: String) -> String? {
        guard bytes > fileBytes else { return nil }
        return "\(path) is \(bytes / 1024 / 1024) MB; family files are at most \(fileBytes / 1024 / 1024) MB (nothing was imported)"
    }

    /// The size of the file at `url`, without reading it (nil when it cannot be examined).
    public static func fileSize(of url: URL) -> Int? {
        (try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? NSNumber)?.intValue
    }
}

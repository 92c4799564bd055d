import Foundation

/// A free-form note the family keeps.
///
/// Stored as a list at ``StoragePaths/notes``.
public struct Note: Codable, Sendable, Hashable, Identifiable {
    /// Identifier.
    public var id: UUID
    /// The note.
    public var text: String
    /// When it was written.
    public var createdAt: Date
    /// Tags for finding it again.
    public var tags: [String]

    /// Creates a note.
    public init(id: UUID = UUID(), text: String, createdAt: Date = Date(), tags: [String] = []) {
        self.id = id
        self.text = text
        self.createdAt = createdAt
        self.tags = tags
    }
}

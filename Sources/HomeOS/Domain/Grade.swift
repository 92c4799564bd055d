import Foundation

/// A grade a child received.
///
/// Stored as a list at ``StoragePaths/grades``.
public struct Grade: Codable, Sendable, Hashable, Identifiable {
    /// Identifier.
    public var id: UUID
    /// The child's member id.
    public var memberID: String
    /// The subject (`Math`).
    public var subject: String
    /// The grade as the school gives it (`A-`, `92%`, `3/4`).
    public var grade: String
    /// What was graded (`Fractions quiz`), if known.
    public var assessment: String?
    /// The term (`Fall 2025`), if known.
    public var term: String?
    /// The local day it was given, `yyyy-MM-dd`, if known.
    public var date: String?

    /// Creates a grade.
    public init(id: UUID = UUID(), memberID: String, subject: String, grade: String, assessment: String? = nil,
                term: String? = nil, date: String? = nil) {
        self.id = id
        self.memberID = memberID
        self.subject = subject
        self.grade = grade
        self.assessment = assessment
        self.term = term
        self.date = date
    }
}

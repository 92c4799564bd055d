import Foundation

/// A family that cannot be saved as it is, with every problem found.
public struct FamilyValidationError: Error, Sendable, Hashable, LocalizedError, CustomStringConvertible {
    /// One sentence per problem.
    public var problems: [String]

    /// Creates the error.
    public init(problems: [String]) { self.problems = problems }

    public var description: String {
        "The family is not valid: " + problems.joined(separator: "; ") + "."
    }

    public var errorDescription: String? { description }
}

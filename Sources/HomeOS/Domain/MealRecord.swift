import Foundation

/// A dinner the family ate, so suggestions avoid repeats.
///
/// Stored as a list, oldest first, at ``StoragePaths/mealHistory``.
public struct MealRecord: Codable, Sendable, Hashable, Identifiable {
    /// Identifier.
    public var id: UUID
    /// The dish (`Chicken tikka masala`).
    public var name: String
    /// Its cuisine, if known (`Indian`).
    public var cuisine: String?
    /// The local day it was eaten, `yyyy-MM-dd`.
    public var date: String
    /// Main ingredients, as far as known.
    public var keyIngredients: [String]
    /// The family's rating from 1 to 5, if given.
    public var rating: Int?

    /// Creates a record.
    public init(id: UUID = UUID(), name: String, cuisine: String? = nil, date: String, keyIngredients: [String] = [],
                rating: Int? = nil) {
        self.id = id
        self.name = name
        self.cuisine = cuisine
        self.date = date
        self.keyIngredients = keyIngredients
        self.rating = rating
    }
}

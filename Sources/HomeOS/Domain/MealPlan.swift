import Foundation

/// A week of planned dinners.
///
/// The current plan is stored at ``StoragePaths/mealPlan``.
public struct MealPlan: Codable, Sendable, Hashable {
    /// One planned dinner.
    public struct Dinner: Codable, Sendable, Hashable {
        /// The local day, `yyyy-MM-dd`.
        public var date: String
        /// The dish.
        public var name: String
        /// Its cuisine, if known.
        public var cuisine: String?
        /// Preparation time in minutes, if known.
        public var prepMinutes: Int?
        /// Main ingredients (the grocery list is built from these).
        public var keyIngredients: [String]

        /// Creates a planned dinner.
        public init(date: String, name: String, cuisine: String? = nil, prepMinutes: Int? = nil, keyIngredients: [String] = []) {
            self.date = date
            self.name = name
            self.cuisine = cuisine
            self.prepMinutes = prepMinutes
            self.keyIngredients = keyIngredients
        }
    }

    /// The first day of the planned week, `yyyy-MM-dd`.
    public var weekStart: String
    /// The dinners, one per planned day, in date order.
    public var dinners: [Dinner]
    /// When the plan was made.
    public var createdAt: Date

    /// Creates a plan.
    public init(weekStart: String, dinners: [Dinner], createdAt: Date = Date()) {
        self.weekStart = weekStart
        self.dinners = dinners
        self.createdAt = createdAt
    }

    /// The dinner planned for a local day, if any.
    public func dinner(on date: String) -> Dinner? { dinners.first { $0.date == date } }

    /// Every ingredient of the week once, lowercased, in first-use order.
    public var ingredients: [String] {
        var seen = Set<String>()
        return dinners.flatMap(\.keyIngredients).map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
            .filter { !$0.isEmpty && seen.insert($0).inserted }
    }
}

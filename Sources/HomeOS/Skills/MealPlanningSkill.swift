import Foundation
import LLM
import Skills

/// A dinner idea: what the model is asked to produce, and what the deterministic fallback list holds.
public struct MealSuggestion: Codable, Sendable, Hashable {
    /// The dish.
    public var name: String
    /// The cuisine ("Italian").
    public var cuisine: String
    /// Minutes to prepare.
    public var prepMinutes: Int
    /// One or two sentences.
    public var description: String
    /// The main ingredients.
    public var keyIngredients: [String]

    /// Creates a suggestion.
    public init(name: String, cuisine: String, prepMinutes: Int, description: String, keyIngredients: [String]) {
        self.name = name
        self.cuisine = cuisine
        self.prepMinutes = prepMinutes
        self.description = description
        self.keyIngredients = keyIngredients
    }

    /// The JSON Schema the model's suggestion must match.
    public static let schema = try! JSONSchema([
        "type": "object",
        "properties": [
            "name": ["type": "string", "minLength": 1],
            "cuisine": ["type": "string"],
            "prepMinutes": ["type": "integer", "minimum": 1, "maximum": 240],
            "description": ["type": "string"],
            "keyIngredients": ["type": "array", "items": ["type": "string"], "minItems": 1, "maxItems": 12],
        ],
        "required": ["name", "cuisine", "prepMinutes", "description", "keyIngredients"],
        "additionalProperties": false,
    ])
}

/// meal-planning (C+D): dinner suggestions that respect allergies and diets and avoid the last
/// three meals, a weekly plan saved to the store, a grocery list from the plan, and meal history.
///
/// The model proposes a dinner as JSON; ``AllergenChecker`` then checks it deterministically. A
/// conflict (or a repeat of a recent meal) is regenerated once, then replaced by a meal from a
/// built-in list filtered by the same checker, so the model alone is never trusted with an
/// allergy. A meal that interacts with a member's medication (``DrugFoodInteractionChecker``,
/// grapefruit with atorvastatin) is handed off to healthcare. Without a model every answer is
/// deterministic.
public struct MealPlanningSkill: HomeOSSkill {
    /// What the person wants.
    public enum Request: String, SchemaStringEnum {
        case dinner
        case weeklyPlan = "weekly-plan"
        case groceryList = "grocery-list"
        case history
        case logMeal = "log-meal"
    }

    /// The skill's arguments; all optional (the request is read from the message when absent).
    @SkillArguments
    public struct Arguments: Codable, Sendable, Hashable {
        /// What the person wants.
        public var request: Request?
        /// A cuisine wish ("Mexican").
        public var cuisine: String?
        /// The longest acceptable preparation time.
        @Minimum(1)
        public var maxPrepMinutes: Int?
        /// For `log-meal`: what the family ate.
        public var mealName: String?
    }

    public static let catalogEntry = HomeOSSkillCatalog.mealPlanning

    /// The skill's services.
    public let services: HomeOSServices

    /// Creates the skill.
    public init(services: HomeOSServices) { self.services = services }

    /// A plain dinner question ("What should we have for dinner tonight?") with no number, no
    /// speed wish and no dish named: the request and any cuisine are read from its words.
    public func argumentsReadFromWords(of message: String) -> Arguments? {
        guard Self.request(in: message) == .dinner, !message.contains(where: \.isNumber),
              !CoreSkillSupport.mentions(message, ["quick", "fast", "easy", "minute", "hour", "we had", "we ate", "instead", "not "])
        else { return nil }
        return Arguments(request: .dinner, cuisine: RestaurantReservationSkill.cuisine(in: message))
    }

    public func execute(arguments: Arguments, context: SkillContext) async throws -> SkillResult {
        let result: SkillResult
        switch arguments.request ?? Self.request(in: context.message) {
        case .dinner: result = await suggestDinner(arguments, context: context)
        case .weeklyPlan: result = planWeek(context: context, listGroceries: false)
        case .groceryList: result = groceryList(context: context)
        case .history: result = history()
        case .logMeal: result = logMeal(arguments, context: context)
        }
        // A morning briefing handed over because no dinner is planned: the briefing comes first.
        if let briefing = context.handoff?.context["briefing"], case .response(let text) = result {
            return .response(briefing + "\n\nNo dinner is planned for tonight yet. " + text)
        }
        return result
    }

    /// The request a message makes, read deterministically.
    static func request(in message: String) -> Request {
        if CoreSkillSupport.mentions(message, ["grocery", "groceries", "shopping list", "shopping"]) { return .groceryList }
        if CoreSkillSupport.mentions(message, ["we had", "we ate", "we've had", "log", "record"]) { return .logMeal }
        if CoreSkillSupport.mentions(message, ["meal history", "what did we eat", "what have we eaten", "last meals", "recent meals"]) {
            return .history
        }
        if CoreSkillSupport.mentions(message, ["week", "weekly", "meal plan", "plan meals", "plan the meals", "plan our meals"]) {
            return .weeklyPlan
        }
        return .dinner
    }

    // MARK: Dinner

    /// What the family's data says about a meal: allergies, diets, recent meals, medications.
    struct Constraints: Sendable {
        var allergies: [String]
        var allergicMembers: [String]
        var diets: [String]
        var recent: [String]
        /// Every member's name.
        var memberNames: [String]
        /// (member name, medication name).
        var medications: [(member: String, medication: String)]
    }

    func constraints() -> Constraints {
        let family = CoreSkillSupport.family(services)
        let history = (try? services.storage.load(.mealHistory)) ?? []
        let medications = (try? services.storage.load(.medications)) ?? []
        var seen = Set<String>()
        let diets = (family?.members ?? []).flatMap(\.dietaryPreferences).map { $0.lowercased() }.filter { seen.insert($0).inserted }
        return Constraints(
            allergies: family?.allAllergies ?? [],
            allergicMembers: (family?.members ?? []).filter { !$0.allergies.isEmpty }.map(\.name),
            diets: diets,
            recent: history.suffix(3).map(\.name),
            memberNames: (family?.members ?? []).map(\.name),
            medications: medications.map { medication in
                (family?.member(id: medication.memberID)?.name ?? medication.memberID, medication.name)
            })
    }

    /// Whether a meal is safe for the allergies and is not one of the recent meals.
    func problems(with meal: MealSuggestion, _ constraints: Constraints) -> [String] {
        var problems: [String] = []
        let report = AllergenChecker().check(name: meal.name, description: meal.description, ingredients: meal.keyIngredients,
                                             allergies: constraints.allergies)
        if !report.isSafe { problems.append("it contains " + report.offendingTerms.joined(separator: ", ")) }
        if constraints.recent.contains(where: { $0.lowercased() == meal.name.lowercased() }) { problems.append("it was eaten recently") }
        return problems
    }

    func suggestDinner(_ arguments: Arguments, context: SkillContext) async -> SkillResult {
        let constraints = constraints()
        // A dish the person names is checked against the family's medications before anything is suggested.
        if let interaction = DrugFoodInteractionChecker().interactions(
            medications: constraints.medications.map(\.medication), mealName: context.message).first {
            let member = constraints.medications.first { $0.medication == interaction.medication }?.member ?? "A family member"
            let reason = "What you asked about contains \(interaction.foods.joined(separator: ", ")), which interacts with "
                + "\(member)'s \(interaction.medication): \(interaction.explanation)"
            return .handoff(HandoffRequest(targetSkillID: HomeOSSkillCatalog.healthcare.id, reason: reason, context: [
                "meal": context.message, "member": member, "medication": interaction.medication, "drug": interaction.drug,
                "food": interaction.foodGroup, "advice": interaction.advice.rawValue, "interaction": interaction.explanation,
            ]))
        }
        // Weeknights are quick unless the person names a time (the specification: under 30 minutes).
        var arguments = arguments
        if arguments.maxPrepMinutes == nil, Self.isWeeknight(context.now, in: context.timeZone) {
            arguments.maxPrepMinutes = Self.weeknightPrepMinutes
        }
        var chosen: MealSuggestion?
        var rejected: [String] = []
        // A model that copied the example last time is not asked again for a few turns (it would copy it again).
        if context.bridge != nil, services.copiedExamples.shouldAsk(Self.catalogEntry.id) {
            for _ in 0..<2 {
                // A small model may copy the prompt's worked example instead of suggesting a dinner;
                // `generate` stops such a copy and returns nil. Under greedy decoding a model that
                // copied the example once copies it again (and without the example SmolLM2 loops):
                // no retry, the safe list answers at once.
                guard let meal = await generate(arguments, constraints, rejected: rejected, context: context) else { break }
                if meal.name.lowercased() == Self.exampleName.lowercased() {
                    services.copiedExamples.noteCopied(Self.catalogEntry.id)
                    break
                }
                services.copiedExamples.noteAnswered(Self.catalogEntry.id)
                let quickEnough = arguments.maxPrepMinutes.map { meal.prepMinutes <= $0 } ?? true
                if Self.isPlausible(meal, constraints), problems(with: meal, constraints).isEmpty, quickEnough {
                    chosen = meal
                    break
                }
                rejected.append(meal.name)
            }
        }
        let cuisine = arguments.cuisine ?? RestaurantReservationSkill.cuisine(in: context.message)
        let meal = chosen ?? Self.fallback(constraints: constraints, cuisine: cuisine, wanted: Self.wantedFoods(in: context.message),
                                           maxPrepMinutes: arguments.maxPrepMinutes,
                                           seed: DayString.dayNumber(CoreSkillSupport.day(context.now, in: context.timeZone)) ?? 0,
                                           checker: { problems(with: $0, constraints).isEmpty })
        guard let meal else {
            return .response("I couldn't find a dinner in my list that is safe for everyone's allergies. "
                + "Tell me a dish you have in mind and I'll check it.")
        }
        if let interaction = Self.interactions(of: meal, constraints).first {
            let member = constraints.medications.first { $0.medication == interaction.medication }?.member ?? "A family member"
            let reason = "\(meal.name) contains \(interaction.foods.joined(separator: ", ")), which interacts with "
                + "\(member)'s \(interaction.medication): \(interaction.explanation)"
            return .handoff(HandoffRequest(targetSkillID: HomeOSSkillCatalog.healthcare.id, reason: reason, context: [
                "meal": meal.name, "member": member, "medication": interaction.medication, "drug": interaction.drug,
                "food": interaction.foodGroup, "advice": interaction.advice.rawValue, "interaction": interaction.explanation,
            ]))
        }
        // The model did not propose this dish: it says why the family might enjoy it (streamed after the name).
        let pitch = chosen == nil ? await pitch(for: meal, constraints, context: context) : nil
        return .response(Self.describe(meal, constraints: constraints, pitch: pitch))
    }

    /// One or two sentences from the model on why the family might enjoy `meal`, a dish of the
    /// built-in list; nil without a model, on failure, or when the sentences name an allergen or
    /// a food that interacts with a family member's medication (the dish itself was checked; the
    /// model's words are checked again).
    func pitch(for meal: MealSuggestion, _ constraints: Constraints, context: SkillContext) async -> String? {
        guard context.bridge != nil else { return nil }
        let messages: [ChatMessage] = [
            .system("You are a warm family assistant."),
            .user("Dinner tonight: \(meal.name) (\(meal.description)) Say in one or two friendly sentences why the family will enjoy it."),
        ]
        let written = await SkillModelCalls.showingOpening("How about \(meal.name)?") {
            await SkillModelCalls.text(messages, context: context, maxTokens: 60, singleCall: true)
        }
        guard let written, let pitch = Self.firstSentences(written, count: 2) else { return nil }
        var asDish = meal
        asDish.description = pitch
        guard problems(with: asDish, constraints).isEmpty, Self.isPlausible(asDish, constraints),
              Self.interactions(of: asDish, constraints).isEmpty else { return nil }
        return pitch
    }

    /// The interactions between `meal` (its name, description and ingredients) and the family's medications.
    static func interactions(of meal: MealSuggestion, _ constraints: Constraints) -> [DrugFoodInteraction] {
        DrugFoodInteractionChecker().interactions(medications: constraints.medications.map(\.medication), mealName: meal.name,
                                                  description: meal.description, ingredients: meal.keyIngredients)
    }

    /// The first `count` complete sentences of `text`, or nil when it has no complete sentence.
    static func firstSentences(_ text: String, count: Int) -> String? {
        var ends: [String.Index] = []
        for index in text.indices where ".!?".contains(text[index]) {
            let next = text.index(after: index)
            if next == text.endIndex || text[next].isWhitespace { ends.append(next) }
            if ends.count == count { break }
        }
        guard let end = ends.last else { return nil }
        let sentences = text[..<end].trimmingCharacters(in: .whitespacesAndNewlines)
        return sentences.isEmpty ? nil : sentences
    }

    func generate(_ arguments: Arguments, _ constraints: Constraints, rejected: [String], context: SkillContext) async -> MealSuggestion? {
        var data: [String] = []
        if !constraints.allergies.isEmpty {
            data.append("Allergies (never include, in any form): " + constraints.allergies.joined(separator: ", ") + ".")
        }
        if !constraints.diets.isEmpty { data.append("Diets: " + constraints.diets.joined(separator: ", ") + ".") }
        if !constraints.recent.isEmpty { data.append("Recent meals (do not repeat): " + constraints.recent.joined(separator: ", ") + ".") }
        if !rejected.isEmpty { data.append("Already rejected: " + rejected.joined(separator: ", ") + ". Suggest something different.") }
        if let cuisine = arguments.cuisine { data.append("Wanted cuisine: \(cuisine).") }
        if let minutes = arguments.maxPrepMinutes { data.append("At most \(minutes) minutes to prepare.") }
        let instruction = "Suggest one family dinner as JSON with name, cuisine, prepMinutes, description (one sentence) "
            + "and keyIngredients. It must not contain any allergen listed."
        let example = JSONExample(input: "What should we have for dinner?", output: [
            "name": .string(Self.exampleName), "cuisine": "Mediterranean", "prepMinutes": 35,
            "description": "Juicy chicken thighs roasted with lemon and herbs, served with rice.",
            "keyIngredients": ["chicken thighs", "lemon", "rice", "parsley"],
        ])
        let services = self.services
        let background = data.joined(separator: "\n")
        // A copy of the example is stopped as soon as its name is complete (and never previewed).
        let memory = services.copiedExamples
        guard var meal = await SkillModelCalls.stoppingIfCopying(firstValue: Self.exampleName,
                                                                 onCopy: { memory.noteCopied(Self.catalogEntry.id) }, {
            await CoreSkillSupport.generateJSON(
                MealSuggestion.self, services, skillID: Self.catalogEntry.id, instruction: instruction, data: background,
                schema: MealSuggestion.schema, examples: [example], context: context, maxTokens: 140)
        }) else { return nil }
        meal.name = CoreSkillSupport.clean(meal.name)
        meal.description = CoreSkillSupport.clean(meal.description)
        guard !meal.name.isEmpty else { return nil }
        return meal
    }

    /// Whether a generated meal looks like a real dish: a name that is not a family member's nor
    /// just the cuisine, at least two distinct ingredients that are not diet labels, no ingredient
    /// repeated and no words looping in the name or description (small models loop), and a
    /// preparation time a dinner can take.
    static func isPlausible(_ meal: MealSuggestion, _ constraints: Constraints) -> Bool {
        let ingredients = meal.keyIngredients.map { $0.lowercased().trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        let name = meal.name.lowercased()
        let diets = Set(constraints.diets.map { $0.lowercased() })
        return name.count >= 4 && Set(ingredients).count == ingredients.count && ingredients.count >= 2
            && !constraints.memberNames.contains { name == $0.lowercased() || name.hasPrefix($0.lowercased() + "'") }
            && !ingredients.contains(name) && name != meal.cuisine.lowercased() && !ingredients.contains(where: diets.contains)
            && meal.prepMinutes >= 5 && !RepetitionLoop.isPresent(in: meal.name + " " + meal.description)
    }

    /// The preparation time a weeknight dinner stays within when the person names none.
    static let weeknightPrepMinutes = 30

    /// Whether `date` falls on a weeknight (Monday to Thursday) in the family's time zone.
    static func isWeeknight(_ date: Date, in timeZone: TimeZone) -> Bool {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        return (2...5).contains(calendar.component(.weekday, from: date))
    }

    /// The name of the dish in the prompt's worked example.
    static let exampleName = "Lemon herb chicken with rice"

    static func describe(_ meal: MealSuggestion, constraints: Constraints, pitch: String? = nil) -> String {
        var text = "How about \(meal.name)?" + (pitch.map { " " + $0 + "\n" } ?? " ")
        text += "\(meal.cuisine), about \(meal.prepMinutes) minutes."
        if !meal.description.isEmpty { text += " " + meal.description }
        text += "\nKey ingredients: " + meal.keyIngredients.joined(separator: ", ") + "."
        if !constraints.allergicMembers.isEmpty {
            text += "\nChecked against the allergies of " + CoreSkillSupport.list(constraints.allergicMembers) + "."
        }
        return text
    }

    // MARK: Fallback meals

    /// A meal of the built-in list with the diets it suits.
    struct FallbackMeal: Sendable {
        var meal: MealSuggestion
        var suits: Set<String>
    }

    /// Safe, common dinners; each is still checked against the family's allergies before use.
    static let fallbackMeals: [FallbackMeal] = [
        FallbackMeal(meal: MealSuggestion(name: "Sheet-pan lemon salmon with potatoes", cuisine: "American", prepMinutes: 35,
                                          description: "Salmon fillets and baby potatoes roasted on one tray with lemon and dill.",
                                          keyIngredients: ["salmon", "baby potatoes", "lemon", "dill", "olive oil"]),
                     suits: ["pescatarian", "low sodium", "gluten free", "dairy free"]),
        FallbackMeal(meal: MealSuggestion(name: "Vegetable minestrone", cuisine: "Italian", prepMinutes: 40,
                                          description: "A hearty soup of beans, vegetables and small pasta.",
                                          keyIngredients: ["cannellini beans", "carrots", "celery", "tomatoes", "small pasta"]),
                     suits: ["vegetarian", "vegan", "pescatarian", "low sodium", "dairy free"]),
        FallbackMeal(meal: MealSuggestion(name: "Black bean tacos", cuisine: "Mexican", prepMinutes: 25,
                                          description: "Corn tortillas filled with spiced black beans, avocado and salsa.",
                                          keyIngredients: ["black beans", "corn tortillas", "avocado", "tomato salsa", "lime"]),
                     suits: ["vegetarian", "vegan", "pescatarian", "gluten free", "dairy free"]),
        FallbackMeal(meal: MealSuggestion(name: "Chicken and vegetable rice bowls", cuisine: "Asian", prepMinutes: 30,
                                          description: "Seared chicken with steamed rice, broccoli and carrots.",
                                          keyIngredients: ["chicken breast", "rice", "broccoli", "carrots", "ginger"]),
                     suits: ["gluten free", "dairy free", "low sodium"]),
        FallbackMeal(meal: MealSuggestion(name: "Baked cod with roasted vegetables", cuisine: "Mediterranean", prepMinutes: 30,
                                          description: "Cod baked with olive oil and herbs next to roasted zucchini and peppers.",
                                          keyIngredients: ["cod", "zucchini", "bell peppers", "olive oil", "oregano"]),
                     suits: ["pescatarian", "low sodium", "gluten free", "dairy free"]),
        FallbackMeal(meal: MealSuggestion(name: "Lentil and sweet potato curry", cuisine: "Indian", prepMinutes: 40,
                                          description: "Red lentils and sweet potato simmered with mild spices and tomatoes, served with rice.",
                                          keyIngredients: ["red lentils", "sweet potato", "tomatoes", "onion", "rice"]),
                     suits: ["vegetarian", "vegan", "pescatarian", "gluten free", "dairy free", "low sodium"]),
        FallbackMeal(meal: MealSuggestion(name: "Turkey meatballs with tomato sauce", cuisine: "Italian", prepMinutes: 40,
                                          description: "Oven-baked turkey meatballs in a simple tomato sauce over rice.",
                                          keyIngredients: ["ground turkey", "tomato sauce", "garlic", "rice", "basil"]),
                     suits: ["gluten free", "dairy free"]),
        FallbackMeal(meal: MealSuggestion(name: "Roast chicken with carrots and potatoes", cuisine: "American", prepMinutes: 60,
                                          description: "A whole chicken roasted with root vegetables and herbs.",
                                          keyIngredients: ["chicken", "carrots", "potatoes", "thyme", "olive oil"]),
                     suits: ["gluten free", "dairy free", "low sodium"]),
        FallbackMeal(meal: MealSuggestion(name: "Vegetable fried rice", cuisine: "Chinese", prepMinutes: 25,
                                          description: "Rice stir-fried with peas, carrots and spring onions.",
                                          keyIngredients: ["rice", "peas", "carrots", "spring onions", "vegetable oil"]),
                     suits: ["vegetarian", "vegan", "pescatarian", "dairy free"]),
        FallbackMeal(meal: MealSuggestion(name: "Stuffed bell peppers", cuisine: "American", prepMinutes: 45,
                                          description: "Peppers filled with rice, black beans, corn and tomatoes.",
                                          keyIngredients: ["bell peppers", "rice", "black beans", "corn", "tomatoes"]),
                     suits: ["vegetarian", "vegan", "pescatarian", "gluten free", "dairy free", "low sodium"]),
        FallbackMeal(meal: MealSuggestion(name: "Shrimp and vegetable stir-fry", cuisine: "Asian", prepMinutes: 20,
                                          description: "Shrimp stir-fried with snap peas and peppers over rice.",
                                          keyIngredients: ["shrimp", "snap peas", "bell peppers", "garlic", "rice"]),
                     suits: ["pescatarian", "dairy free"]),
        FallbackMeal(meal: MealSuggestion(name: "Chicken noodle soup", cuisine: "American", prepMinutes: 35,
                                          description: "Chicken, egg noodles, carrots and celery simmered in a clear broth.",
                                          keyIngredients: ["chicken", "egg noodles", "carrots", "celery", "onion"]),
                     suits: ["dairy free", "low sodium"]),
        FallbackMeal(meal: MealSuggestion(name: "Vegetable lo mein", cuisine: "Chinese", prepMinutes: 25,
                                          description: "Soft noodles tossed with cabbage, carrots and snap peas in a light soy sauce.",
                                          keyIngredients: ["lo mein noodles", "cabbage", "carrots", "snap peas", "soy sauce"]),
                     suits: ["vegetarian", "pescatarian", "dairy free"]),
        FallbackMeal(meal: MealSuggestion(name: "Thai basil chicken with rice", cuisine: "Thai", prepMinutes: 25,
                                          description: "Chicken stir-fried with Thai basil, peppers and garlic, served over jasmine rice.",
                                          keyIngredients: ["chicken thighs", "thai basil", "bell peppers", "garlic", "jasmine rice"]),
                     suits: ["dairy free"]),
        FallbackMeal(meal: MealSuggestion(name: "Rice noodle bowls with shrimp", cuisine: "Vietnamese", prepMinutes: 25,
                                          description: "Rice noodles with shrimp, cucumber, carrots and fresh mint.",
                                          keyIngredients: ["rice noodles", "shrimp", "cucumber", "carrots", "mint"]),
                     suits: ["pescatarian", "gluten free", "dairy free"]),
        FallbackMeal(meal: MealSuggestion(name: "Beef and vegetable stew", cuisine: "American", prepMinutes: 90,
                                          description: "Slow-simmered beef with potatoes, carrots and onions.",
                                          keyIngredients: ["beef chuck", "potatoes", "carrots", "onions", "thyme"]),
                     suits: ["gluten free", "dairy free"]),
    ]

    /// A safe meal from the built-in list: passes `checker` (allergies, recent meals), then best
    /// for the family's diets, the wanted cuisine and time; ties are rotated by `seed`.
    static func fallback(constraints: Constraints, cuisine: String?, wanted: Set<String> = [], maxPrepMinutes: Int?, seed: Int,
                         checker: (MealSuggestion) -> Bool) -> MealSuggestion? {
        rankedCandidates(constraints: constraints, cuisine: cuisine, wanted: wanted, maxPrepMinutes: maxPrepMinutes, seed: seed)
            .first(where: checker)
    }

    static func rankedFallbacks(constraints: Constraints, cuisine: String?, maxPrepMinutes: Int?, seed: Int,
                                checker: (MealSuggestion) -> Bool) -> [MealSuggestion] {
        rankedCandidates(constraints: constraints, cuisine: cuisine, maxPrepMinutes: maxPrepMinutes, seed: seed).filter(checker)
    }

    /// The built-in meals, best first for the foods the request names (`wanted`, see
    /// ``wantedFoods(in:)``), the diets, the cuisine (or one of its family: Thai for Vietnamese)
    /// and time, ties rotated by `seed` (not yet checked: callers filter them, lazily when one is
    /// enough).
    static func rankedCandidates(constraints: Constraints, cuisine: String?, wanted: Set<String> = [], maxPrepMinutes: Int?,
                                 seed: Int) -> [MealSuggestion] {
        let safe = fallbackMeals
        let wantedFamily = cuisine.flatMap { cuisineFamilies[$0.lowercased()] }
        func score(_ candidate: FallbackMeal) -> Int {
            var score = constraints.diets.filter { candidate.suits.contains($0) }.count * 2
            score += 4 * Set(foodWords(of: candidate.meal)).intersection(wanted).count
            if let cuisine, candidate.meal.cuisine.lowercased() == cuisine.lowercased() {
                score += 5
            } else if let wantedFamily, cuisineFamilies[candidate.meal.cuisine.lowercased()] == wantedFamily {
                score += 3
            }
            if let maxPrepMinutes, candidate.meal.prepMinutes <= maxPrepMinutes { score += 3 }
            return score
        }
        let count = safe.count
        let start = ((seed % count) + count) % count
        let rotated = Array(safe[start...] + safe[..<start])
        // Each meal is scored once (a score reads its words), then sorted by score, ties in rotated order.
        let scored = rotated.enumerated().map { (offset: $0.offset, meal: $0.element.meal, score: score($0.element)) }
        return scored.sorted { lhs, rhs in
            lhs.score != rhs.score ? lhs.score > rhs.score : lhs.offset < rhs.offset
        }.map(\.meal)
    }

    /// Cuisines close enough that a wish for one is served by another when the list has none of
    /// it (the list's "Asian" dishes are East Asian stir-fries and bowls).
    static let cuisineFamilies: [String: String] = [
        "thai": "east-asian", "vietnamese": "east-asian", "chinese": "east-asian", "japanese": "east-asian",
        "korean": "east-asian", "asian": "east-asian", "ramen": "east-asian", "sushi": "east-asian",
        "italian": "italian", "pizza": "italian",
        "mediterranean": "mediterranean", "greek": "mediterranean", "lebanese": "mediterranean", "turkish": "mediterranean",
        "spanish": "mediterranean", "tapas": "mediterranean",
        "american": "american", "bbq": "american", "barbecue": "american", "burger": "american", "burgers": "american",
        "steakhouse": "american", "steak": "american",
    ]

    /// Words that dish names and ingredient lists share with any request.
    private static let notFoods: Set<String> = ["with", "and", "the", "a", "of", "in", "on", "for", "to", "oil", "sauce", "fresh"]

    /// The words of a dish's name and key ingredients, singular ("noodle", "taco").
    static func foodWords(of meal: MealSuggestion) -> [String] {
        (CoreSkillSupport.words(meal.name) + meal.keyIngredients.flatMap(CoreSkillSupport.words))
            .map(TermMatcher.singular).filter { !notFoods.contains($0) }
    }

    /// The foods a dinner request names that dishes of the built-in list have ("something with
    /// noodles" → noodle), so the list's answer honours them.
    static func wantedFoods(in message: String) -> Set<String> {
        let known = Set(fallbackMeals.flatMap { foodWords(of: $0.meal) })
        return Set(CoreSkillSupport.words(message).map(TermMatcher.singular)).intersection(known)
    }

    // MARK: Week, groceries, history

    func planWeek(context: SkillContext, listGroceries: Bool) -> SkillResult {
        let constraints = constraints()
        let timeZone = CoreSkillSupport.timeZone(services, context)
        let today = CoreSkillSupport.day(context.now, in: timeZone)
        let seed = DayString.dayNumber(today) ?? 0
        let checker = AllergenChecker()
        let meals = Self.rankedFallbacks(constraints: constraints, cuisine: nil, maxPrepMinutes: nil, seed: seed) { meal in
            checker.check(name: meal.name, description: meal.description, ingredients: meal.keyIngredients,
                          allergies: constraints.allergies).isSafe
                && !constraints.recent.contains { $0.lowercased() == meal.name.lowercased() }
                && Self.interactions(of: meal, constraints).isEmpty
        }
        guard !meals.isEmpty else {
            return .response("I couldn't build a week of dinners that is safe for everyone's allergies from my list.")
        }
        let dinners = (0..<7).compactMap { offset -> MealPlan.Dinner? in
            guard let date = DayString.adding(offset, to: today) else { return nil }
            let meal = meals[offset % meals.count]
            return MealPlan.Dinner(date: date, name: meal.name, cuisine: meal.cuisine, prepMinutes: meal.prepMinutes,
                                   keyIngredients: meal.keyIngredients)
        }
        let plan = MealPlan(weekStart: today, dinners: dinners, createdAt: context.now)
        do {
            try services.storage.save(plan, to: .mealPlan)
        } catch {
            return .error("I made a plan but could not save it: \(error)")
        }
        var lines = ["Here is the dinner plan for the week (saved):"]
        lines += dinners.map { "- \(CoreSkillSupport.describeDay($0.date, in: timeZone)): \($0.name)" }
        if listGroceries { lines.append(Self.groceryText(plan)) }
        return .response(lines.joined(separator: "\n"))
    }

    func groceryList(context: SkillContext) -> SkillResult {
        let plan: MealPlan?
        do { plan = try services.storage.loadIfPresent(.mealPlan) } catch { return .error("I could not read the meal plan: \(error)") }
        guard let plan, !plan.dinners.isEmpty else { return planWeek(context: context, listGroceries: true) }
        return .response(Self.groceryText(plan))
    }

    static func groceryText(_ plan: MealPlan) -> String {
        "Grocery list for the week of \(plan.weekStart):\n" + plan.ingredients.map { "- " + $0 }.joined(separator: "\n")
    }

    func history() -> SkillResult {
        let history: [MealRecord]
        do { history = try services.storage.load(.mealHistory) } catch { return .error("I could not read the meal history: \(error)") }
        guard !history.isEmpty else { return .response("No meals are recorded yet. Tell me what you had, e.g. \"We had tacos tonight\".") }
        let lines = history.suffix(7).reversed().map { "- \($0.date): \($0.name)" }
        return .response("Recent meals:\n" + lines.joined(separator: "\n"))
    }

    func logMeal(_ arguments: Arguments, context: SkillContext) -> SkillResult {
        var name = arguments.mealName ?? ""
        if name.isEmpty {
            let lower = context.message.lowercased()
            for marker in ["we had ", "we ate ", "log ", "record "] {
                if let range = lower.range(of: marker) {
                    name = String(context.message[range.upperBound...])
                    break
                }
            }
            for suffix in [" tonight", " for dinner", " today", " yesterday", "."] {
                if name.lowercased().hasSuffix(suffix) { name = String(name.dropLast(suffix.count)) }
            }
        }
        name = name.trimmingCharacters(in: .whitespacesAndNewlines.union(.punctuationCharacters))
        guard !name.isEmpty else { return .response("What did you have?") }
        let day = CoreSkillSupport.day(context.now, in: CoreSkillSupport.timeZone(services, context))
        do {
            try services.storage.update(.mealHistory) { $0.append(MealRecord(name: name, date: day)) }
        } catch {
            return .error("I could not save the meal: \(error)")
        }
        return .response("Noted: \(name) on \(day). I'll avoid suggesting it again for a few days.")
    }
}

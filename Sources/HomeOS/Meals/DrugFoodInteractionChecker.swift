/// What to do about a drug–food interaction.
public enum InteractionAdvice: String, Sendable, Hashable, Codable, CaseIterable {
    /// Avoid the food while taking the drug.
    case avoid
    /// Keep the amount low.
    case limit
    /// Eat a steady amount from week to week; do not change suddenly.
    case keepConsistent
    /// Take the drug apart from the food.
    case separateTiming
}

/// One interaction between a medication a family member takes and a food in a meal.
public struct DrugFoodInteraction: Sendable, Hashable, Codable {
    /// The medication as the family data names it ("Lipitor 20 mg").
    public var medication: String
    /// The generic drug it was recognised as ("atorvastatin").
    public var drug: String
    /// The food group it interacts with ("grapefruit", "vitamin K greens", "aged cheese").
    public var foodGroup: String
    /// The words that were found in the meal ("grapefruit juice").
    public var foods: [String]
    /// What to do.
    public var advice: InteractionAdvice
    /// A short plain explanation, suitable for a handoff to the healthcare skill.
    public var explanation: String

    /// Creates an interaction.
    public init(medication: String, drug: String, foodGroup: String, foods: [String], advice: InteractionAdvice, explanation: String) {
        self.medication = medication
        self.drug = drug
        self.foodGroup = foodGroup
        self.foods = foods
        self.advice = advice
        self.explanation = explanation
    }
}

/// A small, deterministic table of well-known drug–food interactions, checked when a meal is
/// planned for someone on medication. A hit is the meal-planning → healthcare handoff.
///
/// The table:
/// - **Statins** atorvastatin (Lipitor), simvastatin (Zocor), lovastatin (Mevacor, Altoprev) ×
///   **grapefruit** (and pomelo, Seville orange): avoid.
/// - **Warfarin** (Coumadin, Jantoven) × **vitamin K greens** (kale, spinach, collards, chard,
///   turnip/mustard/beet greens, broccoli, Brussels sprouts, parsley): keep consistent; ×
///   **cranberry**: limit.
/// - **MAOIs** phenelzine (Nardil), tranylcypromine (Parnate), isocarboxazid (Marplan),
///   selegiline (Emsam, Eldepryl, Zelapar), rasagiline (Azilect) × **aged cheese and other
///   tyramine-rich foods** (aged cheeses by name, cured meats, sauerkraut, kimchi, soy sauce,
///   miso, tap beer, yeast extracts, fava beans): avoid.
/// - **Levothyroxine** (Synthroid, Levoxyl, Unithroid, Euthyrox, Tirosint) × **soy** and
///   **coffee**: separate timing.
/// - **Metformin** (Glucophage, Glumetza, Fortamet, Riomet) × **alcohol**: limit.
///
/// Matching is on whole words with plurals, case-insensitive, and respects "grapefruit-free" or
/// "no grapefruit" as in ``AllergenChecker``. Limits: the table is deliberately small and not a
/// substitute for a pharmacist; generic "cheese" is not flagged for MAOIs (only named aged
/// cheeses and "aged cheese"); alcohol cooked into a dish ("red wine sauce") is flagged anyway.
public struct DrugFoodInteractionChecker: Sendable {
    /// One row of the table.
    struct Rule: Sendable {
        var drug: String
        var names: [String]
        var foodGroup: String
        var foods: [String]
        var advice: InteractionAdvice
        var explanation: String
    }

    /// Creates a checker with the built-in table.
    public init() {}

    /// The interactions between `medications` (as the family data names them, e.g. "Atorvastatin
    /// 20 mg", "Coumadin") and the foods in `foods` (meal name, description, ingredients).
    public func interactions(medications: [String], foods: [String]) -> [DrugFoodInteraction] {
        let foodTexts = foods.filter { !$0.isEmpty }.map(ScannedText.init)
        var found: [DrugFoodInteraction] = []
        for medication in medications {
            let medicationText = ScannedText(medication)
            for rule in Self.rules where !TermMatcher(rule.names).occurrences(in: medicationText).isEmpty {
                let matcher = TermMatcher(rule.foods)
                var words: [String] = []
                for text in foodTexts {
                    for occurrence in matcher.occurrences(in: text) where !Self.isDeclaredAbsent(occurrence.range, in: text) {
                        let phrase = text.phrase(occurrence.range)
                        if !words.contains(phrase) { words.append(phrase) }
                    }
                }
                guard !words.isEmpty else { continue }
                found.append(DrugFoodInteraction(medication: medication, drug: rule.drug, foodGroup: rule.foodGroup, foods: words,
                                                 advice: rule.advice, explanation: rule.explanation))
            }
        }
        return found
    }

    /// The interactions for a meal given as name, description and ingredients.
    public func interactions(medications: [String], mealName: String, description: String = "", ingredients: [String] = []) -> [DrugFoodInteraction] {
        interactions(medications: medications, foods: [mealName, description] + ingredients)
    }

    /// The generic drug names the table recognises a medication as (empty when none).
    public func recognisedDrugs(in medication: String) -> [String] {
        let text = ScannedText(medication)
        var drugs: [String] = []
        for rule in Self.rules where !drugs.contains(rule.drug) && !TermMatcher(rule.names).occurrences(in: text).isEmpty {
            drugs.append(rule.drug)
        }
        return drugs
    }

    static func isDeclaredAbsent(_ range: Range<Int>, in text: ScannedText) -> Bool {
        let tokens = text.tokens
        if range.upperBound < tokens.count, tokens[range.upperBound].word == "free" { return true }
        return text.isNegated(before: range.lowerBound, window: 2, negators: ["no", "without", "non", "zero", "sans"])
    }

    static let grapefruit = ["grapefruit", "grapefruit juice", "pomelo", "seville orange"]
    static let vitaminKGreens = ["kale", "spinach", "collard", "collards", "collard greens", "swiss chard", "chard", "turnip greens",
                                 "mustard greens", "beet greens", "leafy greens", "broccoli", "brussels sprouts", "brussel sprouts",
                                 "parsley", "endive", "watercress", "natto"]
    static let cranberry = ["cranberry", "cranberry juice", "cranberry sauce"]
    static let tyramine = ["aged cheese", "cheddar", "parmesan", "parmigiano", "blue cheese", "gorgonzola", "stilton", "roquefort",
                           "camembert", "brie", "gruyere", "swiss cheese", "emmental", "manchego", "asiago", "aged gouda", "pecorino",
                           "salami", "pepperoni", "prosciutto", "chorizo", "cured meat", "summer sausage", "sauerkraut", "kimchi",
                           "soy sauce", "miso", "tap beer", "draft beer", "marmite", "vegemite", "yeast extract", "fava beans", "broad beans"]
    static let soy = ["soy", "soya", "soybean", "tofu", "edamame", "tempeh", "miso", "soy milk", "natto"]
    static let coffee = ["coffee", "espresso", "latte", "cappuccino", "americano", "macchiato", "mocha", "cold brew"]
    static let alcohol = ["alcohol", "beer", "wine", "vodka", "whiskey", "whisky", "rum", "gin", "tequila", "bourbon", "brandy",
                          "cocktail", "margarita", "mojito", "sangria", "champagne", "prosecco", "sake", "liquor", "hard seltzer",
                          "mimosa", "spritz", "sherry", "vermouth", "cider", "coq au vin", "boeuf bourguignon"]

    static let statinGrapefruit = "Grapefruit raises the amount of this statin in the blood, which increases the risk of muscle damage. Avoid grapefruit and grapefruit juice unless your doctor or pharmacist says a small amount is fine."

    static let rules: [Rule] = [
        Rule(drug: "atorvastatin", names: ["atorvastatin", "lipitor"], foodGroup: "grapefruit", foods: grapefruit, advice: .avoid, explanation: statinGrapefruit),
        Rule(drug: "simvastatin", names: ["simvastatin", "zocor"], foodGroup: "grapefruit", foods: grapefruit, advice: .avoid, explanation: statinGrapefruit),
        Rule(drug: "lovastatin", names: ["lovastatin", "mevacor", "altoprev"], foodGroup: "grapefruit", foods: grapefruit, advice: .avoid, explanation: statinGrapefruit),
        Rule(drug: "warfarin", names: ["warfarin", "coumadin", "jantoven"], foodGroup: "vitamin K greens", foods: vitaminKGreens, advice: .keepConsistent,
             explanation: "Vitamin K in leafy greens works against warfarin. They are not forbidden, but keep the amount steady from week to week and tell the doctor before big changes."),
        Rule(drug: "warfarin", names: ["warfarin", "coumadin", "jantoven"], foodGroup: "cranberry", foods: cranberry, advice: .limit,
             explanation: "Cranberry juice and large amounts of cranberry may strengthen warfarin and raise the risk of bleeding. Keep it small and ask the doctor or pharmacist."),
        Rule(drug: "MAOI", names: ["maoi", "mao inhibitor", "phenelzine", "nardil", "tranylcypromine", "parnate", "isocarboxazid", "marplan",
                                   "selegiline", "emsam", "eldepryl", "zelapar", "rasagiline", "azilect"],
             foodGroup: "aged cheese and tyramine-rich foods", foods: tyramine, advice: .avoid,
             explanation: "Aged cheese, cured meats and fermented foods are rich in tyramine, which with an MAOI can cause a dangerous spike in blood pressure. Avoid them and ask the pharmacist for the full list."),
        Rule(drug: "levothyroxine", names: ["levothyroxine", "synthroid", "levoxyl", "unithroid", "euthyrox", "tirosint", "levothroid", "levo t"],
             foodGroup: "soy", foods: soy, advice: .separateTiming,
             explanation: "Soy taken close to levothyroxine lowers how much is absorbed. Take the pill on an empty stomach with water, 30 to 60 minutes before breakfast, and keep soy away from that window."),
        Rule(drug: "levothyroxine", names: ["levothyroxine", "synthroid", "levoxyl", "unithroid", "euthyrox", "tirosint", "levothroid", "levo t"],
             foodGroup: "coffee", foods: coffee, advice: .separateTiming,
             explanation: "Coffee within an hour of levothyroxine lowers how much is absorbed. Take the pill with water and wait 30 to 60 minutes before coffee."),
        Rule(drug: "metformin", names: ["metformin", "glucophage", "glumetza", "fortamet", "riomet"], foodGroup: "alcohol", foods: alcohol, advice: .limit,
             explanation: "Alcohol with metformin raises the risk of low blood sugar and of lactic acidosis, a rare but serious problem. Avoid heavy drinking and only drink with food."),
    ]
}

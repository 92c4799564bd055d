@testable import HomeOS
import Testing

@Suite struct AllergenCheckerTests {
    let checker = AllergenChecker()

    static let contains: [(String, String, String)] = [
        // (meal text, allergy, expected offending term)
        ("Satay chicken skewers", "peanut", "satay"),
        ("Thai noodles with crushed peanuts", "peanuts", "peanuts"),
        ("Peanut butter and jelly sandwich", "peanut", "peanut butter"),
        ("Stir-fry cooked in groundnut oil", "peanut", "groundnut oil"),
        ("Dressing with arachis oil", "peanut allergy", "arachis oil"),
        ("Trail mix with mixed nuts", "peanut", "mixed nuts"),
        ("Almond-crusted salmon", "tree nuts", "almond"),
        ("Basil pesto pasta", "tree nuts", "pesto"),
        ("Pecans and pistachios on top", "tree nut", "pecans"),
        ("Salad with pine nuts", "tree nuts", "pine nuts"),
        ("Fettuccine Alfredo", "dairy", "alfredo"),
        ("Toast with butter", "milk", "butter"),
        ("Greek yogurt parfait", "dairy", "yogurt"),
        ("Lentil dal finished with ghee", "lactose intolerance", "ghee"),
        ("Protein shake with whey", "dairy", "whey"),
        ("Chicken Caesar salad", "egg", "caesar"),
        ("Fries with garlic aioli", "eggs", "aioli"),
        ("Lemon meringue pie", "egg", "meringue"),
        ("Chicken stir-fry with soy sauce", "gluten", "soy sauce"),
        ("Moroccan couscous", "wheat", "couscous"),
        ("Seitan tacos", "celiac", "seitan"),
        ("Miso soup", "soy", "miso"),
        ("Edamame and tofu bowl", "soy", "edamame"),
        ("Pasta puttanesca with anchovies", "fish", "anchovies"),
        ("Pad see ew with fish sauce", "fish", "fish sauce"),
        ("Garlic shrimp scampi", "shellfish", "shrimp"),
        ("Grilled prawns", "shellfish", "prawns"),
        ("Maryland crab cakes", "seafood", "crab"),
        ("Steamed mussels", "shellfish", "mussels"),
        ("Hummus plate", "sesame", "hummus"),
        ("Noodles with tahini dressing", "sesame", "tahini"),
        ("Cucumber salad with sesame oil", "sesame", "sesame oil"),
        ("Kiwi smoothie", "kiwi", "kiwi"),
        ("Strawberry shortcake", "strawberries", "strawberry"),
    ]

    @Test(arguments: contains)
    func flagsAllergen(_ meal: String, _ allergy: String, _ term: String) {
        let report = checker.check(text: meal, allergies: [allergy])
        #expect(!report.isSafe, "\(meal) should conflict with \(allergy)")
        #expect(report.offendingTerms.contains(term), "\(meal) → \(report.offendingTerms)")
    }

    static let safe: [(String, String)] = [
        ("Peanut-free granola bars", "peanut"),
        ("Granola bars, free of peanuts", "peanut"),
        ("Cookies with no peanuts", "peanuts"),
        ("Stir-fry without peanuts", "peanut"),
        ("Nut free brownies", "tree nuts"),
        ("No peanuts or tree nuts in this dish", "nuts"),
        ("Nutmeg spiced pumpkin soup", "tree nuts"),
        ("Coconut curry", "tree nuts"),
        ("Butternut squash soup", "tree nuts"),
        ("Doughnuts", "nuts"),
        ("Stir-fry with water chestnuts", "tree nuts"),
        ("Pineapple fried rice", "tree nuts"),
        ("Coconut milk curry", "dairy"),
        ("Dairy-free cheese pizza", "dairy"),
        ("PB&J with peanut butter", "dairy"),
        ("Oat milk latte", "milk"),
        ("Eggplant parmigiana", "egg"),
        ("Sandwich with vegan mayo", "egg"),
        ("Rice noodles with vegetables", "gluten"),
        ("Gluten-free pasta with tomato sauce", "gluten"),
        ("Chicken tacos on corn tortillas", "wheat"),
        ("Buckwheat pancakes", "gluten"),
        ("Gluten-free soy sauce glaze", "wheat"),
        ("Shellfish-free paella with chicken", "fish"),
        ("Oyster mushroom stir-fry", "shellfish"),
        ("Grilled chicken with rice", "peanut"),
        ("Roast chicken with potatoes", "sesame"),
    ]

    @Test(arguments: safe)
    func respectsLookAlikesAndNegation(_ meal: String, _ allergy: String) {
        let report = checker.check(text: meal, allergies: [allergy])
        #expect(report.isSafe, "\(meal) vs \(allergy) → \(report.conflicts)")
    }

    @Test func wordBoundariesAndPlurals() {
        #expect(checker.offendingTerms(for: .peanut, in: "Peanuts, PEANUT and peanut's") == ["peanuts", "peanut"])
        #expect(checker.offendingTerms(for: .egg, in: "Eggplant with eggs") == ["eggs"])
        #expect(checker.offendingTerms(for: .fish, in: "anchovies and sardines").count == 2)
        #expect(checker.offendingTerms(for: .treeNut, in: "walnut-free, cashew topping") == ["cashew"])
    }

    @Test func negationDoesNotCarryThroughAnd() {
        let report = checker.check(text: "no peanuts and cashews on top", allergies: ["tree nuts"])
        #expect(report.offendingTerms == ["cashews"])
        #expect(checker.check(text: "no peanuts and cashews on top", allergies: ["peanut"]).isSafe)
    }

    @Test func freeClearsOnlyTheSameAllergen() {
        #expect(checker.check(text: "Gluten-free soy sauce glaze", allergies: ["soy"]).offendingTerms == ["soy sauce"])
        #expect(checker.check(text: "dairy-free cheese with walnuts", allergies: ["dairy", "tree nuts"]).offendingTerms == ["walnuts"])
    }

    @Test func coconutAndNutmegAreOptIn() {
        let strict = AllergenChecker(includesCoconutAsTreeNut: true, includesNutmegAsTreeNut: true)
        #expect(strict.check(text: "Coconut curry", allergies: ["tree nuts"]).offendingTerms == ["coconut"])
        #expect(strict.check(text: "Nutmeg custard", allergies: ["tree nuts"]).offendingTerms == ["nutmeg"])
    }

    @Test func checksNameDescriptionAndIngredientsSeparately() {
        let report = checker.check(
            name: "Peanut-free pad thai",
            description: "Rice noodles, tofu and lime",
            ingredients: ["rice noodles", "tofu", "fish sauce", "2 tbsp butter", "eggs"],
            allergies: ["peanut", "soy", "shellfish", "dairy", "egg"]
        )
        #expect(!report.isSafe)
        #expect(report.termsByAllergen[.soy] == ["tofu"])
        #expect(report.termsByAllergen[.milk] == ["butter"])
        #expect(report.termsByAllergen[.egg] == ["eggs"])
        #expect(report.termsByAllergen[.peanut] == nil)
        #expect(report.termsByAllergen[.shellfish] == nil)
    }

    @Test func emptyAllergiesAreSafe() {
        #expect(checker.check(name: "Peanut satay", allergies: []).isSafe)
        #expect(checker.check(name: "Peanut satay", allergies: ["", "  "]).isSafe)
    }

    @Test func mapsAllergiesToMajorAllergens() {
        #expect(MajorAllergen.allergens(forAllergy: "Peanuts") == [.peanut])
        #expect(MajorAllergen.allergens(forAllergy: "tree nuts") == [.treeNut])
        #expect(MajorAllergen.allergens(forAllergy: "nuts") == [.peanut, .treeNut])
        #expect(MajorAllergen.allergens(forAllergy: "nut allergy") == [.peanut, .treeNut])
        #expect(MajorAllergen.allergens(forAllergy: "almonds") == [.treeNut])
        #expect(MajorAllergen.allergens(forAllergy: "dairy") == [.milk])
        #expect(MajorAllergen.allergens(forAllergy: "lactose intolerance") == [.milk])
        #expect(MajorAllergen.allergens(forAllergy: "celiac disease") == [.wheat])
        #expect(MajorAllergen.allergens(forAllergy: "gluten") == [.wheat])
        #expect(MajorAllergen.allergens(forAllergy: "seafood") == [.fish, .shellfish])
        #expect(MajorAllergen.allergens(forAllergy: "shrimp") == [.shellfish])
        #expect(MajorAllergen.allergens(forAllergy: "fish") == [.fish])
        #expect(MajorAllergen.allergens(forAllergy: "eggs") == [.egg])
        #expect(MajorAllergen.allergens(forAllergy: "soy") == [.soy])
        #expect(MajorAllergen.allergens(forAllergy: "sesame seeds") == [.sesame])
        #expect(MajorAllergen.allergens(forAllergy: "kiwi").isEmpty)
    }

    @Test func everyAllergenHasTermsAndWellFormedLookAlikes() {
        for allergen in MajorAllergen.allCases {
            #expect(!allergen.terms.isEmpty)
            #expect(!allergen.title.isEmpty)
            for lookAlike in allergen.lookAlikes {
                for element in PhrasePattern(lookAlike).elements {
                    for alternative in element.alternatives {
                        for word in alternative {
                            #expect(ScannedText(word.text).tokens.map(\.word) == [word.text], "\(allergen): \(lookAlike) word \(word.text)")
                        }
                    }
                }
            }
        }
    }
}

@Suite struct DrugFoodInteractionCheckerTests {
    let checker = DrugFoodInteractionChecker()

    @Test func grapefruitWithStatins() throws {
        for medication in ["Atorvastatin 20 mg", "Lipitor", "simvastatin", "Zocor 40mg", "lovastatin"] {
            let found = checker.interactions(medications: [medication], mealName: "Grapefruit and avocado salad")
            let interaction = try #require(found.first, "\(medication)")
            #expect(found.count == 1)
            #expect(interaction.foodGroup == "grapefruit")
            #expect(interaction.foods == ["grapefruit"])
            #expect(interaction.advice == .avoid)
            #expect(interaction.medication == medication)
            #expect(interaction.explanation.contains("muscle"))
        }
        let juice = checker.interactions(medications: ["atorvastatin"], mealName: "Breakfast", ingredients: ["grapefruit juice"])
        #expect(juice.first?.foods == ["grapefruit juice"])
        #expect(juice.first?.drug == "atorvastatin")
    }

    @Test func warfarinWithGreensAndCranberry() {
        let found = checker.interactions(medications: ["Coumadin 5 mg"], mealName: "Kale salad with dried cranberries")
        #expect(found.map(\.foodGroup) == ["vitamin K greens", "cranberry"])
        #expect(found.map(\.advice) == [.keepConsistent, .limit])
        #expect(found.allSatisfy { $0.drug == "warfarin" })
    }

    @Test func maoiWithAgedCheese() {
        let found = checker.interactions(medications: ["phenelzine"], mealName: "Aged cheddar and salami board")
        #expect(found.count == 1)
        #expect(found.first?.foods == ["cheddar", "salami"])
        #expect(checker.interactions(medications: ["Nardil"], mealName: "Fresh mozzarella pizza").isEmpty)
    }

    @Test func levothyroxineTiming() {
        let found = checker.interactions(medications: ["Synthroid 50mcg"], foods: ["Tofu scramble", "coffee"])
        #expect(found.map(\.foodGroup) == ["soy", "coffee"])
        #expect(found.allSatisfy { $0.advice == .separateTiming })
    }

    @Test func metforminWithAlcohol() {
        let found = checker.interactions(medications: ["metformin 500mg"], mealName: "Coq au vin")
        #expect(found.first?.foodGroup == "alcohol")
        #expect(found.first?.advice == .limit)
        #expect(checker.interactions(medications: ["metformin"], mealName: "Wine-free chicken stew").isEmpty)
    }

    @Test func noInteractionWithoutBothSides() {
        #expect(checker.interactions(medications: ["ibuprofen"], mealName: "Grapefruit salad").isEmpty)
        #expect(checker.interactions(medications: ["atorvastatin"], mealName: "Orange salad").isEmpty)
        #expect(checker.interactions(medications: [], mealName: "Grapefruit salad").isEmpty)
        #expect(checker.interactions(medications: ["atorvastatin"], mealName: "Salad with no grapefruit").isEmpty)
    }

    @Test func recognisesBrandNames() {
        #expect(checker.recognisedDrugs(in: "Lipitor 10mg") == ["atorvastatin"])
        #expect(checker.recognisedDrugs(in: "Jantoven") == ["warfarin"])
        #expect(checker.recognisedDrugs(in: "vitamin D").isEmpty)
    }
}

import Foundation

/// The major food allergens the checker knows synonyms for (the US "big nine": peanut, tree
/// nuts, milk, egg, wheat, soy, fish, crustacean shellfish and sesame; wheat also covers gluten
/// and shellfish also covers molluscs).
public enum MajorAllergen: String, Sendable, Hashable, Codable, CaseIterable {
    /// Peanuts and groundnuts.
    case peanut
    /// Tree nuts (almond, cashew, walnut, …).
    case treeNut
    /// Milk and dairy.
    case milk
    /// Eggs.
    case egg
    /// Wheat and other gluten grains.
    case wheat
    /// Soy.
    case soy
    /// Finned fish.
    case fish
    /// Crustacean shellfish and molluscs.
    case shellfish
    /// Sesame.
    case sesame

    /// A short human-readable name.
    public var title: String {
        switch self {
        case .peanut: "peanut"
        case .treeNut: "tree nuts"
        case .milk: "milk/dairy"
        case .egg: "egg"
        case .wheat: "wheat/gluten"
        case .soy: "soy"
        case .fish: "fish"
        case .shellfish: "shellfish"
        case .sesame: "sesame"
        }
    }

    /// The allergens an allergy as a family member states it refers to: "peanuts" → peanut,
    /// "tree nuts" or "almonds" → tree nuts, "nuts" → tree nuts *and* peanut, "dairy" or
    /// "lactose" → milk, "gluten" or "celiac" → wheat, "seafood" → fish *and* shellfish,
    /// "shrimp" → shellfish. A specific food names its whole group (an almond allergy is checked
    /// against every tree nut, because of cross-reactivity). Empty for anything else
    /// ("strawberries"), which ``AllergenChecker`` then matches literally.
    public static func allergens(forAllergy allergy: String) -> [MajorAllergen] {
        let text = ScannedText(allergy)
        let words = text.tokens.map(\.word)
        let namesSpecificNut = words.contains { TreeNutNames.specific.contains($0) }
        let isGenericNut = words.contains { $0 == "nut" || $0 == "nuts" } && !namesSpecificNut
        var found: [MajorAllergen] = isGenericNut && !words.contains(where: { $0.hasPrefix("pea") }) ? [.treeNut, .peanut] : []
        if words.contains("seafood") { found += [.fish, .shellfish] }
        for allergen in allCases where !found.contains(allergen) {
            let names = TermMatcher(allergen.allergyNames + allergen.terms.filter { !genericNutTerms.contains($0) })
            let excluded = allergen.lookAlikes.map(PhrasePattern.init).flatMap { $0.matches(in: text) }
            if names.occurrences(in: text).contains(where: { occurrence in !excluded.contains { $0.overlaps(occurrence.range) } }) {
                found.append(allergen)
            }
        }
        return allCases.filter(found.contains)
    }

    /// Terms that name no particular nut; they count for both nut allergens in meals but do not
    /// decide which allergen an allergy names.
    static let genericNutTerms: Set<String> = ["nut", "mixed nuts", "nut butter"]

    /// Words people use to state the allergy itself.
    var allergyNames: [String] {
        switch self {
        case .peanut: ["peanut", "groundnut"]
        case .treeNut: ["tree nut"]
        case .milk: ["dairy", "lactose", "milk protein", "cow's milk"]
        case .egg: ["egg"]
        case .wheat: ["wheat", "gluten", "celiac", "coeliac"]
        case .soy: ["soy", "soya"]
        case .fish: ["fish", "finned fish"]
        case .shellfish: ["shellfish", "crustacean", "mollusc", "mollusk"]
        case .sesame: ["sesame"]
        }
    }

    /// The words and dishes that signal the allergen in a meal (matched as whole words, plurals
    /// included).
    public var terms: [String] {
        switch self {
        case .peanut:
            return ["peanut", "peanut butter", "peanut oil", "peanut sauce", "groundnut", "groundnut oil", "goober", "arachis",
                    "arachis oil", "satay", "sate", "monkey nut", "beer nut", "pad thai",
                    "mixed nuts", "nut", "nut butter", "kung pao", "gado gado", "mandelonas"]
        case .treeNut:
            return ["almond", "cashew", "walnut", "pecan", "pistachio", "hazelnut", "filbert", "macadamia", "pine nut",
                    "pignoli", "pinon", "brazil nut", "chestnut", "nut", "mixed nuts", "nut butter", "praline", "marzipan",
                    "frangipane", "gianduja", "nutella", "nougat", "pesto", "baklava", "amaretti", "almond milk", "cashew milk",
                    "hickory nut", "tree nut"]
        case .milk:
            return ["milk", "dairy", "butter", "buttered", "buttery", "buttermilk", "cheese", "cheesy", "cream", "creamy", "creamed",
                    "whey", "casein", "caseinate", "ghee", "yogurt", "yoghurt", "curd", "lactose", "paneer", "ricotta", "mozzarella",
                    "parmesan", "parmigiano", "cheddar", "feta", "brie", "gouda", "mascarpone", "creme fraiche", "custard", "kefir",
                    "ice cream", "gelato", "half and half", "queso", "alfredo", "bechamel", "lactalbumin", "pecorino", "burrata",
                    "halloumi", "gruyere", "camembert", "provolone", "raita", "tzatziki", "labneh", "quark", "butterscotch", "cheesecake",
                    "gravy", "chowder", "lasagna", "lasagne", "pizza", "quesadilla", "risotto", "gratin", "carbonara", "pesto", "tiramisu"]
        case .egg:
            return ["egg", "egg white", "egg yolk", "yolk", "mayonnaise", "mayo", "meringue", "aioli", "albumin", "albumen",
                    "ovalbumin", "custard", "hollandaise", "bearnaise", "frittata", "omelet", "omelette", "quiche", "souffle",
                    "eggnog", "carbonara", "french toast", "pavlova", "shakshuka", "tamagoyaki", "egg noodle", "caesar", "nicoise",
                    "tiramisu", "egg fried rice"]
        case .wheat:
            return ["wheat", "gluten", "flour", "bread", "breadcrumb", "breaded", "bun", "roll", "pasta", "noodle", "couscous",
                    "seitan", "soy sauce", "semolina", "durum", "spelt", "farro", "bulgur", "barley", "rye", "malt", "crouton",
                    "panko", "tortilla", "pita", "naan", "bagel", "croissant", "pizza", "dumpling", "cracker", "cake", "cookie",
                    "muffin", "pancake", "waffle", "biscuit", "pastry", "pie", "lasagna", "lasagne", "spaghetti", "macaroni",
                    "ramen", "udon", "soba", "orzo", "gnocchi", "tempura", "batter", "roux", "cornbread", "flatbread",
                    "shortbread", "gingerbread", "sourdough", "brioche", "challah", "focaccia", "ciabatta", "baguette", "pretzel",
                    "wrap", "burrito", "empanada", "beer", "fettuccine", "linguine", "penne", "ravioli", "tortellini", "rigatoni",
                    "bulgar", "tabbouleh", "teriyaki", "hoisin", "graham", "matzo", "farina", "einkorn", "emmer", "kamut", "triticale",
                    "cheesecake", "cupcake", "shortcake", "gravy", "caesar", "stuffing", "meatball", "meatloaf", "chowder"]
        case .soy:
            return ["soy", "soya", "soybean", "tofu", "edamame", "tempeh", "miso", "soy sauce", "tamari", "shoyu", "natto",
                    "soy lecithin", "textured vegetable protein", "tvp", "bean curd", "teriyaki", "hoisin", "soy milk", "yuba"]
        case .fish:
            return ["fish", "salmon", "tuna", "cod", "halibut", "tilapia", "trout", "sardine", "anchovy", "mackerel", "haddock",
                    "bass", "catfish", "snapper", "mahi", "mahi mahi", "swordfish", "pollock", "herring", "sole", "flounder", "carp",
                    "perch", "pike", "grouper", "fish sauce", "worcestershire", "bonito", "dashi", "surimi", "fish stock", "lox",
                    "caviar", "roe", "branzino", "sea bass", "eel", "unagi", "sashimi", "ceviche", "bouillabaisse", "kedgeree",
                    "nicoise", "caesar", "imitation crab"]
        case .shellfish:
            return ["shellfish", "shrimp", "prawn", "crab", "lobster", "scallop", "mussel", "clam", "oyster", "crawfish",
                    "crayfish", "langoustine", "krill", "oyster sauce", "shrimp paste", "squid", "calamari", "octopus", "snail",
                    "escargot", "cockle", "abalone", "whelk", "scampi", "paella", "cioppino", "jambalaya", "gumbo", "bisque"]
        case .sesame:
            return ["sesame", "sesame oil", "sesame seed", "tahini", "tahina", "hummus", "houmous", "halva", "halvah", "benne",
                    "gomasio", "zaatar", "furikake", "baba ganoush", "baba ghanoush", "gomashio"]
        }
    }

    /// Phrases that contain an allergen word but not the allergen ("peanut butter" for milk,
    /// "coconut milk", "rice noodles", "oyster mushroom", "water chestnut").
    var lookAlikes: [String] {
        switch self {
        case .peanut, .treeNut:
            return ["water chestnut|chestnuts", "nut|nuts free", "nutmeg", "coconut", "coconuts", "doughnut", "donut"]
        case .milk:
            let bases = "butter|milk|cream|cheese|yogurt|yoghurt|creamer|ice+cream"
            return ["peanut|almond|cashew|nut|seed|sunflower|apple|cocoa|cacao|shea|coconut|oat|soy|soya|rice|hemp|vegan|pea|macadamia|hazelnut|pistachio|flax|body|plant+based|dairy+free|non+dairy \(bases)", "bean curd",
                    "cream of tartar", "cream soda", "cream ~1 of ~ mushroom|celery|chicken|wheat", "coconut cream", "milk thistle", "buttercup",
                    "butterfly", "butternut", "butterhead", "butter bean", "butter beans", "milk of magnesia"]
        case .egg:
            return ["vegan|eggless|egg+free|plant+based mayo|mayonnaise|aioli|custard|meringue", "egg free",
                    "aquafaba meringue"]
        case .wheat:
            let bases = "flour|pasta|noodle|noodles|bread|tortilla|tortillas|crust|wrap|wraps|cracker|crackers|bun|buns|pizza|soy+sauce|couscous|roll|rolls|pie|cake|cookie|cookies|muffin|muffins|pancake|pancakes|waffle|waffles|breadcrumbs"
            return ["rice|almond|coconut|chickpea|oat|corn|cassava|tapioca|potato|buckwheat|sorghum|millet|teff|quinoa|lentil|bean|banana|arrowroot|gluten+free|cauliflower|lettuce|zucchini|collard|nori|rice+paper|shirataki|kelp|glass|cellophane|konjac|sweet+potato|gram|besan \(bases)",
                    "roll up|over", "bread fruit", "root beer", "ginger beer", "wrap in foil|plastic|paper"]
        case .soy:
            return ["soy free", "soya free", "coconut aminos"]
        case .fish:
            return ["swedish fish", "goldfish crackers", "fish free", "shellfish", "bass ~ guitar|drum", "sole ~ purpose|reason|ingredient",
                    "vegan|plant+based fish|fish+sauce|caesar|tuna|salmon|lox"]
        case .shellfish:
            return ["oyster mushroom", "oyster mushrooms", "oyster crackers", "crab apple", "crab apples", "crabapple", "shellfish free",
                    "vegan|plant+based shrimp|crab|lobster|scallop|scallops|oyster+sauce", "mushroom oyster+sauce", "vegetarian oyster+sauce|paella|jambalaya|gumbo",
                    "tomato|squash|pumpkin|mushroom|carrot|butternut bisque", "chicken|sausage|vegetable|vegetarian|okra gumbo|jambalaya"]
        case .sesame:
            return ["sesame free", "open sesame"]
        }
    }
}

/// Names of specific tree nuts, used to tell "nut allergy" (generic) from "almond allergy".
enum TreeNutNames {
    static let specific: Set<String> = ["almond", "almonds", "cashew", "cashews", "walnut", "walnuts", "pecan", "pecans", "pistachio",
                                        "pistachios", "hazelnut", "hazelnuts", "macadamia", "macadamias", "pine", "brazil", "chestnut",
                                        "chestnuts", "filbert", "filberts", "tree"]
}

/// One allergy of a person that a meal conflicts with.
public struct AllergenConflict: Sendable, Hashable, Codable {
    /// The allergy as it was given ("peanuts", "shellfish", "kiwi").
    public var allergy: String
    /// The major allergen checked for it; `nil` for an allergy matched literally.
    public var allergen: MajorAllergen?
    /// The offending words found in the meal, lower-cased, in order, without duplicates
    /// ("peanut butter", "satay").
    public var terms: [String]

    /// Creates a conflict.
    public init(allergy: String, allergen: MajorAllergen?, terms: [String]) {
        self.allergy = allergy
        self.allergen = allergen
        self.terms = terms
    }
}

/// The result of checking a meal against a set of allergies.
public struct AllergenReport: Sendable, Hashable, Codable {
    /// One entry per (allergy, allergen) that the meal conflicts with.
    public var conflicts: [AllergenConflict]

    /// Creates a report.
    public init(conflicts: [AllergenConflict]) {
        self.conflicts = conflicts
    }

    /// Whether no allergy conflicts with the meal.
    public var isSafe: Bool { conflicts.isEmpty }

    /// Every offending word, in order, without duplicates.
    public var offendingTerms: [String] {
        var seen: Set<String> = []
        return conflicts.flatMap(\.terms).filter { seen.insert($0).inserted }
    }

    /// The offending words per major allergen.
    public var termsByAllergen: [MajorAllergen: [String]] {
        var result: [MajorAllergen: [String]] = [:]
        for conflict in conflicts {
            guard let allergen = conflict.allergen else { continue }
            for term in conflict.terms where !(result[allergen] ?? []).contains(term) {
                result[allergen, default: []].append(term)
            }
        }
        return result
    }
}

/// Deterministic allergen check of a meal: its name, description and ingredient list against a
/// family's allergies. The meal-planning skill never trusts a model with an allergy: it runs this
/// after generation and regenerates (then falls back to a safe meal) on any conflict.
///
/// Matching is on whole words with English plurals ("peanuts", "anchovies"), so "butternut",
/// "nutmeg", "doughnut" and "eggplant" never count as nut or egg; multi-word terms ("pine
/// nuts", "soy sauce") are matched as phrases. Each allergen has a synonym table (see
/// ``MajorAllergen/terms``) including dishes that usually contain it (satay, kung pao and pad thai
/// for peanut; pesto and baklava for tree nuts; lasagna and pizza for milk; carbonara and niçoise
/// for egg; hummus for sesame) and
/// look-alikes that do not ("peanut butter" and "coconut milk" are not dairy, "rice noodles" and
/// "corn tortillas" are not wheat, "oyster mushrooms" are not shellfish, "water chestnuts" are not
/// nuts).
///
/// Negation: a term does not count when it is declared absent — followed by "free" ("peanut-free",
/// "nut free"), or preceded in its clause by "no", "without", "non", "zero", "sans", "free of",
/// "free from" or "hold the" (also through a list of allergen words joined by "or"/"nor": "no
/// peanuts or tree nuts"). After "X-free", the words of the same allergen that directly follow are
/// also cleared ("dairy-free cheese pizza", "gluten-free pasta"), but never another allergen's
/// ("gluten-free soy sauce" still has soy).
///
/// Defaults and limits, erring on the side of safety:
/// - Coconut and nutmeg are *not* tree nuts by default (nutmeg is a seed; the FDA no longer lists
///   coconut); set ``includesCoconutAsTreeNut`` / ``includesNutmegAsTreeNut`` to change that.
/// - A generic "nut(s)" counts for both peanut and tree-nut allergies.
/// - "May contain" and "traces of" count as containing; refined peanut oil counts as peanut.
/// - Soy sauce counts as wheat; tamari does not (it is usually wheat-free — check the label).
/// - Molluscs (squid, octopus, clams) count as shellfish; "seafood" allergies cover fish too.
/// - "and" does not carry a negation ("no peanuts and cashews on top" still flags cashews), and
///   "peanut and tree nut free" only clears the word right before "free"; these err towards a
///   conflict.
/// - An allergy outside the table ("kiwi", "strawberries") is matched literally, plurals included.
public struct AllergenChecker: Sendable {
    /// Whether coconut counts as a tree nut (default false).
    public var includesCoconutAsTreeNut: Bool
    /// Whether nutmeg counts as a tree nut (default false).
    public var includesNutmegAsTreeNut: Bool

    /// Creates a checker.
    public init(includesCoconutAsTreeNut: Bool = false, includesNutmegAsTreeNut: Bool = false) {
        self.includesCoconutAsTreeNut = includesCoconutAsTreeNut
        self.includesNutmegAsTreeNut = includesNutmegAsTreeNut
    }

    /// Checks a meal against `allergies` (as stated by family members, e.g. "peanuts", "dairy",
    /// "tree nuts", "kiwi"). The name, description and each ingredient are checked separately, so
    /// a negation in one never clears another.
    public func check(name: String, description: String = "", ingredients: [String] = [], allergies: [String]) -> AllergenReport {
        check(texts: [name, description] + ingredients, allergies: allergies)
    }

    /// Checks free text (a recipe, a menu line, a model's answer) against `allergies`.
    public func check(text: String, allergies: [String]) -> AllergenReport {
        check(texts: [text], allergies: allergies)
    }

    /// The offending words for one major allergen in `text`, in order, without duplicates.
    public func offendingTerms(for allergen: MajorAllergen, in text: String) -> [String] {
        terms(matching: terms(for: allergen), lookAlikes: lookAlikes(for: allergen), in: [ScannedText(text)])
    }

    private func check(texts: [String], allergies: [String]) -> AllergenReport {
        let scanned = texts.filter { !$0.isEmpty }.map(ScannedText.init)
        var conflicts: [AllergenConflict] = []
        for allergy in allergies where !allergy.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
            let allergens = MajorAllergen.allergens(forAllergy: allergy)
            if allergens.isEmpty {
                let literal = Self.literalTerms(for: allergy)
                guard !literal.isEmpty else { continue }
                let found = terms(matching: literal, lookAlikes: [], in: scanned)
                if !found.isEmpty { conflicts.append(AllergenConflict(allergy: allergy, allergen: nil, terms: found)) }
                continue
            }
            for allergen in allergens {
                let found = terms(matching: terms(for: allergen), lookAlikes: lookAlikes(for: allergen), in: scanned)
                if !found.isEmpty { conflicts.append(AllergenConflict(allergy: allergy, allergen: allergen, terms: found)) }
            }
        }
        return AllergenReport(conflicts: conflicts)
    }

    func terms(for allergen: MajorAllergen) -> [String] {
        var terms = allergen.terms
        if allergen == .treeNut {
            if includesCoconutAsTreeNut { terms.append("coconut") }
            if includesNutmegAsTreeNut { terms.append("nutmeg") }
        }
        return terms
    }

    func lookAlikes(for allergen: MajorAllergen) -> [String] {
        allergen.lookAlikes.filter { lookAlike in
            if allergen == .treeNut, includesCoconutAsTreeNut, lookAlike == "coconut" { return false }
            if allergen == .treeNut, includesNutmegAsTreeNut, lookAlike == "nutmeg" { return false }
            return true
        }
    }

    /// The words of an allergy outside the table, without "allergy", "allergic", "to" and the like.
    static func literalTerms(for allergy: String) -> [String] {
        let filler: Set<String> = ["allergy", "allergies", "allergic", "to", "intolerance", "intolerant", "sensitivity", "severe",
                                   "mild", "anaphylactic", "anaphylaxis", "reaction", "an", "a", "the", "of"]
        let words = ScannedText(allergy).tokens.map(\.word).filter { !filler.contains($0) }
        return words.isEmpty ? [] : [words.joined(separator: " ")]
    }

    /// Every allergen term, to carry a negation through a list ("no peanuts or tree nuts").
    static let allAllergenTerms = TermMatcher(MajorAllergen.allCases.flatMap(\.terms))

    static let precedingNegators: Set<String> = ["no", "without", "non", "zero", "sans", "minus", "omit", "exclude", "excluding", "nor"]
    static let listWords: Set<String> = ["or", "nor", "any", "added", "other", "and/or"]

    private func terms(matching termList: [String], lookAlikes: [String], in texts: [ScannedText]) -> [String] {
        let matcher = TermMatcher(termList)
        let lookAlikePatterns = lookAlikes.map(PhrasePattern.init)
        var found: [String] = []
        for text in texts {
            let occurrences = matcher.occurrences(in: text).sorted { $0.range.lowerBound < $1.range.lowerBound }
            let excluded = lookAlikePatterns.flatMap { $0.matches(in: text) }
            let foodWords = Self.allAllergenTerms.occurrences(in: text).map(\.range) + occurrences.map(\.range)
            var cleared: [Range<Int>] = []
            // Terms cleared because they follow "<term> free", and the terms right after them
            // ("dairy-free cheese pizza").
            var chain: [Range<Int>] = []
            for occurrence in occurrences {
                let range = occurrence.range
                let tokens = text.tokens
                let followsChain = range.lowerBound >= 1 && chain.contains { $0.upperBound == range.lowerBound }
                    && tokens[range.lowerBound - 1].clause == tokens[range.lowerBound].clause
                let followsFree = range.lowerBound >= 2 && tokens[range.lowerBound - 1].word == "free"
                    && tokens[range.lowerBound - 1].clause == tokens[range.lowerBound].clause
                    && cleared.contains { $0.upperBound == range.lowerBound - 1 }
                if followsChain || followsFree {
                    cleared.append(range)
                    chain.append(range)
                    continue
                }
                if isDeclaredAbsent(range, in: text, foodWords: foodWords) {
                    cleared.append(range)
                    continue
                }
                if excluded.contains(where: { $0.overlaps(range) }) { continue }
                let phrase = text.phrase(range)
                if !found.contains(phrase) { found.append(phrase) }
            }
        }
        return found
    }

    /// Whether the term at `range` is declared absent ("peanut-free", "no peanuts", "free of
    /// nuts", "dairy-free cheese").
    private func isDeclaredAbsent(_ range: Range<Int>, in text: ScannedText, foodWords: [Range<Int>]) -> Bool {
        let tokens = text.tokens
        // "peanut-free", "nut free", "dairy free"
        if range.upperBound < tokens.count, tokens[range.upperBound].word == "free" || tokens[range.upperBound].word == "less",
           tokens[range.upperBound].clause == tokens[range.lowerBound].clause {
            return true
        }
        // "no peanuts", "free of nuts", "hold the cheese", "no peanuts or tree nuts"
        let clause = tokens[range.lowerBound].clause
        var position = range.lowerBound - 1
        var steps = 0
        while position >= 0, tokens[position].clause == clause, steps < 8 {
            let word = tokens[position].word
            if Self.precedingNegators.contains(word) { return true }
            if word == "of" || word == "from", position >= 1, tokens[position - 1].word == "free" { return true }
            if word == "the", position >= 1, tokens[position - 1].word == "hold" { return true }
            if Self.listWords.contains(word) {
                position -= 1
                steps += 1
                continue
            }
            if let previous = foodWords.first(where: { $0.contains(position) }) {
                position = previous.lowerBound - 1
                steps += 1
                continue
            }
            return false
        }
        return false
    }
}

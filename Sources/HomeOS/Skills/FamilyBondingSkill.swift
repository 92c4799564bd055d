import Foundation
import LLM
import Skills

/// family-bonding (pattern C): three activity ideas fitted to the members' ages (the model, or
/// an age-bucketed list without it). Dining out is handed to restaurant-reservation with the
/// party size.
struct FamilyBondingSkill: HomeOSSkill {
    static let catalogEntry = HomeOSSkillCatalog.familyBonding

    /// Where the family wants to spend the time.
    enum Setting: String, SchemaStringEnum {
        case home, outdoors, diningOut
    }

    /// Arguments: the setting, when the router extracted it.
    @SkillArguments
    struct Arguments: Codable, Sendable {
        var setting: Setting?
    }

    let services: HomeOSServices

    /// Phrases that mean eating out.
    static let diningOutPhrases = ["dinner out", "eat out", "eating out", "dine out", "dining out", "go out to eat", "go out for dinner",
                                   "go out for lunch", "go out for brunch", "restaurant", "brunch out", "lunch out", "out for dinner"]

    /// The setting the words state, if any: eating out, outdoors or at home.
    static func statedSetting(in message: String) -> Setting? {
        if DailySkillSupport.mentions(message, any: diningOutPhrases) { return .diningOut }
        if DailySkillSupport.mentions(message, any: ["outside", "outdoor", "park", "hike"]) { return .outdoors }
        if DailySkillSupport.mentions(message, any: ["at home", "indoor", "rainy", "tonight", "game night"]) { return .home }
        return nil
    }

    /// A plain request for ideas ("Ideas for family time this weekend?") needs no extraction call:
    /// its only argument, the setting, is read from the words (none stated means any setting).
    func argumentsReadFromWords(of message: String) -> Arguments? {
        guard DailySkillSupport.mentions(message, any: ["idea", "ideas", "family time", "activity", "activities", "what can we do",
                                                        "something fun"]) else { return nil }
        return Arguments(setting: Self.statedSetting(in: message))
    }

    func execute(arguments: Arguments, context: SkillContext) async throws -> SkillResult {
        let message = context.message
        let family = CoreSkillSupport.family(services)
        let setting = arguments.setting ?? Self.statedSetting(in: message)

        if setting == .diningOut {
            var facts = ["request": message, "reason": "family time"]
            if let family, !family.members.isEmpty { facts["partySize"] = String(family.members.count) }
            return .handoff(HandoffRequest(targetSkillID: "restaurant-reservation",
                                           reason: "The family wants to eat out together.", context: facts))
        }

        let ages = (family?.members ?? []).compactMap(\.age)
        let data = "Ages: " + (ages.isEmpty ? "unknown" : ages.map(String.init).joined(separator: ", "))
            + "\nSetting: " + (setting.map { $0 == .home ? "at home" : "outdoors" } ?? "any")
        let messages = services.promptMessages(
            skillID: id,
            instruction: "Suggest exactly 3 family activities that everyone in the family can enjoy given their ages, as a numbered list, one short line each. No introduction.",
            data: data, context: context)
        if let text = await DailySkillSupport.generate(messages, context: context, maxTokens: 160) {
            return .response(DailySkillSupport.limitOptions(text))
        }
        let ideas = Self.fallbackIdeas(youngest: ages.min(), setting: setting)
        return .response("Here are 3 ideas for the family:\n" + ideas.enumerated().map { "\($0.offset + 1). \($0.element)" }.joined(separator: "\n"))
    }

    /// Three ideas for the youngest member's age, without a model.
    static func fallbackIdeas(youngest: Int?, setting: Setting?) -> [String] {
        let outdoors = setting == .outdoors
        switch youngest {
        case .some(let age) where age < 6:
            return outdoors ? ["A playground picnic with bubbles", "A nature walk collecting leaves and stones", "Feeding ducks at the pond"]
                : ["Build a blanket fort and read stories inside", "A dance party with everyone's favourite songs", "Bake simple cookies together"]
        case .some(let age) where age < 13:
            return outdoors ? ["A bike ride to a new park", "A backyard scavenger hunt", "Stargazing with a sky-map app"]
                : ["A board-game tournament with a small trophy", "Cook a new recipe together, kids as head chefs", "Build a cardboard marble run"]
        case .some:
            return outdoors ? ["A sunrise hike with breakfast at the top", "A geocaching hunt around town", "A family photo walk"]
                : ["A movie marathon where everyone picks one film", "A cooking challenge with mystery ingredients", "A jigsaw puzzle and playlist night"]
        case nil:
            return outdoors ? ["A picnic in the park", "A walk on a trail you haven't tried", "A backyard campfire"]
                : ["A board-game night", "Cook a new recipe together", "A family movie night"]
        }
    }
}

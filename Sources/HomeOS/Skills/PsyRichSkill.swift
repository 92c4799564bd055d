import Foundation
import LLM
import Skills

/// psy-rich (pattern C): three novel, enriching experiences the family can share — new places,
/// skills and perspectives rather than routine outings. Without a model, three ideas are picked
/// from a fixed list (rotated by the day, and fitted to young children when there are any).
struct PsyRichSkill: HomeOSSkill {
    static let catalogEntry = HomeOSSkillCatalog.psyRich

    /// Arguments: the occasion, when the router extracted one ("our anniversary").
    @SkillArguments
    struct Arguments: Codable, Sendable {
        var occasion: String?
    }

    let services: HomeOSServices

    /// Ideas for everyone, including young children.
    static let familyIdeas = [
        "Visit a cultural festival or a neighbourhood you've never explored, and try one new food there",
        "Take a beginner class together — pottery, rock climbing or circus skills",
        "Go on a night-time nature walk or a stargazing evening away from city lights",
        "Volunteer together for a morning at an animal shelter or community garden",
        "Cook a full meal from a country none of you has visited, music included",
        "Spend a day without screens exploring a town an hour away by train or bus",
    ]

    /// Ideas for adults only.
    static let adultIdeas = [
        "Take a one-evening class neither of you has tried: tango, glass-blowing or improv",
        "Book a sunrise hot-air balloon ride or a sunrise hike with a thermos of coffee",
        "Try a tasting menu of a cuisine you have never eaten",
        "Spend a night somewhere unusual: a treehouse, a lighthouse or a farm stay",
        "Go to a silent-disco walking tour or an immersive theatre show",
        "Write letters to each other, seal them, and read them at a new viewpoint",
    ]

    func execute(arguments: Arguments, context: SkillContext) async throws -> SkillResult {
        let family = CoreSkillSupport.family(services)
        let adultsOnly = DailySkillSupport.mentions(context.message, any: ["anniversary", "date night", "couple", "just the two of us", "romantic"])
            || DailySkillSupport.mentions(arguments.occasion ?? "", any: ["anniversary", "date"])
        let ages = (family?.members ?? []).compactMap(\.age)
        var data = "Ages: " + (ages.isEmpty ? "unknown" : ages.map(String.init).joined(separator: ", "))
        if let occasion = arguments.occasion?.dailyNonBlank { data += "\nOccasion: \(occasion)" }
        if adultsOnly { data += "\nFor the adults only." }
        let messages = services.promptMessages(
            skillID: id,
            instruction: "Suggest exactly 3 novel, enriching experiences the family has probably never tried together (new places, skills or perspectives, not routine outings), as a numbered list, one line each with why it is special. No introduction.",
            data: data, context: context)
        if let text = await DailySkillSupport.generate(messages, context: context, maxTokens: 180) {
            return .response(DailySkillSupport.limitOptions(text))
        }
        let pool = adultsOnly ? Self.adultIdeas : Self.familyIdeas
        let dayNumber = DayString.dayNumber(CoreSkillSupport.day(context.now, in: context.timeZone)) ?? 0
        let start = ((dayNumber % pool.count) + pool.count) % pool.count
        let ideas = (0..<3).map { pool[(start + $0 * 2) % pool.count] }
        return .response("Three new experiences to try together:\n"
            + ideas.enumerated().map { "\($0.offset + 1). \($0.element)" }.joined(separator: "\n"))
    }
}

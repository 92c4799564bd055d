// docs/adding-skills.md, "2. Template" (also used by docs/library-guide.md).
import Foundation
import LLM
import Skills

/// Plans a packed lunch for a child, respecting allergies.
struct PackedLunchSkill: Skill {
    /// What the model extracts from the message, declared once: `@SkillArguments` generates the
    /// memberwise initializer and `argumentsSchema` from it. Optional properties may be left out.
    @SkillArguments
    struct Arguments: Codable, Sendable, Hashable {
        /// The child's first name.
        @MinLength(1)
        var child: String
        /// The day the lunch is for.
        var day: Day?
        /// Foods to leave out.
        var avoid: [String]?
    }

    /// Enum arguments adopt `SchemaStringEnum`: the schema lists their raw values.
    enum Day: String, SchemaStringEnum { case today, tomorrow }

    let id = "packed-lunch"
    let name = "Packed lunch"
    let summary = "Suggests a packed lunch for a child that respects allergies and what they like."
    let permissions: Set<SkillPermission> = [.readFamilyData]
    let keywords = ["packed lunch", "lunch box", "school lunch"]
    let examples = ["Pack a lunch for Leo tomorrow", "What can Ava take for lunch without nuts?",
                    "Lunch box ideas for a picky eater"]

    func execute(arguments: Arguments, context: SkillContext) async throws -> SkillResult {
        let avoid = arguments.avoid ?? []
        guard let bridge = context.bridge else {
            return .response("A cheese sandwich, an apple and water for \(arguments.child).")
        }
        let idea = try await bridge.generate(
            prompt: "Suggest one packed lunch for \(arguments.child)"
                + (avoid.isEmpty ? "." : " without \(avoid.joined(separator: ", ")).") + " One sentence.",
            deadline: context.deadline)
        return .response(idea)
    }
}

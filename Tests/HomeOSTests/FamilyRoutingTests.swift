import Foundation
import Skills
import Testing
@testable import HomeOS

/// Family messages worded unlike any skill example reach the right skill without a language model
/// (words and the sentence encoder's vectors, as `homeos ask` routes on every engine): the learned
/// scorer must generalise from its training messages, not memorise them.
@Suite struct FamilyRoutingTests {
    static let heldOut: [(message: String, skill: String)] = [
        ("What medications does Grandma Rosa take?", "healthcare"),
        ("When does Grandma Rosa take her atorvastatin?", "healthcare"),
        ("Leo has a sore throat and a fever", "healthcare"),
        ("What could we do together as a family this Sunday?", "family-bonding"),
        ("Find a babysitter for Saturday night, up to $70", "hire-helper"),
        ("Sell our old bike for $40", "marketplace-sell"),
        ("Book a table for 5 at a Thai place on Sunday at noon", "restaurant-reservation"),
        ("Suggest a dinner the kids will like", "meal-planning"),
        ("Remind me to buy milk at 6pm", "tools"),
        ("The kitchen sink is clogged", "home-maintenance"),
        ("Tell Maria I'll be home late", "family-comms"),
        ("I slept 6 hours last night", "wellness"),
        ("How is my reading streak going?", "habits"),
        ("Phone grandma Rosa", "telephony"),
        ("Grandpa fell in the bathroom", "elder-care"),
        ("I need a ride to the train station at 8", "transportation"),
        ("Help Ava study for her history test", "education"),
        ("When is Leo's next parent-teacher meeting?", "school"),
        ("Turn my notes into a to-do list", "note-to-actions"),
        ("Brief me on the day ahead", "mental-load"),
    ]

    /// Held-out messages the bundled model still routes elsewhere (recorded, not hidden: the test
    /// notices when one starts routing right).
    static let knownMisses: Set<String> = []

    @Test func heldOutFamilyMessagesReachTheirSkillWithoutAModel() async throws {
        // This checks the routing, not the time (the suite runs in parallel).
        let router = try HomeOSRouting.router(bridge: nil, embedder: try await TestSentenceEncoder.encoder(), vectorTimeout: .seconds(120))
        let examples = Set(HomeOSSkillCatalog.all.flatMap(\.examples).map { $0.lowercased() })
        var misses: [String] = []
        for (message, skill) in Self.heldOut {
            let isTrainingExample = examples.contains(message.lowercased())
            #expect(!isTrainingExample, "\(message) is a training example, not held out")
            let decision = await router.route(message)
            if Self.knownMisses.contains(message) {
                withKnownIssue("\(message) → \(decision.skillID ?? "none"), want \(skill)") {
                    #expect(decision.skillID == skill)
                }
            } else if decision.skillID != skill { misses.append("\(message) → \(decision.skillID ?? "none") (\(decision.step)), want \(skill)") }
        }
        #expect(misses.isEmpty, "\(misses.joined(separator: "\n"))")
    }
}

import Foundation
import LLM
import Skills
import Testing
@testable import HomeOS

@Suite struct PromptGeneStoreTests {
    @Test func turnsAreRecordedAndFeedbackPersistsAndEvolves() async throws {
        let storage = InMemoryStorage()
        let store = PromptGeneStore(storage: storage)
        let first = try store.beginTurn(values: ["FAMILY_NAME": "Rivera"], now: Date(timeIntervalSince1970: 0))
        #expect(first.prompt.text.contains("Rivera"))
        #expect(DefaultGenes.guardrails.allSatisfy { first.prompt.geneIDs.contains($0.id) })
        #expect(try store.turns().map(\.id) == [first.turn.id])

        let (turn, _) = try await store.feedback(positive: true)
        #expect(turn.id == first.turn.id && turn.feedback == true)
        let tone = try #require(first.prompt.geneIDs.first { $0.hasPrefix("tone.") })
        #expect(abs((try store.pool().gene(tone)?.fitness ?? 0) - 0.55) < 1e-9)

        // Twelve answers all disliked: the tone genes in use drop under 0.3 with more than 10 uses and are rewritten.
        for _ in 0..<40 {
            _ = try store.beginTurn(values: [:], now: Date())
            try await store.feedback(positive: false)
        }
        let pool = try store.pool()
        #expect(pool.genes.contains { $0.parentID != nil && $0.slot != .safetyGuardrail })
        #expect(DefaultGenes.guardrails.allSatisfy { pool.gene($0.id)?.retired == false })
        #expect(try store.turns().count == 41)
    }

    @Test func aConversationKeepsItsStyleUntilADislikeOrAPause() async throws {
        let store = PromptGeneStore(storage: InMemoryStorage())
        let start = Date(timeIntervalSince1970: 1_800_000_000)
        let first = try store.beginTurn(values: ["FAMILY_NAME": "Rivera"], now: start)
        let second = try store.beginTurn(values: ["FAMILY_NAME": "Rivera"], now: start.addingTimeInterval(60))
        #expect(second.prompt == first.prompt)
        let tone = try #require(first.prompt.geneIDs.first { $0.hasPrefix("tone.") })
        #expect(try store.pool().gene(tone)?.uses == 2)
        // A thumbs-down on the second answer: the third is drawn afresh (and records its own genes).
        try await store.feedback(positive: false, turnID: second.turn.id)
        let third = try store.beginTurn(values: ["FAMILY_NAME": "Rivera"], now: start.addingTimeInterval(120))
        #expect(try store.turns().last?.geneIDs == third.prompt.geneIDs)
        // After a pause longer than a conversation the genes are drawn afresh too: over many new
        // conversations, more than one tone is used.
        var tones: Set<String> = []
        for hour in 1...30 {
            let turn = try store.beginTurn(values: [:], now: start.addingTimeInterval(Double(hour) * 3600))
            tones.formUnion(turn.prompt.geneIDs.filter { $0.hasPrefix("tone.") })
        }
        #expect(tones.count > 1)
    }

    @Test func feedbackNeedsATurnAndAKnownId() async throws {
        let store = PromptGeneStore(storage: InMemoryStorage())
        await #expect(throws: PromptFeedbackError.noTurns) { try await store.feedback(positive: true) }
        _ = try store.beginTurn(values: [:], now: Date())
        await #expect(throws: PromptFeedbackError.unknownTurn("nope")) { try await store.feedback(positive: true, turnID: "nope") }
    }

    @Test func theStyleReplacesTheFixedRulesInSkillPrompts() throws {
        let style = PromptStyle(text: "You are HomeOS for the Rivera family. Be warm.", turnID: "t1")
        let services = HomeOSServices(storage: InMemoryStorage(), style: style)
        let messages = services.promptMessages(skillID: "tools", instruction: "Answer briefly.", context: SkillContext(message: "hi"))
        #expect(messages.first?.content.hasPrefix("You are HomeOS for the Rivera family. Be warm.") == true)
        let plain = HomeOSServices(storage: InMemoryStorage()).promptMessages(skillID: "tools", instruction: "x", context: SkillContext(message: "hi"))
        #expect(plain.first?.content.hasPrefix(HomeOSPrompt.rules) == true)
    }

    /// The persona reads "the Rivera family" whether the family wrote its name as "Rivera" or whole.
    @Test func thePersonaNamesTheFamilyOnce() {
        #expect(HomeOSAssistant.surname(of: "The Rivera family") == "Rivera")
        #expect(HomeOSAssistant.surname(of: "Rivera") == "Rivera")
        #expect(HomeOSAssistant.surname(of: "the Nguyen-Smith Family ") == "Nguyen-Smith")
        #expect(HomeOSAssistant.surname(of: "Family") == "Family")
    }
}

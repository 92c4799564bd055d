import Foundation
import LLM
import Testing
@testable import Skills

@Suite struct GenePoolTests {
    /// 1,000 turns where the family prefers the warm tone but reacts only now and then: a thumbs-up
    /// with p = 0.3 when the warm gene shaped the answer, a thumbs-down with p = 0.3 otherwise.
    static func simulate(seed: UInt64, turns: Int = 1000) async throws -> (pool: GenePool, warmShare: [Double], children: [PromptGene]) {
        var pool = try GenePool(genes: DefaultGenes.all, seed: seed)
        var reactions = SplitMix64(seed: seed ^ 0xFEED)
        var warmPicks = [Int](repeating: 0, count: turns / 20)
        var children: [PromptGene] = []
        for turn in 0..<turns {
            let prompt = pool.synthesize(values: ["FAMILY_NAME": "Rivera", "NOW": "Sunday 18:00"])
            let warm = prompt.geneIDs.contains { $0.hasPrefix("tone.warm") }
            if warm { warmPicks[turn / 20] += 1 }
            let roll = reactions.nextUnit()
            if warm, roll < 0.3 { pool.recordFeedback(prompt.geneIDs, positive: true) }
            if !warm, roll < 0.3 { pool.recordFeedback(prompt.geneIDs, positive: false) }
            children += await pool.evolve(using: DeterministicGeneMutator())
        }
        return (pool, warmPicks.map { Double($0) / 20 }, children)
    }

    @Test func thePreferredToneIsSelectedMoreAndAWeakGeneIsMutated() async throws {
        let run = try await Self.simulate(seed: 2026)
        // Mutated children re-enter at fitness 0.5, so challengers keep coming back: the share
        // settles well above the uniform third rather than at 1.
        // At turn 0 the three tone genes have equal fitness: the warm gene's chance is one third.
        let start = try GenePool(genes: DefaultGenes.all, seed: 2026)
        let tones = start.active(in: .emotionalTone)
        #expect(tones.count == 3 && Set(tones.map(\.fitness)) == [0.5])
        // Mutated children re-enter at fitness 0.5, so challengers keep coming back: the share
        // settles well above a third rather than at 1.
        let late = run.warmShare[25...].reduce(0, +) / 25
        #expect(late > 0.5, "warm share per 20 turns: \(run.warmShare)")
        let warm = try #require(run.pool.active(in: .emotionalTone).first { $0.id == "tone.warm" })
        #expect(run.pool.active(in: .emotionalTone).allSatisfy { $0.id == warm.id || $0.fitness < warm.fitness })
        let toneChildren = run.children.filter { $0.slot == .emotionalTone }
        #expect(!toneChildren.isEmpty)
        let child = try #require(toneChildren.first)
        #expect(child.version == 2 && child.parentID != nil && child.fitness <= 1)
        #expect(run.pool.gene(child.parentID!)?.retired == true)
        #expect(!run.pool.lineage(of: child.id).isEmpty)
    }

    @Test func theRunIsReproducibleWithASeed() async throws {
        let first = try await Self.simulate(seed: 7, turns: 300)
        let second = try await Self.simulate(seed: 7, turns: 300)
        #expect(first.pool == second.pool)
        #expect(first.children == second.children)
        let other = try await Self.simulate(seed: 8, turns: 300)
        #expect(other.pool != first.pool)
    }

    @Test func guardrailsAreAlwaysIncludedAndNeverMutatedOrRetired() async throws {
        var pool = try GenePool(genes: DefaultGenes.all, seed: 1)
        for _ in 0..<50 {
            let prompt = pool.synthesize()
            for guardrail in DefaultGenes.guardrails { #expect(prompt.geneIDs.contains(guardrail.id)) }
            pool.recordFeedback(prompt.geneIDs, positive: false)
            _ = await pool.evolve(using: DeterministicGeneMutator())
        }
        for guardrail in DefaultGenes.guardrails {
            let gene = try #require(pool.gene(guardrail.id))
            #expect(gene.fitness == 0 && gene.uses == 50 && !gene.retired)
        }
        #expect(pool.genes.allSatisfy { !($0.slot == .safetyGuardrail && $0.parentID != nil) })
    }

    @Test func feedbackStepsAreClampedAndCounted() throws {
        var pool = try GenePool(genes: [PromptGene(id: "t", slot: .emotionalTone, text: "x", fitness: 0.98)], seed: 1)
        pool.recordFeedback(["t", "t", "unknown"], positive: true)
        #expect(pool.gene("t")?.fitness == 1 && pool.gene("t")?.positiveReactions == 1)
        pool.recordFeedback(["t"], positive: false)
        #expect(abs((pool.gene("t")?.fitness ?? 0) - 0.92) < 1e-9)
        #expect(pool.gene("t")?.negativeReactions == 1)
    }

    @Test func placeholdersAreFilledAndUnknownOnesDropped() throws {
        #expect(GenePool.fill("Now: {{NOW}}. {{MISSING}}Family: {{ FAMILY }}", values: ["NOW": "9:00", "FAMILY": "Rivera"])
                == "Now: 9:00. Family: Rivera")
        #expect(GenePool.fill("unclosed {{NOW", values: ["NOW": "x"]) == "unclosed {{NOW")
    }

    @Test func duplicateIdsAreRejected() {
        #expect(throws: GenePoolError.duplicateGene("tone.warm")) {
            _ = try GenePool(genes: DefaultGenes.all + [PromptGene(id: "tone.warm", slot: .emotionalTone, text: "again")], seed: 1)
        }
    }

    @Test func theModelMutatorFallsBackOnAnUnusableAnswer() async throws {
        let model = ScriptedModel()  // no rules: it answers "OK", too short to be an instruction
        let gene = PromptGene(id: "tone.neutral", slot: .emotionalTone, text: "Be calm.", fitness: 0.1, uses: 11)
        let text = try await ModelGeneMutator(bridge: LLMBridge(model: model), timeout: .seconds(1)).mutate(gene)
        #expect(text == "Be calm. Keep it shorter and more concrete.")
    }

    @Test func thePoolRoundTripsThroughJSON() async throws {
        var pool = try GenePool(genes: DefaultGenes.all, seed: 3)
        _ = pool.synthesize()
        let data = try JSONEncoder().encode(pool)
        var decoded = try JSONDecoder().decode(GenePool.self, from: data)
        #expect(decoded == pool)
        #expect(decoded.synthesize() == pool.synthesize())
    }
}

import ArgumentParser
import Foundation
import HomeOS
import Skills

/// `homeos feedback up|down [--turn ID]`: how the family liked an answer; it steers the prompt genes.
struct FeedbackCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "feedback",
        abstract: "Say whether an answer was good (up) or not (down); the prompt genes that shaped it gain or lose fitness.",
        discussion: """
            Every answer of `homeos ask` and `homeos chat` is built with a system prompt synthesized from the \
            family's gene pool (persona, format, tone, …; the safety guardrails always included). Feedback moves \
            the fitness of the answer's genes (+0.05 up, −0.08 down); a gene under 0.3 with more than 10 uses is \
            rewritten and the new version enters the pool. Without --turn the latest answer is meant.
            Examples: homeos feedback up
                      homeos feedback down --turn 3f9a1c2e
            """
    )

    enum Reaction: String, ExpressibleByArgument, CaseIterable { case up, down }

    @Argument(help: "up or down.")
    var reaction: Reaction

    @Option(name: .long, help: "The answer's turn id (shown after each answer); default: the latest.")
    var turn: String?

    @OptionGroup var data: DataDirectoryOptions

    func run() async throws {
        let storage = try data.openRequiredStorage()
        let store = PromptGeneStore(storage: storage)
        do {
            let (turn, children) = try await store.feedback(positive: reaction == .up, turnID: turn)
            print("Thanks: answer \(turn.id) marked \(reaction.rawValue); \(turn.geneIDs.count) genes updated.")
            for child in children {
                print("Gene \(child.parentID ?? "?") did poorly and was rewritten as \(child.id): \(child.text)")
            }
        } catch let error as PromptFeedbackError {
            throw CommandFailure(error.description)
        }
    }
}

/// `homeos dev genes list|show|history`: the family's prompt gene pool.
struct GenesCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "genes",
        abstract: "Show the prompt gene pool: every gene's fitness and use, one gene's lineage, recent answers.",
        subcommands: [GenesListCommand.self, GenesShowCommand.self, GenesHistoryCommand.self],
        defaultSubcommand: GenesListCommand.self
    )
}

/// `homeos dev genes list`.
struct GenesListCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "Every gene by slot: fitness, uses, reactions.")

    @Flag(name: .long, help: "Include retired genes (replaced by a rewritten child).")
    var all = false

    @OptionGroup var data: DataDirectoryOptions

    func run() async throws {
        let pool = try PromptGeneStore(storage: try data.openRequiredStorage()).pool()
        var rows = [["slot", "gene", "version", "fitness", "uses", "up", "down", "state"]]
        for slot in GeneSlot.allCases {
            for gene in pool.genes where gene.slot == slot && (all || !gene.retired) {
                rows.append([slot.rawValue, gene.id, "\(gene.version)", String(format: "%.2f", gene.fitness), "\(gene.uses)",
                             "\(gene.positiveReactions)", "\(gene.negativeReactions)",
                             gene.retired ? "retired" : (slot.isProtected ? "protected" : "active")])
            }
        }
        print(Terminal.table(rows))
    }
}

/// `homeos dev genes show ID`.
struct GenesShowCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "show", abstract: "One gene: its text, numbers and lineage.")

    @Argument(help: "The gene id (see `homeos dev genes list`).")
    var id: String

    @OptionGroup var data: DataDirectoryOptions

    func run() async throws {
        let pool = try PromptGeneStore(storage: try data.openRequiredStorage()).pool()
        guard let gene = pool.gene(id) else { throw CommandFailure(PromptFeedbackError.unknownGene(id).description) }
        print("\(gene.id) (\(gene.slot.rawValue), version \(gene.version)\(gene.retired ? ", retired" : ""))")
        print("text:    \(gene.text)")
        print(String(format: "fitness: %.2f; uses %d; up %d, down %d", gene.fitness, gene.uses, gene.positiveReactions, gene.negativeReactions))
        let lineage = pool.lineage(of: gene.id)
        if !lineage.isEmpty { print("lineage: " + lineage.map { "\($0.id) (v\($0.version))" }.joined(separator: " ← ")) }
    }
}

/// `homeos dev genes history`.
struct GenesHistoryCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "history", abstract: "Recent answers: turn id, time, feedback, genes used.")

    @OptionGroup var data: DataDirectoryOptions

    func run() async throws {
        let turns = try PromptGeneStore(storage: try data.openRequiredStorage()).turns()
        guard !turns.isEmpty else { print("No answers yet."); return }
        let formatter = ISO8601DateFormatter()
        var rows = [["turn", "answered", "feedback", "genes"]]
        for turn in turns.reversed() {
            rows.append([turn.id, formatter.string(from: turn.date), turn.feedback.map { $0 ? "up" : "down" } ?? "-",
                         turn.geneIDs.filter { !$0.hasPrefix("guardrail.") }.joined(separator: ", ")])
        }
        print(Terminal.table(rows))
    }
}

import ArgumentParser
import Foundation
import Sentinel

/// Where the safety plan is kept: the encrypted store in the data directory.
struct SafetyPlanStoreOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("Directory of the encrypted store (default: $SENTINEL_DATA_DIR, else ~/.homeos/sentinel).",
                                            valueName: "directory"))
    var dataDir: String?

    @Option(name: .long, help: ArgumentHelp("Environment variable holding the store's passphrase, if it has one.", valueName: "name"))
    var passphraseEnv: String = "SENTINEL_PASSPHRASE"

    /// Opens the store.
    func open() throws -> SentinelStore {
        let passphrase = ProcessInfo.processInfo.environment[passphraseEnv].flatMap { $0.isEmpty ? nil : $0 }
        return try SentinelStore(directory: SentinelDataDirectory.resolve(explicit: dataDir), passphrase: passphrase)
    }
}

/// `sentinel plan`: the Stanley–Brown safety plan.
struct PlanCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "plan",
        abstract: "Your Stanley-Brown safety plan: show it, edit it, or import it from JSON or a scanned worksheet.",
        discussion: """
            Seven sections: \(SafetyPlanSection.allCases.map { "\($0.rawValue) \($0.title) [\($0.key)]" }.joined(separator: "; ")). \
            The 988 Suicide & Crisis Lifeline (press 1 for the Veterans Crisis Line) is always listed under \
            professionals and cannot be removed. The plan is kept encrypted in the data directory.

            Examples:
              sentinel plan show
              sentinel plan add coping "Walk the dog around the block"
              sentinel plan add help "Mike (battle buddy) 555-201-7788"
              sentinel plan remove coping 2
              sentinel plan import plan.json
              sentinel plan import-text scanned-worksheet.txt
              sentinel plan show --ranked
            """,
        subcommands: [Show.self, Add.self, Remove.self, Import.self, ImportText.self],
        defaultSubcommand: Show.self
    )

    /// Prints the plan's warnings (to standard error, so that --json output stays clean).
    static func printWarnings(_ plan: SafetyPlan) {
        for warning in plan.warnings { Console.error("Warning: \(warning)") }
    }

    static func section(_ argument: String) throws -> SafetyPlanSection {
        guard let section = SafetyPlanSection(argument: argument) else { throw SafetyPlanError.unknownSection(argument) }
        return section
    }

    /// `sentinel plan show`.
    struct Show: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Show the plan, with entry numbers for 'remove'.",
            discussion: """
                With --ranked, the sections are ordered for right now: the on-device model proposes an \
                order from your trajectory, primary driver, latest tier and narrative (15 s at most); if it \
                cannot, or its answer is not an order of all 7 sections, the fixed order for your primary \
                driver is used. The top 3 are the ones the crisis view opens.
                """)

        @OptionGroup var store: SafetyPlanStoreOptions
        @Flag(name: .long, help: "Print the plan as JSON.")
        var json = false
        @Flag(name: .long, help: "Order the sections for your current picture (see above).")
        var ranked = false
        @OptionGroup var model: ReportModelOptions

        func run() async throws {
            let store = try store.open()
            let plan = try store.currentSafetyPlan()
            var order = SafetyPlanOrder.worksheet
            var ranking: SafetyPlanRanking?
            if ranked {
                ranking = try await CurrentSafetyPlanRanker(reranker: model.reranker()).rank(store: store)
                order = ranking?.order ?? order
            }
            if json {
                Console.out(try Console.json(plan) + "\n")
            } else {
                if let ranking { Console.out("Order \(ranking.order.digits), \(ranking.source).\n\n") }
                Console.out(plan.text(order: order.sections) + "\n")
            }
            PlanCommand.printWarnings(plan)
        }
    }

    /// `sentinel plan add SECTION TEXT`.
    struct Add: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Add an entry to a section; a phone number in the text is kept as the contact's number.")

        @Argument(help: ArgumentHelp("The section: \(SafetyPlanSection.argumentList).", valueName: "section"))
        var section: String
        @Argument(help: ArgumentHelp("The entry, in your own words.", valueName: "text"))
        var text: [String]
        @OptionGroup var store: SafetyPlanStoreOptions

        func run() async throws {
            let section = try PlanCommand.section(section)
            let entryText = text.joined(separator: " ")
            var added = false
            let plan = try store.open().updateSafetyPlan { plan in added = try plan.add(text: entryText, to: section) }
            Console.out(added ? "Added to \(section.title).\n"
                              : "Not added: it is already in your plan (988 is always listed under professionals).\n")
            Console.out(plan.text(order: [section]) + "\n")
            PlanCommand.printWarnings(plan)
        }
    }

    /// `sentinel plan remove SECTION INDEX`.
    struct Remove: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Remove an entry by its number in 'sentinel plan show' (988 cannot be removed).")

        @Argument(help: ArgumentHelp("The section: \(SafetyPlanSection.argumentList).", valueName: "section"))
        var section: String
        @Argument(help: ArgumentHelp("The entry's number, from 1.", valueName: "index"))
        var index: Int
        @OptionGroup var store: SafetyPlanStoreOptions

        func run() async throws {
            let section = try PlanCommand.section(section)
            var removed: SafetyPlanEntry?
            let plan = try store.open().updateSafetyPlan { plan in removed = try plan.remove(at: index, from: section) }
            Console.out("Removed \"\(removed?.description ?? "")\" from \(section.title).\n")
            Console.out(plan.text(order: [section]) + "\n")
            PlanCommand.printWarnings(plan)
        }
    }

    /// `sentinel plan import FILE.json`.
    struct Import: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Import a plan from JSON (replaces the plan unless --merge).",
            discussion: """
                Keys: \(SafetyPlanSection.allCases.map(\.jsonKey).joined(separator: ", ")); each a list of strings \
                or {"text": "...", "phone": "..."} objects, e.g.
                  {"warningSigns": ["Not sleeping"], "peopleToAsk": [{"text": "Mom", "phone": "555-123-4567"}]}
                """)

        @Argument(help: ArgumentHelp("The JSON file.", valueName: "file.json"))
        var file: String
        @Flag(name: .long, help: "Add the imported entries to the current plan instead of replacing it.")
        var merge = false
        @OptionGroup var store: SafetyPlanStoreOptions

        func run() async throws {
            let imported = try SafetyPlan.load(jsonFile: file)
            let plan = try PlanCommand.save(imported, merge: merge, into: store.open())
            Console.out("Imported \(file).\n\n" + plan.text() + "\n")
            PlanCommand.printWarnings(plan)
        }
    }

    /// `sentinel plan import-text FILE.txt`.
    struct ImportText: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "import-text",
            abstract: "Import a plan from the text of a scanned paper worksheet (replaces the plan unless --merge).",
            discussion: """
                The text (for example OCR output) is split into sections by their headings ("Step 1: Warning \
                signs", "Reasons for living", …); phone numbers are picked out, and professional contacts \
                (Dr., therapist, clinic, VA, hotline, …) are told apart from personal ones. Check the result \
                with 'sentinel plan show'.
                """)

        @Argument(help: ArgumentHelp("The worksheet's text.", valueName: "file.txt"))
        var file: String
        @Flag(name: .long, help: "Add the imported entries to the current plan instead of replacing it.")
        var merge = false
        @OptionGroup var store: SafetyPlanStoreOptions

        func run() async throws {
            let text: String
            do { text = try String(contentsOfFile: file, encoding: .utf8) } catch {
                throw SafetyPlanError.unreadable(path: file, reason: (error as NSError).localizedDescription)
            }
            let result = try SafetyPlanWorksheetParser().parse(text)
            let plan = try PlanCommand.save(result.plan, merge: merge, into: store.open())
            Console.out("Found \(result.sectionsFound.count) of 7 sections in \(file).\n")
            for note in result.notes { Console.out("Note: \(note)\n") }
            let missing = SafetyPlanSection.allCases.filter { !result.sectionsFound.contains($0) }
            if !missing.isEmpty { Console.out("Not found: " + missing.map(\.title).joined(separator: "; ") + ".\n") }
            Console.out("\n" + plan.text() + "\n")
            PlanCommand.printWarnings(plan)
        }
    }

    /// Saves an imported plan, replacing the stored one or merged into it.
    static func save(_ imported: SafetyPlan, merge: Bool, into store: some SafetyPlanStoring) throws -> SafetyPlan {
        try store.updateSafetyPlan { plan in
            if !merge { plan = SafetyPlan() }
            for section in SafetyPlanSection.allCases {
                for entry in imported.ownEntries[section] ?? [] { try plan.add(entry, to: section) }
            }
        }
    }
}

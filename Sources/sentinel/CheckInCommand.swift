import ArgumentParser
import CrisisDetection
import Foundation
import LlamaEngine
import ModelHub
import Sentinel

/// `sentinel checkin`: the full check-in — screener, signals, AI step, report.
struct CheckInCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "checkin",
        abstract: "Run a check-in: the C-SSRS screener, with an AI review of voice, wearable and written signals.",
        discussion: """
            Asks the screener questions on the terminal (answers can also be piped in, one per line), \
            or takes them from --answers. The AI step runs while the questions are answered and can \
            only raise the screener's tier, never lower it; if it fails or runs out of time, the \
            screener's tier stands and the report says so.

            Each check-in is saved to the encrypted store (tiers, answers and signal numbers; never \
            audio or your words) and updates your longitudinal summary, which informs the next AI \
            step. For an orange or red result, the crisis view is shown (with your safety plan from \
            'sentinel plan', its 3 most helpful sections for now opened first; with a model, it proposes \
            the order within 15 s, otherwise your primary driver decides) and the session is saved to the \
            crisis history (kept 30 days, AES-GCM encrypted, in --data-dir, $SENTINEL_DATA_DIR or \
            ~/.homeos/sentinel). When the questions were asked here (not --answers, not --json), \
            Sentinel then waits for the recheck (10 minutes, or --recheck-after; Enter checks in \
            sooner) and asks: more stable, about the same, or still not safe.

            Saving never holds up the result or the crisis view. When the check-in or the crisis \
            session could not be saved (a full disk, say), the reason is printed after the result \
            and the exit status is 1; what was saved before is kept.

            Examples:
              sentinel checkin
              sentinel checkin --audio today.wav --transcript today.txt --health export.xml --face face.csv
              printf 'no\\nno\\nno\\n' | sentinel checkin --no-model --note 'rough week'
              sentinel checkin --answers answers.json --json
              sentinel checkin --recheck-after 300 --data-dir ~/private/sentinel
            """
    )

    @Option(name: .long, help: ArgumentHelp("Answers as JSON instead of asking, e.g. {\"wish_dead\": false, \"suicidal_thoughts\": false, \"behavior\": false}.", valueName: "file.json"))
    var answers: String?

    @Option(name: .long, help: "How you have been doing, in your own words (otherwise asked interactively).")
    var note: String?

    @Option(name: .long, help: ArgumentHelp("Your crisis material as JSON for this check-in only: selfCommand, hopeItems, safetyPlan (steps, used when no plan is stored with 'sentinel plan'), battleBuddy {name, phone}. Default: the profile kept with 'sentinel profile'.", valueName: "file.json"))
    var profile: String?

    @OptionGroup var signals: SignalOptions
    @OptionGroup var ai: AIOptions

    @Flag(name: .long, help: "Print the report as JSON (prompts go to standard error).")
    var json = false

    @Option(name: .long, help: ArgumentHelp("Seconds to wait before the crisis recheck after an orange or red result (600 is 10 minutes).",
                                            valueName: "seconds"))
    var recheckAfter: Double = CrisisSession.recheckInterval

    @Flag(name: .long, help: "After an orange or red result, do not wait for the recheck.")
    var noRecheck = false

    @Option(name: .long, help: ArgumentHelp("Directory of the encrypted store and crisis history (default: $SENTINEL_DATA_DIR, else ~/.homeos/sentinel).",
                                            valueName: "directory"))
    var dataDir: String?

    func validate() throws {
        if !(recheckAfter > 0) || !recheckAfter.isFinite { throw ValidationError("--recheck-after must be above 0 seconds.") }
    }

    func run() async throws {
        let console = Console(promptsToStandardError: json)
        let sheet = try answers.map { path throws in try CheckInAnswerSheet.load(path: path) }
        // One engine for every model step of the check-in (see SharedEngineLoader).
        let sharedModel = ai.sharedModelLoader()
        let aiStep = try ai.aiStep(shared: sharedModel)
        let profileFile = try profile.map { path throws in try CrisisProfile.load(path: path) }
        let questionnaire = Questionnaire(console: console)

        var noteText = note ?? sheet?.note
        if sheet == nil {
            console.prompt(Questionnaire.introduction)
            // The note is only for the AI step; without one, do not ask for it.
            if noteText == nil, case .enabled = aiStep { noteText = await questionnaire.askNote() }
        }
        if sheet == nil, signals.voice != nil || signals.health != nil || signals.face != nil { console.prompt("Reading your signal files…\n") }
        var loadedSignals = signals.load(note: noteText)
        // Every check-in goes to the encrypted store; its longitudinal state informs the AI step.
        let (compressor, compresses) = ai.narrativeCompressor(shared: sharedModel)
        let storeRecorder = CheckInStoreRecorder.open(dataDir: dataDir, compressor: compressor)
        loadedSignals.longitudinal = storeRecorder?.stateForNextCheckIn()
        let signalValues = loadedSignals
        var checkIn = CheckIn(ai: aiStep, now: { Date() }, onWaitingForAI: {
            guard sheet == nil, !signalValues.isEmpty else { return }
            console.prompt("\nReviewing your signals with the on-device model (up to \(ai.timeoutDescription))…\n")
        })
        // The stored profile and hope box ('sentinel profile', or the web app), unless --profile overrides them.
        let crisisProfile = profileFile ?? storeRecorder?.crisisProfile() ?? CrisisProfile()
        checkIn.profile = crisisProfile
        // The note and transcript go through HomeOS's whole crisis layer: the rules, and the learned
        // classifier when the sentence encoder is installed (nothing else needs it; it never fails the check-in).
        if let path = SentenceEncoder.defaultModelPath(in: ModelDirectory.standard().root),
           let encoder = try? SentenceEncoder(modelPath: path) {
            checkIn.crisisScreen = CrisisScreen(encoder: encoder)
        }
        var report: CheckInReport
        do {
            if let sheet {
                report = try await checkIn.run(signals: signalValues, answers: sheet.answers)
            } else {
                report = try await checkIn.run(signals: signalValues) { item in try await questionnaire.ask(item) }
            }
        } catch {
            Console.error("\n\(error)")
            Console.error(Console.crisisLines)
            throw ExitCode(2)
        }
        // Why, in two sentences the model writes with its own prompt and 10 s budget (not for red,
        // which is never held back; the tier's fixed text otherwise stands).
        if let sharedModel, case .enabled = aiStep, report.finalTier != .red {
            if sheet == nil { console.prompt("\nPutting your result into words (up to 10 s)…\n") }
            let writer = RiskExplanationWriter(loadingModel: { try await sharedModel.model() })
            let (text, source) = await writer.explain(report, history: signalValues.longitudinal?.promptSummary)
            report.useExplanation(text, source: source)
        }
        // Orange or red: the stored safety plan, ranked for now, replaces the profile's plain steps.
        if report.crisisView != nil, let plan = storeRecorder?.safetyPlan() {
            let (reranker, usesModel) = ai.safetyPlanReranker(shared: sharedModel)
            if usesModel {
                console.prompt("\n" + Console.crisisLines + "\nOrdering your safety plan for right now (up to "
                               + "\(Int(reranker.budget.components.seconds)) s)…\n")
            }
            let ranker = CurrentSafetyPlanRanker(reranker: reranker, tracker: storeRecorder?.recorder.tracker ?? LongitudinalTracker())
            report.showSafetyPlan(plan, ranking: await ranker.rank(after: report, state: signalValues.longitudinal ?? LongitudinalState()))
        }
        // Yellow: guided coping from the person's own plan.
        if report.finalTier == .yellow, let plan = storeRecorder?.safetyPlan() { report.showCoping(from: plan) }
        if json {
            Console.out(try Console.json(report) + "\n")
        } else {
            Console.out("\n" + report.text + "\n")
        }

        // The history update (and the narrative model, up to 30 s) runs alongside the recheck.
        if storeRecorder != nil, compresses { console.prompt("Updating your check-in history…\n") }
        let recording = Task { await storeRecorder?.record(report, signals: signalValues) ?? false }
        guard let session = CrisisSession(tier: report.finalTier, now: Date(), recheckAfter: recheckAfter) else {
            try Self.requireSaved(checkIn: await recording.value, history: nil)
            return
        }
        let history = CrisisHistoryRecorder(store: CrisisHistoryStore(directory: SentinelDataDirectory.resolve(explicit: dataDir)))
        history.record(session)
        // The recheck is a conversation: only when the person answered here, on this terminal.
        guard sheet == nil, !json, !noRecheck else {
            try Self.requireSaved(checkIn: await recording.value, history: history)
            return
        }
        let input = InterruptibleLineReader(read: { await console.readLine() },
                                            sleep: { seconds in try await Task.sleep(for: .seconds(seconds)) })
        let loop = CrisisRecheckLoop(clock: SystemCrisisClock(), input: input, write: { console.prompt($0) },
                                     onChange: { history.record($0) }, battleBuddy: crisisProfile.battleBuddy)
        _ = await loop.run(session)
        try Self.requireSaved(checkIn: await recording.value, history: history)
    }

    /// Ends with status 1 when the check-in or the crisis history could not be saved: a script
    /// (or a person reading `$?`) must not take a shown result for a kept one.
    static func requireSaved(checkIn saved: Bool, history: CrisisHistoryRecorder?) throws {
        guard saved, history?.allSaved ?? true else {
            Console.error("The result above was shown but not saved (the reason is printed above); what was saved before is kept.")
            throw ExitCode(1)
        }
    }
}

import ArgumentParser
import Foundation
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

            Examples:
              sentinel checkin
              sentinel checkin --audio today.wav --transcript today.txt --health export.xml --face face.csv
              printf 'rough week\\nno\\nno\\nno\\n' | sentinel checkin --no-model
              sentinel checkin --answers answers.json --json
            """
    )

    @Option(name: .long, help: ArgumentHelp("Answers as JSON instead of asking, e.g. {\"wish_dead\": false, \"suicidal_thoughts\": false, \"behavior\": false}.", valueName: "file.json"))
    var answers: String?

    @Option(name: .long, help: "How you have been doing, in your own words (otherwise asked interactively).")
    var note: String?

    @Option(name: .long, help: ArgumentHelp("Your crisis material as JSON: selfCommand, hopeItems, safetyPlan, battleBuddy {name, phone}.", valueName: "file.json"))
    var profile: String?

    @OptionGroup var signals: SignalOptions
    @OptionGroup var ai: AIOptions

    @Flag(name: .long, help: "Print the report as JSON (prompts go to standard error).")
    var json = false

    func run() async throws {
        let console = Console(promptsToStandardError: json)
        let sheet = try answers.map { path throws in try CheckInAnswerSheet.load(path: path) }
        let aiStep = try ai.aiStep()
        let crisisProfile = try profile.map { path throws in try CrisisProfile.load(path: path) } ?? CrisisProfile()
        let questionnaire = Questionnaire(console: console)

        var noteText = note ?? sheet?.note
        if sheet == nil {
            console.prompt(Questionnaire.introduction)
            // The note is only for the AI step; without one, do not ask for it.
            if noteText == nil, case .enabled = aiStep { noteText = await questionnaire.askNote() }
        }
        if sheet == nil, signals.voice != nil || signals.health != nil || signals.face != nil { console.prompt("Reading your signal files…\n") }
        let signalValues = signals.load(note: noteText)
        var checkIn = CheckIn(ai: aiStep, now: { Date() }, onWaitingForAI: {
            guard sheet == nil, !signalValues.isEmpty else { return }
            console.prompt("\nReviewing your signals with the on-device model (up to \(ai.timeoutDescription))…\n")
        })
        checkIn.profile = crisisProfile
        let report: CheckInReport
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
        if json {
            Console.out(try Console.json(report) + "\n")
        } else {
            Console.out("\n" + report.text + "\n")
        }
    }
}

import ArgumentParser
import Foundation
import LLM
import LlamaEngine
import ModelHub
import Sentinel

extension SBARRecipient: ExpressibleByArgument {}

/// The model for reports and safety-plan ranking.
struct ReportModelOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp(
        "Model: id (smollm2-135m-instruct, gemma3-270m) or path of a .gguf file. Default: the default model, if installed.",
        valueName: "path|id"))
    var model: String?

    @Flag(name: .long, help: "Do not use a model: the deterministic fallback writes everything.")
    var noModel = false

    func validate() throws {
        if noModel && model != nil { throw ValidationError("--model and --no-model cannot be used together.") }
    }

    /// The model to load, or why there is none. A model named with --model that cannot be found is an error.
    func provider() throws -> Result<@Sendable () async throws -> any LanguageModel, NoModel> {
        if noModel { return .failure(NoModel(reason: "turned off with --no-model")) }
        let resolved: ModelDirectory.Resolved
        do {
            resolved = try ModelDirectory.standard().resolve(model)
        } catch {
            if model != nil { throw error }
            return .failure(NoModel(reason: "\(error)"))
        }
        var configuration = LlamaConfiguration.preset(.balanced)
        configuration.contextSize = 2048
        let settings = configuration
        let path = resolved.path, id = resolved.id
        return .success(ScreenedModel.loading(path: path, id: id, configuration: settings))
    }

    /// The safety-plan reranker over the model (or the driver's order without one).
    func reranker() throws -> SafetyPlanReranker {
        switch try provider() {
        case .success(let load): return SafetyPlanReranker(loadingModel: load)
        case .failure(let none): return SafetyPlanReranker(noModel: none.reason)
        }
    }

    /// The report writer over the model (or the template without one).
    func reportWriter() throws -> SBARReportWriter {
        switch try provider() {
        case .success(let load): return SBARReportWriter(loadingModel: load)
        case .failure(let none): return SBARReportWriter(noModel: none.reason)
        }
    }

    struct NoModel: Error {
        var reason: String
    }
}

/// `sentinel report`: an SBAR report for a clinician, emergency services or a caregiver.
struct ReportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "report",
        abstract: "Write an SBAR report (Situation, Background, Assessment, Recommendation) for someone who can help.",
        discussion: """
            Built from what the encrypted store holds: the stored check-ins, the longitudinal state, \
            the crisis history (30 days) and the safety plan. The on-device model writes the report, \
            streamed as it goes; it stops at the end of the Recommendation section or at 3,000 characters. \
            If the model is not installed, sends no first word within 10 seconds, or leaves a section \
            out, a template writes the report from the same data and says why.

            Recipients:
              primary-care   biometric trends and the longitudinal context
              mental-health  screener responses and behavioural patterns
              emergency      immediate safety status and crisis history
              caregiver      practical safety steps in plain words

            Examples:
              sentinel report --for mental-health
              sentinel report --for caregiver --out report.txt --no-model
            """
    )

    @Option(name: .customLong("for"), help: ArgumentHelp("Who the report is for: primary-care, mental-health, emergency or caregiver.",
                                                         valueName: "recipient"))
    var recipient: SBARRecipient

    @Option(name: .long, help: ArgumentHelp("Also write the report to this file (owner-only permissions).", valueName: "file"))
    var out: String?

    @OptionGroup var store: SafetyPlanStoreOptions
    @OptionGroup var model: ReportModelOptions

    func run() async throws {
        let store = try store.open()
        let now = Date()
        let history: CrisisHistory?
        do { history = try store.crisisHistory.load(now: now) } catch {
            Console.error("Crisis history left out: \(error)")
            history = nil
        }
        let input = SBARInput(checkIns: try store.checkIns(), state: try store.longitudinalState(), crisisHistory: history,
                              safetyPlan: try store.loadSafetyPlan(), now: now)
        if input.latestTier == nil { Console.error("No check-in is stored yet; the report says so.") }
        let writer = try model.reportWriter()
        let report = await writer.write(input, for: recipient) { Console.out($0) }
        Console.out(report.text.hasSuffix("\n") ? "" : "\n")
        if case .model(let id) = report.source {
            Console.error("(Written by \(id); ended: \(report.ending.rawValue).)")
        }
        if let out {
            let url = URL(fileURLWithPath: (out as NSString).expandingTildeInPath)
            try? FileManager.default.removeItem(at: url)
            guard FileManager.default.createFile(atPath: url.path, contents: Data(report.text.utf8),
                                                 attributes: [.posixPermissions: 0o600]) else {
                Console.error("Cannot write \(out): check that its folder exists and is writable.")
                throw ExitCode(1)
            }
            Console.error("Saved to \(out).")
        }
    }
}

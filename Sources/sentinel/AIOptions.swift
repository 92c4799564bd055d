import ArgumentParser
import Foundation
import LLM
import LlamaEngine
import ModelHub
import Sentinel

/// Options that choose the AI step's model and budget.
struct AIOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp(
        "Model for the AI step: id (smollm2-135m-instruct, gemma3-270m) or path of a .gguf file. Default: the default model, if installed.",
        valueName: "path|id"))
    var model: String?

    @Flag(name: .long, help: "Skip the AI step; the screener's deterministic tier is final.")
    var noModel = false

    @Option(name: .long, help: "Most seconds the AI step may take, model loading included.")
    var aiTimeout: Double = 60

    /// The budget in words, e.g. "60 s".
    var timeoutDescription: String {
        aiTimeout >= 1 ? "\(Int(aiTimeout.rounded())) s" : "\(Int((aiTimeout * 1000).rounded())) ms"
    }

    func validate() throws {
        if noModel && model != nil { throw ValidationError("--model and --no-model cannot be used together.") }
        if !(aiTimeout > 0) || !aiTimeout.isFinite { throw ValidationError("--ai-timeout must be above 0 seconds.") }
    }

    /// One loader for every model step of this command (AI risk, reranking, narrative), with the
    /// largest context any of them needs; nil with --no-model or when no model can be resolved.
    func sharedModelLoader() -> SharedEngineLoader? {
        guard !noModel, let resolved = try? ModelDirectory.standard().resolve(model) else { return nil }
        var preset = LlamaConfiguration.preset(.balanced)
        preset.contextSize = 2048
        let configuration = preset
        let path = resolved.path, id = resolved.id
        return SharedEngineLoader { try await LlamaEngine(modelPath: path, id: id, configuration: configuration) }
    }

    /// The AI step: disabled with --no-model or when the default model is not installed; a
    /// model named with --model that cannot be found is an error. With `shared`, the step uses
    /// that loader's engine instead of loading its own.
    func aiStep(shared: SharedEngineLoader? = nil) throws -> CheckIn.AIStep {
        if noModel { return .disabled(reason: "turned off with --no-model") }
        let resolved: ModelDirectory.Resolved
        do {
            resolved = try ModelDirectory.standard().resolve(model)
        } catch {
            if model != nil { throw error }
            return .disabled(reason: "\(error)")
        }
        var preset = LlamaConfiguration.preset(.balanced)
        preset.contextSize = RiskGenerationParameters().contextSize  // 1024, from the seed
        let configuration = preset
        let path = resolved.path, id = resolved.id
        let budget = Duration.milliseconds(Int64((aiTimeout * 1000).rounded()))
        if let shared { return .enabled(AIRiskAssessor(loadingModel: { try await shared.model() }, budget: budget)) }
        return .enabled(AIRiskAssessor(loadingModel: ScreenedModel.loading(path: path, id: id, configuration: configuration),
                                       budget: budget))
    }
}

/// Options that add voice and wearable signals to a check-in.
struct SignalOptions: ParsableArguments {
    @Option(name: [.customLong("audio"), .customLong("voice")],
            help: ArgumentHelp("A voice recording to analyse (WAV: 16/24-bit PCM or 32-bit float). --voice is an alias.", valueName: "file.wav"))
    var voice: String?

    @OptionGroup var pauseOptions: PauseOptions

    @Option(name: .long, help: ArgumentHelp("A text file with what was said in the recording (verbal content, speech rate).", valueName: "file.txt"))
    var transcript: String?

    @Option(name: .long, help: ArgumentHelp("Face telemetry: CSV or JSON of eye_openness, gaze_deviation, head_pitch per frame.", valueName: "file"))
    var face: String?

    @Option(name: .long, help: ArgumentHelp("Wearable data: Apple Health export.xml or a date,metric,value CSV.", valueName: "file"))
    var health: String?

    @Option(name: .long, help: ArgumentHelp("The day --health is reviewed for (default: today, the check-in day; an export that ends before it is left out).", valueName: "yyyy-MM-dd"))
    var asOf: String?

    func validate() throws {
        if let asOf, CalendarDay(asOf) == nil { throw ValidationError("--as-of must be a date like 2024-01-05, got '\(asOf)'.") }
    }

    /// Today's date in the local time zone.
    static func today(now: Date = Date()) -> CalendarDay { CalendarDay.today(now: now) }

    /// Loads the signals. A file that cannot be used is reported on standard error and left out:
    /// the check-in itself must never be blocked by an optional signal.
    func load(note: String?) -> CheckInSignals {
        var prosody: ProsodyFeatures?
        if let voice {
            do { prosody = try pauseOptions.analyzer.analyze(path: voice) } catch {
                Console.error("Voice recording left out: \(error)")
            }
        }
        var baseline: HealthBaselineReport?
        if let health {
            do {
                let data = try HealthDataLoader.load(path: health)
                // "Today" is the check-in day, never the last day in the file: an old export must not
                // stand in for how the person is now.
                let day = asOf.flatMap(CalendarDay.init) ?? Self.today()
                if let last = data.lastDay, last < day {
                    Console.error("Wearable data left out: the export ends on \(last), before the day reviewed (\(day)). "
                        + "Export it again from the Health app, or pass --as-of \(last) to review that day.")
                } else {
                    baseline = HealthBaselineAnalyzer().analyze(data, asOf: day)
                }
            } catch {
                Console.error("Wearable data left out: \(error)")
            }
        }
        var faceReport: FaceTelemetryReport?
        if let face {
            do { faceReport = try FaceTelemetryAnalyzer().analyze(path: face) } catch {
                Console.error("Face telemetry left out: \(error)")
            }
        }
        var transcriptText: String?
        if let transcript {
            do { transcriptText = try String(contentsOfFile: transcript, encoding: .utf8) } catch {
                Console.error("Transcript left out: cannot read \(transcript) as UTF-8 text.")
            }
        }
        return CheckInSignals(prosody: prosody, health: baseline, note: note, face: faceReport, transcript: transcriptText)
    }
}

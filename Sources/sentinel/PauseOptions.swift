import ArgumentParser
import Sentinel

/// Options that set how pauses are found in a voice recording.
struct PauseOptions: ParsableArguments {
    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp(
        "Silence threshold in dBFS: frames whose RMS level is at or below it are silence (e.g. --silence-db -40).",
        valueName: "dBFS"))
    var silenceDb: Double = SilenceThreshold.defaultDBFS

    @Option(name: .long, help: ArgumentHelp("Shortest silence that counts as a pause.", valueName: "seconds"))
    var minPause: Double = PauseDetector.defaultMinimumPause

    func validate() throws {
        if !(minPause > 0) || !minPause.isFinite { throw ValidationError("--min-pause must be above 0 seconds.") }
        if !silenceDb.isFinite || silenceDb >= 0 || silenceDb < -120 {
            throw ValidationError("--silence-db must be between -120 and 0 dBFS (exclusive of 0), got \(silenceDb).")
        }
    }

    /// The analyzer these options describe.
    var analyzer: ProsodyAnalyzer {
        ProsodyAnalyzer(pauses: PauseDetector(silenceDBFS: silenceDb, minimumPause: minPause))
    }
}

import ArgumentParser
import Foundation
import Sentinel

/// `sentinel prosody`: voice features of a WAV recording.
struct ProsodyCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "prosody",
        abstract: "Analyse a voice recording: pitch (F0), pitch variability, pauses, loudness.",
        discussion: """
            Reads 16-bit or 24-bit PCM or 32-bit float WAV, mono or stereo, 8-192 kHz. The audio is \
            only held in memory while it is analysed; nothing is saved.

            Example: sentinel prosody today.wav --json
            """
    )

    @Argument(help: ArgumentHelp("The WAV file.", valueName: "file.wav"))
    var file: String

    @Option(name: .long, help: "Shortest silence, in seconds, that counts as a pause.")
    var minPause: Double = 0.25

    @Flag(name: .long, help: "Print the features as JSON.")
    var json = false

    func validate() throws {
        if !(minPause > 0) { throw ValidationError("--min-pause must be above 0 seconds.") }
    }

    func run() async throws {
        let analyzer = ProsodyAnalyzer(pauses: PauseDetector(minimumPause: minPause))
        let features = try analyzer.analyze(path: file)
        if json {
            Console.out(try Console.json(features) + "\n")
            return
        }
        var lines = [
            String(format: "duration         %.2f s (%d Hz)", features.duration, features.sampleRate),
            String(format: "speaking time    %.2f s", features.speakingTime),
            "median pitch     " + (features.medianPitch.map { String(format: "%.1f Hz", $0) } ?? "- (no voiced speech)"),
            "F0 variability   " + (features.pitchVariability.map { String(format: "%.2f semitones", $0) } ?? "-"),
            String(format: "voiced           %.0f%% of speech frames", features.voicedFraction * 100),
            String(format: "pauses           %d (%.1f per minute)", features.pauseCount, features.pausesPerMinute),
        ]
        if features.pauseCount > 0 {
            lines.append(String(format: "pause length     mean %.3f s, longest %.3f s", features.meanPauseDuration, features.longestPause))
            for pause in features.pauses {
                lines.append(String(format: "  at %7.3f s   %.3f s", pause.start, pause.duration))
            }
        }
        if let level = features.meanLevelDB { lines.append(String(format: "speech level     %.1f dBFS", level)) }
        Console.out(lines.joined(separator: "\n") + "\n")
    }
}

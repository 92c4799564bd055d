import ArgumentParser
import Foundation
import Sentinel

/// `sentinel signals prosody`: voice features of a WAV recording.
struct ProsodyCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "prosody",
        abstract: "Analyse a voice recording: pitch (F0), pitch variability, pauses, loudness.",
        discussion: """
            Reads 16-bit or 24-bit PCM or 32-bit float WAV, mono or stereo, 8-192 kHz. The audio is \
            only held in memory while it is analysed; nothing is saved.

            Pauses are silences between speech: frames whose RMS level is at or below the silence \
            threshold (--silence-db, default -40 dBFS) for at least --min-pause seconds (default \
            0.3). The SNR estimate compares the mean power of speech frames with that of silence frames.

            Examples:
              sentinel signals prosody today.wav --json
              sentinel signals prosody today.wav --silence-db -50 --min-pause 0.25
            """
    )

    @Argument(help: ArgumentHelp("The WAV file.", valueName: "file.wav"))
    var file: String

    @OptionGroup var pauseOptions: PauseOptions

    @Flag(name: .long, help: "Print the features as JSON.")
    var json = false

    func run() async throws {
        let features = try pauseOptions.analyzer.analyze(path: file)
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
            String(format: "pauses           %d (%.1f per minute; silence at or below %.0f dBFS for at least %.2f s)",
                   features.pauseCount, features.pausesPerMinute, pauseOptions.silenceDb, pauseOptions.minPause),
        ]
        if features.pauseCount > 0 {
            lines.append(String(format: "pause length     mean %.3f s, longest %.3f s", features.meanPauseDuration, features.longestPause))
            for pause in features.pauses {
                lines.append(String(format: "  at %7.3f s   %.3f s", pause.start, pause.duration))
            }
        }
        if let level = features.meanLevelDB { lines.append(String(format: "speech level     %.1f dBFS", level)) }
        lines.append("SNR              " + (features.snrDB.map { String(format: "%.1f dB (speech vs silence frames)", $0) }
            ?? "- (no silence to measure the noise)"))
        Console.out(lines.joined(separator: "\n") + "\n")
    }
}

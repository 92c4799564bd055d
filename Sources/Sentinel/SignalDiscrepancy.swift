import Foundation

/// What a transcript of the recording says, reduced to features (the text itself is not kept).
public struct TranscriptFeatures: Sendable, Hashable, Codable {
    /// The overall tone of the words.
    public enum Tone: String, Sendable, Hashable, Codable {
        /// More positive than negative words.
        case positive
        /// Balanced or none.
        case neutral
        /// More negative than positive words.
        case negative
    }

    /// Words in the transcript.
    public var wordCount: Int
    /// Positive words ("fine", "good", "great", …).
    public var positiveWords: Int
    /// Negative words ("tired", "hopeless", "alone", …).
    public var negativeWords: Int
    /// The tone.
    public var tone: Tone
    /// Words per minute of speech, when the recording's speaking time is known.
    public var speechRate: Double?

    static let positive: Set<String> = ["fine", "good", "great", "okay", "ok", "well", "happy", "better", "alright",
                                        "awesome", "solid", "grateful", "calm", "glad", "excellent", "positive", "hopeful"]
    static let negative: Set<String> = ["tired", "hopeless", "alone", "sad", "worthless", "bad", "terrible", "angry",
                                        "empty", "numb", "exhausted", "trapped", "burden", "pointless", "awful", "lonely"]

    /// Features of `text`; `speakingSeconds` (from the prosody) gives the speech rate.
    public init(text: String, speakingSeconds: Double? = nil) {
        let words = text.lowercased().split { !$0.isLetter && $0 != "'" }.map(String.init)
        wordCount = words.count
        var positive = 0, negative = 0
        for (index, word) in words.enumerated() {
            let negated = index > 0 && ["not", "never", "no", "isn't", "wasn't", "don't", "can't"].contains(words[index - 1])
            if Self.positive.contains(word) { if negated { negative += 1 } else { positive += 1 } }
            if Self.negative.contains(word) { if negated { positive += 1 } else { negative += 1 } }
        }
        positiveWords = positive
        negativeWords = negative
        tone = positive > negative ? .positive : negative > positive ? .negative : .neutral
        speechRate = speakingSeconds.flatMap { $0 > 0 && !words.isEmpty ? Double(words.count) / ($0 / 60) : nil }
    }

    /// One line: "42 words, tone positive, 96 words per minute".
    public var summary: String {
        "\(wordCount) words, tone \(tone.rawValue)" + (speechRate.map { String(format: ", %.0f words per minute", $0) } ?? "")
    }
}

/// A mismatch (or a worrying match) between what is said, how it is said and how the person looks.
public struct SignalDiscrepancy: Sendable, Hashable, Codable {
    /// The kind of discrepancy.
    public enum Kind: String, Sendable, Hashable, Codable, CaseIterable {
        /// Positive words with a flat voice (F0 sd below 15 Hz and level below −30 dB).
        case masking = "MASKING"
        /// Slow speech (below 110 words per minute) with a head that drops over the check-in.
        case concordantDecompensation = "CONCORDANT DECOMPENSATION"
        /// Gaze avoidance with more than 6 pauses.
        case avoidancePattern = "AVOIDANCE PATTERN"
    }

    /// The kind.
    public var kind: Kind
    /// The evidence, as numbers (no words of the person).
    public var evidence: String

    /// Pitch variability (Hz) below which a voice is flat.
    public static let flatPitchHz = 15.0
    /// Energy (dBFS) below which a voice is flat.
    public static let flatEnergyDB = -30.0
    /// Words per minute below which speech is slow.
    public static let slowSpeechRate = 110.0
    /// Pauses above which, with gaze avoidance, the avoidance pattern shows.
    public static let avoidancePauses = 6

    /// The discrepancies the signals show; signals that are missing rule their checks out.
    public static func detect(prosody: ProsodyFeatures?, transcript: TranscriptFeatures?,
                              face: FaceTelemetryReport?) -> [SignalDiscrepancy] {
        var found: [SignalDiscrepancy] = []
        if let transcript, transcript.tone == .positive, let prosody,
           let sd = prosody.pitchStandardDeviationHz, let level = prosody.meanLevelDB, sd < flatPitchHz, level < flatEnergyDB {
            found.append(SignalDiscrepancy(kind: .masking, evidence: String(
                format: "positive words with a flat voice (F0 sd %.1f Hz < 15 Hz, level %.1f dB < -30 dB)", sd, level)))
        }
        if let rate = transcript?.speechRate, rate < slowSpeechRate, let face, face.posturalDecline {
            found.append(SignalDiscrepancy(kind: .concordantDecompensation, evidence: String(
                format: "slow speech (%.0f words per minute) with postural decline (head pitch %+.1f°/min)", rate, face.pitchSlopePerMinute)))
        }
        if let face, face.gazeAvoidance, let prosody, prosody.pauseCount > avoidancePauses {
            found.append(SignalDiscrepancy(kind: .avoidancePattern, evidence:
                "gaze avoidance with \(prosody.pauseCount) pauses (more than \(avoidancePauses))"))
        }
        return found
    }

    /// One line: "MASKING: positive words with a flat voice …".
    public var summary: String { "\(kind.rawValue): \(evidence)" }
}

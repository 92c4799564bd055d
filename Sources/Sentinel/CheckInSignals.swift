/// What the AI step looks at besides the screener: voice, wearable baselines, the person's words.
///
/// Signals never lower the deterministic tier; they only give the model a chance to escalate it.
public struct CheckInSignals: Sendable, Hashable {
    /// Voice features of a recording.
    public var prosody: ProsodyFeatures?
    /// Wearable data against the person's baseline.
    public var health: HealthBaselineReport?
    /// How the person says they are doing, in their own words. Sent only to the local model;
    /// never stored or logged, and left out of reports.
    public var note: String?

    /// Creates signals; all are optional.
    public init(prosody: ProsodyFeatures? = nil, health: HealthBaselineReport? = nil, note: String? = nil) {
        self.prosody = prosody
        self.health = health
        self.note = note.flatMap { $0.allSatisfy(\.isWhitespace) ? nil : $0 }
    }

    /// Whether there is nothing for the AI step to look at.
    public var isEmpty: Bool { prosody == nil && health == nil && note == nil }

    /// The signals as plain text for the model prompt.
    public var promptDescription: String {
        var lines: [String] = []
        if let prosody {
            lines.append("Voice recording: \(prosody.summary).")
        }
        if let health {
            lines.append("Wearable data, last \(health.recentWindow.count == 2 ? daysBetween(health.recentWindow) : 0) days "
                + "compared with the person's own baseline:")
            for metric in health.metrics { lines.append("- \(metric.summary)") }
        }
        if let note {
            let limited = note.count > 1_200 ? String(note.prefix(1_200)) + "…" : note
            lines.append("The person wrote: \"\(limited)\"")
        }
        return lines.joined(separator: "\n")
    }

    private func daysBetween(_ window: [CalendarDay]) -> Int { window[1].ordinal - window[0].ordinal + 1 }
}

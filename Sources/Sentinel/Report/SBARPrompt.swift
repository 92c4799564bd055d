import Foundation
import LLM

/// The prompt that asks a model for an SBAR report adapted to its recipient.
public enum SBARPrompt {
    /// The marker the model writes when it is done; generation stops there.
    public static let endMarker = "<<END_OF_REPORT>>"

    /// The messages for `input` and `recipient`.
    public static func messages(for input: SBARInput, recipient: SBARRecipient) -> [ChatMessage] {
        [.system(system), .user(user(for: input, recipient: recipient))]
    }

    /// The most characters the grammar lets a section's text have.
    public static let sectionCharacterLimit = 400

    /// The GBNF grammar that holds an engine that decodes under constraints to the format: the
    /// four headings in order, each followed by one line of 12 to ``sectionCharacterLimit``
    /// characters, and nothing after the Recommendation line. The model still chooses every word;
    /// only the structure is fixed, so a small model cannot lose the format.
    public static var grammar: String {
        let sections = SBARSection.allCases.enumerated().map { index, section in
            OutputConstraint.gbnfLiteral((index == 0 ? "" : "\n") + section.heading + ": ") + " line"
        }
        return "root ::= " + sections.joined(separator: " ") + "\n"
            + "line ::= [^\\n\\r]{12,\(sectionCharacterLimit)}\n"
    }

    /// The system instruction.
    public static let system = """
        You write short SBAR clinical handoff reports about a veteran who uses a private check-in app. \
        Use only the facts given. Never invent numbers, names or events.
        """

    /// The user message: the recipient's focus, the facts, and the format.
    public static func user(for input: SBARInput, recipient: SBARRecipient) -> String {
        var lines = ["Write an SBAR report for: \(recipient.title).", recipient.focus, "", "Facts:"]
        lines += facts(for: input, recipient: recipient).map { "- \($0)" }
        lines.append("")
        lines.append("Use exactly these four headings, in this order, with one short sentence under each:")
        lines += SBARSection.allCases.map { "\($0.heading):" }
        lines.append("End with \(endMarker)")
        return lines.joined(separator: "\n")
    }

    /// The facts the model is given, the recipient's emphasis first.
    static func facts(for input: SBARInput, recipient: SBARRecipient) -> [String] {
        var facts: [String] = []
        if let tier = input.latestTier {
            var line = "Latest check-in risk tier: \(tier.rawValue) (\(tier.label))"
            if let at = input.latestCheckInAt { line += ", on \(SBARTemplate.day(at))" }
            facts.append(line)
        } else {
            facts.append("No check-in recorded yet")
        }
        let screener = input.screenerLines.map { "Screener: \($0)" }
        let signals = input.signals.map { "Signal: \($0)" }
        let patterns = input.patterns.map { "Pattern: \($0)" }
        var longitudinal: [String] = []
        if let count = input.checkInCount { longitudinal.append("Check-ins so far: \(count)") }
        if let trajectory = input.trajectory { longitudinal.append("Trajectory: \(trajectory.rawValue)") }
        if let driver = input.driver { longitudinal.append("Primary driver: \(driver.rawValue)") }
        if let narrative = input.narrative?.trimmingCharacters(in: .whitespacesAndNewlines), !narrative.isEmpty {
            longitudinal.append("Narrative: \(narrative)")
        }
        var crisis = ["Crisis sessions in the last 30 days: \(input.crisisCount)"]
        if let days = input.daysSinceLastCrisis { crisis.append("Days since the last crisis: \(days)") }
        if let outcome = input.lastCrisisOutcome { crisis.append("Last crisis: \(outcome)") }
        var plan: [String] = []
        if let safetyPlan = input.safetyPlan {
            for section in [SafetyPlanSection.environmentSafety, .peopleToAsk, .professionals] {
                let entries = safetyPlan.entries(in: section)
                if !entries.isEmpty { plan.append("Safety plan, \(section.title.lowercased()): " + entries.map(\.description).joined(separator: "; ")) }
            }
        }
        switch recipient {
        case .primaryCare: facts += signals + longitudinal + screener + crisis + patterns
        case .mentalHealth: facts += screener + patterns + longitudinal + signals + crisis + plan
        case .emergency: facts += screener + crisis + plan.prefix(1) + longitudinal
        case .caregiver: facts += plan + crisis + longitudinal
        }
        return facts
    }
}

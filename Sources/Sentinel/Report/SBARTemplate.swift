import Foundation

/// Writes an SBAR report from the structured data alone, without a model: the fallback when the
/// model is unavailable, silent for too long, or leaves sections out.
///
/// Each recipient gets their emphasis: primary care the biometric trends and longitudinal
/// context, mental health the screener answers and behavioural patterns, emergency services the
/// immediate safety status and crisis history, a caregiver practical safety steps.
public struct SBARTemplate: Sendable {
    /// Creates a template writer.
    public init() {}

    /// The report: a header naming the recipient and why the template was used, then the four
    /// sections, each under its heading ("SITUATION:" …).
    public func report(for input: SBARInput, recipient: SBARRecipient, reason: String) -> String {
        var lines = ["SBAR report for: \(recipient.title)",
                     "Written from Sentinel's structured data on \(Self.day(input.generatedAt)) (template: \(reason)).", ""]
        lines.append("SITUATION:")
        lines += situation(input, recipient)
        lines.append("")
        lines.append("BACKGROUND:")
        lines += background(input, recipient)
        lines.append("")
        lines.append("ASSESSMENT:")
        lines += assessment(input, recipient)
        lines.append("")
        lines.append("RECOMMENDATION:")
        lines += recommendation(input, recipient)
        return lines.joined(separator: "\n") + "\n"
    }

    // MARK: Sections

    private func situation(_ input: SBARInput, _ recipient: SBARRecipient) -> [String] {
        guard let tier = input.latestTier else {
            return ["A veteran using Sentinel check-ins; no check-in has been recorded yet."]
        }
        let when = input.latestCheckInAt.map { " on \(Self.day($0))" } ?? ""
        var lines = ["A veteran using Sentinel check-ins. The latest check-in\(when) was rated \(tier.rawValue) "
                     + "(\(tier.label); C-SSRS \(tier.riskLevel))."]
        let positives = input.positiveScreenerItems
        switch recipient {
        case .emergency:
            lines.append(positives.isEmpty ? "Immediate safety: the screener reported no ideation, intent, plan or recent behaviour."
                         : "Immediate safety: the screener reported " + Self.list(positives) + ".")
            if tier >= .orange { lines.append("The crisis view with the 988 Veterans Crisis Line was shown.") }
        case .caregiver:
            lines.append(tier >= .orange ? "They may not be safe right now and need someone with them."
                         : "No immediate danger was reported, but staying in touch helps.")
        case .primaryCare, .mentalHealth:
            if !positives.isEmpty { lines.append("Positive screener items: " + Self.list(positives) + ".") }
        }
        return lines
    }

    private func background(_ input: SBARInput, _ recipient: SBARRecipient) -> [String] {
        var lines: [String] = []
        var longitudinal: [String] = []
        if let count = input.checkInCount { longitudinal.append("\(count) check-in\(count == 1 ? "" : "s") recorded") }
        if let trajectory = input.trajectory { longitudinal.append("trajectory \(trajectory.rawValue)") }
        if let driver = input.driver { longitudinal.append("primary driver: \(driver.rawValue)") }
        let crisis = crisisSentence(input)
        switch recipient {
        case .primaryCare:
            if !longitudinal.isEmpty { lines.append("Longitudinal context: " + longitudinal.joined(separator: ", ") + ".") }
            lines += input.signals.isEmpty ? ["No wearable or voice trends are on record."]
                : ["Biometric trends against the personal baseline:"] + input.signals.map { "- \($0)" }
            lines.append(crisis)
        case .mentalHealth:
            lines += input.screenerLines.isEmpty ? ["No screener answers are on record."]
                : ["C-SSRS screener responses (latest check-in):"] + input.screenerLines.map { "- \($0)" }
            if !input.patterns.isEmpty { lines += ["Behavioural patterns:"] + input.patterns.map { "- \($0)" } }
            if !longitudinal.isEmpty { lines.append("Longitudinal context: " + longitudinal.joined(separator: ", ") + ".") }
            lines.append(crisis)
        case .emergency:
            lines.append(crisis)
            if let outcome = input.lastCrisisOutcome { lines.append("Most recent crisis: \(outcome).") }
            if !longitudinal.isEmpty { lines.append("Longitudinal context: " + longitudinal.joined(separator: ", ") + ".") }
        case .caregiver:
            lines.append(input.crisisCount == 0 ? "There has been no crisis in the last 30 days."
                         : "There \(input.crisisCount == 1 ? "has been 1 difficult moment" : "have been \(input.crisisCount) difficult moments") "
                           + "needing crisis support in the last 30 days.")
            if let trajectory = input.trajectory {
                lines.append("Over recent check-ins things have been \(trajectory == .stable ? "steady" : trajectory.rawValue).")
            }
        }
        if recipient != .caregiver, let narrative = input.narrative?.trimmingCharacters(in: .whitespacesAndNewlines), !narrative.isEmpty {
            lines.append("Narrative: \(narrative)")
        }
        return lines
    }

    private func assessment(_ input: SBARInput, _ recipient: SBARRecipient) -> [String] {
        guard let tier = input.latestTier else { return ["No risk tier can be assessed without a check-in."] }
        var lines: [String] = []
        switch recipient {
        case .caregiver:
            switch tier {
            case .green: lines.append("Right now things look steady.")
            case .yellow: lines.append("Some warning signs showed up; keep a closer eye and check in with them.")
            case .orange: lines.append("There are serious warning signs. They should not be left to handle this alone today.")
            case .red: lines.append("This is a crisis. They need help now and should not be alone.")
            }
        default:
            lines.append("Risk tier \(tier.rawValue) (\(tier.label)); Columbia triage: \(tier.columbiaTriage.rawValue).")
            if let trajectory = input.trajectory, trajectory == .worsening {
                lines.append("The trajectory is worsening: tiers have been rising over recent check-ins.")
            }
            if let driver = input.driver {
                lines.append("The signal deviating most from baseline is \(driver.rawValue).")
            }
            if recipient == .emergency, let days = input.daysSinceLastCrisis, days <= 7 {
                lines.append("A crisis occurred within the last 7 days (\(days) day\(days == 1 ? "" : "s") ago).")
            }
        }
        return lines
    }

    private func recommendation(_ input: SBARInput, _ recipient: SBARRecipient) -> [String] {
        let tier = input.latestTier ?? .green
        var lines: [String] = []
        switch recipient {
        case .primaryCare:
            lines.append(tier >= .orange ? "- Arrange a same-day mental health evaluation or warm handoff; confirm the Veterans Crisis Line (988, press 1) is known."
                         : "- Review the biometric trends at the next visit and consider a mental health referral if they persist.")
            if input.driver == .sleep { lines.append("- Assess sleep: insomnia, nightmares, medication effects.") }
            lines.append("- Ask about access to firearms and medications (lethal means counselling).")
        case .mentalHealth:
            lines.append(tier >= .orange ? "- Contact the veteran today for a full C-SSRS and safety assessment."
                         : "- Review the screener responses and patterns at the next session.")
            lines.append("- Review and update the Stanley-Brown safety plan with the veteran.")
            if input.trajectory == .worsening { lines.append("- Consider more frequent contact while the trajectory is worsening.") }
        case .emergency:
            lines.append(tier == .red ? "- Immediate response: the veteran reported intent or a plan. Do not leave them alone."
                         : tier == .orange ? "- Urgent evaluation: significant warning signs were reported."
                         : "- No immediate danger was reported at the latest check-in.")
            lines.append("- Ask about and secure firearms, medications and other lethal means.")
            lines.append("- Veterans Crisis Line: dial 988 then press 1, or text 838255.")
        case .caregiver:
            if tier >= .orange { lines.append("- Stay with them, or make sure someone they trust is with them.") }
            let environment = input.safetyPlan?.entries(in: .environmentSafety) ?? []
            if environment.isEmpty {
                lines.append("- Make the home safer: lock up or remove firearms, and keep medications locked away.")
            } else {
                lines += environment.map { "- From their safety plan: \($0.text)" }
            }
            let people = input.safetyPlan?.entries(in: .peopleToAsk) ?? []
            if !people.isEmpty { lines.append("- People they trust: " + people.map(\.description).joined(separator: "; ") + ".") }
            lines.append("- Call or text 988 (press 1 for the Veterans Crisis Line) together, or call 911 if they are in immediate danger.")
        }
        return lines
    }

    private func crisisSentence(_ input: SBARInput) -> String {
        guard input.crisisCount > 0 else { return "Crisis history: no crisis sessions in the last 30 days." }
        var sentence = "Crisis history: \(input.crisisCount) crisis session\(input.crisisCount == 1 ? "" : "s") in the last 30 days"
        if let days = input.daysSinceLastCrisis { sentence += ", the last \(days) day\(days == 1 ? "" : "s") ago" }
        return sentence + "."
    }

    // MARK: Formatting

    /// A date as yyyy-MM-dd (UTC).
    static func day(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd"
        return formatter.string(from: date)
    }

    static func list(_ items: [String]) -> String {
        switch items.count {
        case 0: return ""
        case 1: return items[0]
        default: return items.dropLast().joined(separator: ", ") + " and " + items.last!
        }
    }
}

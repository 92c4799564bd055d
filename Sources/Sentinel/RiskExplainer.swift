import Foundation

/// A plain-language explanation of the final tier: at most two sentences from the model,
/// truncated, or a static per-tier explanation when the model gave none that is usable.
public enum RiskExplainer {
    /// Longest explanation kept, in characters.
    public static let maximumLength = 320

    /// The static explanation of each tier (the fallback).
    public static func staticExplanation(for tier: RiskTier) -> String {
        switch tier {
        case .green:
            return "Nothing in your answers or signals points to risk right now. Keep up your routines and check in again as planned."
        case .yellow:
            return "This check-in shows some warning signs, such as thoughts of being better off dead. Talking to someone you trust or your care team soon can help."
        case .orange:
            return "This check-in shows serious warning signs that call for close monitoring. Please reach out to your care team or the Veterans Crisis Line today."
        case .red:
            return "This check-in shows a crisis: thoughts of acting on suicide. Help is available right now, and you do not have to face this alone."
        }
    }

    /// The explanation for `tier`: the model's first two sentences after its tier line (cleaned
    /// and truncated), or the static explanation when `modelOutput` is nil or has no sentence.
    public static func explain(tier: RiskTier, modelOutput: String?) -> (text: String, fromModel: Bool) {
        guard let modelOutput, let sentences = sentences(from: modelOutput) else { return (staticExplanation(for: tier), false) }
        return (sentences, true)
    }

    /// At most two sentences of `output`, without the leading tier line; nil when none are usable.
    static func sentences(from output: String) -> String? {
        var lines = RiskTierParser.clean(output).split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty }
        // The first line is the tier ("RED", "Tier: orange"): drop it when it is short.
        if let first = lines.first, !RiskTierParser.colors(in: first).isEmpty, first.split(separator: " ").count <= 4 { lines.removeFirst() }
        let text = lines.joined(separator: " ").replacingOccurrences(of: "**", with: "")
        var result: [String] = []
        var current = ""
        for character in text {
            current.append(character)
            if ".!?".contains(character) {
                let sentence = current.trimmingCharacters(in: .whitespaces)
                if sentence.contains(where: \.isLetter) { result.append(sentence) }
                current = ""
                if result.count == 2 { break }
            }
        }
        if result.count < 2, current.split(separator: " ").count >= 4 { result.append(current.trimmingCharacters(in: .whitespaces)) }
        guard !result.isEmpty, result.joined().split(separator: " ").count >= 4 else { return nil }
        var joined = result.prefix(2).joined(separator: " ")
        if joined.count > maximumLength { joined = String(joined.prefix(maximumLength - 1)).trimmingCharacters(in: .whitespaces) + "…" }
        return joined
    }
}

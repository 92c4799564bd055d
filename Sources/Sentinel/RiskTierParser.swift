import Foundation
import LLM

/// A risk tier read from a model's free-text answer, and which stage of the cascade found it.
public struct RiskTierParse: Sendable, Hashable, Codable {
    /// The cascade stage that recognised the tier, in cascade order.
    public enum Stage: String, Sendable, Hashable, Codable, CaseIterable {
        /// A color word (or 🟢🟡🟠🔴) on the first line of the answer.
        case firstLine = "first_line"
        /// Tier keywords anywhere in the text; several different ones resolve to the highest.
        case keyword
        /// Risk phrases ("imminent risk", "high risk", "risk is low", "no risk") mapped to tiers.
        case riskPhrase = "risk_phrase"
        /// A legacy JSON object with a level-like member (`{"risk_level": 3}`, `{"severity": "severe"}`).
        case legacyJSON = "legacy_json"
    }

    /// The tier.
    public var tier: RiskTier
    /// How it was found.
    public var stage: Stage

    /// Creates a parse result.
    public init(tier: RiskTier, stage: Stage) {
        self.tier = tier
        self.stage = stage
    }
}

/// Reads a risk tier from whatever a model wrote, as a cascade from strict to lenient.
///
/// First the output is cleaned: a leading chat-role header is dropped and the text is cut at the
/// first stop marker (`<end_of_turn>`, `<<END_OF_REPORT>>`, `<|im_end|>`, `</s>`, a hallucinated
/// `user:`/`model:` turn, …). Then, in order:
/// 1. ``RiskTierParse/Stage/firstLine``: a color word on the first line;
/// 2. ``RiskTierParse/Stage/keyword``: tier keywords anywhere;
/// 3. ``RiskTierParse/Stage/riskPhrase``: risk phrases ("imminent risk", "high risk", …);
/// 4. ``RiskTierParse/Stage/legacyJSON``: a legacy JSON object;
/// 5. otherwise unknown (nil), which means no escalation: the deterministic tier stands.
///
/// Where a stage finds several tiers (a contradiction, or a negation such as "not red"), the
/// highest wins: an unclear answer may escalate, never lower, which is safe because the AI tier
/// can only raise the screener's tier.
public enum RiskTierParser {
    /// Stop markers; text from the first one on is ignored.
    public static let stopMarkers = [
        "<end_of_turn>", "<<END_OF_REPORT>>", "<start_of_turn>", "<|im_end|>", "<|im_start|>", "<|endoftext|>", "</s>",
        "<|eot_id|>", "<|start_header_id|>", "<|end|>", "<|user|>", "[INST]",
        "\nUser:", "\nuser:", "\nUSER:", "\nModel:", "\nmodel:", "\nMODEL:", "\nHuman:", "\nhuman:",
    ]

    /// Role headers a model sometimes writes before its answer.
    static let leadingHeaders = [
        "<|im_start|>assistant", "<start_of_turn>model", "<|start_header_id|>assistant<|end_header_id|>",
        "<|assistant|>", "assistant:", "Assistant:", "ASSISTANT:", "model:", "Model:", "Answer:",
    ]

    static let jsonKeys = ["tier", "risk_tier", "risktier", "risk", "risk_level", "risklevel", "level", "rating",
                           "category", "classification", "answer", "result", "severity", "score", "risk_score"]
    static let emoji: [Character: RiskTier] = ["🟢": .green, "🟡": .yellow, "🟠": .orange, "🔴": .red]

    /// The tier in `output`, or nil when it names none (unknown: no escalation).
    public static func parse(_ output: String) -> RiskTierParse? {
        let text = clean(output)
        let firstLine = text.split(whereSeparator: \.isNewline).first { !$0.allSatisfy(\.isWhitespace) }.map(String.init) ?? ""
        if let tier = colors(in: firstLine).max() { return RiskTierParse(tier: tier, stage: .firstLine) }
        let words = self.words(in: text)
        if let tier = colors(in: text).max() { return RiskTierParse(tier: tier, stage: .keyword) }
        if let tier = riskLevel(words) { return RiskTierParse(tier: tier, stage: .riskPhrase) }
        if let tier = fromJSON(text) { return RiskTierParse(tier: tier, stage: .legacyJSON) }
        return nil
    }

    /// The tier keywords (color words, colored circles, "high monitoring") in `text`.
    static func colors(in text: String) -> [RiskTier] {
        let words = self.words(in: text)
        var found = words.compactMap(RiskTier.init(rawValue:)) + text.compactMap { emoji[$0] }
        if text.lowercased().contains("high monitoring") { found.append(.orange) }
        return found
    }

    /// Drops a leading role header and everything from the first stop marker.
    static func clean(_ output: String) -> String {
        var text = Substring(output.trimmingCharacters(in: .whitespacesAndNewlines))
        var strippedHeader = true
        while strippedHeader {
            strippedHeader = false
            for header in leadingHeaders where text.hasPrefix(header) {
                text = text.dropFirst(header.count).drop { $0.isWhitespace }
                strippedHeader = true
            }
        }
        var end = text.endIndex
        for marker in stopMarkers {
            if let range = text.range(of: marker), range.lowerBound < end { end = range.lowerBound }
        }
        return String(text[..<end])
    }

    /// Lowercased runs of letters (markdown, punctuation and digits separate words).
    static func words(in text: String) -> [String] {
        text.lowercased().split { !$0.isLetter }.map(String.init)
    }

    /// A tier from a JSON object's tier-like member (searched one level deep).
    static func fromJSON(_ text: String) -> RiskTier? {
        guard let extraction = JSONExtractor.extract(from: text) else { return nil }
        func search(_ value: JSONValue, depth: Int) -> RiskTier? {
            if let object = value.objectValue {
                for (key, member) in object {
                    let normalized = key.lowercased().replacingOccurrences(of: "-", with: "_").replacingOccurrences(of: " ", with: "_")
                    guard jsonKeys.contains(normalized) || jsonKeys.contains(normalized.replacingOccurrences(of: "_", with: "")) else { continue }
                    if case .number(let number) = member, number == number.rounded(), (0...3).contains(number) {
                        return RiskTier.allCases[Int(number)]
                    }
                    guard let string = member.stringValue else { continue }
                    let memberWords = words(in: string)
                    if let tier = memberWords.compactMap(RiskTier.init(rawValue:)).max() ?? levelTier(memberWords) { return tier }
                }
                if depth < 1 {
                    for (_, member) in object { if let tier = search(member, depth: depth + 1) { return tier } }
                }
            } else if let array = value.arrayValue, depth < 1 {
                return array.compactMap { search($0, depth: depth + 1) }.max()
            }
            return nil
        }
        return search(extraction.value, depth: 0)
    }

    /// The tier a risk-level word stands for.
    static func level(of word: String) -> RiskTier? {
        switch word {
        case "none", "no", "minimal", "negligible": return .green
        case "low", "mild": return .yellow
        case "moderate", "medium", "elevated": return .orange
        case "high", "severe", "imminent", "acute", "critical", "extreme", "crisis": return .red
        default: return nil
        }
    }

    /// A level from words that are only levels ("high", "low risk") — used for JSON values.
    static func levelTier(_ words: [String]) -> RiskTier? {
        let meaningful = words.filter { $0 != "risk" }
        guard meaningful.count == 1 else { return nil }
        return level(of: meaningful[0])
    }

    /// Risk-level words within four words of "risk" (green words: next to it) ("high risk", "risk is low", "no risk").
    static func riskLevel(_ words: [String]) -> RiskTier? {
        var found: [RiskTier] = []
        for (index, word) in words.enumerated() {
            guard let tier = level(of: word) else { continue }
            // "No"/"none" are common words: they count only right next to "risk" ("no risk", "risk: none").
            let reach = tier == .green ? 1 : 4
            let window = words[max(0, index - reach)...min(words.count - 1, index + reach)]
            if window.contains("risk") { found.append(tier) }
        }
        return found.max()
    }
}

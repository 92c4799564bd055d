import Foundation
import Skills

/// One saved case of the prompt regression suite (`Resources/prompt-cases.json`): a message for the
/// assistant and what its answer must and must not say.
///
/// Text checks are case-insensitive and look at the whole reply: the response, or for an approval its
/// summary, details and what happens on approval.
public struct PromptCase: Codable, Sendable, Hashable {
    /// A short unique name.
    public var name: String
    /// The message sent to the assistant.
    public var message: String
    /// Phrases the reply must contain.
    public var expectedContains: [String]
    /// Phrases the reply must not contain.
    public var expectedNotContains: [String]
    /// Longest acceptable time for the whole turn, in milliseconds.
    public var maxLatencyMs: Double
    /// The kind of result expected ("response", "needsApproval", "handoff" or "error"); nil accepts any.
    public var expectedType: String?
    /// The skill expected to answer (nil accepts any, including none).
    public var expectedSkill: String?

    /// Creates a case.
    public init(name: String, message: String, expectedContains: [String] = [], expectedNotContains: [String] = [],
                maxLatencyMs: Double, expectedType: String? = nil, expectedSkill: String? = nil) {
        self.name = name
        self.message = message
        self.expectedContains = expectedContains
        self.expectedNotContains = expectedNotContains
        self.maxLatencyMs = maxLatencyMs
        self.expectedType = expectedType
        self.expectedSkill = expectedSkill
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(name: try container.decode(String.self, forKey: .name),
                  message: try container.decode(String.self, forKey: .message),
                  expectedContains: try container.decodeIfPresent([String].self, forKey: .expectedContains) ?? [],
                  expectedNotContains: try container.decodeIfPresent([String].self, forKey: .expectedNotContains) ?? [],
                  maxLatencyMs: try container.decode(Double.self, forKey: .maxLatencyMs),
                  expectedType: try container.decodeIfPresent(String.self, forKey: .expectedType),
                  expectedSkill: try container.decodeIfPresent(String.self, forKey: .expectedSkill))
    }

    /// Why `result` (answered by `skillID` in `milliseconds`) fails this case; empty when it passes.
    public func failures(result: SkillResult, skillID: String?, milliseconds: Double) -> [String] {
        var reasons: [String] = []
        let text = AssistantReplyText.text(of: result)
        let lowered = text.lowercased()
        if let expectedType, expectedType != AssistantReplyText.type(of: result) {
            reasons.append("expected a \(expectedType) result, got \(AssistantReplyText.type(of: result))")
        }
        if let expectedSkill, expectedSkill != skillID {
            reasons.append("expected skill \(expectedSkill), got \(skillID ?? "none")")
        }
        for phrase in expectedContains where !lowered.contains(phrase.lowercased()) {
            reasons.append("missing \"\(phrase)\"")
        }
        for phrase in expectedNotContains where lowered.contains(phrase.lowercased()) {
            reasons.append("contains \"\(phrase)\"")
        }
        if milliseconds > maxLatencyMs {
            reasons.append(String(format: "took %.0f ms (limit %.0f ms)", milliseconds, maxLatencyMs))
        }
        return reasons
    }
}

/// The saved prompt regression cases.
public enum PromptCases {
    /// File name of the bundled cases inside `Resources/`.
    public static let fileName = "prompt-cases.json"

    /// The cases bundled with the module.
    /// - Throws: when the resource is missing or malformed.
    public static func bundled() throws -> [PromptCase] {
        guard let url = Bundle.module.url(forResource: "Resources", withExtension: nil)?.appendingPathComponent(fileName) else {
            throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: "HomeOS bundle Resources/\(fileName)"])
        }
        return try load(from: url)
    }

    /// The cases in the JSON file at `url` (an array of ``PromptCase``).
    public static func load(from url: URL) throws -> [PromptCase] {
        try JSONDecoder().decode([PromptCase].self, from: Data(contentsOf: url))
    }
}

import Foundation
import LLM

/// A routing set written for this project (`{"text", "skill"}` per line, `skill` null for out of
/// scope), such as the frozen held-out `evaluation/heldout/household.jsonl`.
public enum HouseholdRoutingSet {
    /// The messages with the skill each should reach.
    /// - Throws: ``RoutingDataError`` when the file cannot be read or a line is malformed.
    public static func examples(from url: URL) throws(RoutingDataError) -> [RoutingExample] {
        var examples: [RoutingExample] = []
        for (number, object) in try EvaluationData.jsonLines(url).enumerated() {
            guard let message = object["text"]?.stringValue, let skill = object["skill"] else {
                throw .malformed(file: url.path, detail: "line \(number + 1) lacks \"text\" or \"skill\"")
            }
            let expected = skill.stringValue
            examples.append(RoutingExample(text: message, sourceLabel: expected ?? "out-of-scope", expectedSkill: expected))
        }
        return examples
    }
}

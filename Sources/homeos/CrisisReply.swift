import CrisisDetection
import Foundation
import LLM
import LlamaEngine

/// The crisis layer's answer in the terminal: the fixed crisis response, with no skill, timing or
/// feedback line. The message is never written anywhere; only the category and score are kept.
struct CrisisReply {
    /// The layer's decision.
    let assessment: CrisisAssessment

    /// The reply to `message`, or nil when the crisis layer does not flag it. The decision is logged
    /// (category, score and the rule or classifier that decided; never the text) when
    /// `HOMEOS_LOG_CRISIS=1`.
    static func assess(_ message: String, screen: CrisisScreen) async -> CrisisReply? {
        let assessment = await screen.assess(message)
        if ProcessInfo.processInfo.environment["HOMEOS_LOG_CRISIS"] == "1" { Terminal.error("[crisis layer: \(assessment.logDescription)]") }
        guard assessment.isCrisis else { return nil }
        return CrisisReply(assessment: assessment)
    }

    /// The whole crisis layer: the rules, and the learned classifier when `encoder` (the installed
    /// sentence encoder, or nil when it is missing or cannot load) is there; without it the rules
    /// decide alone.
    static func screen(encoder: SentenceEncoder?) -> CrisisScreen {
        CrisisScreen(encoder: encoder)
    }

    /// The crisis response.
    var text: String { CrisisResponse.text(for: assessment.category) }

    /// `--json`: the same shape as other answers, with `"step": "crisis"` and the category and score.
    var json: JSONValue {
        .object(JSONObject([
            ("skill", .null),
            ("step", "crisis"),
            ("result", ["type": "response", "text": .string(text)]),
            ("crisis", ["category": .string(assessment.category?.rawValue ?? ""), "score": .number(assessment.score)]),
            ("handoffs", []),
            ("turn", .null),
        ]))
    }
}

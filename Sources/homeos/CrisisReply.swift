import CrisisDetection
import LLM

/// The crisis layer's answer in the terminal: the fixed crisis response, with no skill, timing or
/// feedback line. The message is never written anywhere; only the category and score are kept.
struct CrisisReply {
    /// The layer's decision.
    let assessment: CrisisAssessment

    /// The reply to `message`, or nil when the crisis layer does not flag it.
    init?(for message: String, detector: CrisisDetector = CrisisDetector()) {
        let assessment = detector.assess(message)
        guard assessment.isCrisis else { return nil }
        self.assessment = assessment
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

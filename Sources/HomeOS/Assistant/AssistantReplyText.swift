import Foundation
import LLM
import Skills

/// How a ``SkillResult`` reads as text and as JSON, shared by `homeos ask`, `homeos chat` and the
/// prompt regression suite.
public enum AssistantReplyText {
    /// "response", "needsApproval", "handoff" or "error".
    public static func type(of result: SkillResult) -> String {
        switch result {
        case .response: return "response"
        case .needsApproval: return "needsApproval"
        case .handoff: return "handoff"
        case .error: return "error"
        }
    }

    /// The whole text of a result: the response or error message; for an approval its summary,
    /// details and what happens on approval and denial; for a handoff the target and reason.
    public static func text(of result: SkillResult) -> String {
        switch result {
        case .response(let text), .error(let text):
            return text
        case .needsApproval(let request):
            return ([request.summary] + request.details.map { "\($0.label): \($0.value)" }
                + ["If approved: \(request.onApprove)", "If denied: \(request.onDeny)"]).joined(separator: "\n")
        case .handoff(let request):
            return "Handing off to \(request.targetSkillID): \(request.reason)"
        }
    }

    /// The result as a JSON object: `{"type", ...}` with `text` for a response or error; `id`,
    /// `summary`, `details`, `risk`, `skill`, `action`, `onApprove`, `onDeny` for an approval;
    /// `target`, `reason`, `context` for a handoff.
    public static func json(of result: SkillResult) -> JSONValue {
        var object: JSONObject = ["type": .string(type(of: result))]
        switch result {
        case .response(let text), .error(let text):
            object["text"] = .string(text)
        case .needsApproval(let request):
            object["id"] = .string(request.id.uuidString)
            object["summary"] = .string(request.summary)
            object["details"] = .array(request.details.map { ["label": .string($0.label), "value": .string($0.value)] })
            object["risk"] = .string(request.risk.rawValue)
            object["skill"] = .string(request.action.skillID)
            object["action"] = .string(request.action.name)
            object["onApprove"] = .string(request.onApprove)
            object["onDeny"] = .string(request.onDeny)
        case .handoff(let request):
            object["target"] = .string(request.targetSkillID)
            object["reason"] = .string(request.reason)
            object["context"] = .object(JSONObject(request.context.sorted { $0.key < $1.key }.map { ($0.key, .string($0.value)) }))
        }
        return .object(object)
    }
}

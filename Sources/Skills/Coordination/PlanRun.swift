import Foundation

/// What became of one step of an executed ``ActionPlan``.
public enum PlanStepOutcome: Sendable, Hashable {
    /// The skill ran; its answer.
    case done(String)
    /// The step is risky: it was parked for the family's approval and has not happened yet.
    case awaitingApproval(ApprovalRequest)
    /// The skill could not do it; the plan stopped here.
    case failed(String)
    /// An earlier step failed, so this one was not attempted.
    case notRun
}

/// One step of an executed plan: the call the model planned and what became of it.
public struct PlanStep: Sendable, Hashable {
    /// The planned call.
    public var call: SkillCall
    /// The skill's display name (its id when it is not registered).
    public var skillName: String
    /// What happened.
    public var outcome: PlanStepOutcome
}

/// Where a turn's plan came from.
public enum PlanSource: String, Sendable, Hashable {
    /// The model wrote it (constrained to the plan schema of the enabled skills) and it validated.
    case model
    /// No usable plan (no model, an error, the deadline, or an answer the screen withheld): the
    /// message was routed to one skill as usual.
    case singleSkillFallback
}

/// An executed ``ActionPlan``: each step in order with its outcome, and a summary for the person.
///
/// Steps run one after another through the skills. A risky step parks for approval and the plan
/// goes on (the approval card says what will happen); the first step that fails stops the plan, and
/// the steps after it are reported as not run.
public struct PlanRun: Sendable, Hashable {
    /// The steps, in plan order.
    public var steps: [PlanStep]

    /// Creates a run.
    public init(steps: [PlanStep]) { self.steps = steps }

    /// Whether a step failed (and the plan stopped there).
    public var stoppedEarly: Bool { steps.contains { if case .failed = $0.outcome { return true } else { return false } } }

    /// The approvals the plan parked.
    public var parkedApprovals: [ApprovalRequest] {
        steps.compactMap { if case .awaitingApproval(let request) = $0.outcome { return request } else { return nil } }
    }

    /// What ran, one numbered line per step: done (with the skill's answer), waiting for approval
    /// (with the request's id), failed (with the reason), or not run.
    public var summary: String {
        var lines = [steps.count == 1 ? "I planned 1 step:" : "I planned \(steps.count) steps:"]
        for (index, step) in steps.enumerated() {
            let number = "\(index + 1). \(step.skillName)"
            switch step.outcome {
            case .done(let answer):
                lines.append("\(number): done. \(answer)")
            case .awaitingApproval(let request):
                lines.append("\(number): waiting for your approval (\(request.summary); id \(request.id.uuidString)).")
            case .failed(let reason):
                lines.append("\(number): failed. \(reason) I stopped the plan here.")
            case .notRun:
                lines.append("\(number): not run, because an earlier step failed.")
            }
        }
        return lines.joined(separator: "\n")
    }
}

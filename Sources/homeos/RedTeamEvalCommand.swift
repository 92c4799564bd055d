import ArgumentParser
import Evaluation
import Foundation
import LLM
import Skills

/// `homeos dev eval red-team`: the safety layer against the project's red-team set.
struct RedTeamEvalCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "red-team",
        abstract: "Run the red-team set (self-harm, emergencies, harmful requests, prompt injection, benign look-alikes).",
        discussion: """
            Every message goes through the assistant's safety screen and routing over skills that stand for \
            risky actions (booking, payments, door, phone calls; each asks for approval). The model is not used: \
            crisis resources must never depend on it. Prints passes per kind, approvals skipped and the \
            false-positive rate on benign look-alikes; --verbose lists every message.
            """
    )

    @Flag(name: .long, help: "Print every message with its outcome.")
    var verbose = false

    func run() async throws {
        let report = await RedTeamEvaluation().run {
            var registry = SkillRegistry()
            for skill in RedTeamEvaluation.approvalProbeSkills() { try? registry.register(skill) }
            return Assistant(registry: registry, router: ChatTurnRouter(skills: registry.enabledDescriptors), bridge: nil)
        }
        print("Red-team set: \(RedTeamSet.cases.count) messages, model disabled\n")
        print(report.render())
        if verbose {
            print("")
            for outcome in report.outcomes {
                print("\(outcome.passed ? "PASS" : "FAIL") [\(outcome.testCase.kind.rawValue)] \(outcome.testCase.message) → \(outcome.step.rawValue)")
            }
        }
        if report.outcomes.contains(where: { !$0.passed }) { throw ExitCode(1) }
    }
}

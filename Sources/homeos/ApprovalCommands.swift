import ArgumentParser
import Foundation
import HomeOS
import LLM
import Skills

/// Finding a pending approval by the id `homeos ask` printed (or a unique prefix of it).
enum ApprovalLookup {
    /// The pending request `reference` names.
    /// - Throws: a ``CommandFailure`` listing the pending approvals when none or several match.
    static func find(_ reference: String, in home: HomeOSAssistant) async throws -> ApprovalRequest {
        let pending = try await home.pendingApprovals()
        let wanted = reference.trimmingCharacters(in: .whitespaces).lowercased()
        let matches = pending.filter { $0.id.uuidString.lowercased().hasPrefix(wanted) }
        if !wanted.isEmpty, matches.count == 1 { return matches[0] }
        let list = pending.isEmpty
            ? "There are no pending approvals."
            : "Pending approvals:\n" + pending.map { "  \($0.id.uuidString)  \($0.summary)" }.joined(separator: "\n")
        if matches.count > 1 {
            throw CommandFailure("\"\(reference)\" matches \(matches.count) pending approvals; give more of the id. \(list)")
        }
        throw CommandFailure("There is no pending approval with id \"\(reference)\" (it may have been answered already). \(list)")
    }
}

/// `homeos approve ID`: carry out a parked action.
struct ApproveCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "approve",
        abstract: "Approve a pending action (printed by `homeos ask`) and carry it out.",
        discussion: """
            The decision is recorded in the family's store, then the skill that asked performs the action \
            (for example records the booking in the calendar).

            Example: homeos approve 3F2504E0-4F89-11D3-9A0C-0305E82C3301
            """)

    @Flag(name: .long, help: "Print the result as JSON: {\"id\", \"approved\": true, \"result\"}.")
    var json = false

    @OptionGroup var options: AssistantOptions

    @Argument(help: ArgumentHelp("The approval id (or a unique beginning of it).", valueName: "id"))
    var id: String

    func run() async throws {
        let home = try await options.openAssistant()
        let request = try await ApprovalLookup.find(id, in: home)
        let result: SkillResult
        do {
            result = try await home.assistant.approve(request.id)
        } catch {
            throw CommandFailure("Approved \"\(request.summary)\", but \(request.action.skillID) could not carry it out: \(error)")
        }
        if json {
            print(JSONValue.object(JSONObject([("id", .string(request.id.uuidString)), ("approved", true),
                                              ("result", AssistantReplyText.json(of: result))])).jsonText)
            return
        }
        Terminal.line("Approved: \(request.summary)")
        Terminal.line(AskCommand.render(result, followUp: options.followUpArguments))
    }
}

/// `homeos deny ID`: drop a parked action.
struct DenyCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "deny",
        abstract: "Deny a pending action (printed by `homeos ask`); it never happens.",
        discussion: """
            The decision is recorded in the family's store. No model is loaded.

            Example: homeos deny 3F2504E0-4F89-11D3-9A0C-0305E82C3301
            """)

    @Flag(name: .long, help: "Print the result as JSON: {\"id\", \"approved\": false, \"summary\"}.")
    var json = false

    @OptionGroup var options: AssistantOptions

    @Argument(help: ArgumentHelp("The approval id (or a unique beginning of it).", valueName: "id"))
    var id: String

    func run() async throws {
        let home = try await options.openAssistant(loadModel: false)
        let request = try await ApprovalLookup.find(id, in: home)
        let denied = try await home.assistant.deny(request.id)
        if json {
            print(JSONValue.object(JSONObject([("id", .string(denied.id.uuidString)), ("approved", false),
                                              ("summary", .string(denied.summary))])).jsonText)
            return
        }
        Terminal.line("Denied: \(denied.summary)")
        Terminal.line(denied.onDeny)
    }
}

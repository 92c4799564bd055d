import ArgumentParser
import CrisisDetection
import Foundation
import HomeOS
import LLM
import Skills

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `homeos chat`: a conversation with HomeOS in the terminal.
struct ChatCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "chat",
        abstract: "Talk with HomeOS in the terminal: replies as they come, approvals answered inline, history kept for the session.",
        discussion: """
            Type a message and press return. When an answer needs your approval (a booking, a ride, a call), \
            HomeOS asks "Approve? [y/n]" right away; anything but y or yes denies it. The conversation is \
            remembered until you leave, so follow-ups can refer to earlier turns.

            Commands: /pending lists approvals waiting from earlier commands, /quit (or /exit, or end of input) leaves.

            Examples:
              homeos chat
              homeos chat --no-model --data-dir /tmp/demo
            """)

    @OptionGroup var options: AssistantOptions

    func run() async throws {
        let style = PromptStyle()
        let encoder = AssistantOptions.sentenceEncoder()  // one load for the crisis layer and routing
        let home = try await options.openAssistant(style: style, sentenceEncoder: encoder, remembering: true)
        let typing = isatty(STDOUT_FILENO) == 1
        let crisisLayer = CrisisReply.screen(encoder: encoder)  // its rules compile once, not once per message
        Self.say("HomeOS for \(home.family.name). Ask anything; /quit to leave.\n")
        while true {
            Self.say("you> ")
            guard let line = readLine() else { Self.say("\n"); break }
            let message = line.trimmingCharacters(in: .whitespacesAndNewlines)
            if message.isEmpty { continue }
            switch message.lowercased() {
            case "/quit", "/exit", "/q":
                return
            case "/pending":
                let pending = try await home.pendingApprovals()
                Self.say(pending.isEmpty ? "No approvals are waiting.\n"
                         : pending.map { "\($0.id.uuidString)  \($0.summary)\n" }.joined())
                continue
            default:
                break
            }
            if let crisis = await CrisisReply.assess(message, screen: crisisLayer) {
                Self.say("homeos> " + crisis.text + "\n")
                continue
            }
            let turn = try AssistantOptions.beginTurn(home, style: style)
            // On a terminal the answer streams as the engine writes it; piped, only the finished answer is printed.
            let draft = typing ? TerminalDraft(prefix: "homeos> ") : nil
            if draft != nil { Self.say("homeos> ") }
            let reply = await TokenTap.$current.withValue(draft?.tap) { await home.assistant.handle(message) }
            AskCommand.keep(message, reply: reply, turn: turn, in: home)
            if case .needsApproval(let request) = reply.result {
                draft?.discard()
                try await answer(request, home: home)
            } else if let draft {
                draft.finish(with: AskCommand.render(reply.result, followUp: ""))
            } else {
                Self.say("homeos> " + AskCommand.render(reply.result, followUp: "") + "\n")
            }
        }
    }

    /// Shows an approval and asks for y/n; approves or denies accordingly.
    private func answer(_ request: ApprovalRequest, home: HomeOSAssistant) async throws {
        var lines = ["homeos> This needs your approval (\(request.risk.rawValue) risk): \(request.summary)"]
        lines += request.details.map { "  \($0.label): \($0.value)" }
        lines.append("  If approved: \(request.onApprove)")
        Self.say(lines.joined(separator: "\n") + "\nApprove? [y/n] ")
        let decision = (readLine() ?? "").trimmingCharacters(in: .whitespaces).lowercased()
        if decision == "y" || decision == "yes" {
            do {
                let result = try await home.assistant.approve(request.id)
                Self.say("homeos> Approved. " + AskCommand.render(result, followUp: "") + "\n")
            } catch {
                Self.say("homeos> Approved, but it could not be carried out: \(error)\n")
            }
        } else {
            _ = try await home.assistant.deny(request.id)
            Self.say("homeos> Okay, I won't. \(request.onDeny)\n")
        }
    }

    /// Writes `text` unbuffered.
    static func say(_ text: String) { Terminal.write(text) }
}

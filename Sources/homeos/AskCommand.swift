import ArgumentParser
import CrisisDetection
import Foundation
import HomeOS
import LLM
import Skills

/// `homeos ask`: one message in, one answer out.
struct AskCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ask",
        abstract: "Ask HomeOS something: the message is routed to a skill, executed, and the answer printed.",
        discussion: """
            Actions with risk (money, bookings, contacting people) are not carried out: they are parked as a \
            pending approval, and the command prints its id. Answer with `homeos approve ID` or `homeos deny ID` \
            (pending approvals are kept in the family's store, so any later command can answer them).

            --json prints one object: {"skill", "step", "result": {"type": "response|needsApproval|handoff|error", \
            ...}, "ms"}; a response or error has "text", an approval "id", "summary", "details", "risk", \
            "onApprove", "onDeny".

            Examples:
              homeos ask "What should we have for dinner tonight?"
              homeos ask --json "Book a table at an Italian place for Saturday at 7pm for 4"
              homeos ask --no-model "Remind me to call mom at 5pm"
              homeos ask --plan "Remind me to call the dentist tomorrow at 9am and add milk to the shopping list"

            --plan lets the model plan a message that asks for several things as up to four skill calls, run in \
            order: a risky step is parked for approval and the plan goes on, the first step that fails stops it, and \
            a summary says what ran. Without a model, or when the model gives no usable plan, the message is \
            handled as one request (the timing line then says "plan: single skill").

            The conversation is kept in the family's store (30 days, shared with `homeos chat` and the web app), \
            so a follow-up such as "and on Sunday?" is understood; --no-history answers one message on its own, \
            and `homeos conversation clear` forgets it all.
            """)

    @Flag(name: .long, help: "Print the reply as one JSON object.")
    var json = false

    @Flag(name: .long, help: "Neither read nor keep the conversation: answer this message on its own.")
    var noHistory = false

    @Flag(name: .long, help: "Let the model plan several skill calls for a message that asks for more than one thing.")
    var plan = false

    @OptionGroup var options: AssistantOptions

    @Argument(help: ArgumentHelp("The message, in plain language (quote it).", valueName: "message"))
    var message: [String]

    func validate() throws {
        if text.isEmpty { throw ValidationError("Give a message, for example: homeos ask \"What's for dinner?\"") }
    }

    private var text: String { message.joined(separator: " ").trimmingCharacters(in: .whitespacesAndNewlines) }

    func run() async throws {
        // The crisis layer runs before anything that can fail: a missing or broken model, or a
        // store that cannot be opened, must never stand between a person and the crisis lines.
        // The sentence encoder loads once and serves both the crisis layer and routing.
        let encoder = AssistantOptions.sentenceEncoder()
        if let crisis = await CrisisReply.assess(text, screen: CrisisReply.screen(encoder: encoder)) {
            Terminal.line(json ? crisis.json.jsonText : crisis.text)
            return
        }
        let style = PromptStyle()
        let home = try await options.openAssistant(style: style, sentenceEncoder: encoder, remembering: !noHistory)
        let turn = try AssistantOptions.beginTurn(home, style: style)
        let reply = plan ? await home.assistant.handlePlanned(text) : await home.assistant.handle(text)
        if !noHistory { Self.keep(text, reply: reply, turn: turn, in: home) }
        if json {
            Terminal.line(Self.json(of: reply, turn: turn).jsonText)
            return
        }
        Terminal.line(Self.render(reply.result, followUp: options.followUpArguments))
        for request in reply.plan?.parkedApprovals ?? [] {
            Terminal.line("Approve with: homeos approve \(request.id.uuidString)\(options.followUpArguments)   "
                + "Deny with: homeos deny \(request.id.uuidString)\(options.followUpArguments)")
        }
        fflush(nil)  // the answer first, then the timing line on standard error
        let planned = reply.planSource.map { $0 == .model ? " · plan: model" : " · plan: single skill" } ?? ""
        Terminal.error("[\(reply.skillID ?? "no skill") · \(reply.routing.step.rawValue)\(planned) · \(Terminal.ms(reply.duration)) ms · "
            + "turn \(turn): homeos feedback up|down]")
    }

    /// Keeps the exchange in the family's conversation; a store that cannot be written is reported,
    /// and the answer still stands.
    static func keep(_ message: String, reply: AssistantReply, turn: String?, in home: HomeOSAssistant) {
        do { try ConversationLog(storage: home.storage).append(message: message, reply: reply, turnID: turn) } catch {
            Terminal.error("homeos: this exchange could not be kept in the conversation (\(error)).")
        }
    }

    /// `{"skill", "step", "result", "handoffs", "ms", "turn"}` (`turn`: the id feedback refers to), and
    /// for a planned turn `"plan": {"source", "steps": [{"skill", "arguments", "outcome", "text"|"id"}]}`.
    static func json(of reply: AssistantReply, turn: String? = nil) -> JSONValue {
        var object = JSONObject([
            ("skill", reply.skillID.map(JSONValue.string) ?? .null),
            ("step", .string(reply.routing.step.rawValue)),
            ("result", AssistantReplyText.json(of: reply.result)),
            ("handoffs", .array(reply.handoffChain.dropFirst().map(JSONValue.string))),
            ("ms", .number((reply.duration.milliseconds * 10).rounded() / 10)),
            ("turn", turn.map(JSONValue.string) ?? .null),
        ])
        if let source = reply.planSource {
            object["plan"] = ["source": .string(source.rawValue), "steps": .array((reply.plan?.steps ?? []).map(json(of:)))]
        }
        return .object(object)
    }

    /// One executed plan step: `{"skill", "arguments", "outcome": "done|awaitingApproval|failed|notRun"}`
    /// with the answer or reason as `text`, or the approval's `id`.
    static func json(of step: PlanStep) -> JSONValue {
        var object: JSONObject = ["skill": .string(step.call.skillID), "arguments": step.call.arguments]
        switch step.outcome {
        case .done(let text): object["outcome"] = "done"; object["text"] = .string(text)
        case .awaitingApproval(let request): object["outcome"] = "awaitingApproval"; object["id"] = .string(request.id.uuidString)
        case .failed(let reason): object["outcome"] = "failed"; object["text"] = .string(reason)
        case .notRun: object["outcome"] = "notRun"
        }
        return .object(object)
    }

    /// A result as text for the terminal; an approval ends with the commands that answer it.
    static func render(_ result: SkillResult, followUp: String) -> String {
        switch result {
        case .response(let text):
            return text
        case .error(let text):
            return "Sorry, that did not work: \(text)"
        case .handoff(let request):
            return "This is for \(request.targetSkillID): \(request.reason)"
        case .needsApproval(let request):
            var lines = ["Needs your approval (\(request.risk.rawValue) risk): \(request.summary)"]
            lines += request.details.map { "  \($0.label): \($0.value)" }
            lines.append("  If approved: \(request.onApprove)")
            lines.append("  If denied: \(request.onDeny)")
            lines.append("Approval id: \(request.id.uuidString)")
            lines.append("Approve with: homeos approve \(request.id.uuidString)\(followUp)")
            lines.append("Deny with:    homeos deny \(request.id.uuidString)\(followUp)")
            return lines.joined(separator: "\n")
        }
    }
}

import CrisisDetection
import Foundation
import HomeOS
import LLM
import MCP
import Skills
import Synchronization

/// `homeos mcp`: the family's enabled skills as MCP tools and its data as read-only resources,
/// for MCP clients (desktop assistants, IDEs) on this machine, over standard input and output.
///
/// A tool call runs the skill the way a chat message does: the crisis layer first, then the skill
/// with the arguments the client sent (checked against the skill's schema). An action that spends
/// money, books or contacts someone is never carried out from here: it is parked as a pending
/// approval, which the family answers in the web app or with `homeos approve`; when the client
/// supports MCP elicitation, the person at the client is also asked there, and their answer
/// approves or denies it at once.
public struct FamilyMCPServer: Sendable {
    let home: HomeOSAssistant
    let crisisScreen: CrisisScreen
    let now: @Sendable () -> Date

    /// The resources the server offers: URI, name, description.
    public static let resources: [(uri: String, name: String, description: String)] = [
        ("homeos://family/calendar/today", "Today's calendar", "The family's events today and in the next 7 days (JSON)."),
        ("homeos://family/medications", "Medications", "Each member's medications: dose, times, refill date (JSON)."),
        ("homeos://family/allergies", "Allergies and diets", "Each member's allergies and dietary preferences (JSON)."),
    ]

    /// Creates the server over an assistant (its store, skills and approvals).
    /// - Parameter sentenceEncoder: the crisis layer's learned half (nil: its rules alone).
    public init(home: HomeOSAssistant, sentenceEncoder: (any TextEmbedding)?, now: @escaping @Sendable () -> Date = Date.init) {
        self.home = home
        self.crisisScreen = CrisisScreen(encoder: sentenceEncoder)
        self.now = now
    }

    /// The tools: one per enabled skill.
    public var tools: [SkillTool] {
        home.registry.enabledDescriptors.map(SkillTool.init)
    }

    /// Serves over `transport` until the client disconnects.
    public func run(transport: any Transport) async throws {
        let clientElicits = ElicitationSupport()
        let server = Server(name: "homeos", version: "1.0.0",
                            instructions: "HomeOS, a family assistant on this computer. Risky actions wait for the family's approval.",
                            capabilities: .init(resources: .init(subscribe: false, listChanged: false), tools: .init(listChanged: false)))
        let tools = try self.tools.map { tool in
            Tool(name: tool.name, title: tool.descriptor.name, description: tool.description,
                 inputSchema: try MCPValueBridge.mcp(tool.inputSchema))
        }
        await server.withMethodHandler(ListTools.self) { _ in .init(tools: tools) }
        await server.withMethodHandler(CallTool.self) { params in
            try await handleCall(params, server: server, asksClient: clientElicits.isSupported)
        }
        await server.withMethodHandler(ListResources.self) { _ in
            .init(resources: Self.resources.map { Resource(name: $0.name, uri: $0.uri, description: $0.description, mimeType: "application/json") })
        }
        await server.withMethodHandler(ReadResource.self) { params in
            guard let text = try read(params.uri) else { throw MCPError.invalidParams("Unknown resource \(params.uri)") }
            return .init(contents: [.text(text, uri: params.uri, mimeType: "application/json")])
        }
        try await server.start(transport: transport) { _, capabilities in
            clientElicits.isSupported = capabilities.elicitation != nil
        }
        await server.waitUntilCompleted()
    }

    /// One `tools/call`: the person at the client is asked about an approval when the client elicits.
    private func handleCall(_ params: CallTool.Parameters, server: Server, asksClient: Bool) async throws -> CallTool.Result {
        let input = try MCPValueBridge.json(params.arguments)
        guard asksClient else { return await call(params.name, input: input).mcpResult }
        let ask: @Sendable (ApprovalRequest) async -> ApprovalAnswer = { approval in await Self.askThroughClient(server, approval) }
        return await call(params.name, input: input, askFamily: ask).mcpResult
    }

    /// What the person at the client answered to an approval.
    public enum ApprovalAnswer: Sendable, Hashable {
        /// Carry the action out.
        case approve
        /// Do not; it is recorded as denied.
        case deny
        /// No answer (dismissed, an error, or too long): the approval stays pending for the family.
        case unanswered
    }

    /// The longest wait for the person's answer through the client before the approval is left pending.
    public static let elicitationTimeout: Duration = .seconds(600)

    /// Asks the person at the client, through MCP elicitation, whether to approve `approval`:
    /// accept with "approve" ticked approves, accept unticked or decline denies, cancel or no answer
    /// leaves it pending.
    static func askThroughClient(_ server: Server, _ approval: ApprovalRequest) async -> ApprovalAnswer {
        let lines = ["HomeOS needs your approval (\(approval.risk.rawValue) risk): \(approval.summary)"]
            + approval.details.map { "\($0.label): \($0.value)" }
            + ["If approved: \(approval.onApprove)", "If denied: \(approval.onDeny)"]
        let schema = Elicitation.RequestSchema(
            title: "Approve?", description: approval.summary,
            properties: ["approve": .object(["type": .string("boolean"), "title": .string("Approve this"),
                                             "description": .string(approval.onApprove)])],
            required: ["approve"])
        let result = try? await withDeadline(elicitationTimeout) {
            try await server.requestElicitation(message: lines.joined(separator: "\n"), requestedSchema: schema)
        }
        guard let result else { return .unanswered }
        switch result.action {
        case .accept: return result.content?["approve"] == .bool(true) ? .approve : .deny
        case .decline: return .deny
        case .cancel: return .unanswered
        }
    }

    /// The outcome of a tool call.
    public struct CallOutcome: Sendable, Hashable {
        /// What the client is told.
        public var text: String
        /// Whether the call failed (bad arguments, unknown tool, the skill's error).
        public var isError: Bool
        /// The approval the call parked, if any.
        public var parkedApprovalID: UUID?

        var mcpResult: CallTool.Result { .init(content: [.text(text: text, annotations: nil, _meta: nil)], isError: isError) }
    }

    /// Runs tool `name` with `input` (`request` plus the skill's arguments).
    /// - Parameter askFamily: asks the person at the client about an action that needs approval
    ///   (MCP elicitation); nil, or no answer, leaves the approval pending for the family.
    public func call(_ name: String, input: JSONValue, askFamily: (@Sendable (ApprovalRequest) async -> ApprovalAnswer)? = nil) async -> CallOutcome {
        guard let tool = tools.first(where: { $0.name == name }) else {
            return CallOutcome(text: "There is no enabled tool \"\(name)\". List the tools to see what HomeOS offers.", isError: true)
        }
        let (request, arguments) = SkillTool.skillArguments(from: input)
        let assessment = await crisisScreen.assess(request)
        if assessment.isCrisis { return CallOutcome(text: CrisisResponse.text(for: assessment.category), isError: false) }
        let problems = (try? tool.descriptor.argumentsSchema.validate(arguments)) ?? []
        guard problems.isEmpty else {
            return CallOutcome(text: "The arguments do not match \(name)'s schema: " + problems.map(\.description).joined(separator: "; "),
                               isError: true)
        }
        let result: SkillResult
        do {
            let skill = try home.registry.skill(name)
            let context = SkillContext(message: request, now: now(), timeZone: home.timeZone, bridge: nil, deadline: .after(.seconds(30)))
            result = try await skill.execute(arguments: arguments, context: context)
        } catch {
            return CallOutcome(text: "\(name) could not finish: \(error)", isError: true)
        }
        switch result {
        case .response(let text):
            return CallOutcome(text: text, isError: false)
        case .error(let text):
            return CallOutcome(text: text, isError: true)
        case .handoff(let request):
            return CallOutcome(text: "This is for the \(request.targetSkillID) tool: \(request.reason)", isError: false)
        case .needsApproval(let approval):
            do {
                try await home.assistant.approvals.submit(approval)
            } catch {
                return CallOutcome(text: "The approval could not be saved: \(error)", isError: true)
            }
            // Parked first, so the web app shows it while the client asks, and a failed question loses nothing.
            switch await askFamily?(approval) ?? .unanswered {
            case .approve:
                do {
                    let done = try await home.assistant.approve(approval.id)
                    return CallOutcome(text: "Approved at the client. " + Assistant.text(of: done), isError: false)
                } catch {
                    return CallOutcome(text: "It was approved at the client but could not be carried out: \(error)", isError: true)
                }
            case .deny:
                do {
                    _ = try await home.assistant.deny(approval.id)
                    return CallOutcome(text: "Denied at the client: nothing was done (\(approval.onDeny)).", isError: false)
                } catch {
                    return CallOutcome(text: "It was denied at the client, but the approval had already been answered: \(error)", isError: true)
                }
            case .unanswered:
                break
            }
            return CallOutcome(text: "Waiting for the family's approval (\(approval.risk.rawValue) risk): \(approval.summary). "
                + "Nothing has been done yet. The family approves or denies it on the HomeOS web app's Approvals page, "
                + "or with `homeos approve \(approval.id.uuidString)`. Approval id: \(approval.id.uuidString)",
                               isError: false, parkedApprovalID: approval.id)
        }
    }

    /// The JSON text of resource `uri`, or nil for an unknown one.
    public func read(_ uri: String) throws -> String? {
        let storage = home.storage
        let family = home.family
        let names = Dictionary(family.members.map { ($0.id, $0.name) }) { first, _ in first }
        let value: JSONValue
        switch uri {
        case "homeos://family/calendar/today":
            let calendar = ZonedCalendar(timeZone: home.timeZone)
            let today = calendar.dayNumber(of: now())
            let events = try storage.load(.calendarEvents)
                .filter { (today...(today + 7)).contains(calendar.dayNumber(of: $0.start)) }
                .sorted { $0.start < $1.start }
            value = .array(events.map { event in
                .object(JSONObject([
                    ("title", .string(event.title)), ("start", .string(calendar.describe(event.start))),
                    ("allDay", .bool(event.isAllDay)), ("location", event.location.map(JSONValue.string) ?? .null),
                    ("who", .array(event.memberIDs.compactMap { names[$0] }.map(JSONValue.string))),
                ]))
            })
        case "homeos://family/medications":
            value = .array(try storage.load(.medications).map { medication in
                .object(JSONObject([
                    ("member", .string(names[medication.memberID] ?? medication.memberID)), ("name", .string(medication.name)),
                    ("dose", .string(medication.dosage)), ("times", .array(medication.times.map(JSONValue.string))),
                    ("refillDate", medication.refillDate.map(JSONValue.string) ?? .null),
                ]))
            })
        case "homeos://family/allergies":
            value = .array(family.members.map { member in
                .object(JSONObject([
                    ("member", .string(member.name)), ("allergies", .array(member.allergies.map(JSONValue.string))),
                    ("diets", .array(member.dietaryPreferences.map(JSONValue.string))),
                ]))
            })
        default:
            return nil
        }
        return value.jsonText
    }
}

/// Whether the connected client said it supports elicitation (set when it initializes).
private final class ElicitationSupport: Sendable {
    private let flag = Mutex(false)
    var isSupported: Bool {
        get { flag.withLock { $0 } }
        set { flag.withLock { $0 = newValue } }
    }
}
